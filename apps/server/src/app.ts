import { sql } from 'drizzle-orm';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Database } from './db/client';
import { sandboxPspAllowed, type Env } from './env';
import { createRedisConfigBus } from './lib/config-bus';
import { logSerializers } from './lib/log-serializers';
import { createTrustFn } from './lib/trust-proxy';
import { resolveMasterKeys, type MasterKeys } from './platform/keys/master-key';
import { createRedisConnection, redisConnected } from './platform/redis';
import { auditAnchorPath } from './platform/audit/audit-anchor';
import { identityOptionsFromEnv } from './modules/identity/identity.options';
import { transferWalletOptionsFromEnv } from './modules/wallet/transfers/transfer.options';
import { registerOpsAuth, type InProcessOps } from './plugins/auth-ops';
import compression from './plugins/compression';
import controlCharacters from './plugins/control-characters';
import enc from './plugins/enc';
import errors from './plugins/errors';
import { healthRoutes, type Lifecycle } from './plugins/health';
import memberAuth from './plugins/member-auth';
import { openapiSpec, openapiUi } from './plugins/openapi';
import rateLimit from './plugins/rate-limit';
import requestContext, { genReqId } from './plugins/request-context';
import requestLog from './plugins/request-log';
import { createLiveBus } from './platform/live';
import { metricsRoute } from './plugins/metrics-route';
import security from './plugins/security';
import siteAccess from './plugins/site-access';
import staticBackoffice from './plugins/static-backoffice';
import staticSpa from './plugins/static-spa';
import { ZBannerGroup } from '@lotus/contracts/system';
import { LOGIN_FORM_ROWS, loginFormRows } from '@lotus/contracts/login-form';
import { MEDIA_BUILT_DIR, MEDIA_DIR } from './platform/media/media-dirs';
import type { JobEngineOptions, StartOptions } from './platform/jobs/engine';
import { createServices, type Services } from './services';

export { MEDIA_DIR } from './platform/media/media-dirs';

/** Request bodies above this size answer 413 payload_too_large. */
export const BODY_LIMIT = 1024 * 1024;

export type BuildAppOptions = {
  db: Database;
  env: Env;
  /** The clock of time-dependent rules (expiries, lockouts, limits); tests pass a movable one. */
  now?: () => number;
  /** Pino options override (tests pass { level: 'silent' } through env.LOG_LEVEL instead). */
  logger?: boolean;
  /**
   * The job engine. It always starts with the app (its schema, queues, sends, and the outbox's
   * delivery right after each commit); `workers: true` also runs pg-boss workers and the schedule
   * check in the background: the server does, test apps usually do not and run due work with
   * `app.services.platform.jobs.runDue()`.
   */
  jobs?: StartOptions & JobEngineOptions;
  /** Where log lines go (default stdout); tests pass a stream to read what was logged. */
  logStream?: DestinationStream;
  /** The master key(s); default: resolved from env (LOTUS_MASTER_KEY or DATA_DIR/master.key). */
  masterKeys?: MasterKeys;
  /**
   * Only the command line's direct mode: the in-process caller of the /ops routes (an app built
   * with it must never listen; plugins/auth-ops InProcessOperator).
   */
  opsInProcess?: InProcessOps;
};

