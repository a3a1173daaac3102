import { z } from 'zod';
import { getSystemStatus, ZSystemStatus } from '@lotus/contracts/system';

/**
 * /wps/system/status answer. The status is read as any integer (not only 0/1/2) so that an unknown
 * value reaches the decision of 4.SYS.01 (maintenance page) instead of failing validation.
 * Loaded on demand: the first load does not wait for zod.
 */
export const ZSystemStatusAnswer = ZSystemStatus.extend({ status: z.number().int() });
export type TSystemStatusAnswer = z.infer<typeof ZSystemStatusAnswer>;

/** GET /wps/system/status read with ZSystemStatusAnswer. */
export const getSystemStatusAnswer = { ...getSystemStatus, response: ZSystemStatusAnswer };
