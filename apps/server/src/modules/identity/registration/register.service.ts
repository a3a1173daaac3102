import { isTrialAccount } from '@lotus/contracts/accounts';
import { AppError } from '@lotus/contracts/app-error';
import type { TLoginResult, TRegisterRequest } from '@lotus/contracts/auth';
import { nationalNumber } from '@lotus/contracts/phone';
import type { TRegisterSettings } from '@lotus/contracts/system';
import type { Database } from '../../../db/client';
import type { Outbox } from '../../../platform/outbox/outbox';
import type { ConfigService } from '../../../platform/config/config.service';
import type { ChallengeService } from '../../verification/challenge.service';
import type { SmsService } from '../../verification/sms.service';
import type { Audit } from '../audit';
import {
  ageInYears,
  checkRegistration,
  isAgentLevel,
  MIN_AGE_YEARS,
  normalizeMobile,
  storedValue,
  type RegisterTab,
} from '../identity.rules';
import type { Client, LoginService } from '../login/login.service';
import { insertMember } from '../members/member-factory';
import type { MemberRepository, MemberRow } from '../members/member.repository';
import type { PasswordHasher } from '../../../lib/password-hasher';
import { assertPassword, isCommonPassword } from '../passwords/password-policy';
import type { PhoneAuthVerifier } from '../login/phone-auth';
import { randomFrom, randomToken } from '../../../platform/keys/secrets';

type Deps = {
  database: Pick<Database, 'tx'>;
  members: Pick<
    MemberRepository,
    'insert' | 'findByUsername' | 'findByReferralCode' | 'findIdByE164' | 'findEmailOwner'
  >;
  challenges: Pick<ChallengeService, 'consumeSliderToken'>;
  sms: Pick<SmsService, 'verify'>;
  phoneAuth: Pick<PhoneAuthVerifier, 'verify'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  config: Pick<ConfigService, 'get'>;
  login: Pick<LoginService, 'issue'>;
  /** Mail leaves through the outbox (kind 'mail'), delivered after the commit. */
  outbox: Pick<Outbox, 'enqueue' | 'seal'>;
  audit: Audit;
  now?: () => number;
};

/** The notice mailed to an address that registers again (issue 6 finding 22), in its owner's language. */
const ALREADY_REGISTERED_MAIL = {
  th: {
    subject: 'มีการสมัครสมาชิก Lotus ด้วยอีเมลของคุณ',
    text: 'สวัสดี\n\nมีการสมัครบัญชี Lotus ใหม่โดยใช้อีเมลนี้ ซึ่งมีบัญชีอยู่แล้ว หากเป็นคุณและลืมรหัสผ่าน กรุณาใช้ "ลืมรหัสผ่าน" บนหน้าเข้าสู่ระบบ\n\nหากไม่ใช่คุณ ไม่ต้องทำอะไร บัญชีของคุณไม่มีการเปลี่ยนแปลง',
  },
  en: {
    subject: 'Your email address was used to register at Lotus',
    text: 'Hello,\n\nSomebody registered a new Lotus account with this email address, which already has an account. If it was you and you forgot your password, use "Forgot password" on the login page.\n\nIf it was not you, do nothing: your account has not changed.',
  },
};

/** A referral field resolved to the member it names (decision 3.REG.11). */
type Referral = { uplineId: number | null; recommenderId: number | null };

/**
 * Registration (4.REG, 7.AUTH.07-09): `/wps/member/register` is the username tab and
 * `/wps/member/register/mobile` the mobile tab. The steps run in the spec's order: terms, fields,
 * affiliate code, slider (or the phone-auth token), then the account, logged in at once (decision
 * 4.REG.08: the answer is a login result with a fresh session token).
 */
