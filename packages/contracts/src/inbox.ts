import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Platform messages (page key `messageV2`, 2.MC.15; templates 3.STAT.05/06/07). The server stores a
 * template key and its parameters; the web client renders the text in the member's language from
 * its locale files (`member-centre.json` `messages.templates.<template>.title|body`, parameters
 * interpolated by name). Parameters of each template (all strings):
 * - `deposit_arrival`: depositId, amount ("1000.00"), channelTh, channelEn;
 * - `deposit_failed`: depositId, amount, channelTh, channelEn, reason (may be empty);
 * - `withdrawal_approved`: withdrawalId, amount;
 * - `withdrawal_rejected`: withdrawalId, amount, reason;
 * - `withdrawal_refunded`: withdrawalId, amount, reason (a not-received case refunded);
 * - `withdrawal_case_closed`: withdrawalId, amount, reason (a not-received case found paid).
 * The unread count is also member info's `unreadMessage` (3.MEM.04, the Messages badge 2.MC.16).
 */
export const MEMBER_MESSAGE_TEMPLATES = [
  'deposit_arrival',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_refunded',
  'withdrawal_case_closed',
  // An operator's manual adjustment of the main wallet (issue 24, docs/adr/0085).
  'balance_credited',
  'balance_debited',
] as const;
export type TMemberMessageTemplate = (typeof MEMBER_MESSAGE_TEMPLATES)[number];

export const ZMemberMessage = z.object({
  id: z.number().int(),
  template: z.enum(MEMBER_MESSAGE_TEMPLATES),
  params: z.record(z.string().max(40), z.string().max(200)),
  read: z.boolean(),
  readAt: z.string().max(40).nullable(),
  createdAt: z.string().max(40),
});
export type TMemberMessage = z.infer<typeof ZMemberMessage>;

/** GET /wps/member/messages: newest first. */
export const ZMessageListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(15),
  unreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const ZMemberMessagePage = z.object({
  items: z.array(ZMemberMessage).max(50),
  total: z.number().int().min(0),
  unread: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const ZMessageIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/** PUT /wps/member/messages/:id/read answer, and GET /wps/member/messages/unread. */
export const ZUnreadCount = z.object({ unread: z.number().int().min(0) });

// ---------- endpoints (the member's own messages, any live session) ----------

export const listMessages = defineEndpoint({
  method: 'GET',
  path: '/wps/member/messages',
  tag: 'messages',
  summary: 'Platform messages, newest first (template key + params; the client renders the text)',
  auth: 'member',
  query: ZMessageListQuery,
  response: ZMemberMessagePage,
});

export const getUnreadCount = defineEndpoint({
  method: 'GET',
  path: '/wps/member/messages/unread',
  tag: 'messages',
  summary: 'Unread platform messages (the Messages badge, 2.MC.16)',
  auth: 'member',
  response: ZUnreadCount,
});

export const markMessageRead = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/messages/:id/read',
  tag: 'messages',
  summary: 'Mark one of the member messages read; answers the unread count left',
  auth: 'member',
  params: ZMessageIdParam,
  response: ZUnreadCount,
});
