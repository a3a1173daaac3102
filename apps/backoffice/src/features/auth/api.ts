import { changeConsolePassword, postConsoleSecondFactor, postConsoleSignIn } from '@lotus/contracts/ops-console';
import type { z } from 'zod';
import { opsApi } from '@/lib/api';

/** Sign-in step 1 (docs/adr/0043): username and password; the answer names the second step. */
export const signIn = (body: z.input<typeof postConsoleSignIn.body>) => opsApi.call(postConsoleSignIn, { body });

/** Sign-in step 2: the authenticator code (and a new password after a reset); the session cookie follows. */
export const confirmSecondFactor = (body: z.input<typeof postConsoleSecondFactor.body>) => opsApi.call(postConsoleSecondFactor, { body });

/** The operator's own password (other console sessions end; this one gets a new cookie). */
export const changePassword = (body: z.input<typeof changeConsolePassword.body>) => opsApi.call(changeConsolePassword, { body });
