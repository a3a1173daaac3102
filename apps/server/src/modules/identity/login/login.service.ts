import { ipLimitKey } from '../../../lib/ip';
import { ACCOUNT_TYPE, isTrialAccount, TRIAL_ACCOUNT } from '@lotus/contracts/accounts';
import { AppError } from '@lotus/contracts/app-error';
import type { TLoginRequest, TLoginResult } from '@lotus/contracts/auth';
import { phoneLoginCandidates } from '@lotus/contracts/phone';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import type { ConfigService } from '../../../platform/config/config.service';
import type { ChallengeService } from '../../verification/challenge.service';
import type { SmsService } from '../../verification/sms.service';
import type { TicketStore } from '../../verification/verification.module';
import type { MemberBalance, TrialCreditGrant } from '../../wallet/wallet.module';
import type { Audit } from '../audit';
import {
  isAgentLevel,
  isFirstTimeLogin,
  isPasswordChangeForced,
  isPasswordExpired,
  normalizeMobile,
  usernameKey,
} from '../identity.rules';
import type { IdentityOptions } from '../identity.options';
import { insertMember } from '../members/member-factory';
import type { MemberRepository, MemberRow } from '../members/member.repository';
import { toMemberInfo } from '../members/member.service';
import type { PasswordHasher } from '../../../lib/password-hasher';
import { failsPasswordFloor } from '../passwords/password-policy';
import type { PhoneAuthVerifier } from './phone-auth';
import { clientHash, randomFrom, randomToken, sha256Hex } from '../../../platform/keys/secrets';
import type { SessionService } from '../sessions/session.service';
import type { Notifier } from '../notifications';
import type { ThrottleRepository } from '../../../platform/throttles/throttle.repository';
import {
  ACCOUNT_CAPTCHA_AT,
  ACCOUNT_NOTIFY_AT,
  LOGIN_ACCOUNT_POLICY,
  LOGIN_SOURCE_POLICY,
  liveFailures,
  NOTIFY_EVERY_MS,
  toSeconds,
  waitMs,
} from '../../../platform/throttles/throttle.rules';
import type { TotpService } from '../second-factor/totp.service';
import type { Client } from '../../../platform/client-info';
import type { UnreadMessages } from '../../inbox/inbox.module';

/** What the services know about the caller. */
export type { Client };
type LoginType = 'username' | 'sms' | 'firebase';

/** Failed logins from one address within this window make the next login from it ask for a captcha. */
const IP_FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong codes one two-factor ticket takes before it dies (the per-member throttle counts across tickets). */
const MAX_2FA_ATTEMPTS = 5;
/** A password hash that no password matches (trial accounts log in through free play only). */
export const UNUSABLE_PASSWORD_HASH = '!';

const ZTicketData = z.object({
  loginType: z.enum(['username', 'sms', 'firebase']),
  usedWeakPassword: z.boolean(),
});

export type LoginDeps = {
  database: Pick<Database, 'tx' | 'db'>;
  members: Pick<MemberRepository, 'findById' | 'findByUsername' | 'findByE164' | 'insert' | 'update'>;
  throttles: Pick<ThrottleRepository, 'find' | 'findSources' | 'record' | 'clear' | 'claimNotification'>;
  verificationRepo: Pick<
    TicketStore,
    'hitCounter' | 'peekCounter' | 'insertTicket' | 'findTicket' | 'consumeTicket' | 'addTicketAttempt'
  >;
  sessions: Pick<SessionService, 'create' | 'peek' | 'revoke'>;
  challenges: Pick<ChallengeService, 'consumeSliderToken' | 'checkCaptcha'>;
  sms: Pick<SmsService, 'verify'>;
  phoneAuth: Pick<PhoneAuthVerifier, 'verify'>;
  totp: Pick<TotpService, 'checkSecondFactor'>;
  notifier: Pick<Notifier, 'notifyMember'>;
  hasher: PasswordHasher;
  config: Pick<ConfigService, 'get'>;
  audit: Audit;
  /** The balance of the login answer's member info (modules/wallet). */
  memberBalance: MemberBalance;
  /** The unread count of the login answer's member info (modules/inbox; 3.MEM.04 unreadMessage). */
  unreadMessages?: UnreadMessages;
  grantTrialCredit: TrialCreditGrant;
  options: Pick<
    IdentityOptions,
    'loginPerAccountPerMinute' | 'passwordMaxAgeDays' | 'trialCreditMinor' | 'twoFactorTicketTtlMs'
  >;
  now?: () => number;
};

