import type { TWhitelabel } from './system';

/**
 * The rows of the member login form that the site's flags decide (2.LGN.06/07, 4.LOGIN): the
 * username/SMS tabs (both methods on), the option buttons (register, free play) and the social
 * buttons (Google, Facebook). Pure and shared: the member site renders the form from it, and the
 * server tells a prerendered page which of the form's reserved rows to drop before it paints
 * (apps/server plugins/static-spa.ts), so the form does not change size when the flags arrive.
 */
export type LoginFormRow = 'tabs' | 'options' | 'social';

export type LoginFormFlags = Pick<
  TWhitelabel,
  'PWDLOGIN3' | 'MOBILEVERCODELOGIN3' | 'REGBUTTON3' | 'FREEPLAY3' | 'GOOGLELOGIN3' | 'FACEBOOKLOGIN3'
>;

export const LOGIN_FORM_ROWS: readonly LoginFormRow[] = ['tabs', 'options', 'social'];

export function loginFormRows(flags: LoginFormFlags): Record<LoginFormRow, boolean> {
  return {
    tabs: flags.PWDLOGIN3 && flags.MOBILEVERCODELOGIN3,
    options: flags.REGBUTTON3 || flags.FREEPLAY3,
    social: flags.GOOGLELOGIN3 || flags.FACEBOOKLOGIN3,
  };
}
