import { useState } from 'react';
import { nationalNumber } from '@lotus/contracts/phone';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TRegisterSettings } from '@lotus/contracts/system';
import { paths } from '@/config/paths';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { isApiError } from '@/lib/api-client';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { postLogin } from '../login/api/post-login';
import { useLoginActions } from '../login/use-login-actions';
import { verifyWithSlider } from '../verification/slider-store';
import { useResetByPhoneMutation } from './api/post-forgot-by-phone';
import { fromServerPhoneFields, type PhoneForm } from './forgot-rules';
import type { FieldError } from '../register/register-rules';

/**
 * The sending of the mobile tab (3.LOG.08, 4.PWR.01/02): the slider, the reset with the SMS code,
 * then the login with the new password and its completion. The server's field errors go beside
 * their fields, other failures into a warning dialog.
 */
export function usePhoneReset({
  rules,
  onLoggedIn,
  showErrors,
}: {
  rules: TRegisterSettings;
  onLoggedIn?: () => void;
  showErrors: (errors: Partial<Record<keyof PhoneForm, FieldError>>) => void;
}) {
  const { t } = useTranslation(['auth-forgot', 'ui']);
  const navigate = useNavigate();
  const { complete } = useLoginActions();
  const resetByPhone = useResetByPhoneMutation();
  /** The full-page loader: shown from the reset to the login. */
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: PhoneForm) => {
    let resetDone = false;
    try {
      // The login after the reset needs the slider (4.LOGIN.01): it is solved before the reset, so
      // the member is asked once and the new password is never left unused by a cancelled puzzle.
      const sliderToken = await verifyWithSlider();
      if (!sliderToken) return;
      setSubmitting(true);
      const username = await resetByPhone.mutateAsync({
        mobileNum: nationalNumber(values.mobileNum),
        countryDialingCode: values.countryDialingCode.trim(),
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
      });
      resetDone = true;
      // 4.PWR.01/02: logged in with the new password; the login sequence then stores the session,
      // loads member info and goes home (or asks for a forced change first, as any login would).
      const result = await postLogin({
        username,
        password: values.newPassword,
        type: 'username',
        sliderToken,
      });
      if (!result.token) throw new Error('second factor needed');
      setSubmitting(false);
      onLoggedIn?.();
      notify.success(t('phone_done'));
      await complete(result, { portal: 'member', username, password: values.newPassword });
    } catch (error) {
      if (resetDone) {
        // The password is changed; only the automatic login did not go through (e.g. two-factor).
        notify.info(t('phone_done_login'));
        onLoggedIn?.();
        void navigate(paths.login.getHref());
      } else if (isApiError(error) && error.details.fields && Object.keys(error.details.fields).length > 0) {
        showErrors(fromServerPhoneFields(error.details.fields, rules));
      } else {
        void showDialog({
          icon: 'warning',
          html: escapeHtml(getErrorText(error)),
          buttons: [{ label: t('ui:ok'), variant: 'primary' }],
        });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting };
}
