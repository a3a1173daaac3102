import { checkField, type TFieldRule } from '@lotus/contracts/register-patterns';
import type { TRegisterSettings } from '@lotus/contracts/system';

/**
 * Change-password validation (5.CPW.01-05). Decision 5.CPW.02: the new password must meet the
 * registration 'password' rule of /wps/system/setting/register (length bounds and pattern, the same
 * checkField as registration); until the rules load, or if they cannot, the spec's floor applies:
 * at least 6 characters (9: "Password minimum 6 characters"), at most 128 (the contract bound).
 */
export const FALLBACK_PASSWORD_RULE: TFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 6,
  maxLength: 128,
};

export function getPasswordRule(settings: TRegisterSettings | undefined): TFieldRule {
  const rule = settings?.password;
  if (!rule) return FALLBACK_PASSWORD_RULE;
  // Whatever the registration form says about "required", a new password is always required,
  // and never shorter than the spec's minimum.
  return { ...rule, enabled: true, required: true, minLength: Math.max(6, rule.minLength), maxLength: Math.max(6, rule.maxLength) };
}

export type TPasswordField = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
/** A message key (auth-login namespace) with its values. */
export type TFieldMessage = { key: string; values?: Record<string, string | number> };
export type TPasswordErrors = Partial<Record<TPasswordField, TFieldMessage>>;

export function validatePasswordChange(
  values: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  options: { askOldPassword: boolean; rule: TFieldRule },
): TPasswordErrors {
  const errors: TPasswordErrors = {};
  const { rule } = options;
  // 5.CPW.04: the old password only when the app does not already know it.
  if (options.askOldPassword && values.oldPassword === '') errors.oldPassword = { key: 'password.old_required' };
  const check = checkField(values.newPassword, rule);
  if (values.newPassword === '') errors.newPassword = { key: 'password.new_required' };
  else if (!check.ok && (check.reason === 'minLength' || check.reason === 'maxLength')) {
    errors.newPassword =
      rule.minLength === rule.maxLength
        ? { key: 'password.length_exact', values: { count: rule.minLength } }
        : { key: 'password.length', values: { min: rule.minLength, max: rule.maxLength } };
  } else if (!check.ok) errors.newPassword = { key: 'password.pattern', values: { patternId: rule.patternId } };
  else if (/\s/.test(values.newPassword)) errors.newPassword = { key: 'password.no_spaces' };
  // 5.CPW.03: the confirmation is required and equals the new password.
  if (values.confirmNewPassword === '') errors.confirmNewPassword = { key: 'password.confirm_required' };
  else if (values.confirmNewPassword !== values.newPassword) errors.confirmNewPassword = { key: 'password.confirm_mismatch' };
  return errors;
}
