import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import i18next from 'i18next';
import type { TLoginResult } from '@lotus/contracts/auth';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { session } from '@/lib/storage';
import { getMemberInfoQueryOptions } from '@/lib/session/get-member-info';
import { useSession } from '@/lib/session/session-store';
import { openChangePassword } from '../password/change-password-store';
import { verifyWithSlider } from '../verification/slider-store';
import { getErrorText } from '@/lib/error-text';
import { postLogin } from './api/post-login';
import { postFreePlay } from './api/post-free-play';
import { completeLogin, isCaptchaRequired, submitLogin, type TCompleteDeps, type TPortal, type TSubmitDeps } from './lib/login-flow';
import type { TLoginValues } from './lib/validate-login';
import { AFTER_LOGIN_KEY, openLoginPopup } from './login-ui-store';

/** The real effects of the login sequence (login-flow.ts): slider, enc call, stores, router. */
export const submitDeps: TSubmitDeps = { verifyWithSlider, login: postLogin };

/**
 * What the login forms (page, popup, header) call: submit (4.LOGIN.01/02) and complete
 * (4.LOGIN.03-18), plus free play (7.AUTH.02).
 */
export function useLoginActions() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return createLoginActions({ navigate: (to) => void navigate(to), queryClient });
}

export type TLoginActions = ReturnType<typeof createLoginActions>;

/** The same actions outside React (the header form loads them on its first submit). */
export function createLoginActions({ navigate, queryClient }: { navigate: (to: string) => void; queryClient: QueryClient }) {
  const t = i18next.getFixedT(null, 'auth-login');

  const completeDeps = (username: string, portal: TPortal): TCompleteDeps => ({
    setLogin: (result, options) => useSession.getState().setLogin(result, options),
    changePassword: ({ oldPassword }) => openChangePassword({ forced: true, oldPassword }),
    loginAgain: async (newPassword) => {
      // 4.LOGIN.18: a new login with the new password (slider first, as every password login).
      const sliderToken = await verifyWithSlider();
      if (!sliderToken) return null;
      try {
        const result = await postLogin({ username, password: newPassword, sliderToken, portal });
        return result.token ? result : null;
      } catch (error) {
        // The server wants a captcha (an earlier failure from this address): finish in the popup.
        if (isCaptchaRequired(error)) {
          openLoginPopup({ username, password: newPassword, captcha: true, message: getErrorText(error) });
        }
        return null;
      }
    },
    showFirstLoginWelcome: async () => {
      await showDialog({ icon: 'success', title: t('first_login.title'), html: t('first_login.text') });
    },
    loadMemberInfo: async () => {
      const { token } = useSession.getState();
      if (!token) return;
      try {
        await queryClient.fetchQuery(getMemberInfoQueryOptions(token));
      } catch {
        // the header shows "balance updating" and retries; the login itself succeeded
      }
    },
    markAfterLogin: () => session.set(AFTER_LOGIN_KEY, '1'),
    navigate,
  });

  return {
    /** `onCall` runs right before the login call (after the slider): the form shows its loader then. */
    submit: (
      values: TLoginValues,
      context: { captchaShown: boolean; captchaId: string | null; portal: TPortal },
      onCall?: () => void,
    ) =>
      submitLogin(values, context, {
        ...submitDeps,
        login: (input) => {
          onCall?.();
          return submitDeps.login(input);
        },
      }),
    complete: (result: TLoginResult, context: { portal: TPortal; username: string; password: string | null }) =>
      completeLogin(result, { portal: context.portal, password: context.password }, completeDeps(context.username, context.portal)),
    freePlay: async () => {
      const result = await postFreePlay();
      await completeLogin(result, { portal: 'member', password: null }, completeDeps(result.userInfo?.account ?? '', 'member'));
    },
  };
}
