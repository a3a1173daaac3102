import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A vendor's new shared secret, as the add and rotate-secret calls answer it. */
export type TShownSecret = { code: string; secret: string; rotated: boolean };

/**
 * Shows a vendor's new secret this once (docs/adr/0083): a modal dialog with the secret, a copy button and the
 * warning that it will not be shown again. The secret lives only in the page's state while the dialog is open
 * (never in the query cache or any storage); closing the dialog drops it.
 */
export function SecretDialog({ shown, onClose }: { shown: TShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation('vendors');
  const dialog = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const id = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (shown && !d.open) d.showModal?.();
    if (!shown && d.open) d.close?.();
  }, [shown]);

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };

  return (
    <dialog ref={dialog} aria-labelledby={`${id}-title`} aria-describedby={`${id}-warning`} onClose={close} className="dialog secret-dialog">
      {shown ? (
        <div className="dialog-body">
          <h2 id={`${id}-title`}>{t(shown.rotated ? 'secret.rotatedTitle' : 'secret.addedTitle', { code: shown.code })}</h2>
          <p id={`${id}-warning`} className="notice notice-error">
            {t('secret.warning')}
          </p>
          <label htmlFor={`${id}-secret`}>{t('secret.label')}</label>
          <input id={`${id}-secret`} className="secret" readOnly value={shown.secret} spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} />
          <p className="hint">{t('secret.hint')}</p>
          <div className="dialog-actions">
            <span role="status" className="hint">
              {copied === 'yes' ? t('secret.copied') : copied === 'failed' ? t('secret.copyFailed') : ''}
            </span>
            <button type="button" onClick={() => void copy()}>
              {t('secret.copy')}
            </button>
            <button type="button" className="primary" onClick={close}>
              {t('secret.done')}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
