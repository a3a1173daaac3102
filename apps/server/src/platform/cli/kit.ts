import type { bindTransport } from '@lotus/contracts/call';

/**
 * The operator command line's parts that modules use (`modules/<m>/<m>.cli.ts`): a module defines its commands
 * with `defineCommand` and calls its own endpoints through `ctx.call`; the dispatcher (`ops/cli.ts`) finds the
 * command, parses its arguments, connects (the running server's API, or the database in process) and prints
 * the help from these definitions. Loading a module's commands loads no service: a command sent to a running
 * server starts in a fraction of a second.
 */

/** A usage mistake: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

/** An error meant for the operator: printed as is, exit code 1. */
export class CliError extends Error {}

/** What a command runs with. */
export type CliContext = {
  /** Calls an endpoint of the operator API (contracts/call.ts), over HTTP or in process. */
  call: ReturnType<typeof bindTransport>;
  /** `api`: the running server; `direct`: this process opened the database (full access, audited as the system user). */
  mode: 'api' | 'direct';
  /** Where the commands go: the server's URL, or the database. */
  target: string;
  log: (text: string) => void;
  /** Writes a token to DATA_DIR/ops.json (operator rotate; token create --save); absent where it cannot. */
  saveToken?: ((token: string) => void) | undefined;
};

/** The arguments after a command's name: positional words, `--name value` options and bare `--flags`. */
export type CliArgs = {
  positional: string[];
  options: Record<string, string>;
  flags: Set<string>;
  /** The words as given (a command that reads JSON joins them). */
  raw: string[];
  /** The words that named the command as typed: its name, or the alias used (`notices list`). */
  called: string[];
};

export type CliCommand = {
  /** The words that name it (`deposit approve`); the first is the group the help lists it under. */
  name: string;
  /** Other names (`deposits approve`). */
  aliases?: readonly string[];
  /** What follows the name in the help (`<id> [--note <text>]`). */
  usage?: string;
  /** What it does, one line or a few (the help wraps nothing: keep lines short). */
  help: string;
  /** `--name value` options it takes. */
  options?: readonly string[];
  /** Bare `--flags` it takes. */
  flags?: readonly string[];
  /** Runs it; a non-zero exit code means the command found a problem (a broken chain, a ledger violation). */
  run: (ctx: CliContext, args: CliArgs) => Promise<number | void>;
};

export const defineCommand = (command: CliCommand): CliCommand => command;

/** Splits a command's words into positional words, options and flags (unknown ones are a UsageError). */
export function parseArgs(words: readonly string[], command: Pick<CliCommand, 'options' | 'flags'>, called: readonly string[] = []): CliArgs {
  const args: CliArgs = { positional: [], options: {}, flags: new Set(), raw: [...words], called: [...called] };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('--')) {
      args.positional.push(word);
      continue;
    }
    const name = word.slice(2);
    if (command.flags?.includes(name)) {
      args.flags.add(name);
      continue;
    }
    if (!command.options?.includes(name)) throw new UsageError(`Unknown option ${word}`);
    const value = words[i + 1];
    if (value === undefined) throw new UsageError(`Option ${word} needs a value`);
    args.options[name] = value;
    i += 1;
  }
  return args;
}

/** Words a command does not take: the first is refused as an unknown option (`Unknown option <word>`). */
export function refuseWords(words: readonly string[]): void {
  if (words[0] !== undefined) throw new UsageError(`Unknown option ${words[0]}`);
}

/** A whole number from `min` to `max`, else a UsageError with `message`. */
export function intArg(text: string | undefined, { min, max, fallback, message }: { min: number; max: number; fallback?: number; message: string }): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(message);
  return value;
}

/** A JSON argument, else a UsageError naming `what`. */
export function parseJson(text: string | undefined, what: string): unknown {
  if (text === undefined) throw new UsageError(`Missing ${what} (a JSON value).`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Rows as a table of `columns` (cells cut at 60 characters), or `(none)`. */
export function formatTable(rows: readonly object[], columns: readonly string[]): string {
  if (rows.length === 0) return '(none)';
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '-' : String(v);
    return s.length > 60 ? `${s.slice(0, 57)}...` : s;
  };
  const at = (row: object, column: string) => (row as Record<string, unknown>)[column];
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(at(r, c)).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line([...columns]), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => cell(at(r, c)))))].join('\n');
}

/** Like formatTable, but the last column is printed in full (SMS texts end with the code). */
export function formatTableWide(rows: readonly object[], columns: readonly string[]): string {
  if (rows.length === 0) return '(none)';
  const head = columns.slice(0, -1);
  const last = columns[columns.length - 1]!;
  const cell = (v: unknown) => (v === null || v === undefined ? '-' : String(v));
  const at = (row: object, column: string) => (row as Record<string, unknown>)[column];
  const widths = head.map((c) => Math.max(c.length, ...rows.map((r) => cell(at(r, c)).length)));
  const line = (values: string[], tail: string) => [...values.map((v, i) => v.padEnd(widths[i]!)), tail].join('  ');
  return [
    line(head, last),
    line(
      widths.map((w) => '-'.repeat(w)),
      '-'.repeat(last.length),
    ),
    ...rows.map((r) => line(head.map((c) => cell(at(r, c))), cell(at(r, last)))),
  ].join('\n');
}
