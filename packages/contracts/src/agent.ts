import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Share profit with downline (page key transferUpline, 2.MC.06; decision 2.MC.07, docs/adr/0030): an agent
 * moves money from its main wallet to the main wallet of a DIRECT downline member (a member whose upline is
 * the agent), with the payment password and, when the agent has two-factor login, the authenticator code.
 * The menu entry shows for agents (isAgent != 0); `toUpline` in member info says whether the member has an
 * upline (it does not gate this entry).
 */
const amount = z.string().trim().max(20).regex(/^\d{1,13}(\.\d{1,2})?$/);

/** GET /wps/agent/downlines?search=&pageNo=&pageSize= : the agent's direct downlines. */
export const ZDownlineQuery = z.object({
  search: z.string().trim().max(30).regex(/^[A-Za-z0-9_]*$/).default(''),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(15),
});
export const ZDownlineList = z.object({
  list: z.array(z.object({ id: z.number().int(), username: z.string().max(40), active: z.boolean() })).max(50),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TDownlineList = z.infer<typeof ZDownlineList>;

/** POST /wps/agent/share: one transfer; `requestKey` makes a retry answer the first result. */
export const ZShareRequest = z.object({
  downline: z.string().trim().min(1).max(40),
  amount,
  paymentPassword: z.string().min(1).max(64),
  totpCode: z.string().trim().max(20).optional(),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type TShareRequest = z.infer<typeof ZShareRequest>;
export const ZShareResult = z.object({
  transactionId: z.string().max(30),
  downline: z.string().max(40),
  amount: z.string().max(30),
  /** The agent's main wallet after the transfer. */
  balance: z.string().max(30),
});
export type TShareResult = z.infer<typeof ZShareResult>;

// ---------- endpoints ----------

export const getDownlines = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/downlines',
  tag: 'agent',
  summary: "The agent's direct downlines, for Share profit with downline (2.MC.06)",
  auth: 'agent',
  query: ZDownlineQuery,
  response: ZDownlineList,
});

export const postShare = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/share',
  tag: 'agent',
  summary: 'Share profit with downline: main wallet to a direct downline, with the payment password (2.MC.06, 2.MC.07)',
  auth: 'agent',
  enc: true,
  body: ZShareRequest,
  response: ZShareResult,
});
