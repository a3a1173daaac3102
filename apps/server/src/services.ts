import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { ConfigBus } from './lib/config-bus';
import { createContentRepository } from './modules/content/content.repository';
import { createContentService } from './modules/content/content.service';
import { createOpsRepository } from './modules/ops/ops.repository';
import { createOpsService } from './modules/ops/ops.service';
import { createConfigService } from './modules/system/config.service';
import { createSystemRepository } from './modules/system/system.repository';
import { createSystemService } from './modules/system/system.service';
import { createAudit } from './modules/identity/audit';
import { createAccountsOpsService } from './modules/identity/identity.ops';
import { createBackground } from './modules/identity/background';
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
import { createTotpService } from './modules/identity/totp.service';
import { createMailRepository } from './modules/mail/mail.repository';
import { createMailer } from './modules/mail/mail.transport';
import { createChallengeService } from './modules/verification/challenge.service';
import { createSmsProvider } from './modules/verification/sms.providers';
import { createSmsService } from './modules/verification/sms.service';
import { createVerificationRepository } from './modules/verification/verification.repository';

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
    /** The key-encryption key(s) of server_keys (modules/identity/master-key.ts). */
    masterKeys: Pick<MasterKeys, 'current' | 'previous'>;
  },
) {
  const now = options.now ?? Date.now;
  const identityOptions = options.identity ?? DEFAULT_IDENTITY_OPTIONS;
  const systemRepo = createSystemRepository(database.db);
  const contentRepo = createContentRepository(database.db);
  const opsRepo = createOpsRepository(database.db);

  const config = createConfigService({ database, repo: systemRepo, bus: options.bus, log: options.log });
  const content = createContentService({ database, repo: contentRepo, config });
  const system = createSystemService({ database, repo: systemRepo, config, content });
  const ops = createOpsService({ database, repo: opsRepo, systemRepo, config, content });

  // ---------- accounts and access (issue 3) ----------
  const memberRepo = createMemberRepository(database.db);
  const sessionRepo = createSessionRepository(database.db);
  const verificationRepo = createVerificationRepository(database.db);
  const mailRepo = createMailRepository(database.db);
  const keys = createServerKeys({ repo: createServerKeyRepository(database.db), master: options.masterKeys, now });
  const hasher = createPasswordHasher();
  const audit = createAudit(sessionRepo, now);
  const background = createBackground(options.log);
  const mailer = createMailer({ smtpUrl: identityOptions.smtp.url, from: identityOptions.smtp.from }, { repo: mailRepo, now });
  const smsProvider = createSmsProvider(identityOptions.sms, { repo: verificationRepo, now });
  const phoneAuth = createPhoneAuthVerifier(identityOptions.phoneAuth, now);

  const sessions = createSessionService({ repo: sessionRepo, policy: identityOptions.session, now });
  const challenges = createChallengeService({ repo: verificationRepo, keys, now });
  const sms = createSmsService({
    database,
    repo: verificationRepo,
    keys,
    provider: smsProvider,
    findMemberIdByE164: (e164) => memberRepo.findIdByE164(e164),
    whitelabel: () => config.get('whitelabel'),
    consumeSliderToken: (token, client) => challenges.consumeSliderToken(token, client),
    background,
    now,
  });
  const totp = createTotpService({ database, members: memberRepo, keys, config, audit, now });
  const login = createLoginService({
    database,
    members: memberRepo,
    sessionRepo,
    verificationRepo,
    sessions,
    challenges,
    sms,
    phoneAuth,
    totp,
    hasher,
    config,
    audit,
    options: identityOptions,
    now,
  });
  const register = createRegisterService({ database, members: memberRepo, challenges, sms, phoneAuth, hasher, config, login, audit, now });
  const passwords = createPasswordService({
    database,
    members: memberRepo,
    sessionRepo,
    verificationRepo,
    sessions,
    sms,
    mailer,
    background,
    hasher,
    config,
    audit,
    options: identityOptions,
    now,
  });
  const members = createMemberService({ database, members: memberRepo, sessionRepo, sessions, config, hasher, audit, now });

  const accountsOps = createAccountsOpsService({ memberRepo, hasher, challenges, members, register, verificationRepo, mailRepo });

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
    repos: { members: memberRepo, sessions: sessionRepo, verification: verificationRepo, mail: mailRepo },
    transports: { mailer, smsProvider, phoneAuth },
    /** Waits for messages still being delivered, then closes the mail transport (app close). */
    async close() {
      await background.drain();
      mailer.close();
    },
    drain: () => background.drain(),
    /**
     * Removes what no rule needs any more: used or expired tickets and counters, SMS codes older
     * than the daily limit window, sessions ended 30 days ago, old login failures. Run every few
     * minutes by the app (any instance; the deletes are idempotent).
     */
    async housekeeping() {
      const t = now();
      await verificationRepo.purgeExpiredTickets(new Date(t - 60_000));
      await verificationRepo.purgeExpiredCounters(new Date(t));
      await verificationRepo.purgeSmsCodes(new Date(t - 2 * 86_400_000));
      await sessionRepo.purgeOldSessions(new Date(t - 30 * 86_400_000));
      await sessionRepo.purgeFailures(new Date(t - 86_400_000), new Date(t));
    },
  };

  return { config, content, system, ops, identity };
}

export type Services = ReturnType<typeof createServices>;
