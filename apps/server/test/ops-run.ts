import type { Connection } from '../src/ops/connect';
import { dispatch } from '../src/ops/dispatch';
import { OPS_COMMANDS } from '../src/ops/module-commands';

/** Runs one operator command over a connection, as `npm run ops` does, printing to `out.log`; its exit code. */
export function runCommand(connection: Connection, argv: string[], out: { log: (text: string) => void }): Promise<number> {
  return dispatch(OPS_COMMANDS, { ...connection, log: out.log }, argv);
}
