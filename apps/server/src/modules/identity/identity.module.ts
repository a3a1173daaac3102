import { AGENT_LEVELS, isAgentAccount, isTrialAccount } from '@lotus/contracts/accounts';
import type { Executor } from '../../db/tx';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../../platform/config/config.service';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ModuleParts } from '../../platform/module';
import type { Outbox } from '../../platform/outbox/outbox';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { ThrottleRepository } from '../../platform/throttles/throttle.repository';
import type { UnreadMessages } from '../inbox/inbox.module';
import type { MailOutboxReader } from '../mail/mail.module';
import type { Mailer } from '../mail/mail.transport';
import type { ChallengeService } from '../verification/challenge.service';
import type { SmsProvider } from '../verification/sms.providers';
import type { SmsService } from '../verification/sms.service';
import type { SmsOutboxReader, TicketStore } from '../verification/verification.module';
import type { MemberBalance, TrialCreditGrant } from '../wallet/wallet.module';
import { createAudit } from './audit';
import { opsAccountRoutes } from './identity-ops.routes';
import { createAccountsOpsService } from './identity.ops';
import type { IdentityOptions } from './identity.options';
import { createLoginService } from './login/login.service';
import { createPhoneAuthVerifier } from './login/phone-auth';
import { memberRoutes } from './member.routes';
import { createMemberRepository } from './members/member.repository';
import { createMemberService, type ContractFlagsReader } from './members/member.service';
import { createNotifier } from './notifications';
import { createPasswordService } from './passwords/password.service';
import { createPaymentStepUp, type PaymentStepUp } from './passwords/payment-password';
import { createPasswordConfirmation } from './passwords/reauth';
import { recoveryRoutes } from './recovery.routes';
import { registrationRoutes } from './registration.routes';
import { createRegisterService } from './registration/register.service';
import { createTotpService } from './second-factor/totp.service';
import { sessionRoutes } from './session.routes';
import { smsCodeRoutes } from './sms-code.routes';
import { createSessionRepository } from './sessions/session.repository';
import { createSessionService } from './sessions/session.service';

/**
 * What money modules ask of identity before moving a member's money (docs/adr/0028): the payment
 * password (counted and locked like failed logins), the second factor when enrolled, and the
 * member's real name and step-up state.
 */
export type MemberStepUp = Pick<
  PaymentStepUp,
  'verifyPaymentPassword' | 'hasSecondFactor' | 'verifySecondFactor' | 'profile'
>;

/**
 * Accounts and access (spec 3, 4.LOGIN, 4.REG, 7.AUTH): sessions, members, login, registration,
 * passwords, the second factor, security notices, and their operator routes.
 */
