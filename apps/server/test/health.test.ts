import type { THealth } from '@lotus/contracts/health';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRoutes } from '../src/plugins/health';
import { useTestApp } from './helper';

/**
 * Issue 26, health probes (docs/deploy.md): liveness answers while the process does; readiness answers 200
 * only when the database, Redis (when configured) and the job engine answer and the instance is not draining,
 * else 503 with each check, so a proxy stops sending it traffic.
 */
const t = useTestApp();

afterEach(() => {
  t.app.lifecycle.draining = false;
});

describe('26 health probes', () => {
  it('live and ready answer 200 on a running instance, outside the envelope, with each check', async () => {
    const live = await t.inject('/health/live');
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await t.inject('/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', checks: { database: true, redis: null, jobs: true } }]);
  });

  it('a draining instance is not ready (503) but still live, and still serves requests', async () => {
    t.app.lifecycle.draining = true;
    const ready = await t.inject('/health/ready');
    expect([ready.statusCode, (ready.json() as THealth).status]).toEqual([503, 'draining']);
    expect((await t.inject('/health/live')).statusCode).toBe(200);
    expect((await t.inject('/wps/system/status')).statusCode).toBe(200);
  });
});

describe('26 readiness of each dependency', () => {
  const probe = async (deps: Partial<Parameters<typeof healthRoutes>[1]>) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    healthRoutes(app, { lifecycle: { draining: false }, pingDatabase: async () => 1, redis: undefined, jobsRunning: () => true, ...deps });
    const res = await app.inject('/health/ready');
    await app.close();
    return [res.statusCode, res.json()];
  };

  it('a database that refuses, a job engine that stopped: 503 unavailable naming it', async () => {
    expect(await probe({ pingDatabase: () => Promise.reject(new Error('connection refused')) })).toEqual([
      503,
      { status: 'unavailable', checks: { database: false, redis: null, jobs: true } },
    ]);
    expect(await probe({ jobsRunning: () => false })).toEqual([503, { status: 'unavailable', checks: { database: true, redis: null, jobs: false } }]);
  });

  it('a Redis that does not answer: 503; one that does: 200', async () => {
    const down = { ping: () => Promise.reject(new Error('ECONNREFUSED')) } as unknown as NonNullable<Parameters<typeof healthRoutes>[1]['redis']>;
    const up = { ping: async () => 'PONG' } as unknown as NonNullable<Parameters<typeof healthRoutes>[1]['redis']>;
    expect(await probe({ redis: down })).toEqual([503, { status: 'unavailable', checks: { database: true, redis: false, jobs: true } }]);
    expect(await probe({ redis: up })).toEqual([200, { status: 'ok', checks: { database: true, redis: true, jobs: true } }]);
  });
});
