import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { ConfigBus } from './lib/config-bus';
import { createContentRepository } from './modules/content/content.repository';
import { createContentService } from './modules/content/content.service';
import { createOpsRepository } from './modules/ops/ops.repository';
import { createOpsService } from './modules/ops/ops.service';
import { createOpsAudit } from './modules/ops/ops.audit';
import { createOperatorsService } from './modules/ops/operators.service';
import { createConfigService } from './modules/system/config.service';
import { createSystemRepository } from './modules/system/system.repository';
import { createSystemService } from './modules/system/system.service';
import { createAudit } from './modules/identity/audit';
import { createAccountsOpsService } from './modules/identity/identity.ops';
import { DEFAULT_IDENTITY_OPTIONS, type IdentityOptions } from './modules/identity/identity.options';
import { createLoginService } from './modules/identity/login.service';
import { createMemberRepository } from './modules/identity/member.repository';
import { createMemberService } from './modules/identity/member.service';
import { createPasswordHasher } from './modules/identity/password-hasher';
import { createPasswordService } from './modules/identity/password.service';
import { createPhoneAuthVerifier } from './modules/identity/phone-auth';
import { createRegisterService } from './modules/identity/register.service';
import type { MasterKeys } from './modules/identity/master-key';
import { createServerKeyRepository, createServerKeys } from './modules/identity/server-keys';
import { createSessionRepository } from './modules/identity/session.repository';
import { createSessionService } from './modules/identity/session.service';
import { createNotifier } from './modules/identity/notifications';
import { createPasswordConfirmation } from './modules/identity/reauth';
import { createThrottleRepository } from './modules/identity/throttle.repository';
import { createTotpService } from './modules/identity/totp.service';
import { createMailRepository } from './modules/mail/mail.repository';
import { createMailer, type Mail } from './modules/mail/mail.transport';
import { createChallengeService } from './modules/verification/challenge.service';
import { createSmsProvider, type SmsMessage } from './modules/verification/sms.providers';
import { createSmsService } from './modules/verification/sms.service';
import { createVerificationRepository } from './modules/verification/verification.repository';
import { createJobEngine, type JobEngineOptions } from './platform/jobs/engine';
import { createOutbox } from './platform/outbox/outbox';

/**
 * The composition root: repositories and services wired once, used by the HTTP app and by the
 * ops command line's direct mode alike.
 */
