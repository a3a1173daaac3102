import type { CliCommand } from '../platform/cli/kit';
import { identityCommands } from '../modules/identity/identity.cli';
import { walletCommands } from '../modules/wallet/wallet.cli';

/**
 * Every operator command, module by module (each module's `<m>.cli.ts`), in the order the help lists them.
 * A module's commands load none of its services: they call its operator endpoints.
 */
export const OPS_COMMANDS: readonly CliCommand[] = [...identityCommands, ...walletCommands];
