import { AppError } from '@lotus/contracts/app-error';
import type { TErrorCode } from '@lotus/contracts/errors';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { e164FromPhoneClaim } from '../identity.rules';

/**
 * Third-party phone auth (the spec's Firebase path, docs/adapters.md): the client verifies the phone
 * with the provider and sends its ID token (firebaseIdToken); the server checks the token's
 * signature against the provider's public keys, its issuer, audience and expiry, and reads the
 * `phone_number` claim. Failures map to the 8.PHN keys (auth/...).
 *
 * Configuration (env): PHONE_AUTH_JWKS_URL (e.g. Firebase's
 * https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com) or
 * PHONE_AUTH_JWKS (a JWKS document inline), PHONE_AUTH_ISSUER
 * (https://securetoken.google.com/<project>) and PHONE_AUTH_AUDIENCE (<project>).
 */
export type PhoneAuthConfig = {
  jwksUrl?: string | undefined;
  jwks?: string | undefined;
  issuer?: string | undefined;
  audience?: string | undefined;
};

export type PhoneAuthVerifier = {
  readonly configured: boolean;
  /** The verified phone as E.164 digits (66812345678); throws AppError auth/... otherwise. */
  verify(idToken: string | undefined): Promise<{ e164: string; subject: string }>;
};

const fail = (code: TErrorCode): never => {
  throw new AppError(code);
};

export function createPhoneAuthVerifier(
  config: PhoneAuthConfig,
  now: () => number = Date.now,
): PhoneAuthVerifier {
  let keys: JWTVerifyGetKey | null = null;
  if (config.jwks) keys = createLocalJWKSet(JSON.parse(config.jwks) as JSONWebKeySet);
  else if (config.jwksUrl) keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000 });
  const configured = keys !== null && !!config.issuer && !!config.audience;

  return {
    configured,
    async verify(idToken) {
      if (!configured || !keys) return fail('auth/operation-not-allowed');
      if (!idToken || idToken.trim() === '') return fail('auth/missing-verification-code');
      let payload: Record<string, unknown>;
      try {
        const verified = await jwtVerify(idToken.trim(), keys, {
          issuer: config.issuer,
          audience: config.audience,
          algorithms: ['RS256', 'ES256'],
          currentDate: new Date(now()),
          clockTolerance: 30,
        });
        payload = verified.payload;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return fail('auth/code-expired');
        if (error instanceof joseErrors.JWKSTimeout) return fail('auth/unknown');
        return fail('auth/invalid-verification-code');
      }
      if (payload.phone_number === undefined) return fail('auth/missing-phone-number');
      const e164 = e164FromPhoneClaim(payload.phone_number);
      if (!e164) return fail('auth/invalid-phone-number');
      return { e164, subject: typeof payload.sub === 'string' ? payload.sub : '' };
    },
  };
}
