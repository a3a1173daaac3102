import { reverseLedgerTransaction, verifyLedger } from '@lotus/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { actorOf, auditNote, requesterOf } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { Approvals } from '../../platform/approvals/approvals';
import type { WalletService } from './wallet.service';

/** Operator API of the ledger; registered inside the /ops scope (operator credential, permission). */
export async function walletOpsRoutes(
  app: FastifyInstance,
  { wallet, approvals }: { wallet: Pick<WalletService, 'verify' | 'reverseByOperator' | 'assertReversible'>; approvals: Pick<Approvals, 'request'> },
) {
  route(app, verifyLedger, async () => {
    const r = await wallet.verify();
    return { ok: r.violations.length === 0, ...r, violations: r.violations.map((v) => ({ ...v, detail: v.detail?.slice(0, 200) })) };
  });

  // A reversal moves money on one person's word: always a second operator's (docs/adr/0081), except the
  // direct-mode command line (break-glass, ADR 0055).
  route(app, reverseLedgerTransaction, async (req) => {
    const requester = requesterOf(req);
    if (!requester) return wallet.reverseByOperator(req.params.id, { id: actorOf(req).username, reason: req.body.reason }, auditNote(req));
    await wallet.assertReversible(req.params.id);
    return approvals.request(
      requester,
      'ledger.reverse',
      { target: `ledger:${req.params.id}`, payload: { id: req.params.id, reason: req.body.reason }, reason: req.body.reason },
      auditNote(req),
    );
  });
}
