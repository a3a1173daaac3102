import type { InputHTMLAttributes, ReactNode } from 'react';
import { describedBy, FormField } from '../register/form-field';

export type ForgotFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  id: string;
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** What sits beside the input on its row (the dialling code before the number, the get-code button after the code). */
  before?: ReactNode;
  after?: ReactNode;
};

/** A required row of the forgot-password forms: label, error or hint (8.ERR.03), the input. */
export function ForgotField({
  id,
  field,
  label,
  value,
  onChange,
  error,
  hint,
  before,
  after,
  ...input
}: ForgotFieldProps) {
  const control = (
    <input
      id={id}
      className="acc-input"
      {...input}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      aria-required
      aria-describedby={describedBy(id, { error, hint })}
      data-field={field}
      data-testid={`forgot-input-${field}`}
    />
  );
  return (
    <FormField id={id} label={label} required error={error} hint={hint} testId={`forgot-field-${field}`}>
      {before || after ? (
        <div className="acc-row">
          {before}
          {control}
          {after}
        </div>
      ) : (
        control
      )}
    </FormField>
  );
}
