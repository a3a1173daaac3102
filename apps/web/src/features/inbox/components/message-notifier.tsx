import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { followLiveUpdates } from '@/lib/live-updates';
import { notify } from '@/lib/notify';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useRefreshBalance } from '@/lib/session/refresh-balance';
import { getMessages, MESSAGES_QUERY_ROOT } from '../api/get-messages';
import { useUnreadCount } from '../api/get-unread-count';
import { messageText, MONEY_TEMPLATES } from '../lib/message-text';

/**
 * Tells a signed-in member of a new platform message while they browse (3.STAT.05-07): the unread
 * count is asked every 30 s and at once when the live stream says a message arrived (which also refreshes the
 * balance when money moved); when it grows, the new unread messages show as toasts (deposit arrival
 * as a success, a failure or rejection as an error) and a money message refreshes the balance.
 * Renders nothing. Mounted once by the layout for real members.
 */
export function MessageNotifier({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('member-centre');
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const { data: member } = useMemberInfo();
  const unread = useUnreadCount(enabled);
  const seen = useRef<{ count: number; ids: Set<number> } | null>(null);
  const symbol = member?.currencySymbol;

  // Live updates (docs/adr/0090): a credited deposit, a payout or a message shows the moment it happens on any
  // instance, instead of at the next poll. The polls stay: a lost hint is caught up within 30 s.
  useEffect(() => {
    if (!enabled) return;
    const stop = new AbortController();
    void followLiveUpdates(
      {
        onEvent: (event) => {
          if (event === 'balance') void refreshBalance();
          else void queryClient.invalidateQueries({ queryKey: [...MESSAGES_QUERY_ROOT, 'unread'] });
        },
      },
      stop.signal,
    );
    return () => stop.abort();
  }, [enabled, queryClient, refreshBalance]);

  useEffect(() => {
    if (!enabled) {
      seen.current = null;
      return;
    }
    const count = unread.data;
    if (count === undefined) return;
    const before = seen.current;
    if (before === null) {
      // The first count of the session: what is already unread is not news.
      seen.current = { count, ids: new Set() };
      void getMessages(1, { unreadOnly: true }).then(
        (page) => page.items.forEach((m) => seen.current?.ids.add(m.id)),
        () => undefined,
      );
      return;
    }
    before.count = count;
    if (count === 0) return;
    let cancelled = false;
    void getMessages(1, { unreadOnly: true }).then(
      (page) => {
        if (cancelled) return;
        const fresh = page.items.filter((m) => !before.ids.has(m.id));
        fresh.forEach((m) => before.ids.add(m.id));
        if (fresh.length === 0) return;
        for (const m of fresh.slice(0, 3)) {
          const text = messageText(t, m, symbol);
          const show = m.template === 'deposit_arrival' || m.template === 'withdrawal_approved' ? notify.success : m.template === 'deposit_failed' || m.template === 'withdrawal_rejected' ? notify.error : notify.info;
          show(text.title, { description: text.body });
        }
        void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT });
        if (fresh.some((m) => MONEY_TEMPLATES.includes(m.template))) void refreshBalance();
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, unread.data, unread.dataUpdatedAt, t, symbol, queryClient, refreshBalance]);

  return null;
}
