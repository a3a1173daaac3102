import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createPhoneAuthVerifier } from './phone-auth';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256' }] });
const config = { jwks, issuer: 'https://securetoken.google.com/p', audience: 'p' };
const sign = (claims: Record<string, unknown>, iat = Math.floor(Date.now() / 1000)) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(privateKey);
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );

describe('phone-auth ID tokens (8.PHN)', () => {
  it('8.PHN.01 a valid token gives the phone as E.164 digits', async () => {
    const v = createPhoneAuthVerifier(config);
    expect(v.configured).toBe(true);
    expect(await v.verify(await sign({ phone_number: '+66812345678', sub: 'u1' }))).toEqual({
      e164: '66812345678',
      subject: 'u1',
    });
  });

  it('8.PHN.01 8.PHN.06 failures map to the auth/ keys', async () => {
    const v = createPhoneAuthVerifier(config);
    expect(await codeOf(createPhoneAuthVerifier({}).verify('x'))).toBe('auth/operation-not-allowed');
    expect(await codeOf(v.verify(undefined))).toBe('auth/missing-verification-code');
    expect(await codeOf(v.verify('a.b.c'))).toBe('auth/invalid-verification-code');
    expect(
      await codeOf(
        v.verify(await sign({ phone_number: '+66812345678' }, Math.floor(Date.now() / 1000) - 7200)),
      ),
    ).toBe('auth/code-expired');
    expect(await codeOf(v.verify(await sign({})))).toBe('auth/missing-phone-number');
    expect(await codeOf(v.verify(await sign({ phone_number: '66812345678' })))).toBe(
      'auth/invalid-phone-number',
    );
  });
});
