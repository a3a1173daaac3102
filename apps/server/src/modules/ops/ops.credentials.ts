import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir } from '../../lib/data-dir';
import type { OpsService } from './ops.service';

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

function writeOpsFile(dataDir: string, content: OpsFile) {
  ensurePrivateDir(dataDir);
  const file = opsFilePath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  fs.chmodSync(file, 0o600);
}

/**
 * On start: keep the credential in ops.json when its hash is still a live operator and rewrite the
 * url; otherwise create a new operator credential (32 random bytes; only its SHA-256 is stored).
 */
export async function ensureOperatorCredential(
  ops: Pick<OpsService, 'authenticate' | 'createOperator'>,
  dataDir: string,
  url: string,
): Promise<{ file: string; created: boolean }> {
  const existing = readOpsFile(dataDir);
  if (existing && (await ops.authenticate(existing.token))) {
    writeOpsFile(dataDir, { url, token: existing.token });
    return { file: opsFilePath(dataDir), created: false };
  }
  const { token } = await ops.createOperator('local operator');
  writeOpsFile(dataDir, { url, token });
  return { file: opsFilePath(dataDir), created: true };
}
