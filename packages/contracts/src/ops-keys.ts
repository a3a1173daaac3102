import { z } from 'zod';
import { defineEndpoint, operator } from './endpoint';

/** Operator API of the server keys (docs/adr/0023-key-hierarchy.md, docs/enc.md "Rotation"). */
export const ZOpsServerKey = z.object({
  kid: z.string(),
  purpose: z.string(),
  algorithm: z.string(),
  /** current: used for new work; previous: still decrypts until retired. */
  state: z.string(),
  createdAt: z.string(),
  /** Id of the master key the row is wrapped under; null = in clear (wrapped at the next start). */
  wrappedUnder: z.string().nullable(),
});
export type TOpsServerKey = z.infer<typeof ZOpsServerKey>;
export const ZOpsServerKeyList = z.array(ZOpsServerKey);
export const ZOpsKidParam = z.object({ kid: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/) });
export const ZOpsRewrapResult = z.object({
  wrapped: z.number().int(),
  rewrapped: z.number().int(),
  unchanged: z.number().int(),
});
export type TOpsRewrapResult = z.infer<typeof ZOpsRewrapResult>;

// ---------- endpoints ----------

export const listServerKeys = defineEndpoint({
  method: 'GET',
  path: '/ops/keys',
  tag: 'ops',
  summary: 'Server keys (kid, purpose, state, wrapping; never the material)',
  auth: operator('keys.manage'),
  response: ZOpsServerKeyList,
});

export const rotateServerKey = defineEndpoint({
  method: 'POST',
  path: '/ops/keys/rotate',
  tag: 'ops',
  summary: 'A new enc key pair becomes current; the previous kid still decrypts until retired',
  auth: operator('keys.manage', 'keys.rotate'),
  response: ZOpsServerKey,
});

export const retireServerKey = defineEndpoint({
  method: 'POST',
  path: '/ops/keys/:kid/retire',
  tag: 'ops',
  summary: 'Delete a previous enc key: bodies encrypted under it no longer open (the current key cannot be retired)',
  auth: operator('keys.manage', 'keys.retire'),
  params: ZOpsKidParam,
  response: ZOpsServerKey,
});

export const rewrapServerKeys = defineEndpoint({
  method: 'POST',
  path: '/ops/keys/rewrap',
  tag: 'ops',
  summary: 'Wrap every key under the current master key (after setting LOTUS_MASTER_KEY, with LOTUS_MASTER_KEY_PREVIOUS)',
  auth: operator('keys.manage', 'keys.rewrap'),
  response: ZOpsRewrapResult,
});
