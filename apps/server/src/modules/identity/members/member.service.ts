import { AppError } from '@lotus/contracts/app-error';
import type { TMemberInfo } from '@lotus/contracts/auth';
import type { TOpsMemberRow } from '@lotus/contracts/ops-accounts';
import { isAgentAccount } from '@lotus/contracts/accounts';
import type { TOpsMemberSearchQuery } from '@lotus/contracts/ops-console';
import type { TSiteConfig } from '@lotus/contracts/site-config';
import type { z } from 'zod';
import type { ZMemberIcon } from '@lotus/contracts/auth';
import type { Database } from '../../../db/client';
import type { ConfigService } from '../../../platform/config/config.service';
import type { Audit, AuditClient } from '../audit';
import { formatMinor } from '@lotus/contracts/money';
import type { UnreadMessages } from '../../inbox/inbox.module';
import type { MemberBalance } from '../../wallet/wallet.module';
import { usernameKey } from '../identity.rules';
import type { MemberRepository, MemberRow } from './member.repository';
import type { PasswordHasher } from '../../../lib/password-hasher';
import type { ConfirmPassword } from '../passwords/reauth';
import type { SessionService } from '../sessions/session.service';
import type { ThrottleRepository } from '../../../platform/throttles/throttle.repository';
import { isLocked, SECOND_FACTOR_POLICY } from '../../../platform/throttles/throttle.rules';

/** Contract info flags of member info (3.CON.01): the agent module's reader (docs/adr/0100). */
export type ContractFlags = Required<Pick<TMemberInfo, 'divtypereq' | 'dailysalreqtype' | 'contracthoursalreq' | 'realtimesalreqtype'>>;
export type ContractFlagsReader = (memberId: number) => Promise<ContractFlags>;

/** The default avatar (the avatar relay call MCSFE_getPlayerAvatar belongs to the member issue). */
export const DEFAULT_ICON_URL = '/media/avatars/default.svg';

/** Member info (3.MEM) from the member row; fields owned by later issues are zero until their tables exist. */
export function toMemberInfo(
  m: MemberRow,
  brand: TSiteConfig['brand'],
  balanceMinor: bigint,
  unreadMessage = 0,
  contractFlags: ContractFlags | null = null,
): TMemberInfo {
  return {
    // Contract info (3.CON.01): the agent module's flags, for agents (docs/adr/0100).
    ...(contractFlags ?? {}),
    id: m.id,
    account: m.username,
    // The name the site shows in its header and greetings: the username, never the real name (payeeName,
    // the bank account holder's name kept for withdrawals; issue 25, docs/adr/0076).
    nickname: m.username,
    customerId: String(m.id),
    type: m.type,
    isAgent: m.isAgent,
    toUpline: m.uplineId !== null,
    // VIP club and labels: the vip issue owns them; a new member is rank 0 with no labels.
    clubLabel: { labelName: '', rankLevel: 0 },
    memberLabel: [],
    // The wallet module's memberBalance (a trial account's demo credit until the wallet exists).
    balance: formatMinor(balanceMinor),
    currencySymbol: brand.currencySymbol,
    // Platform messages: the inbox module's unread count (member info); promotions do not exist yet.
    unreadMessage,
    availablePromoCount: 0,
    vipRankLevel: 0,
    twoFactorEnabled: m.totpEnabled,
    mobileNum: m.mobileE164 && m.countryDialingCode ? `+${m.countryDialingCode} ${m.mobileNum ?? ''}` : null,
    email: m.email,
    lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
  };
}

type Deps = {
  database: Pick<Database, 'tx'>;
  members: Pick<MemberRepository, 'findById' | 'findByUsername' | 'update' | 'list' | 'searchForOps'>;
  throttles: Pick<ThrottleRepository, 'find' | 'clear'>;
  sessions: Pick<SessionService, 'list' | 'revoke' | 'revokeAll'>;
  confirmPassword: ConfirmPassword;
  config: Pick<ConfigService, 'get'>;
  hasher: Pick<PasswordHasher, 'verify' | 'hash'>;
  audit: Audit;
  /** The balance of member info (modules/wallet: the seam the wallet module fills). */
  memberBalance: MemberBalance;
  /** Unread platform messages of member info (modules/inbox); none when not given. */
  unreadMessages?: UnreadMessages;
  /** Contract info of member info, for agents (modules/agent); none when not given. */
  contractFlags?: ContractFlagsReader;
  now?: () => number;
};

