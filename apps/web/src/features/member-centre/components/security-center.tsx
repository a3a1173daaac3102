import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMemberInfo } from '@lotus/contracts/auth';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { dateTimeFormat } from '@/lib/intl';

export type SecurityCenterProps = {
  member: TMemberInfo | undefined;
  /** The change-password action (a button opening the modal). */
  password: ReactNode;
  /** The sessions list with revoke buttons. */
  sessions: ReactNode;
  /** The two-factor enrolment section. */
  twoFactor: ReactNode;
};

function formatDate(iso: string | null, language: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  try {
    return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** The account detail rows (in the order `rows` lists them), shown with skeleton values while loading. */
const LOADING_ROWS = [
  ['account', 'security.account'],
  ['nickname', 'security.nickname'],
  ['customerId', 'security.customer_id'],
  ['mobile', 'security.mobile'],
  ['email', 'security.email'],
  ['vip', 'security.vip'],
  ['role', 'security.role'],
  ['lastLogin', 'security.last_login'],
] as const;

/**
 * My account (2.MC.02, decision 2.MC.21): the account details from member info, then the security
 * sections: password, signed-in devices, two-factor login.
 */
export function SecurityCenter({ member, password, sessions, twoFactor }: SecurityCenterProps) {
  const { t, i18n } = useTranslation('member-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const none = t('security.not_set');
  const rows: [string, string, string][] = member
    ? [
        ['account', t('security.account'), member.account],
        ['nickname', t('security.nickname'), member.nickname],
        ['customerId', t('security.customer_id'), member.customerId],
        ['mobile', t('security.mobile'), member.mobileNum ?? none],
        ['email', t('security.email'), member.email ?? none],
        ['vip', t('security.vip'), member.clubLabel.labelName || `VIP ${member.vipRankLevel}`],
        ['role', t('security.role'), member.isAgent > 0 && member.isAgent !== 4 ? t('security.role_agent', { level: member.isAgent }) : t('security.role_member')],
        ['lastLogin', t('security.last_login'), formatDate(member.lastLoginAt, language) ?? none],
      ]
    : [];

  return (
    <div className="mc-security" data-testid="security-center">
      <section className="mc-section" aria-labelledby="mc-account-title">
        <h3 id="mc-account-title" className="mc-section__title">
          {t('security.account_title')}
        </h3>
        {member ? (
          <dl className="mc-details" data-testid="account-details">
            {rows.map(([key, label, value]) => (
              <div key={key} className="mc-details__row" data-testid={`account-${key}`}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          // The same rows with their labels, each value a line-high skeleton: the sections below keep
          // their place when the member's details arrive (issue 10).
          <dl className="mc-details" aria-hidden="true" data-testid="account-details-loading">
            {LOADING_ROWS.map(([key, label]) => (
              <div key={key} className="mc-details__row">
                <dt>{t(label)}</dt>
                <dd>
                  <Skeleton height="1lh" width="10em" />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className="mc-section" aria-labelledby="mc-password-title">
        <h3 id="mc-password-title" className="mc-section__title">
          {t('security.password_title')}
        </h3>
        <p className="mc-section__text">{t('security.password_text')}</p>
        <div>{password}</div>
      </section>
      <section className="mc-section" aria-labelledby="mc-sessions-title">
        <h3 id="mc-sessions-title" className="mc-section__title">
          {t('security.sessions_title')}
        </h3>
        <p className="mc-section__text">{t('security.sessions_text')}</p>
        {sessions}
      </section>
      <section className="mc-section" aria-labelledby="mc-2fa-title">
        <h3 id="mc-2fa-title" className="mc-section__title">
          {t('security.two_factor_title')}
        </h3>
        <p className="mc-section__text">{t('security.two_factor_text')}</p>
        {twoFactor}
      </section>
    </div>
  );
}
