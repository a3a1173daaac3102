import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../src/db/seed-data/site-config';
import { inProcessConnection, type Connection } from '../src/ops/connect';
import { dispatch, findCommand, isHelpRequest, usageText } from '../src/ops/dispatch';
import { OPS_COMMANDS } from '../src/ops/module-commands';
import { CliError, parseArgs } from '../src/platform/cli/kit';
import { ROOT } from './cli-helper';
import { body, createTestOperator, useTestApp } from './helper';
import { bankDeposit, createChannel } from './deposit-helpers';
import { createMember } from './factories';


/** An ISO 8601 time written in a page's example (2026-12-01T06:00:00Z). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
/**
 * Every operator command the README and the docs show (`npm run ops -- ...`) still works: each names a command
 * whose arguments parse, and each is run, in the order the pages show them, against a real app through the same
 * dispatcher `npm run ops` uses. The placeholders of a page (`<id>`, `<username>`, `N`...) become real values.
 */
type Documented = { source: string; text: string; secondOperator: boolean };

function documentedCommands(): Documented[] {
  const pages = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const found: Documented[] = [];
  for (const page of pages) {
    fs.readFileSync(path.join(ROOT, page), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const match of line.matchAll(/npm run ops -- ([^`|)]+)/g)) {
          // What follows on the page is prose: a comment (`# ...`) or an arrow (`-> result`).
          const text = match[1]!.split(/\s+#\s|\s+->\s/)[0]!.trim();
          const before = line.slice(0, match.index);
          found.push({ source: `${page}:${index + 1}`, text, secondOperator: /LOTUS_OPS_TOKEN=(<[^>]*>|\S+)\s*$/.test(before) });
        }
      });
  }
  return found;
}

/** The words of a command line, quotes honoured; optional `[...]` parts left out, as a reader may. */
function words(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  // A placeholder is one word, spaces and all (`<transaction id>`).
  for (const [, double, single, placeholder, bare] of text.matchAll(/"([^"]*)"|'([^']*)'|(<[^>]*>)|(\S+)/g)) {
    const word = double ?? single ?? placeholder ?? bare!;
    if (bare !== undefined && bare.startsWith('[')) depth += 1;
    const inOptional = depth > 0;
    if (bare !== undefined && bare.endsWith(']')) depth -= 1;
    if (!inOptional) out.push(word);
  }
  return out;
}

const t = useTestApp();

describe('the documented operator commands (issue 22)', () => {
  const documented = documentedCommands();

  it('issue 22 the README and the docs show operator commands, each an existing command whose words parse', () => {
    expect(documented.length).toBeGreaterThan(50);
    for (const { source, text } of documented) {
      if (text.includes('...') || text.includes('<command>')) continue; // an elision, not a command
      const line = words(text).filter((w) => w !== '--direct');
      if (isHelpRequest(OPS_COMMANDS, line)) continue;
      const found = findCommand(OPS_COMMANDS, line);
      expect(found, `${source}: ${text}`).not.toBeNull();
      expect(() => parseArgs(found!.rest, found!.command), `${source}: ${text}`).not.toThrow();
    }
  });

  it('issue 22 each documented command runs: a change or a read, or the server refusing that example row', { timeout: 120_000 }, async () => {
    // The embedded demo's first operator, whose token ops.json holds: the pages' commands run as them.
    const owner = await createTestOperator(t.app, 'admin', 'owner');
    // README's `operator token revoke 3` revokes this one (token 1 is test_operator's, 2 the owner's).
    await createTestOperator(t.app, 'support', 'docs_spare');
    const admin = await createTestOperator(t.app, 'admin', 'second_admin');
    // Deposits awaiting approval, for the pages' `deposit approve|reject <id>`.
    const bank = await createChannel(t, { kind: 'bank_transfer', min: '100.00', max: '50000.00', dailyLimit: '200000.00' });
    // Two members with three each: a member keeps at most 3 deposits open (issue 23 #4).
    const deposits: string[] = [];
    for (const member of [await createMember(t), await createMember(t)]) {
      for (let i = 0; i < 3; i++) deposits.push(body<{ deposit: { id: string } }>(await bankDeposit(member.c, bank, '500')).value.deposit.id);
    }
    let token = owner.token;
    let lastRequest = '0';
    const output: string[] = [];
    const connect = (tokenOf: () => string): Connection =>
      inProcessConnection(t.app.opsApp, { token: tokenOf, target: 'test', mode: 'api', close: async () => undefined });
    const values: Record<string, () => string> = {
      '<id>': () => deposits.shift() ?? '1',
      '<username>': () => 'demo',
      '<kid>': () => 'k-retired',
      '<transaction id>': () => '1',
      '<text>': () => 'checked by the docs test',
      '...': () => 'checked by the docs test',
      N: () => lastRequest,
      '<json>': () => JSON.stringify(DEFAULT_SITE_CONFIG.withdrawal),
    };
    const runs: { source: string; text: string; code: number | string }[] = [];
    for (const { source, text, secondOperator } of documented) {
      if (text.includes(' ...') || text.includes('<command>') || text.endsWith('...')) continue;
      const line = words(text)
        .filter((w) => w !== '--direct')
        .map((w) => values[w]?.() ?? w)
        // A page's example time (a maintenance window's end) was in the future when it was written: the
        // command runs with a time a day ahead, so the example does not expire with the calendar.
        .map((w) => (ISO_TIME.test(w) ? new Date(Date.now() + 86_400_000).toISOString() : w));
      if (isHelpRequest(OPS_COMMANDS, line)) {
        expect(usageText(OPS_COMMANDS)).toContain('Usage: npm run ops -- <command>');
        continue;
      }
      const connection = connect(secondOperator ? () => admin.token : () => token);
      let code: number | string;
      try {
        code = await dispatch(OPS_COMMANDS, { ...connection, log: (out) => output.push(out), saveToken: (next) => (token = next) }, line);
      } catch (error) {
        // A refusal of the server (an example id that is not there, a row already decided) came back from a real
        // endpoint; anything else (a usage error, a crash) means the documented command does not work.
        if (!(error instanceof CliError)) throw new Error(`${source}: ${text}: ${String(error)}`);
        code = `refused: ${error.message.split('\n')[0]}`;
      }
      // N is the latest request a command made.
      lastRequest = [...output.join('\n').matchAll(/Request (\d+) is pending/g)].at(-1)?.[1] ?? lastRequest;
      runs.push({ source, text, code });
    }
    const refused = runs.filter((r) => r.code !== 0);
    // Only a row a page names by example may be refused: a key id the page made up, or a row another page's example
    // already made (two pages add the vendor ACME).
    for (const r of refused) expect(`${r.text} ${String(r.code)}`, r.source).toMatch(/<kid>|\(vendor_exists\)/);
    expect(runs.filter((r) => r.code === 0).length).toBeGreaterThan(40);
  });
});
