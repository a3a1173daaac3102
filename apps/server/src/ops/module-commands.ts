import type { CliCommand } from '../platform/cli/kit';
import { agentCommands } from '../modules/agent/agent.cli';
import { catalogueCommands } from '../modules/catalogue/catalogue.cli';
import { depositCommands } from '../modules/deposit/deposit.cli';
import { vendorCommands } from '../modules/game-vendors/vendor.cli';
import { identityCommands } from '../modules/identity/identity.cli';
import { lotteryCommands } from '../modules/lottery/lottery.cli';
import { opsContentCommands } from '../modules/ops/ops-content.cli';
import { opsJobCommands } from '../modules/ops/ops-jobs.cli';
import { opsKeyCommands } from '../modules/ops/ops-keys.cli';
import { opsOperatorCommands } from '../modules/ops/ops-operators.cli';
import { opsFeedbackCommands, opsSiteCommands } from '../modules/ops/ops-site.cli';
import { memberMoneyCommands } from '../modules/member-money/member-money.cli';
import { walletCommands } from '../modules/wallet/wallet.cli';
import { withdrawalCommands } from '../modules/withdrawal/withdrawal.cli';

/**
 * Every operator command, module by module (each module's `<m>.cli.ts`), in the order the help lists them.
 * A module's commands load none of its services: they call its operator endpoints.
 */
export const OPS_COMMANDS: readonly CliCommand[] = [
  ...opsSiteCommands,
  ...opsContentCommands,
  ...vendorCommands,
  ...catalogueCommands,
  ...lotteryCommands,
  ...opsFeedbackCommands,
  ...identityCommands,
  ...opsOperatorCommands,
  ...withdrawalCommands,
  ...opsJobCommands,
  ...walletCommands,
  ...memberMoneyCommands,
  ...agentCommands,
  ...depositCommands,
  ...opsKeyCommands,
];
