import { FIELD_PATTERNS, checkField } from '@lotus/contracts/register-patterns';
import { checkPasswordFloor } from '@lotus/contracts/password-floor';
import {
  getEffectiveRules,
  getTabs,
  getVisibleFields,
  splitRequiredFields,
  type FormField,
  type RegisterTab,
} from '@lotus/contracts/register-form';
import type { TSiteConfig } from '@lotus/contracts/site-config';
import { REGISTER_FIELDS, type TRegisterField } from '@lotus/contracts/system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Rules = TSiteConfig['register'];
type Flags = TSiteConfig['whitelabel'];

/** Fields whose minimum exceeds their maximum (the server refuses them: length_range_invalid). */
export const invalidRanges = (rules: Rules) => REGISTER_FIELDS.filter((f) => rules[f].minLength > rules[f].maxLength);

/** The registration rules per field (enabled, required, one of the 24 patterns, lengths) and the live preview. */
export function RegisterSection({ draft, flags, onChange, readOnly }: { draft: Rules; flags: Flags; onChange: (next: Rules) => void; readOnly: boolean }) {
  const { t } = useTranslation('siteConfig');
  const set = (field: TRegisterField, change: Partial<Rules[TRegisterField]>) => onChange({ ...draft, [field]: { ...draft[field], ...change } });
  const number = (value: string) => (value === '' ? 0 : Math.max(0, Math.min(200, Math.trunc(Number(value)))));
  return (
    <div className="register-config">
      <fieldset disabled={readOnly}>
        <legend>{t('register.intro')}</legend>
        <div className="table-wrap">
          <table className="rules">
            <caption className="sr-only">{t('tabs.register')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('register.field')}</th>
                <th scope="col">{t('register.enabled')}</th>
                <th scope="col">{t('register.required')}</th>
                <th scope="col">{t('register.pattern')}</th>
                <th scope="col">{t('register.min')}</th>
                <th scope="col">{t('register.max')}</th>
              </tr>
            </thead>
            <tbody>
              {REGISTER_FIELDS.map((field) => {
                const rule = draft[field];
                const label = t(`register.fields.${field}`);
                const badRange = rule.minLength > rule.maxLength;
                return (
                  <tr key={field} data-field={field}>
                    <th scope="row">{label}</th>
                    <td>
                      <input type="checkbox" aria-label={`${t('register.enabled')}: ${label}`} checked={rule.enabled} onChange={(e) => set(field, { enabled: e.target.checked })} />
                    </td>
                    <td>
                      <input type="checkbox" aria-label={`${t('register.required')}: ${label}`} checked={rule.required} onChange={(e) => set(field, { required: e.target.checked })} />
                    </td>
                    <td>
                      <select
                        aria-label={`${t('register.pattern')}: ${label}`}
                        value={rule.acceptedPattern === '*' ? '*' : String(rule.patternId)}
                        onChange={(e) =>
                          e.target.value === '*' ? set(field, { acceptedPattern: '*' }) : set(field, { acceptedPattern: '', patternId: Number(e.target.value) })
                        }
                      >
                        <option value="*">{t('register.anyValue')}</option>
                        {FIELD_PATTERNS.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.id}. {t(`register.patterns.${p.id}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        type="number"
                        min={0}
                        max={200}
                        className="num"
                        aria-label={`${t('register.min')}: ${label}`}
                        aria-invalid={badRange}
                        value={rule.minLength}
                        onChange={(e) => set(field, { minLength: number(e.target.value) })}
                      />
                    </td>
                    <td>
                      <input
                        type="number"
                        min={1}
                        max={200}
                        className="num"
                        aria-label={`${t('register.max')}: ${label}`}
                        aria-invalid={badRange}
                        aria-describedby={badRange ? `range-${field}` : undefined}
                        value={rule.maxLength}
                        onChange={(e) => set(field, { maxLength: Math.max(1, number(e.target.value)) })}
                      />
                      {badRange ? (
                        <p id={`range-${field}`} className="field-error">
                          {t('register.minMax')}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>
      <RegisterPreview rules={draft} flags={flags} />
    </div>
  );
}

/**
 * The member registration form as the member site builds it from these rules (contracts/register-form:
 * tabs from the flags, the spec's fixed requirements per tab, visible fields, required first and the
 * optional ones collapsed), with the same checks per field (checkField, the password floor).
 */
export function RegisterPreview({ rules, flags }: { rules: Rules; flags: Flags }) {
  const { t } = useTranslation('siteConfig');
  const tabs = getTabs(flags);
  const [chosen, setChosen] = useState<RegisterTab | null>(null);
  const tab = chosen && tabs.includes(chosen) ? chosen : (tabs.includes('mobile') ? 'mobile' : tabs[0]) ?? null;
  const [values, setValues] = useState<Partial<Record<FormField, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<FormField, boolean>>>({});
  if (!tab)
    return (
      <section className="preview" aria-labelledby="preview-title">
        <h2 id="preview-title">{t('register.preview')}</h2>
        <p className="state" data-testid="preview-closed">{t('register.closed')}</p>
      </section>
    );
  const effective = getEffectiveRules(rules, tab, flags);
  const visible = getVisibleFields({ tab, rules: effective, flags, affiliateFromUrl: false });
  const { required, optional } = splitRequiredFields(visible, (f) => f === 'verificationCode' || effective[f as TRegisterField].required);

  const check = (field: FormField): string | null => {
    const value = values[field] ?? '';
    if (field === 'verificationCode') return value.trim() ? null : t('register.check.required');
    const rule = effective[field];
    if (field === 'confirmPassword') return value !== (values.password ?? '') ? t('errors:incorrect_confirmation') : null;
    if (field === 'password') {
      const refusal = rule.required || value ? checkPasswordFloor(value, rule) : null;
      return refusal ? t(`errors:${refusal}`) : null;
    }
    const result = checkField(value, rule);
    if (result.ok) return null;
    if (result.reason === 'pattern') return t('register.check.pattern', { pattern: t(`register.patterns.${rule.patternId}`) });
    return t(`register.check.${result.reason}`, { min: rule.minLength, max: rule.maxLength });
  };
  const input = (field: FormField) => {
    const error = touched[field] ? check(field) : null;
    const rule = field === 'verificationCode' ? null : effective[field];
    const id = `preview-${field}`;
    return (
      <div key={field} className="preview-field">
        <label htmlFor={id}>
          {t(`register.fields.${field}`)}
          {field === 'verificationCode' || rule?.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          id={id}
          type={field === 'password' || field === 'confirmPassword' || field === 'paymentPassword' ? 'password' : 'text'}
          autoComplete="off"
          value={values[field] ?? ''}
          aria-invalid={!!error}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setValues((v) => ({ ...v, [field]: e.target.value }));
            setTouched((v) => ({ ...v, [field]: true }));
          }}
        />
        <p id={`${id}-hint`} className={error ? 'field-error' : 'hint'}>
          {error ??
            (rule
              ? `${rule.acceptedPattern === '*' ? t('register.anyValue') : t(`register.patterns.${rule.patternId}`)} · ${rule.minLength === rule.maxLength ? rule.minLength : `${rule.minLength}-${rule.maxLength}`}`
              : t('register.check.required'))}
        </p>
      </div>
    );
  };
  return (
    <section className="preview" aria-labelledby="preview-title" data-testid="register-preview">
      <h2 id="preview-title">{t('register.preview')}</h2>
      <p className="hint">{t('register.previewHint')}</p>
      {tabs.length > 1 ? (
        <div role="tablist" aria-label={t('register.preview')} className="preview-tabs">
          {tabs.map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setChosen(name)}>
              {t(`register.tab.${name}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="preview-form">
        {required.map(input)}
        {optional.length > 0 ? (
          <details>
            <summary>{t('register.optional')}</summary>
            {optional.map(input)}
          </details>
        ) : null}
        <label className="preview-terms">
          <input type="checkbox" defaultChecked /> {t('register.terms')}
        </label>
        <button type="button" className="primary" disabled>
          {t('register.submit')}
        </button>
      </div>
      <p className="hint">{t('register.fixed')}</p>
    </section>
  );
}
