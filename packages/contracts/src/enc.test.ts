import { describe, expect, it } from 'vitest';
import { ENC_ALG, encryptPayload, fromBase64, importEncryptionKey, toBase64 } from './enc';

describe('enc payloads (7.CALL.03, docs/enc.md)', () => {
  it('7.CALL.03 encrypts a payload that the private key holder can open, with a fresh key and iv each time', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
    const key = await importEncryptionKey({ kid: 'enc-test', alg: ENC_ALG, spki });
    const payload = { username: 'demo', password: 'Demo1234', nested: { n: 1 } };
    const a = await encryptPayload(key, payload);
    const b = await encryptPayload({ kid: 'enc-test', alg: ENC_ALG, spki }, payload);
    expect(a).toMatchObject({ enc: 'v1', kid: 'enc-test' });
    expect(fromBase64(a.iv)).toHaveLength(12);
    expect(fromBase64(a.key)).toHaveLength(256);
    expect(a.iv).not.toBe(b.iv);
    expect(a.key).not.toBe(b.key);

    const cek = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      pair.privateKey,
      fromBase64(a.key) as Uint8Array<ArrayBuffer>,
    );
    const aes = await crypto.subtle.importKey('raw', cek, { name: 'AES-GCM' }, false, ['decrypt']);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(a.iv) as Uint8Array<ArrayBuffer> },
      aes,
      fromBase64(a.data) as Uint8Array<ArrayBuffer>,
    );
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual(payload);
  });

  it('refuses an unknown algorithm and malformed base64', async () => {
    await expect(importEncryptionKey({ kid: 'x', alg: 'RSA1_5' as never, spki: '' })).rejects.toThrow(
      /unsupported/,
    );
    expect(() => fromBase64('not base64!')).toThrow();
  });
});
