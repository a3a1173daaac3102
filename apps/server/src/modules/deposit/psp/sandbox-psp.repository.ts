import { and, eq } from 'drizzle-orm';
import { sandboxPspPayments } from '../../../db/schema';
import type { Db, Executor } from '../../../db/tx';

export type SandboxPaymentRow = typeof sandboxPspPayments.$inferSelect;

/** The sandbox PSP's own payments: SQL only. */
export function createSandboxPspRepository(db: Db) {
  return {
    async insert(row: typeof sandboxPspPayments.$inferInsert, tx: Executor): Promise<void> {
      await tx.insert(sandboxPspPayments).values(row);
    },
    async find(reference: string, tx: Executor = db): Promise<SandboxPaymentRow | null> {
      const [row] = await tx.select().from(sandboxPspPayments).where(eq(sandboxPspPayments.reference, reference));
      return row ?? null;
    },
    /** pending -> paid | failed, once; false when it was no longer pending. */
    async complete(reference: string, status: 'paid' | 'failed', at: Date, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(sandboxPspPayments)
        .set({ status, completedAt: at })
        .where(and(eq(sandboxPspPayments.reference, reference), eq(sandboxPspPayments.status, 'pending')))
        .returning({ reference: sandboxPspPayments.reference });
      return rows.length > 0;
    },
  };
}

export type SandboxPspRepository = ReturnType<typeof createSandboxPspRepository>;
