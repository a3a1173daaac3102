import { useEffect, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatMoney } from '@lotus/contracts/money';
import { notify } from '@/lib/notify';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { invalidateBalance } from '@/lib/session/refresh-balance';

/**
 * What a game in the frame may tell the platform (docs/vendor-protocol.md, "Messages from the game
 * page"; ADR 0078): the balance moved, and by which win in minor units ("0" on a loss). Anything else
 * is ignored, so a game cannot drive the page.
 */
export const ZGameBalanceMessage = z.object({
  type: z.literal('lotus:balance-changed'),
  win: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

/** One toast for wins: a new win replaces the last one instead of stacking over the game. */
export const GAME_WIN_TOAST_ID = 'game-win';

/**
 * Follows the game in the frame (issue 25; the slots' /game and the lottery's /lottery frames): when its page says the balance moved, the header balance is
 * asked again at once, and a win shows a toast with the amount. Only messages from the frame's own
 * window and from the origin of the address it was launched with are read: another window or a page
 * the game navigated to elsewhere is not trusted to move the header. The toast shows what the game
 * says it paid; the balance is always the server's.
 */
export function useGameMessages(frame: RefObject<HTMLIFrameElement | null>, url: string | null): void {
  const { t } = useTranslation('games');
  const queryClient = useQueryClient();
  const symbol = useMemberInfo().data?.currencySymbol;

  useEffect(() => {
    if (!url) return;
    let origin: string;
    try {
      origin = new URL(url, window.location.href).origin;
    } catch {
      return;
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const message = ZGameBalanceMessage.safeParse(event.data);
      if (!message.success) return;
      void invalidateBalance(queryClient);
      const win = BigInt(message.data.win ?? '0');
      if (win > 0n) notify.success(t('frame.won', { amount: formatMoney(win, symbol) }), { id: GAME_WIN_TOAST_ID });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url, frame, queryClient, symbol, t]);
}
