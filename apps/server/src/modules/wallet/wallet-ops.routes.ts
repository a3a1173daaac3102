import { reverseLedgerTransaction, verifyLedger } from '@lotus/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { actorOf, auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { WalletService } from './wallet.service';

/** Operator API of the ledger; registered inside the /ops scope (operator credential, permission). */
export async function walletOpsRoutes(app: FastifyInstance, { wallet }: { wallet: Pick<WalletService, 'verify' | 'reverseByOperator'> }) {
  route(app, verifyLedger, async () => {
    const r = await wallet.verify();
    return { ok: r.violations.length === 0, ...r, violations: r.violations.map((v) => ({ ...v, detail: v.detail?.slice(0, 200) })) };
  });

  route(app, reverseLedgerTransaction, async (req) =>
    wallet.reverseByOperator(req.params.id, { id: actorOf(req).username, reason: req.body.reason }, auditNote(req)),
  );
}
