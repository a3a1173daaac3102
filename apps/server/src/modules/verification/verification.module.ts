import type { Executor } from '../../db/tx';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../../platform/config/config.service';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ModuleParts } from '../../platform/module';
import type { Outbox } from '../../platform/outbox/outbox';
import type { ThrottleRepository } from '../../platform/throttles/throttle.repository';
import { createChallengeService } from './challenge.service';
import { createSmsProvider, type SmsMessage } from './sms.providers';
import { createSmsService, type SmsBudget } from './sms.service';
import { createVerificationRepository, type VerificationRepository } from './verification.repository';
import { verificationRoutes } from './verification.routes';

/**
 * One-time tickets and hit counters (table one_time_tickets, rate_counters) that identity's login
 * and password reset keep their own state in: the narrowed store this module hands out.
 */
export type TicketStore = Pick<
  VerificationRepository,
  | 'hitCounter'
  | 'peekCounter'
  | 'insertTicket'
  | 'findTicket'
  | 'addTicketAttempt'
  | 'consumeTicket'
  | 'deleteTicketsOfMember'
>;

/** The sandbox SMS outbox as the operator views read it. */
export type SmsOutboxReader = Pick<VerificationRepository, 'listSmsOutbox'>;

/** Captcha, slider and SMS codes (spec 4.CAP, 7.AUTH.04/05/15) and the SMS provider. */
export function createVerificationModule(deps: {
  database: Database;
  keys: Pick<ServerKeys, 'seal' | 'open' | 'mac'>;
  throttles: Pick<ThrottleRepository, 'find' | 'record'>;
  outbox: Outbox;
  config: Pick<ConfigService, 'get'>;
  sms: { gatewayUrl?: string | undefined; gatewayKey?: string | undefined };
  smsBudget: SmsBudget;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: Clock;
}) {
  const { database, keys, now } = deps;
  const repo = createVerificationRepository(database.db);
  const challenges = createChallengeService({ database, repo, keys, throttles: deps.throttles, now });
  const smsProvider = createSmsProvider(deps.sms, { database, repo, keys, now });
  deps.outbox.handle('sms', (payload, { id }) => smsProvider.send({ ...(payload as SmsMessage), id }));
  const sms = createSmsService({
    database,
    repo,
    keys,
    whitelabel: () => deps.config.get('whitelabel'),
    consumeSliderToken: (token, client) => challenges.consumeSliderToken(token, client),
    outbox: deps.outbox,
    budget: deps.smsBudget,
    log: deps.log,
    now,
  });
  const tickets: TicketStore = repo;
  const smsOutbox: SmsOutboxReader = repo;
  return {
    challenges,
    sms,
    smsProvider,
    tickets,
    smsOutbox,
    repo,
    routes: (app) => verificationRoutes(app, { challenges }),
    /** Used or expired tickets and counters, SMS codes older than the daily limit window. */
    async housekeeping(t: number, tx: Executor) {
      await repo.purgeExpiredTickets(new Date(t - 60_000), tx);
      await repo.purgeExpiredCounters(new Date(t), tx);
      await repo.purgeSmsCodes(new Date(t - 2 * 86_400_000), tx);
    },
    /** Seals SMS outbox rows written in clear before security finding 21 (run at start; idempotent). */
    async sealPlaintext() {
      for (const row of await repo.listUnsealedSmsOutbox()) {
        const text = await keys.seal(row.text);
        await database.tx((tx) => repo.setSmsOutboxText(row.id, text, tx));
      }
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
