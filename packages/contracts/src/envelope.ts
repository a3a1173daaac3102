import { z } from 'zod';
import { ZErrorCode } from './errors';

/**
 * Every answer of the platform is wrapped in this envelope (spec 7.PAR.21/22).
 * Errors carry a catalogue key in `message`; the client translates it.
 */
export const envelope = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.literal(true),
    message: z.string().max(200),
    value,
  });

export const ZErrorEnvelope = z.object({
  success: z.literal(false),
  message: ZErrorCode,
  value: z.null(),
  /** Request id, so support can find the log line. Never internals. */
  requestId: z.string().max(100).optional(),
  /** Field-level details for validation failures (field path -> error key). */
  fields: z.record(z.string(), z.string()).optional(),
  /** Machine-readable hints for the client (decision 4.CAP.03: `captchaRequired` after a failed login). */
  details: z
    .object({
      captchaRequired: z.boolean().optional(),
      retryAfterSeconds: z.number().int().optional(),
      /** `withdrawal_turnover_not_met`: the wagering still outstanding, money format (docs/adr/0070). */
      outstanding: z.string().max(24).optional(),
    })
    .optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export type TEnvelope<T> = { success: true; message: string; value: T };
