import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeAgentBill as disputeEndpoint, type TAgentBill } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { BILLS_QUERY_ROOT } from './query-keys';

export type TBillDispute = { id: number; reason: string };

/**
 * A bill I am paid or I pay, disputed with a reason (docs/adr/0101): its payment is held until an operator upholds
 * it or settles its period again.
 */
export function disputeAgentBill({ id, reason }: TBillDispute): Promise<TAgentBill> {
  return api.call(disputeEndpoint, { params: { id }, body: { reason } });
}

/** The bill's status changes on every list it shows in (My income, Paid to my team, the contract pages). */
export function useDisputeBillMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeAgentBill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLS_QUERY_ROOT }),
  });
}