export function createRegisterService(deps: Deps) {
  const { database, members, challenges, hasher, config, audit, outbox } = deps;
  const now = deps.now ?? Date.now;

  /** GET /wps/agent/affiliate: an active agent's referral code (4.AFF.01). */
  async function checkAffiliate(code: string): Promise<{ valid: true; code: string }> {
    const agent = await members.findByReferralCode(code);
    if (!agent || !isAgentLevel(agent.isAgent) || agent.status !== 'active') {
      throw new AppError('invitation_code_error', 400);
    }
    return { valid: true, code: agent.referralCode };
  }

  /**
   * The three referral fields (decision 3.REG.11): affiliateCode is an agent's code (the agent
   * becomes the upline); referralCode is any member's own code (that member is the recommender);
   * recommenderId is the recommender's username typed by hand. Without an affiliate code the
   * recommender's agent (or the recommender, when an agent) becomes the upline.
   */
  async function resolveReferral(req: TRegisterRequest, rules: TRegisterSettings): Promise<Referral> {
    let uplineId: number | null = null;
    let recommender: MemberRow | null = null;
    const affiliate = storedValue(rules, 'affiliateCode', req.affiliateCode);
    if (affiliate) {
      const agent = await members.findByReferralCode(affiliate);
      if (!agent || !isAgentLevel(agent.isAgent) || agent.status !== 'active') {
        throw new AppError('invitation_code_error', 400, { affiliateCode: 'invitation_code_error' });
      }
      uplineId = agent.id;
    }
    const referral = storedValue(rules, 'referralCode', req.referralCode);
    const recommenderName = storedValue(rules, 'recommenderId', req.recommenderId);
    if (referral) {
      recommender = await members.findByReferralCode(referral);
      if (!recommender || isTrialAccount(recommender))
        throw new AppError('invitation_code_error', 400, { referralCode: 'invitation_code_error' });
    } else if (recommenderName) {
      recommender = await members.findByUsername(recommenderName);
      if (!recommender || isTrialAccount(recommender))
        throw new AppError('invitation_code_error', 400, { recommenderId: 'invitation_code_error' });
    }
    if (uplineId === null && recommender)
      uplineId = isAgentLevel(recommender.isAgent) ? recommender.id : recommender.uplineId;
    return { uplineId, recommenderId: recommender?.id ?? null };
  }

  async function register(tab: RegisterTab, req: TRegisterRequest, client: Client): Promise<TLoginResult> {
    const flags = await config.get('whitelabel');
    const rules = await config.get('register');
    // 4.REG.11: the method's module must be on.
    if (tab === 'username' ? !flags.USERNAMEREG3 : !flags.MOBILENUMREG3)
      throw new AppError('registration_closed', 403);
    // 4.REG.02: terms first (the schema already refused a body without acceptTerms: true).
    if (req.acceptTerms !== true) throw new AppError('terms_required', 400);
    // 4.REG.03: every field against the server rules.
    const check = checkRegistration(req, rules, tab, flags);
    // The password floor's common/breached list (docs/adr/0021-password-floor.md).
    if (!check.fields.password && !check.generatePassword && req.password && (await isCommonPassword(req.password)))
      check.fields.password = 'password_common';
    if (Object.keys(check.fields).length > 0) throw new AppError('validation_failed', 400, check.fields);
    if (check.birthday && ageInYears(check.birthday, now()) < MIN_AGE_YEARS) {
      throw new AppError('age_restricted', 400, { birthday: 'age_restricted' });
    }
    // 4.REG.04: the affiliate code (and the other referral fields).
    const referral = await resolveReferral(req, rules);
    // 4.REG.05/06: the slider, or on the phone-auth path the provider's token for this very number,
    // or (issue 25, docs/adr/0072) the SMS code of the number: it took a solved slider to send, is
    // single use and dies after 5 wrong tries, so a second slider after it proves nothing more.
    // The code is checked here (a wrong one counts a try) and used with the account below.
    if (req.firebaseIdToken) {
      const phone = await deps.phoneAuth.verify(req.firebaseIdToken);
      if (!check.mobile || phone.e164 !== check.mobile.e164)
        throw new AppError('auth/invalid-phone-number', 400);
    } else if (check.needsSmsCode && !req.sliderToken) {
      if (!(await deps.sms.verify('register', check.mobile!.e164, req.verificationCode, { use: false })))
        throw new AppError('invalid_verification_code', 400, { verificationCode: 'invalid_verification_code' });
    } else if (!(await challenges.consumeSliderToken(req.sliderToken, client))) {
      throw new AppError(req.sliderToken ? 'slider_invalid' : 'slider_required', 400);
    }
    // The username is chosen and shown to others (agent centre, referrals): a taken one answers 409,
    // before an SMS code is spent. A taken number or email never shows (issue 6 finding 22):
    const username = check.generateUsername ? null : req.username!.trim();
    if (username && (await members.findByUsername(username)))
      throw new AppError('username_taken', 409, { username: 'username_taken' });
    // - a number proven by an SMS code: /wps/verification/sms/register sends the owner of a taken
    //   number an "already registered" notice instead of a code, so the answer is the one of a wrong
    //   code, whatever the number;
    if (check.needsSmsCode) {
      const proven = await deps.sms.verify('register', check.mobile!.e164, req.verificationCode);
      if (!proven || (await members.findIdByE164(check.mobile!.e164)) !== null) {
        throw new AppError('invalid_verification_code', 400, { verificationCode: 'invalid_verification_code' });
      }
    } else if (check.mobile && (await members.findIdByE164(check.mobile.e164)) !== null) {
      // - a number proven by a phone-auth token belongs to the caller, who may be told; without any
      //   proof (REGMOBVERF3 off) a login identifier cannot be given twice either: 409 (docs/adr/0017).
      throw new AppError('mobile_taken', 409, { mobileNum: 'mobile_taken' });
    }
    // - an email is a contact address, not an identifier: the account is created as for any other
    //   address, and the owner of the address is told by mail.
    const email = storedValue(rules, 'email', req.email)?.toLowerCase() ?? null;
    const emailOwner = email ? await members.findEmailOwner(email) : null;

    // Hashing (slow by design) happens before the transaction.
    const password = check.generatePassword ? randomToken(24) : req.password!;
    const passwordHash = await hasher.hash(password);
    const paymentPasswordHash =
      rules.paymentPassword.enabled && req.paymentPassword ? await hasher.hash(req.paymentPassword) : null;
    const t = now();
    // The owner of a taken email learns of the attempt (the caller does not): sealed now, enqueued
    // with the new member, sent after the commit.
    let ownerNotice: Awaited<ReturnType<typeof outbox.seal>> | null = null;
    if (email && emailOwner) {
      const texts = (emailOwner.language ?? client.language).startsWith('th')
        ? ALREADY_REGISTERED_MAIL.th
        : ALREADY_REGISTERED_MAIL.en;
      ownerNotice = await outbox.seal({ to: email, subject: texts.subject, text: texts.text });
    }
    const member = await database.tx(async (tx) => {
      const created = await insertMember(
        members,
        {
          username: username ?? 'generated',
          countryDialingCode: check.mobile?.dial ?? null,
          mobileNum: check.mobile?.national ?? null,
          mobileE164: check.mobile?.e164 ?? null,
          email,
          payeeName: storedValue(rules, 'payeeName', req.payeeName),
          qqNum: storedValue(rules, 'qqNum', req.qqNum),
          line: storedValue(rules, 'line', req.line),
          whatsapp: storedValue(rules, 'whatsapp', req.whatsapp === undefined ? undefined : nationalNumber(req.whatsapp)),
          facebook: storedValue(rules, 'facebook', req.facebook),
          wechat: storedValue(rules, 'wechat', req.wechat),
          idNumber: storedValue(rules, 'idNumber', req.idNumber),
          birthday: check.birthday,
          passwordHash,
          passwordChangedAt: new Date(t),
          passwordGenerated: check.generatePassword,
          paymentPasswordHash,
          uplineId: referral.uplineId,
          recommenderId: referral.recommenderId,
          createdBy: 'self',
          language: client.language,
          registerIp: client.ip,
          registerDomain: req.domain ?? null,
          registerUrl: req.registerUrl ?? null,
          createdAt: new Date(t),
        },
        {
          tx,
          ...(username
            ? {}
            : { generateUsername: () => `m${randomFrom('abcdefghjkmnpqrstuvwxyz23456789', 9)}` }),
        },
      );
      await audit('register', `${tab}:ok`, { memberId: created.id, username: created.username }, client, tx);
      if (ownerNotice) await outbox.enqueue(tx, { kind: 'mail', payload: ownerNotice });
      return created;
    });
    return deps.login.issue(member, 'username', false, client, 'register');
  }

  /**
   * An account created for somebody by an operator (ops API / command line) or, later, an agent:
   * the first login asks for a new password (decision 4.LOGIN.05).
   */
  async function createForSomeone(
    input: {
      username: string;
      password: string;
      isAgent?: number;
      /** The agent the account is made under (an agent's own downline). */
      uplineId?: number;
      mobile?: { dial: string; number: string } | null;
      createdBy: 'operator' | 'agent';
    },
    client: { ip: string; userAgent: string },
  ) {
    const mobile = input.mobile ? normalizeMobile(input.mobile.dial, input.mobile.number) : null;
    if (input.mobile && !mobile) throw new AppError('invalid_mobile_number', 400, { mobileNum: 'pattern' });
    // The same floor as every other password (docs/adr/0021-password-floor.md).
    await assertPassword('password', input.password, (await config.get('register')).password);
    const passwordHash = await hasher.hash(input.password);
    const t = now();
    return database.tx(async (tx) => {
      const created = await insertMember(
        members,
        {
          username: input.username.trim(),
          countryDialingCode: mobile?.dial ?? null,
          mobileNum: mobile?.national ?? null,
          mobileE164: mobile?.e164 ?? null,
          passwordHash,
          passwordChangedAt: new Date(t),
          isAgent: input.isAgent ?? 0,
          uplineId: input.uplineId ?? null,
          createdBy: input.createdBy,
          createdAt: new Date(t),
        },
        { tx },
      );
      await audit(
        'register',
        `${input.createdBy}:ok`,
        { memberId: created.id, username: created.username },
        client,
        tx,
      );
      return created;
    });
  }

  return { register, checkAffiliate, createForSomeone };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
