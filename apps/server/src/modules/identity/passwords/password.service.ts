import { isTrialAccount } from '@lotus/contracts/accounts';
import { AppError } from '@lotus/contracts/app-error';
import type { Database } from '../../../db/client';
import type { ConfigService } from '../../../platform/config/config.service';
import type { Outbox } from '../../../platform/outbox/outbox';
import type { SmsService } from '../../verification/sms.service';
import type { TicketStore } from '../../verification/verification.module';
import type { Audit, AuditClient } from '../audit';
import { normalizeMobile, usernameKey } from '../identity.rules';
import type { IdentityOptions } from '../identity.options';
import type { MemberRepository, MemberRow } from '../members/member.repository';
import type { PasswordHasher } from '../../../lib/password-hasher';
import { assertPassword } from './password-policy';
import { randomToken, sha256Hex } from '../../../platform/keys/secrets';
import type { Notifier } from '../notifications';
import type { ConfirmPassword } from './reauth';
import type { SessionService } from '../sessions/session.service';
import type { ThrottleRepository } from '../../../platform/throttles/throttle.repository';

type Deps = {
  database: Pick<Database, 'tx'>;
  members: Pick<MemberRepository, 'findById' | 'findByUsername' | 'findByE164' | 'update'>;
  throttles: Pick<ThrottleRepository, 'clear'>;
  verificationRepo: Pick<
    TicketStore,
    'insertTicket' | 'consumeTicket' | 'deleteTicketsOfMember' | 'hitCounter'
  >;
  sessions: Pick<SessionService, 'revokeAll' | 'liftRestriction'>;
  confirmPassword: ConfirmPassword;
  notifier: Pick<Notifier, 'notifyMember'>;
  sms: Pick<SmsService, 'verify'>;
  /** Mail leaves through the outbox (kind 'mail'), delivered after the commit. */
  outbox: Pick<Outbox, 'enqueue' | 'seal'>;
  hasher: Pick<PasswordHasher, 'hash' | 'verify'>;
  config: Pick<ConfigService, 'get'>;
  audit: Audit;
  options: Pick<IdentityOptions, 'resetLinkTtlMs' | 'publicUrl' | 'demoOrigin'>;
  now?: () => number;
};

/** Reset requests per username per hour; above it the answer stays the same but nothing is sent. */
const RESETS_PER_USERNAME_PER_HOUR = 5;

