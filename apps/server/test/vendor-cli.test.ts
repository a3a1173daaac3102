import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { connectApi } from '../src/ops/connect';
import { runCommand } from './ops-run';
import { body, useTestApp } from './helper';

/** `npm run ops -- vendor add|list|set-status|rotate-secret`: the commands over the operator API. */
const t = useTestApp();

let url: string | null = null;
async function run(args: string[]) {
  if (!url) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  const lines: string[] = [];
  const code = await runCommand(connectApi(url, t.opsToken), args, { log: (text) => lines.push(text) });
  return { code, out: lines.join('\n'), lines };
}

it('vendor add prints the secret once; list never shows it; set-status and rotate-secret; the display list stays `vendors`', async () => {
  const add = await run(['vendor', 'add', 'CLIV', '--name', 'Cli Games', '--launch-url', 'https://cli.example/launch', '--game-types', 'SLOT,FISH']);
  expect(add.code).toBe(0);
  const secret = add.lines[add.lines.length - 1]!;
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(add.out).toContain('shown this once');

  const list = await run(['vendor', 'list']);
  expect(list.out).toMatch(/CLIV\s+Cli Games\s+seamless\s+active\s+THB\s+SLOT,FISH/);
  expect(list.out).not.toContain(secret);

  expect((await run(['vendor', 'set-status', 'CLIV', 'maintenance'])).out).toContain('CLIV is now maintenance');
  const rows = body<{ code: string; status: string }[]>(await t.ops('GET', '/ops/vendors/registry')).value;
  expect(rows.find((r) => r.code === 'CLIV')?.status).toBe('maintenance');

  const rotated = await run(['vendor', 'rotate-secret', 'CLIV']);
  const fresh = rotated.lines[rotated.lines.length - 1]!;
  expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(fresh).not.toBe(secret);

  await expect(run(['vendor', 'set-status', 'CLIV', 'paused'])).rejects.toThrow(/set-status/);
  await expect(run(['vendor', 'set-status', 'NOSUCH', 'active'])).rejects.toThrow(/vendor_not_found/);
  // The home page's display list (content) keeps its own command.
  expect((await run(['vendors', 'list'])).out).toContain('DS88');
});
