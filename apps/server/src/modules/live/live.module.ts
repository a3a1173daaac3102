import type { ModuleParts } from '../../platform/module';
import type { LiveBus } from '../../platform/live';
import { liveRoutes } from './live.routes';

/**
 * Live updates for members (issue 26; docs/adr/0090): the `GET /wps/live` stream. The events come from the
 * platform's live bus (platform/live.ts), which the wallet (a committed movement of a member's money) and the
 * inbox (a delivered message) publish to, across instances through Redis.
 */
export function createLiveModule(deps: { live: Pick<LiveBus, 'subscribe'> }) {
  return {
    routes: (app) => liveRoutes(app, { live: deps.live }),
  } satisfies ModuleParts & Record<string, unknown>;
}
