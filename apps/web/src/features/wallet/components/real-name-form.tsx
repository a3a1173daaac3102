import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useSetRealNameMutation } from '../api/put-real-name';
import { checkRealName, type TRealNameErrors, type TRealNameFields } from '../lib/real-name-rules';
import { Field } from './field';

const EMPTY: TRealNameFields = { realName: '', password: '' };

/**
 * The real name, set once (PUT /wps/member/realName): withdrawals go only to bank accounts in this name, in
 * capitals as the bank writes it; the login password confirms it. Afterwards customer service changes it.
 */
export function RealNameForm() {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const save = useSetRealNameMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TRealNameErrors>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkRealName(values);
    setErrors(found);
    const first = (Object.keys(EMPTY) as (keyof TRealNameFields)[]).find((k) => found[k]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await save.mutateAsync({ realName: values.realName.trim(), password: values.password });
      notify.success(t('rn_saved'));
      setValues(EMPTY);
    } catch (error) {
      notify.error(getErrorText(error));
    }
  };

  return (
    <section className="wallet-section" aria-labelledby="rn-title" data-testid="real-name-missing">
      <h4 className="wallet-section__title" id="rn-title">
        {t('rn_title')}
      </h4>
      <p className="wallet-notice wallet-notice--warn" role="note">
        {t('rn_intro')}
      </p>
      <form
        className="wallet-form wallet-form--inline"
        noValidate
        onSubmit={(e) => void submit(e)}
        data-testid="rn-form"
      >
        <Field
          label={t('rn_name')}
          hint={t('rn_name_hint')}
          error={errors.realName && t(`errors.${errors.realName}`)}
          testId="rn-name"
        >
          <input
            name="realName"
            className="record-input"
            autoComplete="name"
            autoCapitalize="characters"
            value={values.realName}
            onChange={(e) => setValues((v) => ({ ...v, realName: e.target.value.toUpperCase() }))}
            data-testid="rn-name"
          />
        </Field>
        <Field
          label={t('pp_login_password')}
          error={errors.password && t(`errors.${errors.password}`)}
          testId="rn-password"
        >
          <input
            name="password"
            type="password"
            className="record-input"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            data-testid="rn-password"
          />
        </Field>
        <Button type="submit" disabled={save.isPending} data-testid="rn-submit">
          {t('rn_submit')}
        </Button>
      </form>
    </section>
  );
}
