import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZLanguageCode } from './headers';
import { PASSWORD_INPUT_MAX } from './password-floor';
import { MEMBER_INFO } from './first-load';

/**
 * Accounts and access (issue 3): contracts of the authentication and member calls (spec 3, 4, 7.AUTH).
 * Calls marked enc carry a ZEncryptedBody; the schemas below describe the decrypted payload.
 */
const str = (max: number) => z.string().max(max);
const trimmed = (max: number) => z.string().trim().max(max);

// ---------- enc payloads (7.CALL.03, docs/enc.md) ----------
/** GET /wps/system/encryptionKey: the server's public key for enc calls. */
export const ZEncryptionKey = z.object({
  kid: str(64),
  alg: z.literal('RSA-OAEP-256+A256GCM'),
  /** SubjectPublicKeyInfo DER, base64. */
  spki: str(2000),
});
export type TEncryptionKey = z.infer<typeof ZEncryptionKey>;
export const getEncryptionKey = defineEndpoint({
  method: 'GET',
  path: '/wps/system/encryptionKey',
  tag: 'system',
  summary: 'The server public key of the enc calls (7.CALL.03, docs/enc.md)',
  auth: 'public',
  response: ZEncryptionKey,
});
/** The body of every enc call: an AES-256-GCM content key wrapped with RSA-OAEP-256. */
export const ZEncryptedBody = z.object({
  enc: z.literal('v1'),
  kid: str(64),
  /** RSA-OAEP-256(content key), base64. */
  key: str(1024),
  /** 12-byte IV, base64. */
  iv: str(32),
  /** AES-256-GCM(JSON payload) with its 16-byte tag, base64. */
  data: str(200_000),
});
export type TEncryptedBody = z.infer<typeof ZEncryptedBody>;

// ---------- verification: captcha, slider, SMS ----------
/** GET /wps/captcha: value is the base64 PNG; its id comes back in the `captcha-id` response header. */
export const CAPTCHA_ID_HEADER = 'captcha-id';
export const ZCaptchaImage = str(200_000);

/** GET /wps/verification/slider: a puzzle (decision 4.REG.09). */
export const ZSliderChallenge = z.object({
  challengeId: str(64),
  /** Background with the gap, base64 PNG. */
  background: str(500_000),
  /** The piece to drag, base64 PNG. */
  piece: str(100_000),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  /** Vertical position of the piece (the gap is on the same row). */
  pieceY: z.number().int(),
});
export type TSliderChallenge = z.infer<typeof ZSliderChallenge>;
/** POST /wps/verification/slider: the drop offset and the drag trace [x, y, ms since start]. */
export const ZSliderAnswer = z.object({
  challengeId: str(64),
  x: z.number().min(0).max(2000),
  trace: z.array(z.tuple([z.number(), z.number(), z.number()])).min(3).max(600),
  /** After a few wrong answers from an address the slider also needs a captcha (docs/adr/0020). */
  captcha: trimmed(12).optional(),
  captchaId: str(64).optional(),
});
export const ZSliderToken = z.object({ sliderToken: str(128) });

export const ZDialingCode = z.string().trim().regex(/^\+?[0-9]{1,4}$/).transform((s) => s.replace(/^\+/, ''));
export const ZMobileNum = z.string().trim().regex(/^[0-9]{6,15}$/);
/**
 * POST /wps/verification/sms/register (registration) and /wps/verification/sms/noLogin (SMS login and
 * forgot-by-phone) (decisions 4.SMS.07, 7.AUTH.06): a slider token is the verification field.
 */
export const ZSmsRequest = z.object({
  mobileNum: ZMobileNum,
  countryDialingCode: ZDialingCode,
  sliderToken: str(128).optional(),
});
export const ZSmsSent = z.object({ expiredMinutes: z.number().int().min(1).max(60) });

