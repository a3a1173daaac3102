import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

/**
 * A labelled form control with its hint and error: the control gets its id, aria-invalid and aria-describedby
 * (hint, then error), so a screen reader reads the label, the hint and what is wrong.
 */
export function Field({
  label,
  hint,
  error,
  testId,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  testId: string;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : '';
  const errorId = error ? `${id}-error` : '';
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  });
  return (
    <div className={`ac-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {hint ? (
        <p id={hintId} className="ac-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ac-field__error" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
