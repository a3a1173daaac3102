/**
 * What `npm start` prints once the server listens. Modules that create demo accounts add a line
 * to DEMO_ACCOUNT_SOURCES (e.g. the accounts module: member and agent logins).
 */
export type DemoAccountLine = { role: string; login: string; secret: string; note?: string };
export type DemoAccountSource = () => Promise<DemoAccountLine[]>;

export const DEMO_ACCOUNT_SOURCES: DemoAccountSource[] = [];

/**
 * Set by scripts/build-server.mjs (esbuild `define`, ADR 0089) in the compiled output: when it was compiled.
 * Undefined when the TypeScript sources run through tsx (tests, `npm run dev:server`).
 */
declare const __LOTUS_BUILD__: { compiledAt: string } | undefined;

/** How this process runs: the compiled build or the sources (the start banner says which). */
export function runtimeDescription(): string {
  const build = typeof __LOTUS_BUILD__ === 'undefined' ? null : __LOTUS_BUILD__;
  const node = `Node ${process.versions.node}`;
  return build
    ? `${node}, compiled (apps/server/dist, ${build.compiledAt})`
    : `${node}, TypeScript sources through tsx (development)`;
}

export function formatStartupBanner(info: {
  url: string;
  database: string;
  seeded: boolean;
  /** Why demo data is on ('embedded demo', 'SEED_DEMO=1'), or null: no demo accounts are printed. */
  demo: string | null;
  opsFile: string;
  opsCreated: boolean;
  /** Where the operator API answers (a separate listener with OPS_PORT). */
  opsUrl?: string;
  /** Shown when the credential in ops.json does not work and was not renewed. */
  opsAdvice?: string;
  accounts: DemoAccountLine[];
}): string {
  const lines = [
    '',
    '  Lotus is running',
    '',
    `  Site         ${info.url}`,
    `  API docs     ${info.url}/docs`,
    `  Runtime      ${runtimeDescription()}`,
    `  Database     ${info.database}${info.seeded ? ` (new: ${info.demo ? 'demo data' : 'default configuration'} loaded)` : ''}`,
    `  Operator     API token ${info.opsCreated ? 'of the admin operator owner ' : ''}in ${info.opsFile}${info.opsCreated ? ' (new, 90 days)' : ''}`,
    '               use it with: npm run ops -- help',
    ...(info.opsUrl && info.opsUrl !== info.url ? [`  Operator API ${info.opsUrl}/ops (separate listener)`] : []),
    ...(info.opsAdvice ? ['', `  WARNING      ${info.opsAdvice}`] : []),
  ];
  if (info.demo && info.accounts.length > 0) {
    lines.push('', `  Demo accounts (demo data: ${info.demo}; published passwords, never for real use)`);
    for (const a of info.accounts) {
      lines.push(`    ${a.role.padEnd(10)} ${a.login} / ${a.secret}${a.note ? `  (${a.note})` : ''}`);
    }
  }
  lines.push('', '  Press Ctrl+C to stop.', '');
  return lines.join('\n');
}
