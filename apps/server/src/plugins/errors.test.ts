import { createServer, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import errors from './errors';

/**
 * A request whose database cannot be reached (an instance cut off from PostgreSQL, a failover) answers 503
 * service_unavailable with Retry-After, so that a client or the proxy sends it again, rather than 500 unknown_error
 * (issue 26's failure test saw 500s from the cut instance). The errors are node-postgres' own, from real sockets.
 */

/** A port nothing listens on: a server is opened on a free port and closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts a connection and drops it at once (a connection lost under the client). */
async function droppingPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function appQuerying(pool: pg.Pool) {
  const app = Fastify();
  await app.register(errors);
  app.get('/thing', async () => (await pool.query('select 1 as one')).rows);
  app.get('/broken', async () => {
    throw new Error('a bug');
  });
  return app;
}

describe('the database out of reach', () => {
  it('a refused connection answers 503 service_unavailable with Retry-After; another failure stays 500', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x', connectionTimeoutMillis: 2_000 });
    const app = await appQuerying(pool);
    try {
      const res = await app.inject('/thing');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ success: false, message: 'service_unavailable', value: null });
      const bug = await app.inject('/broken');
      expect(bug.statusCode).toBe(500);
      expect(bug.json()).toMatchObject({ success: false, message: 'unknown_error' });
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('a connection dropped by the other side is out of reach too; a statement PostgreSQL refused is not', async () => {
    const dropping = await droppingPort();
    const client = new pg.Client({ host: '127.0.0.1', port: dropping.port, user: 'x', database: 'x' });
    const lost = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    await dropping.close();
    expect(lost).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(lost)).toBe(true);
    // Wrapped as Drizzle wraps a query's error.
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: lost }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('a bug'))).toBe(false);
  });
});
