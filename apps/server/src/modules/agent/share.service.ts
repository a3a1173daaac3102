import { isAgentAccount, isTrialAccount } from '@lotus/contracts/accounts';
import { AppError } from '@lotus/contracts/app-error';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import type { TShareRequest } from '@lotus/contracts/agent';
import { accounts } from '@lotus/ledger/accounts';
import type { MemberStepUp } from '../identity/identity.module';
import type { WalletPost } from '../wallet/wallet.types';

export type MemberSummary = {
  id: number;
  username: string;
  type: number;
  isAgent: number;
  status: string;
  uplineId: number | null;
};

type Client = Parameters<MemberStepUp['verifyPaymentPassword']>[2];

/**
 * Share profit with downline (2.MC.06, decision 2.MC.07; docs/adr/0030-share-profit.md): an agent moves
 * money from its main wallet to a direct downline's, after the step-up (payment password, then the
 * second factor when enrolled). One ledger posting (`share`, key = agent + request key): a retry with
 * the same request key answers the first result; insufficient funds write nothing.
 */
export function createShareService(deps: {
  stepUp: Pick<MemberStepUp, 'verifyPaymentPassword' | 'verifySecondFactor'>;
  post: WalletPost;
  /** The turnover multiple of money received (docs/adr/0070). */
  wageringMultiple: () => Promise<number>;
  members: {
    memberSummary(id: number): Promise<MemberSummary | null>;
    memberSummaryByUsername(username: string): Promise<MemberSummary | null>;
    listDirectDownlines(
      agentId: number,
      q: { search: string; limit: number; offset: number },
    ): Promise<{ rows: { id: number; username: string; status: string; type: number }[]; total: number }>;
  };
}) {
  const { stepUp, post, members } = deps;

  async function requireAgent(agentId: number) {
    const agent = await members.memberSummary(agentId);
    if (!agent || !isAgentAccount(agent)) throw new AppError('error_not_agent', 403);
    return agent;
  }

  async function downlines(agentId: number, q: { search: string; pageNo: number; pageSize: number }) {
    await requireAgent(agentId);
    const { rows, total } = await members.listDirectDownlines(agentId, {
      search: q.search,
      limit: q.pageSize,
      offset: (q.pageNo - 1) * q.pageSize,
    });
    return {
      list: rows.map((r) => ({ id: r.id, username: r.username, active: r.status === 'active' && !isTrialAccount(r) })),
      total,
      totalPages: Math.ceil(total / q.pageSize),
    };
  }

  async function share(agentId: number, input: TShareRequest, client: Client) {
    const amount = parseMinor(input.amount);
    if (amount === null || amount <= 0n) throw new AppError('validation_failed', 400, { amount: 'validation_failed' });
    const agent = await requireAgent(agentId);
    await stepUp.verifyPaymentPassword(agentId, input.paymentPassword, client);
    await stepUp.verifySecondFactor(agentId, input.totpCode, client);
    const downline = await members.memberSummaryByUsername(input.downline);
    // Anyone who is not an active, real, direct downline answers the same: no member enumeration.
    if (!downline || downline.uplineId !== agent.id || downline.status !== 'active' || isTrialAccount(downline)) {
      throw new AppError('downline_not_found', 404, { downline: 'downline_not_found' });
    }
    const result = await post({
      op: 'share',
      key: `${agentId}:${input.requestKey}`,
      input: { agentId, downlineId: downline.id, amount },
      actor: { kind: 'member', id: agentId },
      entries: [
        { account: accounts.main(agentId), amount: -amount },
        { account: accounts.main(downline.id), amount },
      ],
      memo: `${agent.username} -> ${downline.username}`,
      // The money takes the agent's outstanding wagering with it, pro rata, and is a credit that needs
      // turnover for the downline: the larger of the two is the downline's (docs/adr/0070).
      wagering: { creditMultiple: await deps.wageringMultiple(), carry: true },
    });
    return {
      transactionId: result.transactionId,
      downline: downline.username,
      amount: formatMinor(amount),
      balance: formatMinor(result.balances[accounts.main(agentId)] ?? 0n),
    };
  }

  return { downlines, share };
}

export type ShareService = ReturnType<typeof createShareService>;
