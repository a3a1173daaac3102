import { AppError } from '@lotus/contracts/app-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findControlCharacter } from '../lib/validation';
import { appendRouteHook } from './route-hooks';

/**
 * Security #6, the one place: before validation, every decoded string a route receives (path
 * parameters, query, body: JSON, form-encoded, or an enc body after decryption, object keys
 * included) is refused with 400 invalid_characters when it holds a C0 control character. NUL and
 * its kin never reach a service or the database. A route whose body is free text sets
 * `config: { multiline: true }`: tab, LF and CR are then allowed in its body values (never in
 * params or query). Registered after the enc plugin, so its hook (on each route, after enc's) runs on the decrypted payload.
 */
async function controlCharactersPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const multiline = route.config?.multiline === true;
    appendRouteHook(route, 'preValidation', (request, _reply, done) => {
      const parts = [
        ['params', request.params, false],
        ['querystring', request.query, false],
        ['body', request.body, multiline],
      ] as const;
      for (const [part, value, allowWhitespace] of parts) {
        const path = findControlCharacter(value, allowWhitespace);
        if (path) return done(new AppError('invalid_characters', 400, { [path.join('.') || part]: 'invalid_characters' }));
      }
      done();
    });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body values may hold tab, LF and CR (free text); other control characters stay refused. */
    multiline?: boolean;
  }
}

export default fp(controlCharactersPlugin, { name: 'control-characters', dependencies: ['enc'] });
