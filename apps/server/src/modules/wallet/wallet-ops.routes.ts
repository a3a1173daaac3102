import { ZLedgerVerification } from '@lotus/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import type { WalletService } from './wallet.service';

/** Operator API of the ledger; registered inside the /ops scope (operator credential, permission). */
export async function walletOpsRoutes(fastify: FastifyInstance, { wallet }: { wallet: Pick<WalletService, 'verify'> }) {
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
      return ok({ ok: r.violations.length === 0, ...r, violations: r.violations.map((v) => ({ ...v, detail: v.detail?.slice(0, 200) })) });
    },
  );
}
