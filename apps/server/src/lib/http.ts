import { envelope, ZErrorEnvelope } from '@lotus/contracts/envelope';
import type { z } from 'zod';

/** The success envelope (7.PAR.21/22). */
export const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Response schemas of a route: the contract's value in the envelope, errors in the error envelope. */
export const responses = <T extends z.ZodType>(value: T) => ({
  200: envelope(value),
  '4xx': ZErrorEnvelope,
  '5xx': ZErrorEnvelope,
});
