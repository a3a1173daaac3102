import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { local } from '@/lib/storage';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useWalletBalance } from '@/lib/session/get-wallet-balance';
import { useRefreshBalance } from '@/lib/session/refresh-balance';
import { useSession } from '@/lib/session/session-store';
import { useLogout } from '../../logout/use-logout';
import { useRealMoneyAction, useTrialWarning } from '@/lib/session/use-guards';
import { canOpenMemberCentre, isTrialAccount } from '@/lib/session/roles';
import { useCanOpenAgentCentre } from '@/lib/session/route-guards';
import { formatBalance, HIDDEN_BALANCE } from '@/lib/money';
import { useHydrated } from '@/lib/use-hydrated';
import { useQueryClient } from '@tanstack/react-query';
import { endSession } from '@/lib/session/end-session';

/** localStorage: the member chose to hide the balance (4.BAL.02); remembered on this device. */
export const BALANCE_HIDDEN_KEY = 'balanceHidden';

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
const EYE = 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z';
const EYE_OFF =
  'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.9 8.3 2 12 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6';
const REFRESH = 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7';
const MAIL = 'M4 6h16v12H4zM4 7l8 6 8-6';
const USER = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0';
const TEAM =
  'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M17 11a3 3 0 1 0 0-6M21 20a6 6 0 0 0-4-5.6';
const EXIT = 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10';

/**
 * The logged-in bar (2.HDR.02, decision 2.HDR.03): nickname; the wallet balance (7.WAL.01
 * `sumBalance`) with two decimals, thousands separators and the member's currency symbol, hidden as
 * stars by a remembered toggle, refreshed on demand (spinner) and after every money movement
 * (useRefreshBalance), 'balance updating' before it arrives (4.BAL.01-03); unread messages; deposit,
 * member centre (agent centre for agents) and logout.
 *
 * Issue 25: the markup is in the order a phone shows it (login.css), so the tab order follows what a
 * sighted keyboard user sees: row 1 the icons (messages, member centre, logout) and the header's
 * `tools` (language, theme, menu); row 2 the money (balance, deposit); the agent centre last. A
 * desktop shows the same order on one line.
 */
