/** Finds a PostgreSQL SQLSTATE on an error from node-postgres or PGlite (possibly wrapped by Drizzle). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** Network errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);
/** node-postgres' own messages for a pool that cannot connect or a connection that ended under a query. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/;

/**
 * True when an error means the database cannot be reached right now (not that a statement was wrong): SQLSTATE class
 * 08 (connection exception), 57P01-57P03 (the server shutting down or not yet accepting connections), a network
 * error, or node-postgres' lost-connection messages, anywhere in the cause chain. Such a request may succeed on
 * another instance or a moment later: it answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string') {
      if (/^08[0-9A-Z]{3}$/.test(e.code) || /^57P0[1-3]$/.test(e.code) || NETWORK_CODES.has(e.code)) return true;
    }
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * A query's name for logs: its statement and first table ("insert feedback", "select members"),
 * from the SQL text with placeholders. Never the values.
 */
export function queryName(sqlText: string): string {
  const text = sqlText.trim().replace(/\s+/g, ' ').toLowerCase();
  const op = /^(with|select|insert|update|delete|create|alter|drop|lock)\b/.exec(text)?.[1] ?? 'query';
  const table = /\b(?:into|update|from|table)\s+(?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?/.exec(text)?.[1];
  return table ? `${op} ${table}` : op;
}

/** The safe facts of a database error (security #6): what to log instead of the error itself. */
export type DbErrorSummary = {
  type: 'DatabaseError';
  sqlState: string | null;
  query: string | null;
  constraint?: string;
  table?: string;
  column?: string;
};

/**
 * Summarises an error when it comes from the database (a SQLSTATE or a Drizzle query error
 * anywhere in its cause chain), else null. Drizzle's message holds the SQL and its parameters
 * (hashes, emails, phone numbers, addresses), PostgreSQL's message and detail may quote values
 * ("Key (email)=(...)", 'invalid input syntax for type integer: "..."'): none of them is kept.
 */
export function summarizeDbError(error: unknown): DbErrorSummary | null {
  let current: unknown = error;
  let query: string | null = null;
  let found = false;
  const out: DbErrorSummary = { type: 'DatabaseError', sqlState: null, query: null };
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as Record<string, unknown>;
    if (typeof e.query === 'string' && (Array.isArray(e.params) || e.name === 'DrizzleQueryError')) {
      query ??= queryName(e.query);
      found = true;
    }
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && out.sqlState === null) {
      out.sqlState = e.code;
      found = true;
      for (const field of ['constraint', 'table', 'column'] as const) {
        const v = e[field];
        if (typeof v === 'string' && /^[A-Za-z0-9_]{1,63}$/.test(v)) out[field] = v;
      }
    }
    current = e.cause;
  }
  if (!found) return null;
  out.query = query;
  return out;
}
