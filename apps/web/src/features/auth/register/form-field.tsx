import type { ReactNode } from 'react';

export type FormFieldProps = {
  id: string;
  label: string;
  required?: boolean;
  /** Error text, shown beside the label (8.ERR.03). */
  error?: string;
  hint?: string;
  children: ReactNode;
  testId?: string;
};

/** A labelled form row of the accounts forms: label, required mark and error on one line, then the control and its hint. */
export function FormField({ id, label, required, error, hint, children, testId }: FormFieldProps) {
  return (
    <div className={`acc-field${error ? ' acc-field--invalid' : ''}`} data-testid={testId}>
      <div className="acc-field__head">
        <label className="acc-field__label" htmlFor={id}>
          {label}
          {required && (
            <span className="acc-field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {error && (
          <span id={`${id}-error`} className="acc-field__error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
            {error}
          </span>
        )}
      </div>
      {children}
      {/* Issue 11: one message at a time: an error already states the rule the hint gives. */}
      {hint && !error && (
        <p id={`${id}-hint`} className="acc-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** aria-describedby for a control of a FormField. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: string }): string | undefined {
  const ids = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
