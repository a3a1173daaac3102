import { describe, expect, it } from 'vitest';
import { decryptCsPath, encryptCsPath, fromBase64Url, toBase64Url } from './cs-crypto';

describe('3.CS.03 3.CS.04 customer-service path cipher', () => {
  it('round-trips links, with the 8-character key at the end', async () => {
    for (const link of [
      'https://chat.lotus.example/live?lang=th',
      'mailto:support@lotus.example',
      'https://ไทย.example/แชท',
      '',
    ]) {
      const path = await encryptCsPath(link);
      expect(path.slice(-8)).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(path).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(await decryptCsPath(path)).toBe(link);
    }
  });

  it('uses a fresh key and iv every time', async () => {
    const a = await encryptCsPath('https://t.me/lotus');
    const b = await encryptCsPath('https://t.me/lotus');
    expect(a).not.toBe(b);
    expect(a.slice(-8)).not.toBe(b.slice(-8));
  });

  it('is AES-256-GCM keyed by SHA-256 of the key: decrypting with WebCrypto by hand gives the link', async () => {
    const path = await encryptCsPath('https://line.me/R/ti/p/@lotus');
    const key8 = path.slice(-8);
    const bytes = fromBase64Url(path.slice(0, -8));
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key8));
    const key = await crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['decrypt']);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, 12) },
      key,
      bytes.slice(12),
    );
    expect(new TextDecoder().decode(plain)).toBe('https://line.me/R/ti/p/@lotus');
  });

  it('refuses tampered or malformed paths', async () => {
    const path = await encryptCsPath('https://chat.lotus.example/live');
    const body = path.slice(0, -8);
    const flipped = body.slice(0, 20) + (body[20] === 'A' ? 'B' : 'A') + body.slice(21) + path.slice(-8);
    await expect(decryptCsPath(flipped)).rejects.toThrow();
    await expect(decryptCsPath(body + 'AAAAAAAA')).rejects.toThrow();
    await expect(decryptCsPath('short')).rejects.toThrow();
    await expect(decryptCsPath('not*base64' + 'abcdefgh')).rejects.toThrow();
  });

  it('base64url helpers round-trip every byte value', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect(fromBase64Url(toBase64Url(all))).toEqual(all);
  });
});
