import { z } from 'zod';

/**
 * The one catalogue of error keys (spec section 8, decision 8.LOAD.05).
 * The server only ever answers `{ success: false, message: <key> }`; clients translate the key
 * (apps/web/src/i18n/locales/<lang>/errors.json must have every key; a test checks it).
 * The English text here is the reference wording and what non-browser clients may show.
 */
export const ERROR_CATALOGUE = {
  // Section 8 named messages
  invitation_code_error: 'Invalid invitation code',
  in_need_true_account: 'Please register a real account to use this feature',
  invalid_verification_code: 'Please enter a valid verification code',
  invalid_mobile_number: 'Please enter a valid mobile number',
  incorrect_confirmation: 'Incorrect confirmation input',
  username_email_not_exist: 'Username/Email does not exist',
  network_abnormal: 'Network link is abnormal, please try again',
  access_restricted: 'Access restricted',
  system_maintenance: 'System maintenance',
  invalid_url: 'Invalid URL, please contact customer service',
  popup_blocked: 'Popup blocked. Please allow popups and try again.',
  game_maintenance: 'Game maintenance',
  member_no_enter: 'Non-member account unable to login',
  error_not_agent: 'Non-agents cannot log in',
  incorrect_username_password: 'Incorrect username or password',
  invalid_account_format: 'Invalid account format',
  invalid_password_format: 'Invalid password format',
  invalid_email_format: 'Invalid email format',
  page_slow_to_load: 'The page is taking too long to load, please try again',
  domain_check_failed: 'Domain check failed, please contact customer service',
  unknown_error: 'Unknown error, please try again later',
  // Platform conventions (decision 8.LOAD.05)
  validation_failed: 'Some of the information is not valid, please check and try again',
  content_too_long: 'The text is too long',
  content_required: 'Please enter some text',
  not_found: 'The requested resource does not exist',
  unknown_call: 'This call does not exist',
  method_not_allowed: 'This method is not allowed here',
  unauthorized: 'Please log in first',
  forbidden: 'You do not have permission to do this',
  rate_limited: 'Too many requests, please wait a moment and try again',
  payload_too_large: 'The request is too large',
  unsupported_media_type: 'This content type is not supported',
  conflict: 'This change conflicts with another change, please try again',
  // Phone auth (spec 8.PHN)
  'auth/invalid-phone-number': 'The phone number is not valid',
  'auth/missing-phone-number': 'Please enter a phone number',
  'auth/too-many-requests': 'Too many attempts, please try again after 5 minutes',
  'auth/unknown': 'Something went wrong, please contact support',
  'auth/invalid-verification-code': 'The verification code is not correct',
  'auth/missing-verification-code': 'Please enter the verification code',
  'auth/captcha-check-failed': 'The security check failed, please try again',
  'auth/quota-exceeded': 'The service is busy, please contact customer service',
  'auth/operation-not-allowed': 'This sign-in method is not enabled',
  'auth/code-expired': 'The verification code has expired, please request a new one',
  'auth/popup-closed-by-user': 'Login failure. Please try again.',
} as const;

export type TErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [TErrorCode, ...TErrorCode[]];
export const ZErrorCode = z.enum(ERROR_CODES);

/** HTTP status that goes with each key when the server raises it without an explicit status. */
export const ERROR_HTTP_STATUS: Partial<Record<TErrorCode, number>> = {
  validation_failed: 400,
  content_too_long: 400,
  content_required: 400,
  invalid_url: 400,
  domain_check_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  access_restricted: 403,
  in_need_true_account: 403,
  not_found: 404,
  unknown_call: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unknown_error: 500,
  system_maintenance: 503,
};

export const isErrorCode = (value: unknown): value is TErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
