import { parseArgs, UsageError, type CliCommand, type CliContext } from '../platform/cli/kit';

/**
 * The command line's dispatcher: finds a command by its words (the longest name that matches), parses the rest
 * against what the command declares, and runs it. The help is made from the commands' own definitions.
 */

/** Where a command's help text starts on its line (after two spaces and the command). */
const HELP_COLUMN = 43;

export function usageText(commands: readonly CliCommand[]): string {
  const lines = ['Lotus operator command line', '', 'Usage: npm run ops -- <command>', ''];
  for (const command of commands) {
    const head = `  ${command.name}${command.usage ? ` ${command.usage}` : ''}`;
    const [first = '', ...more] = command.help.split('\n');
    if (head.length <= HELP_COLUMN) {
      // At the help column, or one space after a head that reaches it.
      lines.push(`${head.padEnd(HELP_COLUMN - 1)} ${first}`.trimEnd());
    } else {
      lines.push(head);
      if (first) more.unshift(first);
    }
    for (const line of more) lines.push(`${' '.repeat(HELP_COLUMN)}${line}`);
  }
  lines.push(
    `  ${'help'.padEnd(HELP_COLUMN - 2)}this text`,
    '',
    'It uses the running server (DATA_DIR/ops.json) when it answers, otherwise it opens the database',
    'itself (PGlite in DATA_DIR/pglite, or DATABASE_URL). --direct (first) forces the database: full',
    'access, audited as the system user.',
  );
  return lines.join('\n');
}

/** The command the words name and the words after its name; null when none does. */
export function findCommand(commands: readonly CliCommand[], words: readonly string[]): { command: CliCommand; rest: string[] } | null {
  let found: { command: CliCommand; length: number } | null = null;
  for (const command of commands) {
    for (const name of [command.name, ...(command.aliases ?? [])]) {
      const parts = name.split(' ');
      if (parts.every((part, i) => words[i] === part) && (!found || parts.length > found.length)) found = { command, length: parts.length };
    }
  }
  return found ? { command: found.command, rest: words.slice(found.length) } : null;
}

/** `help` alone (or no command) asks for the usage; `help list|add|remove` is a command of its own (help articles). */
export function isHelpRequest(commands: readonly CliCommand[], words: readonly string[]): boolean {
  const [first] = words;
  if (first === undefined || first === '--help' || first === '-h') return true;
  return first === 'help' && findCommand(commands, words) === null;
}

/** The usage of the commands whose names start with the first word (what a mistaken command is shown). */
export function groupUsage(commands: readonly CliCommand[], word: string | undefined): string {
  const group = commands.filter((c) => [c.name, ...(c.aliases ?? [])].some((n) => n.split(' ')[0] === word));
  return group.length === 0 ? '' : group.map((c) => `${c.name}${c.usage ? ` ${c.usage}` : ''}`).join(' | ');
}

/** Runs the command the words name; returns its exit code. Throws UsageError or CliError for the caller to print. */
export async function dispatch(commands: readonly CliCommand[], ctx: CliContext, words: readonly string[]): Promise<number> {
  const found = findCommand(commands, words);
  if (!found) {
    const group = groupUsage(commands, words[0]);
    throw new UsageError(group ? `Use: ${group}` : words[0] ? `Unknown command ${words[0]}` : 'No command given');
  }
  const args = parseArgs(found.rest, found.command, words.slice(0, words.length - found.rest.length));
  return (await found.command.run(ctx, args)) ?? 0;
}
