import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_HTTP_STATUS, isErrorCode } from './errors';

describe('error catalogue', () => {
  it('8.ERR.04-12 holds the section 8 messages with their exact wording', () => {
    expect(ERROR_CATALOGUE.invalid_verification_code).toBe('Please enter a valid verification code');
    expect(ERROR_CATALOGUE.invalid_mobile_number).toBe('Please enter a valid mobile number');
    expect(ERROR_CATALOGUE.incorrect_confirmation).toBe('Incorrect confirmation input');
    expect(ERROR_CATALOGUE.username_email_not_exist).toBe('Username/Email does not exist');
    expect(ERROR_CATALOGUE.network_abnormal).toBe('Network link is abnormal, please try again');
    expect(ERROR_CATALOGUE.access_restricted).toBe('Access restricted');
    expect(ERROR_CATALOGUE.system_maintenance).toBe('System maintenance');
    expect(ERROR_CATALOGUE.invalid_url).toBe('Invalid URL, please contact customer service');
    expect(ERROR_CATALOGUE.popup_blocked).toBe('Popup blocked. Please allow popups and try again.');
    expect(ERROR_CATALOGUE.game_maintenance).toBe('Game maintenance');
    expect(ERROR_CATALOGUE.member_no_enter).toBe('Non-member account unable to login');
    expect(ERROR_CATALOGUE.error_not_agent).toBe('Non-agents cannot log in');
    expect(ERROR_CATALOGUE.invitation_code_error).toBe('Invalid invitation code');
  });

  it('8.ERR.14 has keys for the messages named only by meaning', () => {
    for (const k of [
      'incorrect_username_password',
      'invalid_account_format',
      'invalid_password_format',
      'invalid_email_format',
      'page_slow_to_load',
      'domain_check_failed',
      'unknown_error',
    ]) {
      expect(isErrorCode(k), k).toBe(true);
    }
  });

  it('8.PHN.02/05 phone auth wording', () => {
    expect(ERROR_CATALOGUE['auth/too-many-requests']).toMatch(/5 minutes/);
    expect(ERROR_CATALOGUE['auth/popup-closed-by-user']).toBe('Login failure. Please try again.');
  });

  it('every explicit HTTP status is a client or server error', () => {
    for (const status of Object.values(ERROR_HTTP_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});
