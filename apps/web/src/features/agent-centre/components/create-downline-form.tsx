import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useCreateDownlineMutation, type TCreatedDownline } from '../api/create-downline';
import { Field } from './field';

const USERNAME = /^[A-Za-z0-9_]{4,20}$/;
const EMPTY = { username: '', password: '', agent: false };
type TErrors = Partial<Record<'username' | 'password', string>>;

/**
 * A member or a sub-agent made directly under me (createDownline, an enc body): username, a first password (the new
 * account sets its own at first login) and "make agent". A refusal shows the error catalogue's text.
 */
export function CreateDownlineForm() {
  const { t } = useTranslation('agent-centre', { keyPrefix: 'account' });
  const ids = useId();
  const create = useCreateDownlineMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [created, setCreated] = useState<TCreatedDownline | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = values.username.trim();
    const found: TErrors = {};
    if (!USERNAME.test(username)) found.username = t('errors.username');
    if (values.password.length < 6 || values.password.length > 64) found.password = t('errors.password');
    setErrors(found);
    setRefusal(null);
    const first = (['username', 'password'] as const).find((k) => found[k]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      const done = await create.mutateAsync({ username, password: values.password, agent: values.agent });
      setCreated(done);
      setValues(EMPTY);
      notify.success(t(done.isAgent ? 'created_agent' : 'created_member', { name: done.username }));
    } catch (error) {
      setCreated(null);
      setValues((v) => ({ ...v, password: '' }));
      setRefusal(getErrorText(error));
    }
  };

  return (
    <form className="ac-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${ids}-title`} data-testid="ac-create-form">
      <h4 id={`${ids}-title`} className="ac-section__title">
        {t('create_title')}
      </h4>
      <p className="ac-field__hint">{t('create_intro')}</p>
      <div className="ac-form__grid">
        <Field label={t('username')} hint={t('username_hint')} error={errors.username} testId="ac-create-username">
          <input
            name="username"
            className="ac-input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            value={values.username}
            onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
            data-testid="ac-create-username"
          />
        </Field>
        <Field label={t('password')} hint={t('password_hint')} error={errors.password} testId="ac-create-password">
          <input
            name="password"
            type="password"
            className="ac-input"
            autoComplete="new-password"
            maxLength={64}
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            data-testid="ac-create-password"
          />
        </Field>
      </div>
      <label className="ac-check">
        <input type="checkbox" checked={values.agent} onChange={(e) => setValues((v) => ({ ...v, agent: e.target.checked }))} data-testid="ac-create-agent" />
        <span>{t('make_agent')}</span>
      </label>
      {refusal ? (
        <p className="ac-form__refusal" role="alert" data-testid="ac-create-refusal">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={create.isPending} aria-busy={create.isPending || undefined} data-testid="ac-create-submit">
        {create.isPending ? t('creating') : t('create')}
      </Button>
      <div role="status" aria-live="polite">
        {created ? (
          <p className="ac-form__done" data-testid="ac-create-done">
            {t(created.isAgent ? 'created_agent' : 'created_member', { name: created.username })} {t('created_next')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
