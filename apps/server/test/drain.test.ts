import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './cli-helper';
import { tempDir } from './helper';

/**
 * Issue 26, graceful shutdown (docs/deploy.md): on SIGTERM an instance first answers its readiness check with
 * 503 while it keeps serving (DRAIN_SECONDS, so the proxy stops sending it new requests), then closes and
 * exits 0. The real server process as `npm start` runs it (compiled, ADR 0089), on the embedded database; every
 * module it resolves is recorded, and none may be tsx or a TypeScript file (issue 26's Done when).
 */
describe('26 a SIGTERM drains the instance before it closes', () => {
  it('ready turns 503 draining while requests are still answered, then the process exits 0', { timeout: 120_000 }, async () => {
    const dir = tempDir('lotus-drain-');
    const modules = path.join(dir, 'modules.txt');
    const server = await startServer(
      { DATA_DIR: path.join(dir, 'data'), DRAIN_SECONDS: '8', LOTUS_MODULE_LOG: modules },
      ['--import', path.join(import.meta.dirname, 'fixtures/record-modules.mjs')],
    );
    expect(server.output()).toMatch(/Runtime\s+Node 24\.\d+\.\d+, compiled \(apps\/server\/dist/);
    const exited = new Promise<number | null>((resolve) => {
      server.child.removeAllListeners('exit');
      server.child.on('exit', (code) => resolve(code));
    });
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);
    server.child.kill('SIGTERM');
    // Wait for the drain to show (a condition, not a sleep): then both answers come from the draining instance.
    let ready = 200;
    while (ready === 200) ready = (await fetch(`${server.url}/health/ready`)).status;
    expect(ready).toBe(503);
    const [readyBody, status] = await Promise.all([
      fetch(`${server.url}/health/ready`).then((r) => r.json() as Promise<{ status: string }>),
      fetch(`${server.url}/wps/system/status`).then((r) => r.status),
    ]);
    expect(readyBody.status).toBe('draining');
    expect(status).toBe(200);
    expect(await exited).toBe(0);

    const loaded = fs.readFileSync(modules, 'utf8').trim().split('\n');
    expect(loaded).toContainEqual(expect.stringMatching(/\/apps\/server\/dist\/server\.js$/));
    expect(loaded).toContainEqual(expect.stringMatching(/\/node_modules\/fastify\//));
    expect(loaded.filter((url) => /\/node_modules\/tsx\/|\.[cm]?tsx?$/.test(url))).toEqual([]);
  });
});
