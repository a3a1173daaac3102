import type { onRequestHookHandler, onSendHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';

type Hooks = { onRequest: onRequestHookHandler; preValidation: preValidationHookHandler; onSend: onSendHookHandler };

/**
 * Adds a hook to one route as it is registered (from an `onRoute` hook), after the hooks it already has.
 * A plugin whose hook only concerns some routes (an enc body, a revalidated read, a site-area call) adds it
 * to those routes instead of running it on every request to ask the route whether it applies: each hook is
 * a step on every request of the routes it is on (issue 26, "a lean request path"; docs/adr/0091).
 * onRoute hooks run in the order the plugins were registered, so two plugins keep their relative order
 * (the enc body is decrypted before the control-character check reads it).
 */
export function appendRouteHook<K extends keyof Hooks>(route: RouteOptions, name: K, hook: Hooks[K]): void {
  const existing: unknown = route[name];
  const list: unknown[] = existing === undefined ? [] : Array.isArray(existing) ? [...(existing as unknown[])] : [existing];
  (route as unknown as Record<K, unknown[]>)[name] = [...list, hook];
}
