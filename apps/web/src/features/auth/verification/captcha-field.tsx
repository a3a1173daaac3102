import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCaptcha, type Captcha } from './api/get-captcha';
import { getErrorText } from '@/lib/error-text';
import './captcha.css';

/** 4.CAP.01 / 9: a click fetches a new captcha at most once per second. */
export const CAPTCHA_REFRESH_INTERVAL_MS = 1000;

export type CaptchaFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** The id of the captcha shown (the `captcha-id` header); send it with the answer. */
  onCaptchaId: (id: string) => void;
  autoFocus?: boolean;
  /** Change this number to fetch a new captcha (e.g. after a failed login burned the old one). */
  refreshSignal?: number;
  /** Error text shown under the field (e.g. captcha required). */
  error?: string;
  /** Label text; default the translated "Captcha". */
  label?: string;
  id?: string;
};

/**
 * Captcha input with its image (4.CAP, 3.LOG.05): GET /wps/captcha shows the PNG; clicking the
 * image fetches a new one, at most once per second (4.CAP.01). Each new captcha clears the answer
 * and reports its id.
 */
export function CaptchaField({ value, onChange, onCaptchaId, autoFocus, refreshSignal, error, label, id }: CaptchaFieldProps) {
  const { t } = useTranslation('auth-verify');
  const generated = useId();
  const inputId = id ?? `${generated}-captcha`;
  const errorId = `${inputId}-error`;
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState('');
  const lastFetch = useRef(-Infinity);
  const seq = useRef(0);
  const mounted = useRef(true);

  const callbacks = useRef({ onChange, onCaptchaId });
  useEffect(() => {
    callbacks.current = { onChange, onCaptchaId };
  });

  /** Fetches a captcha; state changes only after the answer (a newer request wins). */
  const fetchCaptcha = useCallback(async (mine: number) => {
    lastFetch.current = Date.now();
    try {
      const next = await getCaptcha();
      if (!mounted.current || mine !== seq.current) return;
      setCaptcha(next);
      setLoadError('');
      callbacks.current.onCaptchaId(next.id);
      callbacks.current.onChange('');
    } catch (e) {
      if (!mounted.current || mine !== seq.current) return;
      setLoadError(getErrorText(e));
    } finally {
      if (mounted.current && mine === seq.current) setLoading(false);
    }
  }, []);

  // First captcha, and a new one whenever the parent changes refreshSignal.
  useEffect(() => {
    mounted.current = true;
    void fetchCaptcha(++seq.current);
    return () => {
      mounted.current = false;
    };
  }, [fetchCaptcha, refreshSignal]);

  const onRefreshClick = () => {
    if (Date.now() - lastFetch.current < CAPTCHA_REFRESH_INTERVAL_MS) return;
    setLoading(true);
    void fetchCaptcha(++seq.current);
  };

  return (
    <div className={`captcha-field${error ? ' captcha-field--invalid' : ''}`} data-testid="captcha-field">
      <label className="captcha-field__label" htmlFor={inputId}>
        {label ?? t('captcha.label')}
      </label>
      <div className="captcha-field__row">
        <input
          id={inputId}
          className="captcha-field__input"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={t('captcha.placeholder')}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="captcha-input"
        />
        <button
          type="button"
          className="captcha-field__image"
          onClick={onRefreshClick}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
          aria-busy={loading || undefined}
          data-testid="captcha-refresh"
        >
          {captcha ? (
            <img src={captcha.src} alt={t('captcha.image_alt')} width={140} height={48} data-testid="captcha-image" />
          ) : (
            <span className="captcha-field__placeholder">{loading ? t('captcha.loading') : t('captcha.refresh')}</span>
          )}
        </button>
      </div>
      {(error || loadError) && (
        <p id={errorId} className="captcha-field__error" role="alert">
          {error || loadError}
        </p>
      )}
    </div>
  );
}
