import { AppError } from '@lotus/contracts/app-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http';
import { sendJsonText } from '../../plugins/compression';
import type { RelayEntry, RelayRegistry } from './relay.registry';

/** The success envelope around a value's JSON text; made once per shared text. */
const envelopes = new WeakMap<object, { value: string; text: string }>();
function okText(value: string, shared: object | null): string {
  const hit = shared && envelopes.get(shared);
  if (hit && hit.value === value) return hit.text;
  const text = `{"success":true,"message":"ok","value":${value}}`;
  if (shared) envelopes.set(shared, { value, text });
  return text;
}

/**
 * Relay calls (7.RELAY.01): each registry entry becomes its own GET route, so its query is
 * validated (400 validation_failed) and its answer goes through its contract (and shows in the
 * OpenAPI document; an entry with `json` checked its text against the contract when it made it). Every other name under /wps/relay/ (one optional '/' as in passwordCheck/...)
 * answers 404 unknown_call.
 */
export async function relayRoutes(fastify: FastifyInstance, { registry }: { registry: RelayRegistry }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const register = <Q extends z.ZodType, R extends z.ZodType>(name: string, entry: RelayEntry<Q, R>) => {
    // Registered without the zod type provider: the reply type of a generic schema cannot be
    // resolved statically. Validation and serialization still run through the schemas at run time.
    fastify.get(
      `/wps/relay/${name}`,
      {
        ...(entry.access === 'member' ? { onRequest: fastify.requireMember } : {}),
        schema: {
          tags: ['relay'],
          ...(entry.access === 'member' ? { security: [{ member: [] }] } : {}),
          summary: entry.summary,
          querystring: entry.query,
          response: responses(entry.response),
        },
      },
      entry.json
        ? async (req, reply) => {
            const { text, shared } = await entry.json!(req.ctx, req.query as z.output<Q>);
            // The text in the success envelope (ok()), sent as it is: fastify does not serialize a string.
            return sendJsonText(req, reply, okText(text, shared), shared);
          }
        : async (req) => ok(await entry.handle(req.ctx, req.query as z.output<Q>, req.member)),
    );
  };
  for (const [name, entry] of Object.entries(registry) as [string, RelayEntry][]) register(name, entry);

  app.get('/wps/relay/*', { schema: { hide: true } }, async () => {
    throw new AppError('unknown_call', 404);
  });
}