export function HeaderMemberBar({ onNavigate, tools }: { onNavigate?: () => void; tools?: ReactNode }) {
  const { t } = useTranslation('auth-login');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const realMoney = useRealMoneyAction();
  const warnTrial = useTrialWarning();
  const canAgentCentre = useCanOpenAgentCentre();
  const token = useSession((s) => s.token);
  const isAgent = useSession((s) => s.isAgent);
  const storedMember = useSession((s) => s.member);
  const { data } = useMemberInfo();
  const wallet = useWalletBalance();
  const refreshBalance = useRefreshBalance();
  const member = data ?? storedMember;
  const isFetching = wallet.isFetching;
  const [hiddenChoice, setHidden] = useState(() => local.get(BALANCE_HIDDEN_KEY) === '1');
  // A prerendered member frame (ADR 0079) was rendered without this device's choice: shown until hydrated.
  const hidden = useHydrated() && hiddenChoice;

  const toggleHidden = () => {
    const next = !hidden;
    setHidden(next);
    if (next) local.set(BALANCE_HIDDEN_KEY, '1');
    else local.remove(BALANCE_HIDDEN_KEY);
  };

  const balanceText = !wallet.data
    ? t('header.balance_updating')
    : hidden
      ? HIDDEN_BALANCE
      : formatBalance(wallet.data.sumBalance, member?.currencySymbol);
  const unread = member?.unreadMessage ?? 0;
  const subject = { token, isAgent, member };
  // Issue 11: trial credit is labelled wherever it shows, and the trial player is offered the real thing.
  const trial = isTrialAccount(subject);

  const openMemberCentre = (page?: string) => {
    onNavigate?.();
    if (!canOpenMemberCentre(subject) || isTrialAccount(subject)) {
      void warnTrial();
      return;
    }
    void navigate(paths.member.getHref(page));
  };

  return (
    <div className="header-member" data-testid="header-member-bar">
      <span className="header-member__name" title={member?.nickname} data-testid="header-nickname">
        {member?.nickname ?? ''}
      </span>
      {!trial && (
        <Link
          to={paths.member.getHref('messageV2')}
          className="header-member__icon-btn header-member__messages"
          aria-label={t('header.messages', { count: unread })}
          title={t('header.messages', { count: unread })}
          onClick={(event) => {
            event.preventDefault();
            openMemberCentre('messageV2');
          }}
          data-testid="header-messages"
        >
          <Icon d={MAIL} />
          {unread > 0 && (
            <span className="header-member__badge" data-testid="header-unread">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Link>
      )}
      {!trial && (
        <button
          type="button"
          className="btn btn--outline btn--sm header-member__action"
          onClick={() => openMemberCentre()}
          aria-label={t('header.member_centre')}
          data-testid="header-member-centre"
        >
          <Icon d={USER} />
          <span className="header-member__label">{t('header.member_centre')}</span>
        </button>
      )}
      <button
        type="button"
        className="btn btn--outline btn--sm header-member__action"
        onClick={() => void logout()}
        aria-label={t('logout.button')}
        data-testid="header-logout"
      >
        <Icon d={EXIT} />
        <span className="header-member__label">{t('logout.button')}</span>
      </button>
      {tools}
      <span className={`header-member__balance${trial ? ' header-member__balance--trial' : ''}`}>
        {trial ? (
          <span className="header-member__trial" data-testid="header-trial-label">
            {t('header.trial_credit')}
          </span>
        ) : (
          <span className="visually-hidden">{t('header.balance')}</span>
        )}
        {/* Issue 25: always the whole amount, never cut behind a tooltip (a phone has no hover). */}
        <span className="header-member__amount" aria-live="polite" data-testid="header-balance">
          {balanceText}
        </span>
        <button
          type="button"
          className="header-member__icon-btn"
          aria-pressed={hidden}
          aria-label={hidden ? t('header.show_balance') : t('header.hide_balance')}
          title={hidden ? t('header.show_balance') : t('header.hide_balance')}
          onClick={toggleHidden}
          data-testid="header-balance-toggle"
        >
          <Icon d={hidden ? EYE_OFF : EYE} />
        </button>
        <button
          type="button"
          className="header-member__icon-btn"
          aria-label={t('header.refresh_balance')}
          title={t('header.refresh_balance')}
          aria-busy={isFetching || undefined}
          disabled={isFetching}
          onClick={() => void refreshBalance()}
          data-testid="header-balance-refresh"
        >
          <span
            className={isFetching ? 'header-member__spin' : undefined}
            style={{ display: 'inline-flex' }}
            data-testid={isFetching ? 'header-balance-spinner' : undefined}
          >
            <Icon d={REFRESH} />
          </span>
        </button>
      </span>
      {trial ? (
        <button
          type="button"
          className="btn btn--cta btn--sm"
          onClick={() => {
            onNavigate?.();
            // Decision 5.GATE.06: registering ends the trial session, then registration opens.
            void endSession(queryClient).then(() => navigate(paths.register.getHref()));
          }}
          data-testid="header-play-for-real"
        >
          {t('header.play_for_real')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => realMoney(() => openMemberCentre('depositv2'))}
          data-testid="header-deposit"
        >
          {t('header.deposit')}
        </button>
      )}
      {canAgentCentre ? (
        <Link
          to={paths.agentHome.getHref()}
          className="btn btn--outline btn--sm header-member__action header-member__agent"
          onClick={onNavigate}
          aria-label={t('header.agent_centre')}
          data-testid="header-agent-centre"
        >
          <Icon d={TEAM} />
          <span className="header-member__label">{t('header.agent_centre')}</span>
        </Link>
      ) : null}
    </div>
  );
}
