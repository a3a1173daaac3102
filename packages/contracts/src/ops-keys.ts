import { z } from 'zod';

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