export function createServices(
  database: Database,
  options: {
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    bus?: ConfigBus | undefined;
    /** Accounts and access tunables and adapters (env: identityOptionsFromEnv). */
    identity?: IdentityOptions;
    /** The clock of time-dependent rules (expiry, lockout, limits); tests move it. */
    now?: () => number;
    /** Job engine tunables (poll and schedule-check intervals). */
    jobs?: JobEngineOptions;
    /** The key-encryption key(s) of server_keys (modules/identity/master-key.ts). */
    masterKeys: Pick<MasterKeys, 'current' | 'previous'>;
  },
) {
  const now = options.now ?? Date.now;
  const identityOptions = options.identity ?? DEFAULT_IDENTITY_OPTIONS;
  const systemRepo = createSystemRepository(database.db);
  const contentRepo = createContentRepository(database.db);
  const opsRepo = createOpsRepository(database.db);

  const config = createConfigService({ database, repo: systemRepo, bus: options.bus, log: options.log, now });
  const content = createContentService({ database, repo: contentRepo, config });
  const system = createSystemService({ database, repo: systemRepo, config, content });
  const opsBase = createOpsService({ database, systemRepo, config, content });

  // ---------- platform: job engine and outbox (issue 7; started by buildApp) ----------
  const jobs = createJobEngine({ database, log: options.log, now, options: options.jobs });

  // ---------- accounts and access (issue 3) ----------
  const memberRepo = createMemberRepository(database.db);
  const sessionRepo = createSessionRepository(database.db);
  const verificationRepo = createVerificationRepository(database.db);
  const mailRepo = createMailRepository(database.db);
  const throttles = createThrottleRepository(database.db);
  const keys = createServerKeys({ database, repo: createServerKeyRepository(database.db), master: options.masterKeys, now });
  const hasher = createPasswordHasher();

  // ---------- operators (issue 6 finding 9, docs/adr/0019) ----------
  const opsAudit = createOpsAudit({ database, now });
  const operators = createOperatorsService({ database, repo: opsRepo, audit: opsAudit, hasher, keys, now });
  const ops = {
    ...opsBase,
    audit: opsAudit,
    operators,
    /** The operator of an API token (the /ops auth hook). */
    authenticate: operators.authenticate,
    /** An operator (admin unless told) with a fresh API token: bootstrap at start, tests. */
    createOperator: operators.createOperator,
  };
  const audit = createAudit(database, sessionRepo, now);
  const outbox = createOutbox({ db: database.db, jobs, keys, log: options.log, now });
  outbox.register();
  const mailer = createMailer({ smtpUrl: identityOptions.smtp.url, from: identityOptions.smtp.from }, { database, repo: mailRepo, keys, now });
  const smsProvider = createSmsProvider(identityOptions.sms, { database, repo: verificationRepo, keys, now });
  const phoneAuth = createPhoneAuthVerifier(identityOptions.phoneAuth, now);
  // Deliveries of the outbox; the outbox id travels along so a repeated delivery can be recognised.
  outbox.handle('mail', (payload, { id }) => mailer.send({ ...(payload as Mail), id }));
  outbox.handle('sms', (payload, { id }) => smsProvider.send({ ...(payload as SmsMessage), id }));

  const sessions = createSessionService({ database, repo: sessionRepo, policy: identityOptions.session, now });
  const challenges = createChallengeService({ database, repo: verificationRepo, keys, throttles, now });
  // Security notices to members (docs/adr/0020): the one function to move onto an outbox.
  const notifier = createNotifier({ database, members: memberRepo, mailer, sms: smsProvider, outbox });
  const confirmPassword = createPasswordConfirmation({ database, hasher, throttles, sessions, audit, now });
  const sms = createSmsService({
    database,
    repo: verificationRepo,
    keys,
    findMemberIdByE164: (e164) => memberRepo.findIdByE164(e164),
    whitelabel: () => config.get('whitelabel'),
    consumeSliderToken: (token, client) => challenges.consumeSliderToken(token, client),
    outbox,
    budget: identityOptions.smsBudget,
    log: options.log,
    now,
  });
  const totp = createTotpService({
    database,
    members: memberRepo,
    keys,
    config,
    audit,
    throttles,
    sessions,
    confirmPassword,
    notifier,
    now,
  });
  const login = createLoginService({
    database,
    members: memberRepo,
    throttles,
    verificationRepo,
    sessions,
    challenges,
    sms,
    phoneAuth,
    totp,
    notifier,
    hasher,
    config,
    audit,
    options: identityOptions,
    now,
  });
  const register = createRegisterService({ database, members: memberRepo, challenges, sms, phoneAuth, hasher, config, login, outbox, audit, now });
  const passwords = createPasswordService({
    database,
    members: memberRepo,
    throttles,
    verificationRepo,
    sessions,
    confirmPassword,
    notifier,
    sms,
    outbox,
    hasher,
    config,
    audit,
    options: identityOptions,
    now,
  });
  const members = createMemberService({
    database,
    members: memberRepo,
    throttles,
    sessions,
    confirmPassword,
    config,
    hasher,
    audit,
    now,
  });

  const accountsOps = createAccountsOpsService({ memberRepo, hasher, challenges, members, register, verificationRepo, mailRepo, keys, sms });

  const identity = {
    ops: accountsOps,
    keys,
    sessions,
    challenges,
    sms,
    totp,
    login,
    register,
    passwords,
    members,
    /** Repositories the operator views and tests read (outboxes, audit trail). */
    repos: { members: memberRepo, sessions: sessionRepo, verification: verificationRepo, mail: mailRepo, throttles },
    transports: { mailer, smsProvider, phoneAuth },
    /** Closes the mail transport (app close, after the job engine stopped). */
    close() {
      mailer.close();
    },
    /** Waits until the mail and SMS this process enqueued are delivered (tests read them then). */
    drain: () => outbox.drain(),
    /**
     * Seals outbox rows written in clear before finding 21 (run at start; idempotent): a live
     * reset link or code is never kept readable in the database.
     */
    async sealPlaintextOutboxes() {
      for (const row of await verificationRepo.listUnsealedSmsOutbox()) {
        const text = await keys.seal(row.text);
        await database.tx((tx) => verificationRepo.setSmsOutboxText(row.id, text, tx));
      }
      for (const row of await mailRepo.listUnsealed()) {
        const text = await keys.seal(row.text);
        const html = row.html === null ? null : await keys.seal(row.html);
        await database.tx((tx) => mailRepo.setBody(row.id, text, html, tx));
      }
    },
    /**
     * Removes what no rule needs any more: used or expired tickets and counters, SMS codes older
     * than the daily limit window, sessions ended 30 days ago, old failure throttles. Run every few
     * minutes by the job `identity-housekeeping` (once per period across instances; the deletes
     * are idempotent anyway).
     */
    async housekeeping() {
      const t = now();
      // One unit of work: the deletes commit together (and are retried together).
      await database.tx(async (tx) => {
        await verificationRepo.purgeExpiredTickets(new Date(t - 60_000), tx);
        await verificationRepo.purgeExpiredCounters(new Date(t), tx);
        await verificationRepo.purgeSmsCodes(new Date(t - 2 * 86_400_000), tx);
        await sessionRepo.purgeOldSessions(new Date(t - 30 * 86_400_000), tx);
        // Throttles restart after at most a day without failures (throttle.rules.ts).
        await throttles.purge(new Date(t - 2 * 86_400_000), tx);
      });
    },
  };

  jobs.define({
    name: 'identity-housekeeping',
    handler: () => identity.housekeeping(),
    retryLimit: 2,
    schedule: { everyMs: 10 * 60_000 },
  });

  return { config, content, system, ops, identity, platform: { jobs, outbox } };
}

export type Services = ReturnType<typeof createServices>;
