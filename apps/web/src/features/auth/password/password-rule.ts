import { checkPasswordFloor, effectivePasswordRule } from '@lotus/contracts/password-floor';
import type { TFieldRule } from '@lotus/contracts/register-patterns';
import type { TRegisterSettings } from '@lotus/contracts/system';

/**
 * Change-password validation (5.CPW.01-05). The new password meets the platform's password floor
 * AND the registration 'password' rule of /wps/system/setting/register (docs/adr/0021-password-floor.md,
 * which supersedes the spec's "minimum 6"): at least 8 characters, at most 128 (64 always fit), any
 * printable characters including spaces. The common-password list is the server's: its refusal
 * (password_common) comes back as the answer's key.
 */
export const FALLBACK_PASSWORD_RULE: TFieldRule = effectivePasswordRule(null);

export function getPasswordRule(settings: TRegisterSettings | undefined): TFieldRule {
  return effectivePasswordRule(settings?.password ?? null);
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
  const reason = checkPasswordFloor(values.newPassword, rule);
  if (reason === 'required') errors.newPassword = { key: 'password.new_required' };
  else if (reason === 'password_too_short' || reason === 'password_too_long') {
    errors.newPassword =
      rule.minLength === rule.maxLength
        ? { key: 'password.length_exact', values: { count: rule.minLength } }
        : { key: 'password.length', values: { min: rule.minLength, max: rule.maxLength } };
  } else if (reason === 'pattern') errors.newPassword = { key: 'password.pattern', values: { patternId: rule.patternId } };
  else if (reason) errors.newPassword = { key: `errors:${reason}` };
  // 5.CPW.03: the confirmation is required and equals the new password.
  if (values.confirmNewPassword === '') errors.confirmNewPassword = { key: 'password.confirm_required' };
  else if (values.confirmNewPassword !== values.newPassword) errors.confirmNewPassword = { key: 'password.confirm_mismatch' };
  return errors;
}
