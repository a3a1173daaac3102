import { defineEndpoint } from './endpoint';

/** The events of a member's live stream: the balance moved, or a platform message arrived (refetch either). */
export const LIVE_EVENTS = ['balance', 'message'] as const;
export type TLiveEvent = (typeof LIVE_EVENTS)[number];

/**
 * A signed-in member's live updates (issue 26; docs/adr/0090): a server-sent events stream (`text/event-stream`)
 * that says `event: balance` when a movement of the member's money committed (a deposit credited, a payout, an
 * adjustment, a transfer) and `event: message` when a platform message arrived, on whichever instance the change
 * was made; `event: ready` once the stream listens, and a comment line every 25 s keeps proxies from closing it.
 * No figures travel: the page asks the balance or the unread count again. Read with fetch (the member token is
 * a header); the stream ends when the session ends or the instance drains, and the page opens it again.
 */
export const getLiveUpdates = defineEndpoint({
  method: 'GET',
  path: '/wps/live',
  tag: 'member',
  summary: "The member's live updates: server-sent events balance and message (text/event-stream)",
  auth: 'member',
  file: 'text',
});
