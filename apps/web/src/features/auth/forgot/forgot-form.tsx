import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { AccountTabs } from '../components/account-tabs';
import { SiteRulesGate } from '../components/site-rules-gate';
import { ForgotEmailForm } from './forgot-email-form';
import { ForgotPhoneForm } from './forgot-phone-form';
import { getDefaultForgotTab, getForgotTabs, type ForgotTab } from './forgot-rules';
import '../register/accounts-form.css';

export type ForgotFormProps = {
  /** The contact list under the forms (2.FGT.03), supplied by the app (another feature). */
  contactList?: ReactNode;
  /** Email sent (4.PWR.03): the modal closes. */
  onEmailSent?: () => void;
  /** Logged in after a phone reset (4.PWR.02): the modal closes (the form then goes home). */
  onLoggedIn?: () => void;
};

/**
 * The forgot-password forms (2.FGT): an email tab, and a mobile tab only when CHNGPASSVERIF3 is on
 * (then the default), with the contact list below. Used by /forget and the forget-password modal.
 */
export function ForgotForm(props: ForgotFormProps) {
  const { t } = useTranslation('auth-forgot');
  const skeleton = (
    <>
      <Skeleton height={40} />
      <Skeleton height={44} count={2} />
    </>
  );
  return (
    <div className="forgot" data-testid="forgot-form">
      <SiteRulesGate testId="forgot-form" skeleton={skeleton} className="acc-form forgot__loading">
        {(flags, rules) => <ForgotTabs {...props} flags={flags} rules={rules} />}
      </SiteRulesGate>
      {props.contactList && (
        <div className="forgot__contacts">
          <h3 className="forgot__contacts-title">{t('contact_title')}</h3>
          {props.contactList}
        </div>
      )}
    </div>
  );
}

function ForgotTabs({
  flags,
  rules,
  onEmailSent,
  onLoggedIn,
}: ForgotFormProps & { flags: TWhitelabel; rules: TRegisterSettings }) {
  const { t } = useTranslation('auth-forgot');
  const tabs = getForgotTabs(flags);
  const [tab, setTab] = useState<ForgotTab>(() => getDefaultForgotTab(flags));
  const current = tabs.includes(tab) ? tab : 'email';
  return (
    <AccountTabs
      items={tabs.map((key) => ({ key, label: t(`tabs.${key}`) }))}
      value={current}
      onChange={setTab}
      label={t('tabs.label')}
      testId="forgot-tabs"
      wrapTestId="forgot-tabs-wrap"
    >
      {current === 'mobile' ? (
        <ForgotPhoneForm rules={rules} onLoggedIn={onLoggedIn} />
      ) : (
        <ForgotEmailForm onSent={onEmailSent} />
      )}
    </AccountTabs>
  );
}
