import { encryptPayload } from '@lotus/contracts/enc';
import { describe, expect, it } from 'vitest';
import { createServerKeys } from './server-keys';

/** An in-memory stand-in for the server_keys table (first insert per purpose wins, like the unique index). */
function memoryRepo() {
  const rows = new Map<
    string,
    {
      kid: string;
      purpose: string;
      algorithm: string;
      publicKey: string | null;
      privateKey: string;
      createdAt: Date;
    }
  >();
  return {
    rows,
    findByPurpose: async (purpose: string) => rows.get(purpose) ?? null,
    insertIfAbsent: async (row: {
      kid: string;
      purpose: string;
      algorithm: string;
      publicKey?: string | null;
      privateKey: string;
    }) => {
      if (!rows.has(row.purpose))
        rows.set(row.purpose, { ...row, publicKey: row.publicKey ?? null, createdAt: new Date() });
    },
  };
}

describe('server keys (docs/enc.md)', () => {
  it('7.CALL.03 a body encrypted with the published key decrypts; the key is created once and shared', async () => {
    const repo = memoryRepo();
    const a = createServerKeys({ repo });
    const b = createServerKeys({ repo });
    const key = await a.getPublicKey();
    expect(await b.getPublicKey()).toEqual(key);
    const body = await encryptPayload(key, { hello: 'world' });
    expect(await b.decryptBody(body)).toEqual({ hello: 'world' });
    await expect(a.decryptBody({ ...body, kid: 'enc-other' })).rejects.toMatchObject({ code: 'enc_invalid' });
    await expect(a.decryptBody({ ...body, iv: 'AAAA' })).rejects.toMatchObject({ code: 'enc_invalid' });
  });

  it('seals secrets at rest and keys short-code hashes with the server secret', async () => {
    const keys = createServerKeys({ repo: memoryRepo() });
    const sealed = await keys.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await keys.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(await keys.mac('123456')).toBe(await keys.mac('123456'));
    expect(await keys.mac('123456')).not.toBe(await createServerKeys({ repo: memoryRepo() }).mac('123456'));
  });
});
