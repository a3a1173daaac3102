import { useMutation } from '@tanstack/react-query';
import { setupTwoFactor, type ZTotpSetup } from '@lotus/contracts/auth';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type TTotpSetup = z.infer<typeof ZTotpSetup>;

/** Starts TOTP enrolment (secret, otpauth URL, QR code PNG in base64). */
export function postTwoFactorSetup(): Promise<TTotpSetup> {
  return api.call(setupTwoFactor);
}

/** Starts enrolment (nothing cached changes until it is confirmed). */
export function useTwoFactorSetupMutation() {
  return useMutation({ mutationFn: postTwoFactorSetup });
}
