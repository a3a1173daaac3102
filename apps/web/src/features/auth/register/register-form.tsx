import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { TLoginResult } from '@lotus/contracts/auth';
import type { TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button/button';
import { FullPageLoader } from '@/components/ui/full-page-loader/full-page-loader';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { AccountTabs } from '../components/account-tabs';
import { SiteRulesGate } from '../components/site-rules-gate';
import { useAccountForm } from '../use-account-form';
import { useAffiliateCheck } from './api/check-affiliate';
import { RegisterFields } from './register-fields';
import {
  getDefaultTab,
  getEffectiveRules,
  getTabs,
  getVisibleFields,
  needsSmsCode,
  registerSchema,
  splitRequiredFields,
  type RegisterFormValues,
  type RegisterTab,
} from './register-rules';
import { RegisterTerms } from './register-terms';
import { useRegisterErrors } from './use-register-errors';
import { useRegisterSubmit } from './use-register-submit';
import './accounts-form.css';

export type RegisterFormProps = {
  /** 2.RGP.02: the member-referral code from the query string. */
  referralCode?: string | null;
  /** Decision 4.AFF.04: the agent code from the URL parameter `affiliateCode`. */
  affiliateCode?: string | null;
  /** After a successful registration (logged in, member info loaded): close / go home. */
  onRegistered: (result: TLoginResult) => void;
  /** A link in the form was followed (the popup closes). */
  onNavigate?: () => void;
};

/**
 * The registration form (2.RGP, 4.REG): loads the site flags and the field rules, then renders
 * the tabs and fields they call for. Used by the /register page and the registration popup.
 */
export function RegisterForm(props: RegisterFormProps) {
  const { t } = useTranslation('errors');
  const skeleton = [40, 44, 44, 44].map((height, i) => <Skeleton key={i} height={height} />);
  return (
    <SiteRulesGate testId="register-form" skeleton={skeleton}>
      {(flags, rules) => {
        const tab = getDefaultTab(flags);
        if (!tab) {
          return (
            <p className="acc-form__message" role="alert" data-testid="register-closed">
              {t('registration_closed')}
            </p>
          );
        }
        return <RegisterFormBody {...props} flags={flags} rules={rules} defaultTab={tab} />;
      }}
    </SiteRulesGate>
  );
}

function RegisterFormBody({
  referralCode,
  affiliateCode,
  onRegistered,
  onNavigate,
  flags,
  rules,
  defaultTab,
}: RegisterFormProps & { flags: TWhitelabel; rules: TRegisterSettings; defaultTab: RegisterTab }) {
  const { t } = useTranslation('auth-register');
  const idBase = useId();
  const domain = typeof window === 'undefined' ? '' : window.location.hostname;
  const [tab, setTab] = useState(defaultTab);

  // 4.AFF.01-03: the URL code is checked; valid -> the field hides and the code is used.
  const urlAffiliate = useAffiliateCheck(affiliateCode ?? null, domain);
  const affiliateFromUrl = typeof urlAffiliate.data === 'string';
  const affiliatePending = !!affiliateCode && urlAffiliate.isPending;

  const context = useMemo(
    () => ({ tab, rules: getEffectiveRules(rules, tab, flags), flags, affiliateFromUrl }),
    [tab, rules, flags, affiliateFromUrl],
  );
  const schema = useMemo(() => registerSchema(context), [context]);
  const account = useAccountForm<RegisterFormValues>({
    // Issue 25 (docs/adr/0072, over 4.REG.01): the player ticks the age and terms box themselves.
    defaultValues: { referralCode: referralCode ?? '', acceptTerms: false },
    // The values as typed (the terms box a boolean, where the contracts' acceptTerms is a literal).
    resolver: zodResolver(schema, undefined, { raw: true }) as Resolver<RegisterFormValues>,
  });
  const { form, values, formRef } = account;
  const effective = context.rules;

  const visible = getVisibleFields({ ...context, affiliateFromUrl: affiliateFromUrl || affiliatePending });
  const smsNeeded = needsSmsCode(tab, values, flags, effective);
  const groups = splitRequiredFields(visible, (field) =>
    field === 'verificationCode' ? tab === 'mobile' : effective[field].required,
  );
  const errors = useRegisterErrors({
    account,
    context,
    optional: groups.optional,
    initiallyOpen: !!referralCode,
  });
  const registration = useRegisterSubmit({ account, referralCode, domain, onRegistered, errors });
  const urlCode = affiliateFromUrl ? (urlAffiliate.data ?? null) : null;
  const sending = { tab, rules: effective, visible, smsNeeded, urlAffiliate: urlCode };

  return (
    <AccountTabs
      items={getTabs(flags).map((key) => ({ key, label: t(`tabs.${key}`) }))}
      value={tab}
      onChange={(next) => {
        setTab(next);
        form.clearErrors();
      }}
      label={t('tabs.label')}
      testId="register-tabs"
    >
      <form
        ref={formRef}
        className="acc-form"
        noValidate
        onSubmit={registration.onSubmit(sending)}
        data-testid="register-form"
        data-tab={tab}
      >
        <RegisterFields
          groups={groups}
          idBase={idBase}
          account={account}
          rules={effective}
          smsNeeded={smsNeeded}
          errors={errors}
        />
        <RegisterTerms id={idBase} account={account} />
        <Button
          type="submit"
          variant="primary"
          className="acc-form__submit"
          disabled={form.formState.isSubmitting}
          data-testid="register-submit"
        >
          {t('submit')}
        </Button>
        <p className="acc-form__footer">
          {t('have_account')}{' '}
          <Link to={paths.login.getHref()} onClick={onNavigate}>
            {t('login_link')}
          </Link>
        </p>
        <FullPageLoader visible={registration.submitting} label={t('submitting')} />
      </form>
    </AccountTabs>
  );
}
