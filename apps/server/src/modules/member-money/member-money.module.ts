import { randomUUID } from 'node:crypto';
import {
  getMemberLedger,
  getMemberMoney,
  getRiskFlags,
  postMemberAdjustment,
  ZOpsAdjustmentInput,
} from '@lotus/contracts/ops-member-money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, auditNote, requesterOf } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { Approvals } from '../../platform/approvals/approvals';
import type { ModuleParts } from '../../platform/module';
import { createMemberMoneyService, type MemberMoneyDeps } from './member-money.service';

/** The four-eyes action of a manual adjustment (docs/adr/0085). */
export const ADJUST_ACTION = 'ledger.adjust';

/**
 * The cashier desk's member money (issue 24, docs/adr/0085): read from the wallet, withdrawal and identity
 * modules' services; adjustments through the wallet's write path, always approved by a second operator
 * except from the direct-mode command line (break-glass, docs/adr/0055).
 */
export function createMemberMoneyModule(deps: MemberMoneyDeps & { approvals: Pick<Approvals, 'define' | 'request'> }) {
  const service = createMemberMoneyService(deps);
  deps.approvals.define({
    action: ADJUST_ACTION,
    approverPermission: 'money.write',
    // One pending adjustment per member: a double click never becomes two credits a tired approver passes.
    onePendingPerTarget: true,
    payload: ZOpsAdjustmentInput.extend({ memberId: z.number().int().positive(), key: z.uuid() }),
    apply: (payload, note, approver) => service.adjust(payload, approver.username, note),
  });
  return {
    service,
    opsRoutes: async (app: FastifyInstance) => {
      route(app, getMemberMoney, async (req) => service.money(req.params.id));
      route(app, getMemberLedger, async (req) => service.ledger(req.params.id, req.query));
      route(app, getRiskFlags, async (req) => {
        const flags = await service.flagsOf(req.query.memberIds);
        return { members: [...flags].map(([memberId, list]) => ({ memberId, flags: list })) };
      });
      route(app, postMemberAdjustment, async (req) => {
        const payload = { ...req.body, memberId: req.params.id, key: randomUUID() };
        const requester = requesterOf(req);
        if (!requester) return service.adjust(payload, actorOf(req).username, auditNote(req));
        await service.assertAdjustable(payload.memberId);
        return deps.approvals.request(
          requester,
          ADJUST_ACTION,
          { target: `member:${payload.memberId}`, payload, reason: payload.reason },
          auditNote(req),
        );
      });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