// ---------- member info (3.MEM) ----------
export const ZMemberInfo = z.object({
  id: z.number().int(),
  account: str(40),
  nickname: str(60),
  customerId: str(40),
  /** 1 real member, 4 trial (free play). */
  type: z.number().int(),
  /** 0 member; 1, 2, 41, 42 agent levels (decision 6.ROLE.07); 4 trial. */
  isAgent: z.number().int(),
  toUpline: z.boolean(),
  clubLabel: z.object({ labelName: str(60), rankLevel: z.number().int() }),
  memberLabel: z.array(str(60)).max(20),
  /** Decimal string of the balance in major units with two decimals, e.g. "1234.50" (no floats). */
  balance: str(30),
  currencySymbol: str(8),
  unreadMessage: z.number().int().min(0),
  availablePromoCount: z.number().int().min(0),
  vipRankLevel: z.number().int().min(0),
  twoFactorEnabled: z.boolean(),
  mobileNum: str(40).nullable(),
  email: str(120).nullable(),
  lastLoginAt: str(40).nullable(),
  /**
   * Contract info (3.CON.01; values decided in docs/adr/0100): per contract kind, 0 none, 1 an offer waits for the
   * member's answer, 2 an active contract. Dividend, daily salary, hourly salary, real-time salary.
   */
  divtypereq: z.number().int().min(0).max(2).optional(),
  dailysalreqtype: z.number().int().min(0).max(2).optional(),
  contracthoursalreq: z.number().int().min(0).max(2).optional(),
  realtimesalreqtype: z.number().int().min(0).max(2).optional(),
});
export type TMemberInfo = z.infer<typeof ZMemberInfo>;
/** GET /wps/member/info/icon: the small header view. */
export const ZMemberIcon = z.object({
  nickname: str(60),
  iconUrl: str(500),
  balance: str(30),
  currencySymbol: str(8),
  unreadMessage: z.number().int().min(0),
});

