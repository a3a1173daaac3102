import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useAgentProfile } from '../api/get-team-overview';
import { CreateDownlineForm } from './create-downline-form';
import { LoadError } from './load-error';
import { RegisterLink } from './register-link';

/**
 * Account/register centre: my registration link (/register?affiliateCode=<my code>) with a copy button and its QR
 * code, and a form to make a member or a sub-agent directly under me.
 */
export function AccountCentrePage() {
  const { t } = useTranslation('agent-centre');
  const profile = useAgentProfile();
  return (
    <div className="ac-page" data-testid="ac-account-page">
      <h3 className="ac-page__title">{t('pages.accountCentre')}</h3>
      <section className="ac-section" aria-labelledby="ac-account-link">
        <h4 id="ac-account-link" className="ac-section__title">
          {t('account.link_title')}
        </h4>
        <p className="ac-field__hint">{t('account.link_intro')}</p>
        {profile.isError && !profile.data ? (
          <LoadError error={profile.error} onRetry={() => void profile.refetch()} testId="ac-account-error" />
        ) : profile.data ? (
          <RegisterLink affiliateCode={profile.data.affiliateCode} />
        ) : (
          <Skeleton height={220} />
        )}
      </section>
      <section className="ac-section">
        <CreateDownlineForm />
      </section>
    </div>
  );
}
