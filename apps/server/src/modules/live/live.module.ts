import type { ModuleParts } from '../../platform/module';
import type { LiveBus } from '../../platform/live';
import { liveRoutes } from './live.routes';

/**
 * Live updates for members (issue 26; docs/adr/0090): the `GET /wps/live` WebSocket. The events come from the
 * platform's live bus (platform/live.ts), which the wallet (a committed movement of a member's money) and the
 * inbox (a delivered message) publish to, across instances through Redis.
 */
export function createLiveModule(deps: {
  live: Pick<LiveBus, 'subscribe' | 'ready'>;
  /** A member's session token -> the member id (identity's sessions; throws unauthorized / session_expired). */
  authenticate: (token: string) => Promise<number>;
}) {
  return {
    routes: (app) => liveRoutes(app, deps),
  } satisfies ModuleParts & Record<string, unknown>;
}
