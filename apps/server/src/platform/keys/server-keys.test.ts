import { randomBytes } from 'node:crypto';
import { encryptPayload } from '@lotus/contracts/enc';
import { describe, expect, it } from 'vitest';
import { createServerKeys } from './server-keys';

type Row = {
  kid: string;
  purpose: string;
  algorithm: string;
  publicKey: string | null;
  privateKey: string;
  state: string;
  createdAt: Date;
};

/** An in-memory stand-in for the server_keys table (one current key per purpose, like the partial unique index). */
/** The memory repository needs no transaction: the unit of work runs with a placeholder handle. */
const noDatabase = { tx: Object.assign(<T>(fn: (tx: never) => Promise<T>) => fn(null as never), { active: () => false }) };

function memoryRepo() {
  const rows = new Map<string, Row>();
  let tick = 0;
  const insert = (row: Omit<Row, 'state' | 'createdAt' | 'publicKey'> & { publicKey?: string | null; state?: string }) =>
    rows.set(row.kid, { ...row, publicKey: row.publicKey ?? null, state: row.state ?? 'current', createdAt: new Date(1_000 + tick++) });
  return {
    rows,
    findCurrent: async (purpose: string) => [...rows.values()].find((r) => r.purpose === purpose && r.state === 'current') ?? null,
    listAll: async () => [...rows.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
    insertIfAbsent: async (row: Parameters<typeof insert>[0]) => {
      if (![...rows.values()].some((r) => r.purpose === row.purpose && r.state === 'current')) insert(row);
    },
    replaceMaterial: async (kid: string, expected: string, privateKey: string) => {
      const row = rows.get(kid);
      if (row && row.privateKey === expected) row.privateKey = privateKey;
    },
    rotate: async (row: Parameters<typeof insert>[0]) => {
      for (const r of rows.values()) if (r.purpose === row.purpose && r.state === 'current') r.state = 'previous';
      insert({ ...row, state: 'current' });
    },
    deleteByKid: async (kid: string) => void rows.delete(kid),
  };
}

const master = () => ({ current: randomBytes(32), previous: null });

describe('server keys (docs/enc.md)', () => {
  it('7.CALL.03 a body encrypted with the published key decrypts; the key is created once and shared', async () => {
    const repo = memoryRepo();
    const m = master();
    const a = createServerKeys({ database: noDatabase, repo, master: m });
    const b = createServerKeys({ database: noDatabase, repo, master: m });
    const key = await a.getPublicKey();
    expect(await b.getPublicKey()).toEqual(key);
    const body = await encryptPayload(key, { hello: 'world' });
    expect(JSON.parse(await b.decryptBody(body))).toEqual({ hello: 'world' });
    await expect(a.decryptBody({ ...body, kid: 'enc-other' })).rejects.toMatchObject({ code: 'enc_invalid' });
    await expect(a.decryptBody({ ...body, iv: 'AAAA' })).rejects.toMatchObject({ code: 'enc_invalid' });
  });

  it('seals secrets at rest and keys short-code hashes with the server secret', async () => {
    const keys = createServerKeys({ database: noDatabase, repo: memoryRepo(), master: master() });
    const sealed = await keys.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await keys.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(await keys.mac('123456')).toBe(await keys.mac('123456'));
    expect(await keys.mac('123456')).not.toBe(await createServerKeys({ database: noDatabase, repo: memoryRepo(), master: master() }).mac('123456'));
  });

  it('security #20 stored keys are wrapped under the master key; an old clear row is wrapped by rewrapAll; another master key cannot open them', async () => {
    const repo = memoryRepo();
    const m = master();
    const keys = createServerKeys({ database: noDatabase, repo, master: m });
    const sealed = await keys.seal('JBSWY3DPEHPK3PXP');
    await keys.getPublicKey();
    for (const row of repo.rows.values()) expect(row.privateKey).toMatch(/^w1\./);
    // A row as an earlier version stored it (material in clear) is wrapped, once.
    repo.rows.set('sec-legacy', { kid: 'sec-legacy', purpose: 'legacy', algorithm: 'x', publicKey: null, privateKey: 'AAAA', state: 'current', createdAt: new Date(0) });
    expect(await keys.rewrapAll()).toEqual({ wrapped: 1, rewrapped: 0, unchanged: 2 });
    expect(await keys.rewrapAll()).toEqual({ wrapped: 0, rewrapped: 0, unchanged: 3 });
    // A process with another master key cannot open the sealed values.
    const stranger = createServerKeys({ database: noDatabase, repo, master: master() });
    await expect(stranger.open(sealed)).rejects.toThrow(/master key/);
    // Master-key rotation: the new key with the old one as previous re-wraps every row.
    const next = { current: randomBytes(32), previous: m.current };
    const rotated = createServerKeys({ database: noDatabase, repo, master: next });
    expect((await rotated.rewrapAll()).rewrapped).toBe(3);
    expect(await createServerKeys({ database: noDatabase, repo, master: { current: next.current, previous: null } }).open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });
});
