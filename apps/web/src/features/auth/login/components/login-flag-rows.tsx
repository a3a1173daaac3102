import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TWhitelabel } from '@lotus/contracts/system';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button/button';
import { Tabs } from '@/components/ui/tabs/tabs';
import { notify } from '@/lib/notify';
import type { TPortal } from '../lib/login-flow';

/*
 * The rows of the login form that the site's flags decide (packages/contracts login-form.ts: the
 * method tabs, the option buttons, the social buttons). Until the flags arrive (a prerendered page
 * paints before them), each keeps the room of what the flags may show, hidden; the server drops the
 * rows its flags leave out before the page paints, so the form keeps its size.
 */

/** The tabs' reserved row while the flags load. */
export function PendingMethodTabs({ idBase }: { idBase: string }) {
  const { t } = useTranslation('auth-login');
  return (
    <div className="login-form__pending" data-pending-row="tabs" aria-hidden="true" inert>
      <Tabs
        idBase={`${idBase}-pending`}
        label={t('form.methods')}
        items={[
          { key: 'username', label: t('form.tab_username') },
          { key: 'sms', label: t('form.tab_sms') },
        ]}
        value="username"
        onChange={() => undefined}
      />
    </div>
  );
}

/** Register and free play (2.LGN.07), then Google and Facebook (2.LGN.08), by their flags. */
export function LoginOptionRows({
  flags,
  portal,
  busy,
  onLeave,
  onFreePlay,
}: {
  flags: TWhitelabel | undefined;
  portal: TPortal;
  busy: boolean;
  onLeave?: () => void;
  onFreePlay: () => void;
}) {
  const { t } = useTranslation(['auth-login', 'common']);
  const unavailable = () => notify.info(t('form.social_unavailable'));
  return (
    <>
      <div className="auth-form__options">
        {flags === undefined && (
          <span
            className="btn btn--outline login-form__pending"
            data-pending-row="options"
            aria-hidden="true"
          >
            {t('common:actions.register')}
          </span>
        )}
        {flags?.REGBUTTON3 && (
          <Link
            to={paths.register.getHref()}
            onClick={onLeave}
            className="btn btn--outline"
            data-testid="login-register"
          >
            {t('common:actions.register')}
          </Link>
        )}
        {flags?.FREEPLAY3 && portal === 'member' && (
          <Button variant="secondary" onClick={onFreePlay} disabled={busy} data-testid="login-freeplay">
            {t('form.free_play')}
          </Button>
        )}
      </div>
      {flags === undefined && (
        <div className="login-form__social login-form__pending" data-pending-row="social" aria-hidden="true">
          <span className="btn btn--outline">{t('form.google')}</span>
        </div>
      )}
      {(flags?.GOOGLELOGIN3 || flags?.FACEBOOKLOGIN3) && (
        <div className="login-form__social">
          {flags.GOOGLELOGIN3 && (
            <Button variant="secondary" onClick={unavailable} data-testid="login-google">
              {t('form.google')}
            </Button>
          )}
          {flags.FACEBOOKLOGIN3 && (
            <Button variant="secondary" onClick={unavailable} data-testid="login-facebook">
              {t('form.facebook')}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
