import { callEndpoint, type Transport } from '@lotus/contracts/call';
import { defineEndpoint, operator } from '@lotus/contracts/endpoint';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import errors from './errors';
import { route } from './route';

// An operator call shaped like the cashier's (params, body, answer), and a public read with a query.
const approve = defineEndpoint({
  method: 'POST',
  path: '/ops/things/:id/approve',
  tag: 'ops',
  summary: 'Approve a thing',
  auth: operator('money.write', 'thing.approve'),
  params: z.object({ id: z.coerce.number().int().min(1) }),
  body: z.object({ note: z.string().max(20).optional() }),
  response: z.object({ id: z.number(), status: z.literal('approved') }),
});
const list = defineEndpoint({
  method: 'GET',
  path: '/wps/things',
  tag: 'things',
  summary: 'Things',
  auth: 'public',
  query: z.object({ pageSize: z.coerce.number().int().min(1).max(50).default(15) }),
  response: z.object({ pageSize: z.number(), items: z.array(z.string()) }),
});

function bareApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

const injectTransport =
  (app: FastifyInstance): Transport =>
  async (request) => {
    const res = await app.inject({
      method: request.method,
      url: request.url,
      ...(request.body === undefined ? {} : { payload: request.body, headers: { 'content-type': request.contentType! } }),
    });
    return { status: res.statusCode, json: res.headers['content-type']?.includes('json') ? res.json() : null };
  };

describe('route(app, endpoint, options, handler)', () => {
  it('keeps the schemas typed in the handler, as the zod type provider did, on an operator call', () => {
    const app = bareApp();
    // Type-level only: the handler is never registered (no operator scope here).
    const register = () =>
      route(app, approve, async (req) => {
        expectTypeOf(req.params.id).toEqualTypeOf<number>();
        expectTypeOf(req.body.note).toEqualTypeOf<string | undefined>();
        // @ts-expect-error the body has no field `amount`
        void req.body.amount;
        return { id: req.params.id, status: 'approved' as const };
      });
    const wrongAnswer = () =>
      // @ts-expect-error the answer must match the response schema (status 'approved')
      route(app, approve, async (req) => ({ id: req.params.id, status: 'pending' }));
    expect(typeof register).toBe('function');
    expect(typeof wrongAnswer).toBe('function');
  });

  it('validates the query, puts the answer in the envelope, and callEndpoint reads it back typed', async () => {
    const app = bareApp();
    await app.register(errors);
    route(app, list, async (req) => {
      expectTypeOf(req.query.pageSize).toEqualTypeOf<number>();
      return { pageSize: req.query.pageSize, items: ['a'] };
    });
    const raw = await app.inject('/wps/things?pageSize=5');
    expect(raw.json()).toEqual({ success: true, message: 'ok', value: { pageSize: 5, items: ['a'] } });
    const refused = await app.inject('/wps/things?pageSize=500');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, message: 'validation_failed' });

    const value = await callEndpoint(injectTransport(app), list, { query: { pageSize: 7 } });
    expectTypeOf(value).toEqualTypeOf<{ pageSize: number; items: string[] }>();
    expect(value).toEqual({ pageSize: 7, items: ['a'] });
  });

  it('refuses an operator endpoint outside the operator scope, and a member endpoint without member auth', () => {
    const app = bareApp();
    expect(() => route(app, approve, async (req) => ({ id: req.params.id, status: 'approved' as const }))).toThrow(
      /operator scope/,
    );
    const mine = defineEndpoint({ ...list, path: '/wps/mine', auth: 'member' });
    expect(() => route(app, mine, async () => ({ pageSize: 1, items: [] }))).toThrow(/member-auth/);
  });
});
