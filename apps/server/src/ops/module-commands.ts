import type { CliCommand } from '../platform/cli/kit';
import { opsContentCommands } from '../modules/ops/ops-content.cli';
import { opsJobCommands } from '../modules/ops/ops-jobs.cli';
import { opsKeyCommands } from '../modules/ops/ops-keys.cli';
import { opsOperatorCommands } from '../modules/ops/ops-operators.cli';
import { opsFeedbackCommands, opsSiteCommands } from '../modules/ops/ops-site.cli';
import { walletCommands } from '../modules/wallet/wallet.cli';

/**
 * Every operator command, module by module (each module's `<m>.cli.ts`), in the order the help lists them.
 * A module's commands load none of its services: they call its operator endpoints.
 */
export const OPS_COMMANDS: readonly CliCommand[] = [
  ...opsSiteCommands,
  ...opsContentCommands,
  ...opsFeedbackCommands,
  ...opsOperatorCommands,
  ...opsJobCommands,
  ...walletCommands,
  ...opsKeyCommands,
];
