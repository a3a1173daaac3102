import { describe, expect, it } from 'vitest';
import type { TRegisterSettings } from '@lotus/contracts/system';
import { FALLBACK_PASSWORD_RULE, getPasswordRule, validatePasswordChange } from './password-rule';

const rule = { enabled: true, required: true, acceptedPattern: '', patternId: 12, minLength: 8, maxLength: 20 };
const settings = { password: rule } as unknown as TRegisterSettings;

describe('change password validation (5.CPW)', () => {
  it('5.CPW.02 decision: the rule is the registration password rule, never under 6 characters', () => {
    expect(getPasswordRule(settings)).toMatchObject({ minLength: 8, maxLength: 20, patternId: 12, required: true });
    expect(getPasswordRule(undefined)).toEqual(FALLBACK_PASSWORD_RULE);
    expect(getPasswordRule({ password: { ...rule, minLength: 2, required: false, enabled: false } } as unknown as TRegisterSettings)).toMatchObject({
      minLength: 6,
      required: true,
      enabled: true,
    });
  });

  it('5.CPW.01 the new password is required and must meet the rule', () => {
    const r = getPasswordRule(settings);
    const base = { oldPassword: 'old', confirmNewPassword: '' };
    expect(validatePasswordChange({ ...base, newPassword: '' }, { askOldPassword: true, rule: r }).newPassword?.key).toBe('password.new_required');
    expect(validatePasswordChange({ ...base, newPassword: 'abc1' }, { askOldPassword: true, rule: r }).newPassword).toEqual({
      key: 'password.length',
      values: { min: 8, max: 20 },
    });
    expect(validatePasswordChange({ ...base, newPassword: 'lettersonly' }, { askOldPassword: true, rule: r }).newPassword?.key).toBe('password.pattern');
    expect(validatePasswordChange({ ...base, newPassword: 'Lotus2026', confirmNewPassword: 'Lotus2026' }, { askOldPassword: true, rule: r })).toEqual({});
  });

  it('5.CPW.03 the confirmation is required and must equal the new password', () => {
    const r = getPasswordRule(settings);
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'Lotus2026', confirmNewPassword: '' }, { askOldPassword: true, rule: r }).confirmNewPassword?.key).toBe(
      'password.confirm_required',
    );
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'Lotus2026', confirmNewPassword: 'Lotus2027' }, { askOldPassword: true, rule: r }).confirmNewPassword?.key).toBe(
      'password.confirm_mismatch',
    );
  });

  it('5.CPW.04 the old password is asked only when the app does not know it', () => {
    const values = { oldPassword: '', newPassword: 'Lotus2026', confirmNewPassword: 'Lotus2026' };
    expect(validatePasswordChange(values, { askOldPassword: true, rule: FALLBACK_PASSWORD_RULE }).oldPassword?.key).toBe('password.old_required');
    expect(validatePasswordChange(values, { askOldPassword: false, rule: FALLBACK_PASSWORD_RULE })).toEqual({});
  });

  it('5.CPW.02 when min equals max a single number is shown', () => {
    const exact = { ...rule, minLength: 10, maxLength: 10 };
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'abc12', confirmNewPassword: 'abc12' }, { askOldPassword: false, rule: exact }).newPassword).toEqual({
      key: 'password.length_exact',
      values: { count: 10 },
    });
  });
});