/** Member self-service: info, icon, language, sessions, the payment password; operator views. */
export function createMemberService({
  database,
  members,
  throttles,
  sessions,
  confirmPassword,
  config,
  hasher,
  audit,
  memberBalance,
  unreadMessages = async () => 0,
  contractFlags,
  now = Date.now,
}: Deps) {
  async function load(memberId: number): Promise<MemberRow> {
    const m = await members.findById(memberId);
    if (!m) throw new AppError('unauthorized', 401);
    return m;
  }

  async function getInfo(memberId: number): Promise<TMemberInfo> {
    const member = await load(memberId);
    const [brand, balance, unread, flags] = await Promise.all([
      config.get('brand'),
      memberBalance(member),
      unreadMessages(memberId),
      contractFlags && isAgentAccount(member) ? contractFlags(memberId) : Promise.resolve(null),
    ]);
    return toMemberInfo(member, brand, balance, unread, flags);
  }

  async function getIcon(memberId: number): Promise<z.infer<typeof ZMemberIcon>> {
    const info = await getInfo(memberId);
    return {
      nickname: info.nickname,
      iconUrl: DEFAULT_ICON_URL,
      balance: info.balance,
      currencySymbol: info.currencySymbol,
      unreadMessage: info.unreadMessage,
    };
  }

  /** PUT /wps/member/language (7.PAR.20): one of the site's enabled languages. */
  async function setLanguage(memberId: number, language: string): Promise<{ language: string }> {
    const languages = await config.get('languages');
    const match = languages.languages.find(
      (l) => l.enabled && l.code.toLowerCase() === language.toLowerCase(),
    );
    if (!match) throw new AppError('validation_failed', 400, { language: 'validation_failed' });
    await database.tx((tx) => members.update(memberId, { language: match.code }, tx));
    return { language: match.code };
  }

  const listSessions = (memberId: number, currentSessionId: string) =>
    sessions.list(memberId, currentSessionId);

  async function revokeSession(memberId: number, sessionId: string, client: AuditClient) {
    const done = await database.tx(async (tx) => {
      const revoked = await sessions.revoke(sessionId, memberId, 'member', tx);
      if (revoked) await audit('session_revoke', 'ok', { memberId }, client, tx);
      return revoked;
    });
    if (!done) throw new AppError('not_found', 404);
    return { done: true as const };
  }

  /**
   * DELETE /wps/member/sessions (issue 11): "log out all other devices": every live session of the
   * member but the one asking ends at once; one audit row says how many.
   */
  async function revokeOtherSessions(auth: { id: number; sessionId: string }, client: AuditClient) {
    const count = await database.tx(async (tx) => {
      const n = await sessions.revokeAll(auth.id, auth.sessionId, 'member', tx);
      await audit('session_revoke', `others:${n}`, { memberId: auth.id }, client, tx);
      return n;
    });
    return { done: true as const, count };
  }

  /**
   * PUT /wps/member/realName: a member who registered without the real name sets it once, in capitals as on
   * the bank account (pattern 13), confirmed by the login password; afterwards only customer service changes
   * it (withdrawals are paid to accounts in this name: docs/adr/0028).
   */
  async function setRealName(
    auth: { id: number; sessionId: string },
    input: { realName: string; password: string },
    client: AuditClient,
  ) {
    const m = await load(auth.id);
    if (m.payeeName && m.payeeName.trim() !== '') throw new AppError('real_name_locked', 409, { realName: 'real_name_locked' });
    await confirmPassword(m, input.password, auth, client, {
      event: 'real_name_set',
      field: 'password',
      error: 'old_password_incorrect',
    });
    const done = await database.tx(async (tx) => {
      const fresh = await members.findById(auth.id, tx);
      if (fresh?.payeeName && fresh.payeeName.trim() !== '') return false;
      await members.update(auth.id, { payeeName: input.realName }, tx);
      await audit('real_name_set', 'ok', { memberId: m.id, username: m.username }, client, tx);
      return true;
    });
    if (!done) throw new AppError('real_name_locked', 409, { realName: 'real_name_locked' });
    return { realName: input.realName };
  }

  /** PUT /wps/member/password/payment: the login password confirms the member (real accounts only). */
  async function changePaymentPassword(
    auth: { id: number; sessionId: string },
    input: { password: string; newPaymentPassword: string; confirmPaymentPassword: string },
    client: AuditClient,
  ) {
    const memberId = auth.id;
    const m = await load(memberId);
    if (input.newPaymentPassword !== input.confirmPaymentPassword) {
      throw new AppError('incorrect_confirmation', 400, { confirmPaymentPassword: 'incorrect_confirmation' });
    }
    const rule = (await config.get('register')).paymentPassword;
    const length = [...input.newPaymentPassword].length;
    if (
      length < Math.max(4, rule.minLength) ||
      length > rule.maxLength ||
      !/^\S+$/.test(input.newPaymentPassword)
    ) {
      throw new AppError('validation_failed', 400, { newPaymentPassword: 'pattern' });
    }
    // #12: wrong login passwords are counted per member; the 5th ends this session.
    await confirmPassword(m, input.password, auth, client, {
      event: 'payment_password_change',
      field: 'password',
      error: 'old_password_incorrect',
    });
    const hash = await hasher.hash(input.newPaymentPassword);
    await database.tx(async (tx) => {
      await members.update(memberId, { paymentPasswordHash: hash }, tx);
      // A new payment password starts clean (docs/adr/0028).
      await throttles.clear('payment', String(memberId), undefined, tx);
      await audit('payment_password_change', 'ok', { memberId, username: m.username }, client, tx);
    });
    return { done: true as const };
  }

  // ---------- operator views (ops API and command line) ----------
  async function toOpsRow(m: MemberRow): Promise<TOpsMemberRow> {
    const secondFactor = await throttles.find('2fa', String(m.id));
    return {
      id: m.id,
      username: m.username,
      mobile: m.mobileE164 ? `+${m.mobileE164}` : null,
      email: m.email,
      type: m.type,
      isAgent: m.isAgent,
      status: m.status,
      referralCode: m.referralCode,
      uplineId: m.uplineId,
      // Logins are never locked (docs/adr/0020); the second factor is, after too many wrong codes.
      locked: isLocked(secondFactor, SECOND_FACTOR_POLICY, now()),
      twoFactor: m.totpEnabled,
      createdAt: m.createdAt.toISOString(),
      lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
    };
  }

  async function listForOps(limit: number): Promise<TOpsMemberRow[]> {
    const rows = await members.list({ limit });
    return Promise.all(rows.map(toOpsRow));
  }

  async function searchForOps(query: TOpsMemberSearchQuery): Promise<{ rows: TOpsMemberRow[]; total: number }> {
    const found = await members.searchForOps({
      q: query.q,
      status: query.status,
      sort: query.sort,
      order: query.order,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { rows: await Promise.all(found.rows.map(toOpsRow)), total: found.total };
  }

  async function getForOps(id: number): Promise<TOpsMemberRow> {
    return toOpsRow(await load(id));
  }

  /**
   * Lifts throttles (`npm run ops -- member unlock <username>`): clears the failed logins of that
   * username string from every address, whether or not an account has it, and the account's
   * second-factor, current-password and payment-password counts. True when something was cleared.
   */
  async function unlock(username: string, operator: AuditClient): Promise<{ unlocked: boolean }> {
    const key = usernameKey(username);
    const member = await members.findByUsername(username);
    const unlocked = await database.tx(async (tx) => {
      let count = await throttles.clear('login', key, undefined, tx);
      if (member) {
        count += await throttles.clear('2fa', String(member.id), undefined, tx);
        count += await throttles.clear('password', String(member.id), undefined, tx);
        count += await throttles.clear('payment', String(member.id), undefined, tx);
      }
      const cleared = count > 0;
      await audit(
        'unlock',
        cleared ? 'ok' : 'nothing_to_unlock',
        { memberId: member?.id ?? null, username },
        operator,
        tx,
      );
      return cleared;
    });
    return { unlocked };
  }

  /**
   * Operator: active (may log in) or disabled (non-member: member_no_enter). Disabling revokes every
   * session of the member (#14), so enabling again does not bring any back: the member logs in.
   */
  async function setStatus(username: string, status: 'active' | 'disabled') {
    const m = await members.findByUsername(username);
    if (!m) throw new AppError('not_found', 404);
    await database.tx(async (tx) => {
      await members.update(m.id, { status }, tx);
      if (status !== 'active') await sessions.revokeAll(m.id, null, 'disabled', tx);
    });
    return { id: m.id, username: m.username, status };
  }

  return {
    getInfo,
    getIcon,
    setLanguage,
    listSessions,
    revokeSession,
    revokeOtherSessions,
    changePaymentPassword,
    setRealName,
    listForOps,
    searchForOps,
    getForOps,
    toOpsRow,
    unlock,
    setStatus,
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
