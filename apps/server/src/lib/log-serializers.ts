import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { summarizeDbError } from './pg-errors';

/**
 * A URL for logs (security #18): the path, and the query's names with every value replaced, so
 * tokens in links (reset links of older mails, anything a client puts in a query) never reach the
 * access log.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]!.slice(0, 40)}=[redacted]`);
  return `${url.slice(0, q)}${names.length > 0 ? `?${names.join('&')}` : ''}`;
}

/**
 * Serializers of the app's logger: requests with a redacted URL, errors from the database as
 * their SQLSTATE and query name only (security #6), other errors as pino prints them.
 */
export const logSerializers = {
  req(request: FastifyRequest | IncomingMessage) {
    const r = request as FastifyRequest & IncomingMessage;
    return {
      method: r.method,
      url: redactUrl(r.url ?? ''),
      host: r.host ?? r.headers?.host,
      remoteAddress: r.ip ?? r.socket?.remoteAddress,
      remotePort: r.socket?.remotePort,
    };
  },
  err(error: unknown): { [key: string]: unknown; type: string; message: string; stack: string } {
    const db = summarizeDbError(error);
    if (!db) return pino.stdSerializers.err(error as Error);
    // No stack: its first line is the message, which is what must not be logged.
    return { ...db, message: `database error ${db.sqlState ?? '?'} in ${db.query ?? 'a query'}`, stack: '' };
  },
};
