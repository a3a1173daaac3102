import type { Database } from '../../db/client';
import nodemailer from 'nodemailer';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { MailRepository } from './mail.repository';

/**
 * Mail delivery (docs/adapters.md). One interface, two transports chosen by the environment:
 * - smtp: nodemailer to SMTP_URL (smtp://user:pass@host:587, smtps://... for implicit TLS), from
 *   SMTP_FROM;
 * - sandbox (the default, no SMTP_URL; refused in production unless ALLOW_SANDBOX_TRANSPORTS=1):
 *   the mail is stored in table mail_outbox with its body sealed with the server secret (a reset
 *   link is never kept in clear), where `npm run ops -- mail list` opens it (an audited operator
 *   read); nothing leaves the server.
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The outbox id: the SMTP Message-ID, so a repeated delivery is the same message. */
  id?: string;
};

export interface Mailer {
  readonly transport: 'smtp' | 'sandbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transporter = nodemailer.createTransport(options.url);
  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.id ? { messageId: `<${mail.id}@lotus.outbox>` } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

type SandboxDeps = {
  database: Pick<Database, 'tx'>;
  repo: Pick<MailRepository, 'insert'>;
  keys: Pick<ServerKeys, 'seal'>;
  now?: () => number;
};

export function createSandboxMailer(deps: SandboxDeps): Mailer {
  const now = deps.now ?? Date.now;
  return {
    transport: 'sandbox',
    async send(mail) {
      // Sealed before the transaction opens (sealing may load the server secret).
      const row = {
        to: mail.to.toLowerCase(),
        subject: mail.subject,
        text: await deps.keys.seal(mail.text),
        html: mail.html === undefined ? null : await deps.keys.seal(mail.html),
        createdAt: new Date(now()),
      };
      await deps.database.tx((tx) => deps.repo.insert(row, tx));
    },
    close: () => {},
  };
}

export function createMailer(
  options: { smtpUrl?: string | undefined; from: string },
  deps: SandboxDeps,
): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ url: options.smtpUrl, from: options.from })
    : createSandboxMailer(deps);
}
