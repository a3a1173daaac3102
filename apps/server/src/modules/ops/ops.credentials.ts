import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DeploymentMode } from '../../env';
import { ensurePrivateDir } from '../../lib/data-dir';
import type { OperatorsService } from './operators.service';

/** DATA_DIR/ops.json: where the local operator credential lives (outside git; mode 0600). */
export const ZOpsFile = z.object({ url: z.string().max(500), token: z.string().min(20).max(200) });
export type OpsFile = z.infer<typeof ZOpsFile>;

export const opsFilePath = (dataDir: string) => path.join(dataDir, 'ops.json');

export function readOpsFile(dataDir: string): OpsFile | null {
  try {
    return ZOpsFile.parse(JSON.parse(fs.readFileSync(opsFilePath(dataDir), 'utf8')));
  } catch {
    return null;
  }
}

export function writeOpsFile(dataDir: string, content: OpsFile) {
  ensurePrivateDir(dataDir);
  const file = opsFilePath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  fs.chmodSync(file, 0o600);
}

/** The admin operator created at the first start (docs/adr/0019). */
export const BOOTSTRAP_OPERATOR = 'owner';

export type CredentialOutcome = {
  file: string;
  /** kept: ops.json still works; created: a new token was written; stale: it does not work and was left. */
  state: 'kept' | 'created' | 'stale';
  /** What to tell the operator when the state is stale. */
  advice?: string;
};

/**
 * On start: keep the token in ops.json while it authenticates (rewriting the url). Otherwise:
 * - no operator exists yet (first start): create the admin operator `owner` with an API token
 *   (90 days) and write it to ops.json (mode 0600);
 * - the embedded demo: issue a new token for `owner` (creating it if needed) and write it;
 * - a server deployment: leave ops.json alone and say how to create a token in direct mode (an
 *   expired or revoked credential is never silently renewed there).
 */
export async function ensureOperatorCredential(
  ops: Pick<OperatorsService, 'authenticate' | 'createOperator' | 'countOperators'>,
  options: { dataDir: string; url: string; mode: DeploymentMode },
): Promise<CredentialOutcome> {
  const { dataDir, url, mode } = options;
  const file = opsFilePath(dataDir);
  const existing = readOpsFile(dataDir);
  if (existing && (await ops.authenticate(existing.token))) {
    writeOpsFile(dataDir, { url, token: existing.token });
    return { file, state: 'kept' };
  }
  if ((await ops.countOperators()) === 0 || mode === 'embedded-demo') {
    const { token } = await ops.createOperator(BOOTSTRAP_OPERATOR, { role: 'admin' });
    writeOpsFile(dataDir, { url, token });
    return { file, state: 'created' };
  }
  return {
    file,
    state: 'stale',
    advice:
      `The operator token in ${file} is missing, expired or revoked; it is not renewed outside the embedded demo. ` +
      `Create one with the command line in direct mode: npm run ops -- --direct operator token create <username> --save`,
  };
}
