import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { session } from '@/lib/storage';
import { useSession } from '@/lib/session/session-store';
import { isTrialAccount } from '@/lib/session/roles';
import { CloseIcon } from '@/components/icons/icons';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import './next-step.css';

/**
 * sessionStorage flag set by a completed registration; the next home page offers the next step.
 * '1': the player chose a password; 'sms': the site made one (the mobile tab without
 * MOBILENUMPASSREG3), so the card says how to get in without it.
 */
export const AFTER_REGISTER_KEY = 'afterRegister';

/** Called when a registration completes: the next step shows on home, the news popup waits. */
export function markRegistered({ passwordChosen = true }: { passwordChosen?: boolean } = {}): void {
  session.set(AFTER_REGISTER_KEY, passwordChosen ? '1' : 'sms');
  // The 'news' popup would cover the next step on the first home page (issue 11).
  session.set('newsPopupShown', '1');
}

/**
 * Issue 11: after sign-up the player is told what to do next: a deposit (with the welcome bonus)
 * or a look at the games. A card on home, not a modal: it never stands between the player and the
 * page, and it stays until dismissed or followed. Issue 25: it names the username (the one the
 * site made when the mobile tab was left without one) and how to log in next time.
 */
export function NextStepCard() {
  const { t } = useTranslation('auth-register');
  const loggedIn = useSession((s) => s.token !== null && !isTrialAccount(s));
  const member = useSession((s) => s.member);
  const [mark] = useState(() => session.get(AFTER_REGISTER_KEY));
  const [shown, setShown] = useState(() => mark === '1' || mark === 'sms');
  if (!shown || !loggedIn) return null;
  const mobile = member?.mobileNum ?? null;
  const howToLogIn =
    mark === 'sms' && mobile
      ? t('next_step.login_without_password', { mobile })
      : mobile
        ? t('next_step.login_with_phone', { mobile })
        : t('next_step.login_with_username');
  const done = () => {
    session.remove(AFTER_REGISTER_KEY);
    setShown(false);
  };
  return (
    <section className="next-step container" aria-labelledby="next-step-title" data-testid="next-step">
      <div className="next-step__card card">
        <div className="next-step__text">
          <h2 id="next-step-title" className="next-step__title">
            {t('next_step.title')}
          </h2>
          <p className="next-step__account">
            {t('next_step.username')}:{' '}
            {member ? (
              <strong className="next-step__username" data-testid="next-step-username">
                {member.account}
              </strong>
            ) : (
              <Skeleton width={110} height={18} className="next-step__username-skeleton" />
            )}
          </p>
          <p className="next-step__body">{howToLogIn}</p>
          <p className="next-step__body">{t('next_step.body')}</p>
        </div>
        <div className="next-step__actions">
          <Link to={paths.member.getHref('depositv2')} className="btn btn--cta" onClick={done} data-testid="next-step-deposit">
            {t('next_step.deposit')}
          </Link>
          <Link to={paths.rng.getHref()} className="btn btn--outline" onClick={done} data-testid="next-step-games">
            {t('next_step.games')}
          </Link>
        </div>
        <button type="button" className="next-step__close" onClick={done} aria-label={t('next_step.close')} title={t('next_step.close')}>
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
