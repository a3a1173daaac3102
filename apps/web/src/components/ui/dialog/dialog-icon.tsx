export type DialogIconName = 'info' | 'success' | 'warning' | 'error';

const PATHS: Record<DialogIconName, string> = {
  info: 'M12 11v6M12 7.5v.01',
  success: 'M7.5 12.5l3 3 6-6.5',
  warning: 'M12 8v5M12 16.5v.01',
  error: 'M9 9l6 6M15 9l-6 6',
};

/** Round status icon of the generic dialog. Decorative: the dialog title carries the meaning. */
export function DialogIcon({ name }: { name: DialogIconName }) {
  return (
    <span className={`ui-dialog__icon ui-dialog__icon--${name}`} data-icon={name} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
        <circle cx="12" cy="12" r="10.5" fill="currentColor" opacity="0.14" />
        <circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
