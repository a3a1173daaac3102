import type { Database } from '../../db/client';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { Outbox } from '../../platform/outbox/outbox';
import type { ModuleParts } from '../../platform/module';
import type { Clock } from '../../platform/clock';
import { createMailRepository, type MailRepository } from './mail.repository';
import { createMailer, type Mail } from './mail.transport';

/** The sandbox mail outbox as the operator views read it. */
export type MailOutboxReader = Pick<MailRepository, 'list'>;

/**
 * Mail (adapters.md): the `Mailer` (SMTP, or the sandbox outbox table) and the outbox handler
 * `mail` that delivers what modules enqueue with `outbox.enqueue(tx, 'mail', ...)`.
 */
export function createMailModule(deps: {
  database: Database;
  keys: Pick<ServerKeys, 'seal' | 'open'>;
  outbox: Pick<Outbox, 'handle'>;
  smtp: { url?: string | undefined; from: string };
  now: Clock;
}) {
  const repo = createMailRepository(deps.database.db);
  const mailer = createMailer(
    { smtpUrl: deps.smtp.url, from: deps.smtp.from },
    { database: deps.database, repo, keys: deps.keys, now: deps.now },
  );
  // The outbox id travels along so a repeated delivery can be recognised.
  deps.outbox.handle('mail', (payload, { id }) => mailer.send({ ...(payload as Mail), id }));
  return {
    mailer,
    repo,
    /** Seals sandbox mail written in clear before security finding 21 (run at start; idempotent). */
    async sealPlaintext() {
      for (const row of await repo.listUnsealed()) {
        // Sealed before the unit of work (sealing may read the key from the database).
        const text = await deps.keys.seal(row.text);
        const html = row.html === null ? null : await deps.keys.seal(row.html);
        await deps.database.tx((tx) => repo.setBody(row.id, text, html, tx));
      }
    },
    /** Closes the mail transport (app close, after the job engine stopped). */
    close: () => mailer.close(),
  } satisfies ModuleParts & Record<string, unknown>;
}
