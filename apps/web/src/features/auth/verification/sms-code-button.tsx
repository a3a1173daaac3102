import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { sendSmsCode, type SmsEndpoint } from './api/send-sms-code';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { verifyWithSlider } from './slider-store';

/** 4.SMS.03 / 9: SMS requests are throttled to one per second. */
export const SMS_THROTTLE_MS = 1000;
/** 4.SMS.05 / 9: the countdown on the third-party phone-auth path (1 minute). */
export const THIRD_PARTY_COUNTDOWN_SECONDS = 60;

/** Seconds the button stays disabled after a send (4.SMS.04/05). */
export function getCountdownSeconds(expiredMinutes: number, thirdParty = false): number {
  if (thirdParty) return THIRD_PARTY_COUNTDOWN_SECONDS;
  return Math.max(1, Math.round(expiredMinutes * 60));
}

export type SmsCodeButtonProps = {
  /** 'register' for registration, 'noLogin' for SMS login and forgot-by-phone (decision 4.SMS.07). */
  endpoint: SmsEndpoint;
  mobileNum: string;
  countryDialingCode: string;
  /** Validates the mobile number (and shows its error); false sends nothing (4.SMS.02). */
  validate: () => boolean;
  onSent?: (expiredMinutes: number) => void;
  /**
   * The verification solved before each send (issue 6 finding 5: the server refuses a send without
   * one); the slider by default. Null cancels the send.
   */
  sliderToken?: () => Promise<string | null>;
  /** The third-party phone-auth path: the countdown is 60 s whatever the answer says (4.SMS.05). */
  thirdParty?: boolean;
  className?: string;
  disabled?: boolean;
  'data-testid'?: string;
};

/**
 * The get-code button of SMS verification (4.SMS): shows the get-code label while available;
 * validates the number first; has the slider solved (one token per send); sends at most once per second; after a send it is disabled with a
 * countdown in seconds from expiredMinutes x 60 and re-enabled at 0. A failed send shows the
 * server's message in a warning dialog with an OK button (8.ERR.02).
 */
export function SmsCodeButton({
  endpoint,
  mobileNum,
  countryDialingCode,
  validate,
  onSent,
  sliderToken = verifyWithSlider,
  thirdParty = false,
  className,
  disabled,
  'data-testid': testId = 'sms-code-button',
}: SmsCodeButtonProps) {
  const { t } = useTranslation(['auth-verify', 'ui']);
  const [remaining, setRemaining] = useState(0);
  const [pending, setPending] = useState(false);
  const lastRequest = useRef(-Infinity);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const counting = remaining > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setRemaining((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  const onClick = async () => {
    if (pending || counting) return;
    // 4.SMS.03: one request per second (an invalid number sends nothing, so it does not count).
    const now = Date.now();
    if (now - lastRequest.current < SMS_THROTTLE_MS) return;
    if (!validate()) return;
    lastRequest.current = now;
    setPending(true);
    try {
      const token = await sliderToken();
      if (!token) return;
      const expiredMinutes = await sendSmsCode(endpoint, {
        mobileNum: mobileNum.trim(),
        countryDialingCode: countryDialingCode.trim(),
        sliderToken: token,
      });
      if (!mounted.current) return;
      setRemaining(getCountdownSeconds(expiredMinutes, thirdParty));
      onSent?.(expiredMinutes);
    } catch (error) {
      void showDialog({
        icon: 'warning',
        html: escapeHtml(getErrorText(error)),
        buttons: [{ label: t('ui:ok'), variant: 'primary' }],
      });
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn btn--outline sms-code-button${className ? ` ${className}` : ''}`}
      onClick={() => void onClick()}
      disabled={disabled || pending || counting}
      aria-live="polite"
      data-testid={testId}
      data-remaining={remaining}
    >
      {counting ? t('auth-verify:sms.countdown', { seconds: remaining }) : pending ? t('auth-verify:sms.sending') : t('auth-verify:sms.get_code')}
    </button>
  );
}
