import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Db } from '../../db/tx';

/**
 * Where the operator audit chain's head is exported (docs/adr/0068), behind one small interface:
 * - `file`: one JSON line per export appended to DATA_DIR/audit-anchor.log (the embedded demo, and
 *   PostgreSQL without the table);
 * - `table`: a row per export in audit_anchor.exported_heads on PostgreSQL, a table another role owns
 *   and the application role can only read and append to (apps/server/sql/audit-anchor-setup.sql).
 * The store only keeps and returns heads; ops.audit.ts MACs them and checks the MAC.
 */

/** One exported head: the newest row's seq and hash when exported, with a MAC under the audit key. */
export type ExportedHead = { seq: number; hash: string; at: string; mac: string };

export type AuditAnchorStore = {
  kind: 'file' | 'table';
  /** The file's path or the table's name, as the verify answer and the start log name it. */
  location: string;
  /** The last exported head as stored (its MAC unchecked), `{ unreadable }` when it is not a head, or null. */
  last(): Promise<ExportedHead | { unreadable: string } | null>;
  append(head: ExportedHead): Promise<void>;
};

/** The anchor file: under the data folder, beside the master key and apart from the database. */
export const auditAnchorPath = (dataDir: string) => path.join(dataDir, 'audit-anchor.log');

/** The table apps/server/sql/audit-anchor-setup.sql creates. */
export const AUDIT_ANCHOR_TABLE = 'audit_anchor.exported_heads';

/** Lines appended with O_APPEND, mode 0600; the application never truncates or rewrites the file. */
export function fileAnchorStore(file: string): AuditAnchorStore {
  return {
    kind: 'file',
    location: file,
    async last() {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const line = text.trimEnd().split('\n').pop();
      if (!line) return null;
      try {
        const head = JSON.parse(line) as Partial<ExportedHead>;
        if (typeof head.seq === 'number' && typeof head.hash === 'string' && typeof head.at === 'string' && typeof head.mac === 'string')
          return { seq: head.seq, hash: head.hash, at: head.at, mac: head.mac };
      } catch {
        // falls through: not a line this server wrote
      }
      return { unreadable: `the last line of ${file} is not an exported head` };
    },
    async append(head) {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      // 'a' is O_APPEND: every write lands at the end whatever else holds the file.
      const fd = fs.openSync(file, 'a', 0o600);
      try {
        fs.writeSync(fd, `${JSON.stringify(head)}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    },
  };
}

type Rows<T> = { rows: T[] };

/** Rows appended through the application role's INSERT right; the newest (highest id) is the last export. */
export function tableAnchorStore(db: Db): AuditAnchorStore {
  return {
    kind: 'table',
    location: AUDIT_ANCHOR_TABLE,
    async last() {
      // `at` read back in the exact text it was MACed in (milliseconds, UTC).
      const result = (await db.execute(sql`
        select seq, hash, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, mac
        from audit_anchor.exported_heads order by id desc limit 1`)) as unknown as Rows<ExportedHead>;
      const row = result.rows[0];
      return row ? { seq: Number(row.seq), hash: row.hash, at: row.at, mac: row.mac } : null;
    },
    async append(head) {
      await db.execute(sql`
        insert into audit_anchor.exported_heads (seq, hash, at, mac)
        values (${head.seq}, ${head.hash}, ${head.at}::timestamptz, ${head.mac})`);
    },
  };
}

/**
 * Why the connection's role cannot use the anchor table, or null when it can: the table must exist, the
 * role must read it and add to it, and it must be unable to change it (no UPDATE, DELETE or TRUNCATE right,
 * not its owner nor a member of the owner's role: a superuser is all of those). A table the application
 * can rewrite would be no better than the rows it guards.
 */
export async function anchorTableProblem(db: Db): Promise<string | null> {
  const result = (await db.execute(sql`
    select
      to_regclass('audit_anchor.exported_heads') is not null as present,
      current_user as role
  `)) as unknown as Rows<{ present: boolean; role: string }>;
  const { present, role } = result.rows[0]!;
  if (!present) return `there is no table ${AUDIT_ANCHOR_TABLE} (apps/server/sql/audit-anchor-setup.sql creates it)`;
  const rights = (await db.execute(sql`
    select
      has_table_privilege('audit_anchor.exported_heads', 'SELECT') as can_read,
      has_table_privilege('audit_anchor.exported_heads', 'INSERT') as can_add,
      has_table_privilege('audit_anchor.exported_heads', 'UPDATE, DELETE, TRUNCATE') as can_change,
      pg_has_role((select tableowner from pg_tables where schemaname = 'audit_anchor' and tablename = 'exported_heads'), 'USAGE') as acts_as_owner
  `)) as unknown as Rows<{ can_read: boolean; can_add: boolean; can_change: boolean; acts_as_owner: boolean }>;
  const r = rights.rows[0]!;
  if (r.acts_as_owner) return `the role ${role} owns ${AUDIT_ANCHOR_TABLE} (or is a superuser or a member of its owner), so it could rewrite it`;
  if (r.can_change) return `the role ${role} may update, delete or truncate ${AUDIT_ANCHOR_TABLE}`;
  if (!r.can_read || !r.can_add) return `the role ${role} may not read and insert into ${AUDIT_ANCHOR_TABLE}`;
  return null;
}

/** The store in use and, when PostgreSQL could not use the table, why (the server logs it as a warning). */
export type AnchorChoice = { store: AuditAnchorStore; warning: string | null };

/**
 * PGlite (the embedded demo) keeps the file. PostgreSQL uses the table when this role may use it
 * (anchorTableProblem), otherwise the file, with a warning naming the reason.
 */
export async function chooseAnchorStore(database: Pick<Database, 'kind' | 'db'>, file: string): Promise<AnchorChoice> {
  if (database.kind === 'pglite') return { store: fileAnchorStore(file), warning: null };
  const problem = await anchorTableProblem(database.db);
  if (problem === null) return { store: tableAnchorStore(database.db), warning: null };
  return {
    store: fileAnchorStore(file),
    warning:
      `The audit chain head is exported to the file ${file}, not to a table the application role cannot rewrite: ` +
      `${problem}. Run apps/server/sql/audit-anchor-setup.sql as a superuser, then restart (docs/adr/0068).`,
  };
}