function newFastify(
  env: Env,
  logger: boolean,
  trust: ReturnType<typeof createTrustFn>,
  logStream: DestinationStream | undefined,
): FastifyInstance {
  const app = Fastify({
    logger: logger
      ? {
          level: env.LOG_LEVEL,
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'token'],
            censor: '[redacted]',
          },
          // Security #18 and #6: request lines carry the path with query values redacted; errors
          // from the database carry the SQLSTATE and the query's name, never parameters or SQL.
          serializers: logSerializers,
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    trustProxy: env.TRUST_PROXY === undefined ? false : trust,
    // One line per request, written by plugins/request-log (not Fastify's two).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** This app's own base URL once it listens (the sandbox transfer vendor's address), else null. */
function listeningUrl(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** The operator API is on its own listener when OPS_PORT is set (docs/adr/0019). */
export const hasSeparateOpsListener = (env: Pick<Env, 'OPS_PORT'>) => env.OPS_PORT !== undefined;

/**
 * Builds the platform app (not listening). With OPS_PORT set, the operator API is not registered
 * on it (so /ops/* answers 404 there) but on a second app, `app.opsApp`, sharing the services,
 * which server.ts listens on OPS_HOST:OPS_PORT; otherwise `app.opsApp` is the app itself.
 * Plugin order: errors and the OpenAPI document at the root, then the modules' machine routes (the vendor
 * protocol: none of the site's hooks, ADR 0064), then the site's scope: request context, external plugins
 * (security headers, compression, rate limit, the /docs pages), the guard, enc, control characters, member
 * auth, the routes, then the static files and SPA fallback.
 */
export async function buildApp({
  db,
  env,
  logger = true,
  now,
  jobs,
  logStream,
  masterKeys,
  opsInProcess,
}: BuildAppOptions): Promise<FastifyInstance> {
  const trust = createTrustFn(env.TRUST_PROXY);
  const app = newFastify(env, logger, trust, logStream);

  const bus = env.REDIS_URL ? createRedisConfigBus(env.REDIS_URL, app.log) : undefined;
  if (bus) {
    await Promise.race([bus.ready, new Promise((resolve) => setTimeout(resolve, 3000))]);
    app.addHook('onClose', async () => bus.close());
  }
  // One connection for the counters every instance shares (rate limits, bad vendor signatures): its users
  // count in memory or skip while it is away, so a slow start is waited for only a moment.
  const redis = env.REDIS_URL ? createRedisConnection(env.REDIS_URL, app.log) : undefined;
  if (redis) {
    await redisConnected(redis);
    app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  }
  // Members' live updates cross instances through Redis pub/sub (its own pair of connections; docs/adr/0090).
  const live = createLiveBus({ redisUrl: env.REDIS_URL, log: app.log });
  app.addHook('onClose', async () => live.close());
  const services: Services = createServices(db, {
    log: app.log,
    bus,
    redis,
    live,
    identity: identityOptionsFromEnv(env),
    now,
    jobs: env.JOB_SCHEDULE_CHECK_SECONDS ? { ...jobs, scheduleCheckMs: env.JOB_SCHEDULE_CHECK_SECONDS * 1000 } : jobs,
    masterKeys: masterKeys ?? resolveMasterKeys(env),
    transfers: { options: transferWalletOptionsFromEnv(env), selfUrl: () => listeningUrl(app) },
    cashier: { sandboxPsp: sandboxPspAllowed(env) },
    auditAnchorFile: auditAnchorPath(env.DATA_DIR),
    lottery: { opsVendorCode: env.HOUSE_LOTTERY_VENDOR_CODE },
  });
  app.decorate('services', services);
  // Where the audit chain head goes (docs/adr/0068): on PostgreSQL without the anchor table, say so at start.
  // Not from a process built without job workers on purpose (the command line's direct mode): it never
  // exports the head, and its stderr is the command's error output.
  const anchor = await services.ops.audit.anchorChoice();
  if (anchor?.warning && jobs?.workers !== false) app.log.warn(anchor.warning);
  // The embedded demo's sandbox transfer vendor SBX points at this server once its address is known (ADR 0029).
  app.addHook('onListen', async () => {
    await services.transfers.provisionSandboxVendor().catch((error: unknown) => {
      app.log.warn({ err: error }, 'sandbox transfer vendor not provisioned');
    });
  });
  // Scheduled work (accounts housekeeping every 10 minutes, the outbox sweep) runs as jobs.
  await services.platform.jobs.start({ workers: jobs?.workers ?? false });
  app.addHook('onClose', async () => {
    await services.platform.jobs.stop();
    services.mail.close();
  });

  await app.register(errors);
  // Before any route: every answer of this app is logged once and timed (plugins/request-log, docs/metrics.md).
  await app.register(requestLog, { observe: services.platform.metrics.observeRequest });
  await app.register(openapiSpec);

  // Routes other servers call (the vendor protocol, ADR 0064): at the root, outside the site's scope below, so
  // none of the site's hooks run for them; they check their own signature, parse and validate their own body,
  // and answer their own errors and headers.
  for (const part of services.parts) if (part.machineRoutes) await app.register(part.machineRoutes);
  // The probes of the proxy and the orchestrator (issue 26): at the root too, and quiet (no request log line).
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  await app.register(async (probes) => {
    healthRoutes(probes, {
      lifecycle,
      pingDatabase: () => db.db.execute(sql`select 1`),
      redis,
      jobsRunning: () => services.platform.jobs.running(),
    });
  }, { logLevel: 'warn' });
  // The Prometheus scrape (docs/metrics.md) is on the operator listener; without one, here (the token guards it).
  if (!hasSeparateOpsListener(env)) {
    await app.register(metricsRoute, { metrics: services.platform.metrics, token: env.METRICS_TOKEN });
  }

  // The site: the member calls, the operator API (without OPS_PORT), static files. Its plugins apply inside
  // this scope only.
  const root = app;
  const site = async (app: FastifyInstance) => {
    await app.register(requestContext, { trust, countryHeader: env.COUNTRY_HEADER });
    await app.register(security);
    await app.register(compression);
    await app.register(rateLimit, { redis });
    await app.register(openapiUi);
    await app.register(siteAccess, { getAccess: (client) => services.system.getAccess(client) });
    await app.register(enc, { decrypt: (body) => services.platform.keys.decryptBody(body) });
    await app.register(controlCharacters);
    await app.register(memberAuth, {
      authenticate: (header, options) => services.identity.sessions.authenticate(header, options),
    });

    // The operator scope: the /ops credential and audit hooks, then every module's operator routes.
    const opsRoutes = async (scope: FastifyInstance) => {
      registerOpsAuth(scope, {
        operators: services.ops.operators,
        consoleSessions: services.ops.console,
        audit: services.ops.audit,
        inProcess: opsInProcess,
      });
      for (const part of services.parts) if (part.opsRoutes) await part.opsRoutes(scope);
    };
    if (hasSeparateOpsListener(env)) {
      const opsApp = newFastify(env, logger, trust, logStream);
      opsApp.decorate('services', services);
      await opsApp.register(errors);
      await opsApp.register(requestLog, { observe: services.platform.metrics.observeRequest });
      await opsApp.register(metricsRoute, { metrics: services.platform.metrics, token: env.METRICS_TOKEN });
      await opsApp.register(requestContext, { trust, countryHeader: env.COUNTRY_HEADER });
      await opsApp.register(security);
      // Per-address limits of the console's sign-in steps (routes opt in, as on the public app).
      await opsApp.register(rateLimit, { redis });
      // (no enc bodies on the operator API; the plugin is registered for the order control-characters expects)
      await opsApp.register(enc, { decrypt: (body) => services.platform.keys.decryptBody(body) });
      await opsApp.register(controlCharacters);
      await opsApp.register(opsRoutes);
      // The operator console is served only where the operator API is (docs/adr/0045).
      await opsApp.register(staticBackoffice, { dist: env.BACKOFFICE_DIST });
      root.decorate('opsApp', opsApp);
      root.addHook('onClose', async () => opsApp.close());
    } else {
      await app.register(opsRoutes);
      await app.register(staticBackoffice, { dist: env.BACKOFFICE_DIST });
      root.decorate('opsApp', root);
    }
    // Every module's public routes, in the composition root's order.
    for (const part of services.parts) if (part.routes) await app.register(part.routes);

    await app.register(staticSpa, {
      webDist: env.WEB_DIST,
      mediaDirs: [MEDIA_DIR, MEDIA_BUILT_DIR],
      prerender: {
        canServe: async (request) => {
          const [status, flags] = await Promise.all([
            services.system.getStatus(request.ctx),
            services.system.getWhitelabel(),
          ]);
          return status.status === 0 && !flags.LOGINREQHOME3;
        },
        droppedRows: async () => {
          const rows = loginFormRows(await services.system.getWhitelabel());
          return LOGIN_FORM_ROWS.filter((row) => !rows[row]);
        },
        firstBanner: async (group, language) => {
          const parsed = ZBannerGroup.safeParse(group);
          if (!parsed.success) return null;
          const banners = await services.content.listBanners(parsed.data, language);
          const [first] = banners;
          if (!first) return 'none';
          if (first.sources.length === 0) return null;
          // Each srcset is "url 480w, url 960w, ...": phones get the 960 px raster, wider screens the largest.
          const pick = (type: string, phone: boolean) => {
            const entries = (first.sources.find((s) => s.type === type)?.srcset ?? '')
              .split(',')
              .map((part) => part.trim().split(/\s+/))
              .map(([url, w]) => ({ url: url ?? '', width: Number.parseInt(w ?? '0', 10) }))
              .filter((e) => e.url !== '' && e.width > 0)
              .sort((a, b) => a.width - b.width);
            const chosen = phone ? (entries.find((e) => e.width >= 900) ?? entries.at(-1)) : entries.at(-1);
            return chosen?.url ?? null;
          };
          return {
            phone: { avif: pick('image/avif', true), webp: pick('image/webp', true) },
            wide: { avif: pick('image/avif', false), webp: pick('image/webp', false) },
            count: banners.length,
          };
        },
      },
    });
  };
  await app.register(site);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services this app was built with (tests and server.ts use them; routes get theirs by options). */
    services: Services;
    /** The app serving /ops: this one, or the separate operator listener's (OPS_PORT). */
    opsApp: FastifyInstance;
    /** Set draining on SIGTERM: the readiness check answers 503 so the proxy sends nothing new (server.ts). */
    lifecycle: Lifecycle;
  }
}