// ---------- login (3.LOG, 4.LOGIN) ----------
export const LOGIN_TYPES = ['username', 'sms', 'firebase'] as const;
export const ZLoginRequest = z.object({
  /** In SMS mode the mobile number (3.LOG.02). */
  username: trimmed(60).min(1),
  /** In SMS mode the verification code (3.LOG.02); in firebase mode unused. */
  password: z.string().max(PASSWORD_INPUT_MAX),
  type: z.enum(LOGIN_TYPES).default('username'),
  countryDialingCode: ZDialingCode.optional(),
  captcha: trimmed(12).optional(),
  captchaId: str(64).optional(),
  sliderToken: str(128).optional(),
  /** 'agent' for the agent login page (6.ROLE.11). */
  portal: z.enum(['member', 'agent']).default('member'),
  firebaseChannel: str(40).optional(),
  firebaseIdToken: str(4000).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export const ZLoginResult = z.object({
  /** Null while a second factor is still needed. */
  token: str(128).nullable(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** Server's view of 4.LOGIN.06-09; the client opens the change-password modal when true. */
  forceChangePassword: z.boolean(),
  twoFactorRequired: z.boolean(),
  twoFactorTicket: str(128).nullable(),
  userInfo: ZMemberInfo.nullable(),
});
export type TLoginResult = z.infer<typeof ZLoginResult>;
/**
 * GET /wps/session/login/challenge (issue 11, docs/adr/0031): the challenge the next password login
 * from this address answers: `captcha` true when the captcha is due (it is then shown with the form
 * and replaces the slider), false for the slider.
 */
export const ZLoginChallenge = z.object({ captcha: z.boolean() });
export type TLoginChallenge = z.infer<typeof ZLoginChallenge>;
/** POST /wps/session/login/2fa */
export const ZTwoFactorLogin = z.object({ ticket: str(128), code: trimmed(20).min(6) });
/** POST /wps/session/login/freeplay (7.AUTH.02) */
export const ZFreePlayRequest = z.object({ os: z.enum(['web', 'android', 'ios']).default('web'), platform: z.literal('W') });

// ---------- registration (3.REG, 4.REG, 7.AUTH.07-09) ----------
const opt = (max: number) => trimmed(max).optional();
export const ZRegisterRequest = z.object({
  username: opt(40),
  password: z.string().max(PASSWORD_INPUT_MAX).optional(),
  confirmPassword: z.string().max(PASSWORD_INPUT_MAX).optional(),
  payeeName: opt(120),
  email: opt(120),
  qqNum: opt(40),
  mobileNum: opt(20),
  countryDialingCode: ZDialingCode.optional(),
  recommenderId: opt(40),
  captcha: opt(12),
  captchaId: str(64).optional(),
  verificationCode: opt(10),
  affiliateCode: opt(40),
  paymentPassword: z.string().max(64).optional(),
  line: opt(60),
  whatsapp: opt(60),
  facebook: opt(120),
  wechat: opt(60),
  idNumber: opt(40),
  referralCode: opt(40),
  birthday: opt(10),
  domain: opt(253),
  registerUrl: opt(1000),
  registerMethod: z.literal('WEB').default('WEB'),
  login: z.literal(true).default(true),
  acceptTerms: z.literal(true, { message: 'terms_required' }),
  sliderToken: str(128).optional(),
  firebaseChannel: str(40).optional(),
  firebaseIdToken: str(4000).optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;
/** GET /wps/agent/affiliate?code=&domain= */
export const ZAffiliateQuery = z.object({ code: trimmed(40).min(1), domain: str(253).optional() });
export const ZAffiliate = z.object({ valid: z.literal(true), code: str(40) });

// ---------- passwords (3.LOG.06-08) ----------
// New passwords are bounded here only as strings: the password floor (password-floor.ts, checked by
// the service) answers too short / too long / common with its own catalogue key.
export const ZChangePassword = z.object({
  oldPassword: z.string().max(PASSWORD_INPUT_MAX),
  newPassword: z.string().max(PASSWORD_INPUT_MAX),
  confirmNewPassword: z.string().max(PASSWORD_INPUT_MAX),
});
/** POST /wps/member/password/email, form-encoded (3.LOG.07). */
export const ZForgotByEmail = z.object({ username: trimmed(60).min(1), email: trimmed(120).min(3) });
/** POST /wps/member/password/reset: completes the email link. */
export const ZResetByLink = z.object({
  token: str(128).min(16),
  newPassword: z.string().max(PASSWORD_INPUT_MAX),
  confirmNewPassword: z.string().max(PASSWORD_INPUT_MAX),
});
/** POST /wps/member/password/verification, enc (3.LOG.08; decision 3.LOG.09: the dialling code is sent). */
export const ZForgotByPhone = z.object({
  mobileNum: ZMobileNum,
  countryDialingCode: ZDialingCode,
  verificationCode: trimmed(10).min(4),
  newPassword: z.string().max(PASSWORD_INPUT_MAX),
});

/** The answer of the phone reset: the account's username, to log in with the new password (4.PWR.01). */
export const ZPhoneResetResult = z.object({ username: str(40) });

// ---------- sessions and two-factor ----------
export const ZSessionView = z.object({
  id: str(64),
  current: z.boolean(),
  createdAt: str(40),
  lastSeenAt: str(40),
  ip: str(64),
  userAgent: str(300),
});
export const ZTotpSetup = z.object({ secret: str(64), otpauthUrl: str(500), qrPng: str(100_000) });
export const ZTotpCode = z.object({ code: trimmed(20).min(6) });
/**
 * POST /wps/member/2fa/enable and DELETE /wps/member/2fa: a factor change needs the current
 * password as well as a code (docs/adr/0020); the member's other sessions end.
 */
export const ZTotpChange = ZTotpCode.extend({ password: z.string().min(1).max(128) });
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(str(20)).length(10) });
/** GET /wps/member/sessions: the member's active sessions, newest first. */
export const ZSessionList = z.array(ZSessionView).max(100);
/** DELETE /wps/member/sessions (issue 11): the other sessions ended, and how many. */
export const ZRevokedSessions = z.object({ done: z.literal(true), count: z.number().int().min(0) });
/** DELETE /wps/member/sessions/:id */
export const ZSessionIdParam = z.object({ id: str(64).regex(/^[A-Za-z0-9_-]{8,64}$/) });

// ---------- member settings ----------
/** PUT /wps/member/language: the update-language call (7.PAR.20). */
export const ZUpdateLanguage = z.object({ language: ZLanguageCode });
/**
 * PUT /wps/member/password/payment (token, enc): sets or changes the withdrawal password; the login
 * password confirms it is the member. Trial accounts are refused (in_need_true_account).
 */
export const ZChangePaymentPassword = z.object({
  password: z.string().min(1).max(PASSWORD_INPUT_MAX),
  newPaymentPassword: z.string().min(4).max(64),
  confirmPaymentPassword: z.string().max(64),
});
/**
 * PUT /wps/member/realName (token, enc): the real name, once, in capitals as on the bank account (register
 * pattern 13); the login password confirms it. Afterwards it is locked (real_name_locked).
 */
export const ZSetRealName = z.object({
  realName: z.string().trim().min(2).max(120).regex(/^[A-Z]+( [A-Z]+)*$/),
  password: z.string().min(1).max(PASSWORD_INPUT_MAX),
});
export const ZRealName = z.object({ realName: str(120) });

/** The value of calls that only confirm (logout, forgot-by-email, revoke...). */
export const ZDone = z.object({ done: z.literal(true) });

// ---------- endpoints ----------
// (getEncryptionKey is defined beside its schema, at the top.)

// verification: captcha, slider, SMS codes (7.AUTH.04/05/15, decision 4.REG.09)
export const getCaptcha = defineEndpoint({
  method: 'GET',
  path: '/wps/captcha',
  tag: 'verification',
  summary: `A captcha image: value is a base64 PNG, its id is in the ${CAPTCHA_ID_HEADER} response header (7.AUTH.15)`,
  auth: 'public',
  response: ZCaptchaImage,
});

export const getSliderChallenge = defineEndpoint({
  method: 'GET',
  path: '/wps/verification/slider',
  tag: 'verification',
  summary: 'A slider puzzle: background with a gap and the piece (decision 4.REG.09)',
  auth: 'public',
  response: ZSliderChallenge,
});

export const answerSlider = defineEndpoint({
  method: 'POST',
  path: '/wps/verification/slider',
  tag: 'verification',
  summary: 'Answer a puzzle (drop offset + drag trace): a single-use token for login or registration',
  auth: 'public',
  body: ZSliderAnswer,
  response: ZSliderToken,
});

export const sendRegistrationSmsCode = defineEndpoint({
  method: 'POST',
  path: '/wps/verification/sms/register',
  tag: 'verification',
  summary: 'Send a registration code (7.AUTH.05, decision 4.SMS.07)',
  auth: 'public',
  body: ZSmsRequest,
  response: ZSmsSent,
});

export const sendLoginSmsCode = defineEndpoint({
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  tag: 'verification',
  summary: "Send a code for SMS login or forgot-by-phone to a member's number; the same answer for any number (7.AUTH.04)",
  auth: 'public',
  body: ZSmsRequest,
  response: ZSmsSent,
});

// session: login, its challenge and second step, free play, logout
export const postLogin = defineEndpoint({
  method: 'POST',
  path: '/wps/session/login',
  tag: 'session',
  summary: 'Log in by password, SMS code or phone-auth token (7.AUTH.01, 4.LOGIN)',
  auth: 'public',
  enc: true,
  body: ZLoginRequest,
  response: ZLoginResult,
});

export const getLoginChallenge = defineEndpoint({
  method: 'GET',
  path: '/wps/session/login/challenge',
  tag: 'session',
  summary: 'The challenge the next password login from this address answers: the captcha (true) or the slider (docs/adr/0031)',
  auth: 'public',
  response: ZLoginChallenge,
});

export const postLoginSecondFactor = defineEndpoint({
  method: 'POST',
  path: '/wps/session/login/2fa',
  tag: 'session',
  summary: 'Second step of a login with two-factor: the ticket and a TOTP or recovery code',
  auth: 'public',
  body: ZTwoFactorLogin,
  response: ZLoginResult,
});

export const postFreePlay = defineEndpoint({
  method: 'POST',
  path: '/wps/session/login/freeplay',
  tag: 'session',
  summary: 'Free play: a new trial account (type 4) with demo credit, logged in (7.AUTH.02)',
  auth: 'public',
  body: ZFreePlayRequest,
  response: ZLoginResult,
});

export const logout = defineEndpoint({
  method: 'DELETE',
  path: '/wps/session/logout',
  tag: 'session',
  summary: 'Log out: revokes the current session (7.AUTH.03)',
  auth: 'member',
  response: ZDone,
});

// registration (7.AUTH.07-09, 7.AUTH.16): the answer is a login result (decision 4.REG.08)
export const postRegister = defineEndpoint({
  method: 'POST',
  path: '/wps/member/register',
  tag: 'member',
  summary: 'Register on the username tab (7.AUTH.07, decision 7.AUTH.09); the answer is a login result',
  auth: 'public',
  enc: true,
  body: ZRegisterRequest,
  response: ZLoginResult,
});

export const postRegisterMobile = defineEndpoint({
  method: 'POST',
  path: '/wps/member/register/mobile',
  tag: 'member',
  summary: 'Register on the mobile tab (7.AUTH.08, decision 7.AUTH.09); the answer is a login result',
  auth: 'public',
  enc: true,
  body: ZRegisterRequest,
  response: ZLoginResult,
});

export const checkAffiliate = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/affiliate',
  tag: 'member',
  summary: 'Check an agent affiliate code (7.AUTH.16, 4.AFF)',
  auth: 'public',
  query: ZAffiliateQuery,
  response: ZAffiliate,
});

// forgotten passwords (7.AUTH.13/14)
export const forgotPasswordByEmail = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password/email',
  tag: 'member',
  summary: 'Forgot password by email: the same answer whether or not the account exists (7.AUTH.13)',
  auth: 'public',
  // 3.LOG.07: form-encoded (the server takes a JSON body too).
  bodyType: 'form',
  body: ZForgotByEmail,
  response: ZDone,
});

