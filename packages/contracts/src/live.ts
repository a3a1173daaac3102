import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The events of a member's live channel: the balance moved, or a platform message arrived (refetch either). */
export const LIVE_EVENTS = ['balance', 'message'] as const;
export type TLiveEvent = (typeof LIVE_EVENTS)[number];

/** What the page sends first on the channel: its session (a browser cannot give a WebSocket a header). */
export const ZLiveHello = z.object({ type: z.literal('auth'), token: z.string().min(1).max(2000) }).strict();
export type TLiveHello = z.infer<typeof ZLiveHello>;

/** What the server sends: `ready` once listening, then an event; `error` before it closes (4401: no session). */
export const ZLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.enum(LIVE_EVENTS) }),
  z.object({ type: z.literal('error'), code: z.enum(['unauthorized', 'session_expired', 'validation_failed']) }),
]);
export type TLiveMessage = z.infer<typeof ZLiveMessage>;

/** Close codes of the channel: the session is not (or no longer) valid: the page does not reopen it. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/** The first message did not come in time or was not a ZLiveHello. */
export const LIVE_CLOSE_BAD_HELLO = 4400;

/**
 * A signed-in member's live updates (issue 26; docs/adr/0090): a WebSocket (`GET /wps/live` with Upgrade). The
 * page sends ZLiveHello first (within 10 s); the server answers `{"type":"ready"}`, then `{"type":"balance"}` when
 * a movement of the member's money committed (a deposit credited, a payout, an adjustment, a transfer) and
 * `{"type":"message"}` when a platform message arrived, on whichever instance the change was made. No figures
 * travel: the page asks the balance or the unread count again. Pings every 25 s keep proxies from closing it; the
 * channel closes when the instance drains (the page opens it again) or with 4401 when the session is not valid.
 * A plain GET without Upgrade answers 404.
 */
export const getLiveUpdates = defineEndpoint({
  method: 'GET',
  path: '/wps/live',
  tag: 'member',
  summary: "The member's live updates: a WebSocket; first message {type:'auth',token}; then ready, balance, message",
  auth: 'public',
  file: 'text',
  // A WebSocket: OpenAPI describes HTTP calls, so it is left out of /docs (this definition and docs/adr/0090 are its
  // documentation); the endpoints test still checks that it is served.
  hidden: true,
});