export function createIdentityModule(deps: {
  database: Database;
  config: ConfigService;
  keys: ServerKeys;
  throttles: ThrottleRepository;
  hasher: PasswordHasher;
  outbox: Outbox;
  verification: {
    challenges: ChallengeService;
    sms: SmsService;
    smsProvider: SmsProvider;
    tickets: TicketStore;
    smsOutbox: SmsOutboxReader;
    /** Purges used or expired tickets, counters and SMS codes (part of this module's housekeeping). */
    housekeeping: (t: number, tx: Executor) => Promise<void>;
  };
  mail: { mailer: Mailer; outbox: MailOutboxReader };
  memberBalance: MemberBalance;
  /** Unread platform messages for member info (the inbox module). */
  unreadMessages?: UnreadMessages;
  /** Contract info of member info (the agent module's `createContractFlagsReader`, built before identity). */
  contractFlags?: ContractFlagsReader;
  grantTrialCredit: TrialCreditGrant;
  options: IdentityOptions;
  now: Clock;
}) {
  const { database, config, keys, throttles, hasher, outbox, verification, options, now } = deps;
  const memberRepo = createMemberRepository(database.db);
  const sessionRepo = createSessionRepository(database.db);
  const { challenges, sms, tickets: verificationRepo } = verification;
  const phoneAuth = createPhoneAuthVerifier(options.phoneAuth, now);
  const audit = createAudit(database, sessionRepo, now);
  const sessions = createSessionService({ database, repo: sessionRepo, policy: options.session, now });
  // Security notices to members (docs/adr/0020), delivered through the outbox.
  const notifier = createNotifier({
    database,
    members: memberRepo,
    mailer: deps.mail.mailer,
    sms: verification.smsProvider,
    outbox,
  });
  const confirmPassword = createPasswordConfirmation({ database, hasher, throttles, sessions, audit, now });
  const common = { database, members: memberRepo, config, audit, now };
  const totp = createTotpService({ ...common, keys, throttles, sessions, confirmPassword, notifier });
  const login = createLoginService({
    ...common,
    throttles,
    verificationRepo,
    sessions,
    challenges,
    sms,
    phoneAuth,
    totp,
    notifier,
    hasher,
    memberBalance: deps.memberBalance,
    ...(deps.unreadMessages ? { unreadMessages: deps.unreadMessages } : {}),
    grantTrialCredit: deps.grantTrialCredit,
    options,
  });
  const register = createRegisterService({ ...common, challenges, sms, phoneAuth, hasher, login, outbox });
  const passwords = createPasswordService({
    ...common,
    throttles,
    verificationRepo,
    sessions,
    confirmPassword,
    notifier,
    sms,
    outbox,
    hasher,
    options,
  });
  const members = createMemberService({
    ...common,
    throttles,
    sessions,
    confirmPassword,
    hasher,
    memberBalance: deps.memberBalance,
    unreadMessages: deps.unreadMessages,
    contractFlags: deps.contractFlags,
  });
  const stepUp: MemberStepUp = createPaymentStepUp({ database, members: memberRepo, hasher, throttles, totp, audit, now });
  const ops = createAccountsOpsService({
    memberRepo,
    hasher,
    challenges,
    members,
    register,
    verificationRepo: verification.smsOutbox,
    mailRepo: deps.mail.outbox,
    keys,
    sms,
    sessionRepo,
    sessions,
    database,
    now,
  });

  /**
   * Removes what no rule needs any more: used or expired tickets and counters, SMS codes older than
   * the daily limit window, sessions ended 30 days ago, old failure throttles. Run every 10 minutes
   * by the job `identity-housekeeping` (once per period across instances; the deletes are idempotent).
   */
  async function housekeeping() {
    const t = now();
    // One unit of work: the deletes commit together (and are retried together).
    await database.tx(async (tx) => {
      await verification.housekeeping(t, tx);
      await sessionRepo.purgeOldSessions(new Date(t - 30 * 86_400_000), tx);
      // Throttles restart after at most a day without failures (throttle.rules.ts).
      await throttles.purge(new Date(t - 2 * 86_400_000), tx);
    });
  }

  return {
    ops,
    sessions,
    login,
    register,
    passwords,
    members,
    totp,
    stepUp,
    phoneAuth,
    housekeeping,
    /** An agent's direct downlines, or (null) the top-level agents (the agent module): narrowed member fields. */
    listDirectDownlines: (agentId: number | null, q: { search: string; limit: number; offset: number }) =>
      memberRepo.listDirectDownlines(agentId, q),
    /** A member's id, username, type, agent level, status and upline (the agent module's checks). */
    memberSummary: async (id: number) => {
      const m = await memberRepo.findById(id);
      return m ? { id: m.id, username: m.username, type: m.type, isAgent: m.isAgent, status: m.status, uplineId: m.uplineId } : null;
    },
    /** Every member's place in the tree, trial accounts marked (the agents' settlement, docs/adr/0100). */
    memberTree: async (tx?: Executor) =>
      (await memberRepo.tree(tx)).map((m) => ({ id: m.id, uplineId: m.uplineId, real: !isTrialAccount(m), agent: isAgentAccount(m) })),
    /** Real accounts made in [from, to) (the agents' team figures: new members). */
    madeBetween: async (from: Date, to: Date, tx?: Executor) =>
      (await memberRepo.madeBetween(from, to, tx)).filter((m) => !isTrialAccount(m)).map((m) => m.id),
    /**
     * An account an agent makes directly under itself (the agent centre's register centre; docs/adr/0100): the same
     * rules as an operator's (password floor, unique name), the first login asks for a new password.
     */
    createDownline: (agentId: number, input: { username: string; password: string; agent: boolean }, client: { ip: string; userAgent: string }) =>
      register.createForSomeone(
        { username: input.username, password: input.password, isAgent: input.agent ? AGENT_LEVELS[0]! : 0, uplineId: agentId, createdBy: 'agent' },
        client,
      ),
    /** A member's own affiliate (referral) code: an agent's registration links. */
    referralCodeOf: async (id: number) => (await memberRepo.findById(id))?.referralCode ?? '',
    /** Every member below an agent with its level, by username prefix (the agent centre's user profit and loss). */
    teamOf: (agentId: number, search: string) => memberRepo.teamOf(agentId, search),
    /** Makes a member an agent (level 1; docs/adr/0100): the approved operator request. */
    makeAgent: (id: number, tx: Executor) => memberRepo.setAgentLevel(id, AGENT_LEVELS[0]!, tx),
    /** A member's username, real name and trial class (the cashier desk's member money, docs/adr/0085). */
    memberMoneyProfile: async (id: number) => {
      const m = await memberRepo.findById(id);
      return m ? { id: m.id, username: m.username, realName: m.payeeName, trial: isTrialAccount(m) } : null;
    },
    /** Real names by member id (members without one are left out): the payer-name risk flag. */
    realNamesOf: (ids: number[]) => memberRepo.realNamesOf(ids),
    /** Usernames by member id (absent ids are left out). */
    usernamesOf: (ids: number[]) => memberRepo.usernamesOf(ids),
    /** Other accounts seen on the same address and browser since `since` (the shared-device risk flag). */
    sharedDevices: (memberIds: number[], since: Date) => sessionRepo.sharedDevices(memberIds, since),
    memberSummaryByUsername: async (username: string) => {
      const m = await memberRepo.findByUsername(username);
      return m ? { id: m.id, username: m.username, type: m.type, isAgent: m.isAgent, status: m.status, uplineId: m.uplineId } : null;
    },
    /** Real member accounts made in [from, to) (the operator's daily report). */
    registrationsBetween: (from: Date, to: Date) => memberRepo.countRegistrations(from, to),
    /** A member as a game player (the vendor protocol): status (active or blocked) and trial class. */
    async findPlayer(id: number): Promise<{ id: number; status: string; trial: boolean } | null> {
      const m = await memberRepo.findById(id);
      return m ? { id: m.id, status: m.status, trial: isTrialAccount(m) } : null;
    },
    jobs: [
      {
        name: 'identity-housekeeping',
        handler: housekeeping,
        retryLimit: 2,
        schedule: { everyMs: 10 * 60_000 },
      },
    ],
    routes: async (app) => {
      await app.register(sessionRoutes, { keys, login });
      await app.register(registrationRoutes, { register, perAddressPerHour: options.registrationsPerAddressPerHour });
      await app.register(recoveryRoutes, { passwords });
      await app.register(memberRoutes, { members, passwords, totp });
      await app.register(smsCodeRoutes, { sms, memberOwning: (e164) => memberRepo.findIdByE164(e164) });
    },
    opsRoutes: (app) => opsAccountRoutes(app, { accounts: ops }),
  } satisfies ModuleParts & Record<string, unknown>;
}