export const resetPasswordByLink = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password/reset',
  tag: 'member',
  summary: 'Complete the mailed reset link: new password (single use, 30 minutes)',
  auth: 'public',
  body: ZResetByLink,
  response: ZDone,
});

export const resetPasswordByPhone = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password/verification',
  tag: 'member',
  summary: 'Forgot password by phone: SMS code + new password; then log in (7.AUTH.14)',
  auth: 'public',
  enc: true,
  body: ZForgotByPhone,
  response: ZPhoneResetResult,
});

// the member's own: info, language, sessions
export const getMemberInfo = defineEndpoint({
  ...MEMBER_INFO,
  summary: 'Member info (7.AUTH.10, 3.MEM)',
  response: ZMemberInfo,
});

export const getMemberIcon = defineEndpoint({
  method: 'GET',
  path: '/wps/member/info/icon',
  tag: 'member',
  summary: 'The header view of the member (7.AUTH.11)',
  auth: 'member',
  response: ZMemberIcon,
});

export const updateLanguage = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/language',
  tag: 'member',
  summary: 'Update the member language (7.PAR.20)',
  auth: 'member',
  body: ZUpdateLanguage,
  response: ZUpdateLanguage,
});

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/wps/member/sessions',
  tag: 'member',
  summary: "The member's live sessions (docs/sessions.md)",
  auth: 'member',
  response: ZSessionList,
});

