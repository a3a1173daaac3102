import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from './jobs/engine';

/** Route registration of a module, already bound to its services (registered by app.ts). */
export type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/**
 * What a module factory (`modules/<m>/<m>.module.ts`, `create<M>Module(deps)`) gives the app besides
 * its services: app.ts registers `routes` on the public app's site scope, `machineRoutes` at the public
 * app's root (calls from other servers: none of the site's hooks run for them, ADR 0064) and `opsRoutes`
 * inside the operator scope (/ops, operator credential, audit); the composition root defines `jobs` on
 * the job engine.
 */
export type ModuleParts = {
  routes?: RoutePlugin;
  machineRoutes?: RoutePlugin;
  opsRoutes?: RoutePlugin;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each job has its own payload type
  jobs?: JobDefinition<any>[];
};