/**
 * Login (4.LOGIN, 7.AUTH.01-03): by password, by SMS code, by a phone-auth ID token; the second
 * factor; free play; logout. No answer tells whether a username exists: unknown names are checked
 * against a dummy hash and counted exactly like known ones. The password login's ID is a username
 * or the member's mobile number (issue 25, docs/adr/0072), with the same answers.
 *
 * Failed passwords (docs/adr/0020) are counted per (username, address) and per username: the
 * address that failed needs a captcha and waits longer after each further failure; a username with
 * many failures from anywhere needs a captcha from every address; nothing ever locks the account,
 * so the owner from another address still gets in. The owner is told about repeated failures.
 */
export function createLoginService(deps: LoginDeps) {
  const {
    database,
    members,
    throttles,
    verificationRepo,
    sessions,
    challenges,
    hasher,
    config,
    audit,
    options,
    notifier,
  } = deps;
  const now = deps.now ?? Date.now;

  async function login(
    input: TLoginRequest,
    client: Client,
    currentAuthorization?: string | null,
  ): Promise<TLoginResult> {
    const result =
      input.type === 'sms'
        ? await loginWithSms(input, client)
        : input.type === 'firebase'
          ? await loginWithPhoneAuth(input, client)
          : await loginWithPassword(input, client);
    // A login from a client that still holds a session replaces it (the token rotates).
    if (result.token && currentAuthorization) {
      const previous = await sessions.peek(currentAuthorization);
      if (previous) await sessions.revoke(previous.sessionId, previous.id, 'replaced');
    }
    return result;
  }

  async function perAccountLimit(key: string) {
    // One upsert statement: its own atomic unit on the autocommit executor, chosen explicitly.
    const hit = await verificationRepo.hitCounter(`login:acct:${key}`, new Date(now()), 60_000, database.db);
    if (hit.count > options.loginPerAccountPerMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now()) / 1000));
      throw new AppError('rate_limited', 429, undefined, { retryAfterSeconds });
    }
  }

  /** The member-facing checks once the credential is proven (6.ROLE.10/11). */
  async function admit(member: MemberRow, portal: TLoginRequest['portal'], type: LoginType, client: Client) {
    if (member.status !== 'active') {
      await audit(
        'login',
        `${type}:member_no_enter`,
        { memberId: member.id, username: member.username },
        client,
      );
      throw new AppError('member_no_enter', 403);
    }
    if (portal === 'agent' && !isAgentLevel(member.isAgent)) {
      await audit(
        'login',
        `${type}:error_not_agent`,
        { memberId: member.id, username: member.username },
        client,
      );
      throw new AppError('error_not_agent', 403);
    }
  }

  /**
   * The member a password login names (docs/adr/0072): a login ID of digits (0812345678,
   * 812345678, +66812345678) is first the mobile number of a member (unique, members_mobile_uq),
   * then a username; anything else is a username. The throttle key is the member's username key
   * whichever ID was typed, so a number and a name share one count of failures.
   */
  async function resolveLoginId(loginId: string): Promise<{ key: string; member: MemberRow | null }> {
    for (const e164 of phoneLoginCandidates(loginId) ?? []) {
      const member = await members.findByE164(e164);
      if (member) return { key: usernameKey(member.username), member };
    }
    return { key: usernameKey(loginId), member: null };
  }

  // ---------- username (or mobile number) + password ----------
  async function loginWithPassword(input: TLoginRequest, client: Client): Promise<TLoginResult> {
    const named = await resolveLoginId(input.username);
    const key = named.key;
    const flags = await config.get('whitelabel');

    const t = now();
    const [fromHere = null, everywhere = null] = await throttles.findSources('login', key, [ipLimitKey(client.ip), '']);
    const ipFailures = await verificationRepo.peekCounter(`loginfail:ip:${ipLimitKey(client.ip)}`, new Date(t));
    // 4.CAP.02/03: a captcha after a failure for this username from this address, after any failure
    // from this address, after many failures for this username from anywhere, or always with showCaptcha.
    const captchaNeeded =
      flags.showCaptcha ||
      liveFailures(fromHere, LOGIN_SOURCE_POLICY, t) > 0 ||
      ipFailures > 0 ||
      liveFailures(everywhere, LOGIN_ACCOUNT_POLICY, t) >= ACCOUNT_CAPTCHA_AT;

    // 4.LOGIN.01 and docs/adr/0031: one challenge per attempt, before the password is looked at.
    // When the captcha is due, the solved captcha is the attempt's challenge and no slider is asked
    // as well; otherwise the solved slider is. The per-username allowance is spent only by calls
    // that solved one, so flooding it costs a solved challenge per request.
    let captchaSolved = false;
    if (captchaNeeded && input.captcha && input.captchaId) {
      if (!(await challenges.checkCaptcha(input.captchaId, input.captcha, client))) {
        throw new AppError('captcha_invalid', 400, undefined, { captchaRequired: true });
      }
      captchaSolved = true;
    } else if (captchaNeeded && !input.sliderToken) {
      throw new AppError('captcha_required', 400, undefined, { captchaRequired: true });
    } else if (!(await challenges.consumeSliderToken(input.sliderToken, client))) {
      throw new AppError(input.sliderToken ? 'slider_invalid' : 'slider_required', 400);
    }
    await perAccountLimit(key);

    // #10: the address that failed waits longer after each failure (nothing else is delayed).
    const wait = waitMs(fromHere, LOGIN_SOURCE_POLICY, t);
    if (wait > 0) {
      await audit('login', 'throttled', { username: input.username }, client);
      throw new AppError('login_throttled', 429, undefined, {
        captchaRequired: true,
        retryAfterSeconds: toSeconds(wait),
      });
    }
    // A slider solved by a client that did not know the captcha was due: the captcha now.
    if (captchaNeeded && !captchaSolved) throw new AppError('captcha_required', 400, undefined, { captchaRequired: true });

    const member = named.member ?? (await members.findByUsername(input.username));
    let passwordOk = false;
    if (member) passwordOk = await hasher.verify(member.passwordHash, input.password);
    else await hasher.verifyDummy(input.password);

    if (!member || !passwordOk) {
      const next = await recordLoginFailure(key, input.username, member, client, 'bad_password');
      throw new AppError('incorrect_username_password', 401, undefined, {
        captchaRequired: true,
        ...(next > 0 ? { retryAfterSeconds: toSeconds(next) } : {}),
      });
    }

    await admit(member, input.portal, 'username', client);
    // The count restarts when a login completes (with two-factor: after the second step). Only when
    // there is a count: a clean login writes nothing here (argon2id is the cost of a login, not this).
    if (!member.totpEnabled && (fromHere || everywhere)) await clearLoginFailures(key, client);
    // 4.LOGIN.07 generalised: a password under the floor (123456, too short, common...) must change.
    return finish(member, 'username', await failsPasswordFloor(input.password), client);
  }

  async function clearLoginFailures(key: string, client: Client) {
    await database.tx(async (tx) => {
      await throttles.clear('login', key, ipLimitKey(client.ip), tx);
      await throttles.clear('login', key, '', tx);
    });
  }

  /**
   * A failed login (wrong password, or a wrong second factor): counted for this username from this
   * address and from anywhere, and for the address; the owner is told once the failures pile up
   * (at most once a day). Returns the wait before this address may try this username again.
   */
  async function recordLoginFailure(
    key: string,
    username: string,
    member: MemberRow | null,
    client: Client,
    outcome: string,
  ): Promise<number> {
    const at = new Date(now());
    const { fromHere, notify } = await database.tx(async (tx) => {
      const source = await throttles.record(
        'login',
        key,
        ipLimitKey(client.ip),
        at,
        LOGIN_SOURCE_POLICY.resetAfterMs,
        tx,
      );
      const account = await throttles.record('login', key, '', at, LOGIN_ACCOUNT_POLICY.resetAfterMs, tx);
      await verificationRepo.hitCounter(`loginfail:ip:${ipLimitKey(client.ip)}`, at, IP_FAILURE_WINDOW_MS, tx);
      await audit('login', outcome, { memberId: member?.id ?? null, username }, client, tx);
      const claimed =
        !!member &&
        account.failures >= ACCOUNT_NOTIFY_AT &&
        (await throttles.claimNotification(
          'login',
          key,
          '',
          at,
          new Date(at.getTime() - NOTIFY_EVERY_MS),
          tx,
        ));
      return { fromHere: source, notify: claimed };
    });
    if (notify && member) await notifier.notifyMember(member.id, 'login_failures');
    return waitMs(fromHere, LOGIN_SOURCE_POLICY, at.getTime());
  }

  // ---------- SMS code (3.LOG.02, 4.LOGIN.02: no slider) ----------
  async function loginWithSms(input: TLoginRequest, client: Client): Promise<TLoginResult> {
    const flags = await config.get('whitelabel');
    if (!flags.MOBILEVERCODELOGIN3) throw new AppError('sms_login_disabled', 403);
    if (!input.countryDialingCode)
      throw new AppError('validation_failed', 400, { countryDialingCode: 'required' });
    const mobile = normalizeMobile(input.countryDialingCode, input.username);
    if (!mobile) throw new AppError('invalid_mobile_number', 400, { username: 'pattern' });
    await perAccountLimit(`sms:${mobile.e164}`);
    const ok = await deps.sms.verify('login_or_reset', mobile.e164, input.password);
    const member = ok ? await members.findByE164(mobile.e164) : null;
    if (!member) {
      await audit('login', 'sms:bad_code', { username: `+${mobile.e164}` }, client);
      throw new AppError('invalid_verification_code', 400, { password: 'invalid_verification_code' });
    }
    await admit(member, input.portal, 'sms', client);
    return finish(member, 'sms', false, client);
  }

  // ---------- phone-auth ID token (decision 4.LOGIN.10) ----------
  async function loginWithPhoneAuth(input: TLoginRequest, client: Client): Promise<TLoginResult> {
    const flags = await config.get('whitelabel');
    if (!flags.MOBILEVERCODELOGIN3) throw new AppError('sms_login_disabled', 403);
    const phone = await deps.phoneAuth.verify(input.firebaseIdToken);
    const member = await members.findByE164(phone.e164);
    if (!member) {
      await audit('login', 'firebase:no_member', { username: `+${phone.e164}` }, client);
      throw new AppError('incorrect_username_password', 401);
    }
    await admit(member, input.portal, 'firebase', client);
    return finish(member, 'firebase', false, client);
  }

  /** The second factor when enrolled, otherwise a session. */
  async function finish(
    member: MemberRow,
    loginType: LoginType,
    usedWeakPassword: boolean,
    client: Client,
  ): Promise<TLoginResult> {
    if (!member.totpEnabled) return issue(member, loginType, usedWeakPassword, client);
    const ticket = randomToken(32);
    const t = now();
    await database.tx(async (tx) => {
      await verificationRepo.insertTicket(
        {
          id: sha256Hex(ticket),
          kind: '2fa',
          memberId: member.id,
          clientHash: clientHash(client),
          data: { loginType, usedWeakPassword },
          expiresAt: new Date(t + options.twoFactorTicketTtlMs),
          createdAt: new Date(t),
        },
        tx,
      );
      await audit(
        'login',
        `${loginType}:2fa_required`,
        { memberId: member.id, username: member.username },
        client,
        tx,
      );
    });
    return {
      token: null,
      firstTimeLogin: false,
      passwordExpired: false,
      forceChangePassword: false,
      twoFactorRequired: true,
      twoFactorTicket: ticket,
      userInfo: null,
    };
  }

  /** Creates the session and the login answer (3.LOG.03, 4.LOGIN.04-09). */
  async function issue(
    member: MemberRow,
    loginType: LoginType,
    usedWeakPassword: boolean,
    client: Client,
    event: 'login' | 'login_2fa' | 'register' | 'freeplay' = 'login',
  ): Promise<TLoginResult> {
    const t = now();
    const flags = await config.get('whitelabel');
    const firstTimeLogin = event === 'login' || event === 'login_2fa' ? isFirstTimeLogin(member) : false;
    const passwordExpired = isPasswordExpired(member.passwordChangedAt, options.passwordMaxAgeDays, t);
    const forceChangePassword = isPasswordChangeForced({
      loginType,
      firstTimeLogin,
      usedWeakPassword,
      passwordExpired,
      expiryEnforced: flags.PWDEXPFORCECHANGE3,
      operatorRequired: member.passwordChangeRequired,
    });
    const brand = await config.get('brand');
    // Configuration is read before the transaction: inside it, only the transaction handle is used.
    const session = await database.tx(async (tx) => {
      // #11: a forced change gets a restricted session (change the password or log out, nothing else).
      const created = await sessions.create(
        member.id,
        client,
        { trial: isTrialAccount(member), restricted: forceChangePassword },
        tx,
      );
      await members.update(member.id, { lastLoginAt: new Date(t), lastLoginIp: client.ip }, tx);
      await audit(event, `${loginType}:ok`, { memberId: member.id, username: member.username }, client, tx);
      return created;
    });
    return {
      token: session.token,
      firstTimeLogin,
      passwordExpired,
      forceChangePassword,
      twoFactorRequired: false,
      twoFactorTicket: null,
      userInfo: toMemberInfo(
        { ...member, lastLoginAt: new Date(t), lastLoginIp: client.ip },
        brand,
        await deps.memberBalance(member),
        deps.unreadMessages ? await deps.unreadMessages(member.id) : 0,
      ),
    };
  }

  /** POST /wps/session/login/2fa: the ticket from the first step and a TOTP or recovery code. */
  async function loginSecondFactor(
    input: { ticket: string; code: string },
    client: Client,
  ): Promise<TLoginResult> {
    const id = sha256Hex(input.ticket);
    const row = await verificationRepo.findTicket(id, '2fa');
    const data = ZTicketData.safeParse(row?.data);
    if (
      !row ||
      !data.success ||
      row.memberId === null ||
      row.expiresAt.getTime() <= now() ||
      row.clientHash !== clientHash(client)
    ) {
      throw new AppError('session_expired', 401);
    }
    const member = await members.findById(row.memberId);
    if (!member) throw new AppError('session_expired', 401);
    // #3: throttled per member across tickets (delays, then a lock that tells the owner). A wrong
    // code also spends the ticket (5 at most) and the login allowance like a wrong password does.
    await deps.totp.checkSecondFactor(member, input.code, client, 'login_2fa', async () => {
      const attempts = await database.tx((tx) => verificationRepo.addTicketAttempt(id, tx));
      if (attempts === null || attempts >= MAX_2FA_ATTEMPTS) await database.tx((tx) => verificationRepo.consumeTicket(id, '2fa', tx));
      const key = usernameKey(member.username);
      await database.tx((tx) => verificationRepo.hitCounter(`login:acct:${key}`, new Date(now()), 60_000, tx));
      await recordLoginFailure(key, member.username, member, client, '2fa:bad_code');
    });
    if (!(await database.tx((tx) => verificationRepo.consumeTicket(id, '2fa', tx)))) throw new AppError('session_expired', 401);
    await clearLoginFailures(usernameKey(member.username), client);
    return issue(member, data.data.loginType, data.data.usedWeakPassword, client, 'login_2fa');
  }

  // ---------- free play (7.AUTH.02, decision 6.ROLE.08) ----------
  async function freePlay(client: Client): Promise<TLoginResult> {
    const flags = await config.get('whitelabel');
    if (!flags.FREEPLAY3) throw new AppError('freeplay_disabled', 403);
    const t = now();
    const member = await database.tx(async (tx) => {
      const created = await insertMember(
        members,
        {
          username: 'trial',
          passwordHash: UNUSABLE_PASSWORD_HASH,
          passwordChangedAt: new Date(t),
          passwordGenerated: true,
          type: ACCOUNT_TYPE.trial,
          isAgent: TRIAL_ACCOUNT,
          createdBy: 'trial',
          trialCredit: options.trialCreditMinor,
          language: client.language,
          registerIp: client.ip,
          createdAt: new Date(t),
        },
        { generateUsername: () => `trial_${randomFrom('abcdefghjkmnpqrstuvwxyz23456789', 6)}`, tx },
      );
      // The play credit is money of the trial class in the ledger (never withdrawable, never mixed).
      await deps.grantTrialCredit(created.id, options.trialCreditMinor, tx);
      return created;
    });
    return issue(member, 'username', false, client, 'freeplay');
  }

  /** DELETE /wps/session/logout: revokes the current session. */
  async function logout(member: { id: number; username: string; sessionId: string }, client: Client) {
    await database.tx(async (tx) => {
      await sessions.revoke(member.sessionId, member.id, 'logout', tx);
      await audit('logout', 'ok', { memberId: member.id, username: member.username }, client, tx);
    });
    return { done: true as const };
  }

  /**
   * GET /wps/session/login/challenge: whether the next password login from this address must
   * solve the captcha (showCaptcha, or a failure from this address), so the form can show it before
   * the first submit (docs/adr/0031). The username-wide rule (many failures from anywhere) is only
   * known once a username is typed: that login answers captcha_required after its slider.
   */
  async function loginChallenge(client: Client): Promise<{ captcha: boolean }> {
    const flags = await config.get('whitelabel');
    if (flags.showCaptcha) return { captcha: true };
    const ipFailures = await verificationRepo.peekCounter(`loginfail:ip:${ipLimitKey(client.ip)}`, new Date(now()));
    return { captcha: ipFailures > 0 };
  }

  return { login, loginSecondFactor, freePlay, logout, issue, loginChallenge };
}

export type LoginService = ReturnType<typeof createLoginService>;