const MAIL = {
  th: {
    subject: 'รีเซ็ตรหัสผ่าน Lotus',
    text: (name: string, link: string, minutes: number) =>
      `สวัสดี ${name}\n\nมีคำขอรีเซ็ตรหัสผ่านของบัญชีคุณ เปิดลิงก์นี้ภายใน ${minutes} นาทีเพื่อตั้งรหัสผ่านใหม่:\n${link}\n\nหากคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านเดิมยังใช้ได้`,
  },
  en: {
    subject: 'Reset your Lotus password',
    text: (name: string, link: string, minutes: number) =>
      `Hello ${name},\n\nSomebody asked to reset the password of your account. Open this link within ${minutes} minutes to choose a new password:\n${link}\n\nIf it was not you, do nothing: your password stays as it is.`,
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Passwords (3.LOG.06-08, 5.CPW, 5.FGP): change with the old password; forgot by email (a
 * single-use link that expires, the same answer whether or not the account exists); forgot by
 * phone (an SMS code). Every change revokes sessions: the member's other sessions on a change,
 * all of them on a reset.
 */
export function createPasswordService(deps: Deps) {
  const { database, members, throttles, verificationRepo, sessions, hasher, config, audit, options } = deps;
  const now = deps.now ?? Date.now;

  /** The password floor AND the operator's password rule (docs/adr/0021-password-floor.md). */
  async function ruleCheck(field: string, password: string) {
    await assertPassword(field, password, (await config.get('register')).password);
  }

  async function store(
    member: MemberRow,
    password: string,
    keepSessionId: string | null,
    event: 'password_change' | 'password_reset',
    outcome: string,
    client: AuditClient,
  ) {
    const hash = await hasher.hash(password);
    await database.tx(async (tx) => {
      await members.update(
        member.id,
        { passwordHash: hash, passwordChangedAt: new Date(now()), passwordGenerated: false, passwordChangeRequired: false },
        tx,
      );
      await sessions.revokeAll(member.id, keepSessionId, event, tx);
      // The session that changed it is a full one now (a forced change is done, docs/adr/0020).
      if (keepSessionId) await sessions.liftRestriction(keepSessionId, tx);
      // A new password starts clean: failed logins, second-factor and current-password counts.
      await throttles.clear('login', usernameKey(member.username), undefined, tx);
      await throttles.clear('2fa', String(member.id), undefined, tx);
      await throttles.clear('password', String(member.id), undefined, tx);
      await verificationRepo.deleteTicketsOfMember(member.id, 'reset', tx);
      await audit(event, outcome, { memberId: member.id, username: member.username }, client, tx);
      await deps.notifier.notifyMember(member.id, event === 'password_change' ? 'password_changed' : 'password_reset', tx);
    });
  }

  /**
   * PUT /wps/member/password: the old password (unless the server generated it), the new one twice,
   * different from the old one, meeting the password rule. The member's other sessions end; the
   * current one stays (docs/sessions.md).
   */
  async function change(
    auth: { id: number; sessionId: string },
    input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
    client: AuditClient,
  ) {
    const member = await members.findById(auth.id);
    if (!member) throw new AppError('unauthorized', 401);
    if (isTrialAccount(member)) throw new AppError('in_need_true_account', 403);
    if (input.newPassword !== input.confirmNewPassword) {
      throw new AppError('incorrect_confirmation', 400, { confirmNewPassword: 'incorrect_confirmation' });
    }
    await ruleCheck('newPassword', input.newPassword);
    // #12: wrong old passwords are counted per member; the 5th ends this session.
    if (!member.passwordGenerated) {
      await deps.confirmPassword(member, input.oldPassword, auth, client, {
        event: 'password_change',
        field: 'oldPassword',
        error: 'old_password_incorrect',
      });
    }
    if (await hasher.verify(member.passwordHash, input.newPassword)) {
      throw new AppError('password_same_as_old', 400, { newPassword: 'password_same_as_old' });
    }
    await store(member, input.newPassword, auth.sessionId, 'password_change', 'ok', client);
    return { done: true as const };
  }

  /**
   * Where links in mails point (security #1, docs/adr/0024): the configured canonical origin only:
   * PUBLIC_URL, else the first host of the site configuration's allowed hosts (https), else in the
   * embedded demo http://localhost:<PORT>. Never the request's Host or X-Forwarded-Host. Null when
   * none is configured (then no link is mailed; production refuses to start without PUBLIC_URL).
   */
  async function linkBase(): Promise<string | null> {
    if (options.publicUrl) return options.publicUrl;
    const domains = await config.get('domains');
    const host = domains.allowedHosts.map((h) => h.trim().toLowerCase()).find((h) => /^[a-z0-9.-]+(:\d+)?$/.test(h));
    if (host) return `https://${host}`;
    return options.demoOrigin;
  }

  /**
   * POST /wps/member/password/email (form-encoded username + email): the same answer whatever
   * happens. When both match an active real account, a single-use link (30 minutes) is mailed.
   */
  async function requestReset(
    input: { username: string; email: string },
    client: AuditClient & { language: string },
  ) {
    const t = now();
    const hit = await database.tx((tx) =>
      verificationRepo.hitCounter(`reset:acct:${usernameKey(input.username)}`, new Date(t), 3_600_000, tx),
    );
    const member = await members.findByUsername(input.username);
    const matches =
      !!member &&
      !!member.email &&
      member.email.toLowerCase() === input.email.trim().toLowerCase() &&
      member.status === 'active' &&
      !isTrialAccount(member);
    if (!matches || hit.count > RESETS_PER_USERNAME_PER_HOUR) {
      await audit(
        'password_reset_request',
        matches ? 'limited' : 'no_match',
        { memberId: member?.id ?? null, username: input.username },
        client,
      );
      return { done: true as const };
    }
    const base = await linkBase();
    if (!base) {
      await audit('password_reset_request', 'no_public_origin', { memberId: member.id, username: member.username }, client);
      return { done: true as const };
    }
    const token = randomToken(32);
    // Security #18: the token travels in the fragment, which browsers never send to a server (no
    // access log, proxy or Referer sees it); the reset page reads it and posts it in the body.
    const link = `${base}/forget#token=${encodeURIComponent(token)}`;
    const texts = client.language.startsWith('th') ? MAIL.th : MAIL.en;
    const minutes = Math.round(options.resetLinkTtlMs / 60_000);
    const text = texts.text(member.username, link, minutes);
    const html = `<p>${escapeHtml(text)
      .replace(/\n/g, '<br>')
      .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`;
    // The link is a credential: sealed before the transaction, enqueued in it, mailed after commit.
    const mail = await deps.outbox.seal({ to: member.email!, subject: texts.subject, text, html });
    await database.tx(async (tx) => {
      await verificationRepo.deleteTicketsOfMember(member.id, 'reset', tx);
      await verificationRepo.insertTicket(
        {
          id: sha256Hex(token),
          kind: 'reset',
          memberId: member.id,
          expiresAt: new Date(t + options.resetLinkTtlMs),
          createdAt: new Date(t),
        },
        tx,
      );
      await audit(
        'password_reset_request',
        'sent',
        { memberId: member.id, username: member.username },
        client,
        tx,
      );
      await deps.outbox.enqueue(tx, { kind: 'mail', payload: mail });
    });
    return { done: true as const };
  }

  /** POST /wps/member/password/reset: completes the mailed link (used once, within its lifetime). */
  async function resetWithLink(
    input: { token: string; newPassword: string; confirmNewPassword: string },
    client: AuditClient,
  ) {
    if (input.newPassword !== input.confirmNewPassword) {
      throw new AppError('incorrect_confirmation', 400, { confirmNewPassword: 'incorrect_confirmation' });
    }
    await ruleCheck('newPassword', input.newPassword);
    const row = await database.tx((tx) => verificationRepo.consumeTicket(sha256Hex(input.token), 'reset', tx));
    if (!row || row.memberId === null || row.expiresAt.getTime() <= now())
      throw new AppError('reset_link_invalid', 400);
    const member = await members.findById(row.memberId);
    if (!member || member.status !== 'active') throw new AppError('reset_link_invalid', 400);
    await store(member, input.newPassword, null, 'password_reset', 'email:ok', client);
    return { done: true as const };
  }

  /**
   * POST /wps/member/password/verification (enc): the SMS code of /wps/verification/sms/noLogin,
   * then the new password; every session ends. The answer names the account so the client can log
   * in with the new password (4.PWR.01).
   */
  async function resetWithPhone(
    input: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string },
    client: AuditClient,
  ) {
    const flags = await config.get('whitelabel');
    if (!flags.CHNGPASSVERIF3) throw new AppError('forbidden', 403);
    const mobile = normalizeMobile(input.countryDialingCode, input.mobileNum);
    if (!mobile) throw new AppError('invalid_mobile_number', 400, { mobileNum: 'pattern' });
    await ruleCheck('newPassword', input.newPassword);
    const ok = await deps.sms.verify('login_or_reset', mobile.e164, input.verificationCode);
    const member = ok ? await members.findByE164(mobile.e164) : null;
    if (!member || member.status !== 'active') {
      await audit('password_reset', 'phone:bad_code', { username: `+${mobile.e164}` }, client);
      throw new AppError('invalid_verification_code', 400, { verificationCode: 'invalid_verification_code' });
    }
    await store(member, input.newPassword, null, 'password_reset', 'phone:ok', client);
    return { username: member.username };
  }

  return { change, requestReset, resetWithLink, resetWithPhone };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
