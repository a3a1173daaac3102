import {
  ZLedgerReversal,
  ZLedgerReverse,
  ZLedgerTransactionParam,
  ZLedgerVerification,
} from '@lotus/contracts/wallet';
import { actorOf, auditNote } from '../../plugins/auth-ops';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import type { WalletService } from './wallet.service';

/** Operator API of the ledger; registered inside the /ops scope (operator credential, permission). */
export async function walletOpsRoutes(
  fastify: FastifyInstance,
  { wallet }: { wallet: Pick<WalletService, 'verify' | 'reverseByOperator'> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/ops/ledger/verify',
    {
      config: { ops: { permission: 'money.read' } },
      schema: {
        tags: ['ops'],
        security: [{ operator: [] }],
        summary: 'Verify the ledger: balances equal entries, sums are zero, each idempotency key once',
        response: responses(ZLedgerVerification),
      },
    },
    async () => {
      const r = await wallet.verify();
      return ok({
        ok: r.violations.length === 0,
        ...r,
        violations: r.violations.map((v) => ({ ...v, detail: v.detail?.slice(0, 200) })),
      });
    },
  );

  app.post(
    '/ops/ledger/transactions/:id/reverse',
    {
      config: { ops: { permission: 'money.write', audit: 'ledger.reverse' } },
      schema: {
        tags: ['ops'],
        security: [{ operator: [] }],
        summary:
          'Reverse a ledger transaction: a new transaction negating it, with a reason (once per transaction)',
        params: ZLedgerTransactionParam,
        body: ZLedgerReverse,
        response: responses(ZLedgerReversal),
      },
    },
    async (req) =>
      ok(
        await wallet.reverseByOperator(
          req.params.id,
          { id: actorOf(req).username, reason: req.body.reason },
          auditNote(req),
        ),
      ),
  );
}
