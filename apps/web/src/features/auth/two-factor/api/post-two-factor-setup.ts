import { useMutation } from '@tanstack/react-query';
import { ZTotpSetup } from '@lotus/contracts/auth';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TTotpSetup = z.infer<typeof ZTotpSetup>;

/** POST /wps/member/2fa/setup: starts TOTP enrolment (secret, otpauth URL, QR code PNG in base64). */
export function postTwoFactorSetup(): Promise<TTotpSetup> {
  return api.post('/wps/member/2fa/setup', undefined, { schema: ZTotpSetup });
}

/** Starts enrolment (nothing cached changes until it is confirmed). */
export function useTwoFactorSetupMutation() {
  return useMutation({ mutationFn: postTwoFactorSetup });
}
