import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../login.css';

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Translated error text, shown beside the label (8.ERR.03). */
  error?: string;
  /** Shows a show/hide toggle for password fields. */
  revealable?: boolean;
  /** Something next to the input (e.g. the SMS get-code button). */
  addon?: ReactNode;
  hideLabel?: boolean;
};

/** A labelled input of the auth forms, with its error beside the label (8.ERR.03). */
export function Field({ label, value, onChange, error, revealable, addon, hideLabel, id, type = 'text', className, ...rest }: FieldProps) {
  const { t } = useTranslation('auth-login');
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable && revealed ? 'text' : type;
  return (
    <div className={`auth-field${error ? ' auth-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="auth-field__head">
        <label className={hideLabel ? 'visually-hidden' : 'auth-field__label'} htmlFor={inputId}>
          {label}
        </label>
        {error && (
          <span id={errorId} className="auth-field__error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="auth-field__row">
        <input
          id={inputId}
          className="auth-field__input"
          type={inputType}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            className="auth-field__reveal"
            aria-pressed={revealed}
            aria-label={revealed ? t('form.hide_password') : t('form.show_password')}
            title={revealed ? t('form.hide_password') : t('form.show_password')}
            onClick={() => setRevealed((v) => !v)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
              {!revealed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" />}
            </svg>
          </button>
        )}
        {addon}
      </div>
    </div>
  );
}
