import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas (the contracts): UI at /docs, JSON at /docs/json.
 * Must be registered before the routes it documents.
 */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lotus platform API',
        description:
          'Member site calls (`/wps/*`, envelope `{ success, message, value }`) and the operator API (`/ops/*`). ' +
          'Errors answer `{ success: false, message: <catalogue key>, value: null, requestId, fields? }`.',
        version: '0.1.0',
      },
      tags: [
        { name: 'system', description: 'Site status and configuration (/wps/system/*)' },
        { name: 'relay', description: 'Relay calls (GET /wps/relay/<NAME>)' },
        { name: 'feedback', description: 'Visitor feedback' },
        { name: 'ops', description: 'Operator API (Authorization: Bearer <operator credential>)' },
        { name: 'session', description: 'Login, second factor, free play, logout (enc calls: docs/enc.md)' },
        { name: 'member', description: 'Registration, member info, passwords, sessions, two-factor' },
        { name: 'verification', description: 'Captcha, slider puzzle, SMS codes' },
      ],
      components: {
        securitySchemes: {
          operator: {
            type: 'http',
            scheme: 'bearer',
            description: 'Operator credential (DATA_DIR/ops.json)',
          },
          member: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Member session token (`<token>` or `Bearer <token>`), from the login answer',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({
      skipList: ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/*', '/docs/static/*'],
    }),
  });
}

/** The pages of the document (/docs): registered in the site's scope, with its security headers. */
async function openapiUiPlugin(app: FastifyInstance) {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}

/** The OpenAPI document of every route: registered at the app's root, before any route, so it sees them all. */
export const openapiSpec = fp(openapiPlugin, { name: 'openapi' });
export const openapiUi = fp(openapiUiPlugin, { name: 'openapi-ui' });
