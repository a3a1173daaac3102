import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops as run, startServer, stop } from './cli-helper';
import { createTestDatabase, tempDir, usePostgres, type TestDatabase } from './helper';

describe('npm run ops (scripts/ops.mjs)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let pgDb: TestDatabase | null = null;

  beforeAll(async () => {
    dataDir = path.join(tempDir('lotus-cli-'), 'data');
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (usePostgres) {
      pgDb = await createTestDatabase({ seed: false });
      env.DATABASE_URL = pgDb.url!;
      // A demo on PostgreSQL: demo accounts only when asked for (security #2, docs/adr/0024).
      env.SEED_DEMO = '1';
      await pgDb.database.close();
    }
  });
  afterAll(async () => {
    if (pgDb) await pgDb.drop().catch(() => undefined);
  });

  it(
    '3.FLAG.01 direct mode (no server) changes a flag that the server then serves; API mode changes it back',
    // About twenty command-line processes and a server start on a shared machine.
    { timeout: 360_000 },
    async () => {
      // No server and no ops.json: the command line opens the database itself.
      const off = await run(['flag', 'FREEPLAY3', 'off'], env);
      expect(off.stderr).toBe('');
      expect(off.code).toBe(0);
      expect(off.stdout).toContain('FREEPLAY3 is now off.');
      const status = await run(['status'], env);
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(/Mode\s+direct/);

      const server = await startServer(env);
      try {
        expect(server.output()).toContain('Demo accounts');
        const opsFile = path.join(dataDir, 'ops.json');
        expect(fs.statSync(opsFile).mode & 0o777).toBe(0o600);
        expect(JSON.parse(fs.readFileSync(opsFile, 'utf8')).url).toBe(server.url);

        const flags = async () =>
          (
            (await (await fetch(`${server.url}/wps/system/whitelabel`)).json()) as {
              value: Record<string, boolean>;
            }
          ).value;
        expect((await flags()).FREEPLAY3).toBe(false);

        // The server answers: the command line goes through the operator API.
        const on = await run(['flag', 'FREEPLAY3', 'on'], env);
        expect(on.code, on.stderr).toBe(0);
        expect((await flags()).FREEPLAY3).toBe(true);
        const apiStatus = await run(['status'], env);
        expect(apiStatus.stdout).toMatch(
          new RegExp(`Mode\\s+API \\(${server.url.replace(/[.]/g, '\\.')}\\)`),
        );

        // A second admin with their own token, made in the single-operator bootstrap (docs/adr/0080:
        // it applies at once while the owner is the only admin who can act, and ends with it). Made
        // before the request: one the requester makes while it is pending could not approve it.
        expect((await run(['operator', 'create', 'second-admin', '--role', 'admin'], env)).code).toBe(0);
        const tokenLines = (await run(['operator', 'token', 'create', 'second-admin'], env)).stdout.trim().split('\n');
        const token = tokenLines[tokenLines.findIndex((l) => l.includes('It is shown once')) + 1]?.trim();
        expect(token).toBeDefined();

        // With an API token, starting maintenance is a four-eyes request (docs/adr/0055): the
        // command prints the request id; nothing changes until a second operator approves.
        const noReason = await run(['maintenance', 'start', '--info-en', 'Back at noon'], env);
        expect(noReason.code).toBe(2);
        expect(noReason.stderr).toContain('--reason');
        const maintenance = await run(['maintenance', 'start', '--info-en', 'Back at noon', '--reason', 'weekly upgrade'], env);
        expect(maintenance.code, maintenance.stderr).toBe(0);
        const requestId = /Request (\d+) is pending/.exec(maintenance.stdout)?.[1];
        expect(requestId, maintenance.stdout).toBeDefined();
        const waiting = (await (await fetch(`${server.url}/wps/system/status`)).json()) as { value: { status: number } };
        expect(waiting.value.status).toBe(0);
        // The requester cannot approve their own request.
        const own = await run(['approval', 'approve', requestId!], env);
        expect(own.code).toBe(1);
        expect(own.stderr).toContain('approval_own_request');
        // A second operator with their own token approves it from the command line.
        const approved = await run(['approval', 'approve', requestId!, '--note', 'ok'], { ...env, LOTUS_OPS_TOKEN: token! });
        expect(approved.code, approved.stderr).toBe(0);
        expect(approved.stdout).toContain(`Request ${requestId} (maintenance.start, config:maintenance) is approved by second-admin`);
        const sys = (await (
          await fetch(`${server.url}/wps/system/status`, { headers: { language: 'en' } })
        ).json()) as { value: { status: number; info: string } };
        expect(sys.value).toMatchObject({ status: 1, info: 'Back at noon' });
        expect((await run(['maintenance', 'stop'], env)).code).toBe(0);

        const list = await run(['vendors', 'list'], env);
        expect(list.stdout).toContain('DS88');
        const bad = await run(['flag', 'NOT_A_FLAG', 'on'], env);
        expect(bad.code).toBe(2);
        expect(bad.stderr).toContain('Unknown flag NOT_A_FLAG');
        const invalid = await run(['config', 'set', 'brand', '{"siteName":"x"}'], env);
        expect(invalid.code).toBe(1);
        expect(invalid.stderr).toContain('validation_failed');
      } finally {
        expect(await stop(server.child)).toBe(0);
      }

      // The server is gone: ops.json remains but the connection is refused, so direct mode again.
      const after = await run(['flag', 'showCaptcha', 'on'], env);
      expect(after.code).toBe(0);
      const get = await run(['config', 'get', 'whitelabel'], env);
      expect(JSON.parse(get.stdout)).toMatchObject({ FREEPLAY3: true, showCaptcha: true });
      const help = await run(['help'], env);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: npm run ops -- <command>');
    },
  );
});