export const revokeOtherSessions = defineEndpoint({
  method: 'DELETE',
  path: '/wps/member/sessions',
  tag: 'member',
  summary: 'Log out all other devices: revoke every session of the member but this one (issue 11)',
  auth: 'member',
  response: ZRevokedSessions,
});

export const revokeSession = defineEndpoint({
  method: 'DELETE',
  path: '/wps/member/sessions/:id',
  tag: 'member',
  summary: 'Revoke one of the member sessions',
  auth: 'member',
  params: ZSessionIdParam,
  response: ZDone,
});

// real accounts only (trial accounts: 403 in_need_true_account, 5.GATE.03): passwords, real name, two-factor
export const changePassword = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/password',
  tag: 'member',
  summary: 'Change the password; ends the other sessions, lifts a forced change (7.AUTH.12)',
  auth: 'real-member',
  enc: true,
  body: ZChangePassword,
  response: ZDone,
});

export const changePaymentPassword = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/password/payment',
  tag: 'member',
  summary: 'Set or change the withdrawal (payment) password; real accounts only',
  auth: 'real-member',
  enc: true,
  body: ZChangePaymentPassword,
  response: ZDone,
});

export const setRealName = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/realName',
  tag: 'member',
  summary: 'Set the real name once, in capitals as on the bank account (withdrawals); real accounts only',
  auth: 'real-member',
  enc: true,
  body: ZSetRealName,
  response: ZRealName,
});

export const setupTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/wps/member/2fa/setup',
  tag: 'member',
  summary: 'Start TOTP enrolment: secret, otpauth URL and QR code (decision 2.OTH.07)',
  auth: 'real-member',
  response: ZTotpSetup,
});

export const enableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/wps/member/2fa/enable',
  tag: 'member',
  summary: 'Confirm enrolment with the current password and a code; answers the 10 recovery codes once; ends the other sessions',
  auth: 'real-member',
  body: ZTotpChange,
  response: ZRecoveryCodes,
});

export const disableTwoFactor = defineEndpoint({
  method: 'DELETE',
  path: '/wps/member/2fa',
  tag: 'member',
  summary: 'Turn two-factor login off with the current password and a code or a recovery code; ends the other sessions',
  auth: 'real-member',
  body: ZTotpChange,
  response: ZDone,
});
