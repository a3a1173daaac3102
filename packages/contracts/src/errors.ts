import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

/** The error catalogue (error-codes.ts, zod-free) and its zod schema. */
export * from './error-codes';
export const ZErrorCode = z.enum(ERROR_CODES);
