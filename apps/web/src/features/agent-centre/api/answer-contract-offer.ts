import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROCESS_CALLS, type TAgentContract, type TAgentContractKind } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { CONTRACTS_QUERY_ROOT, TEAM_QUERY_ROOT } from './query-keys';

export type TContractAnswer = { kind: TAgentContractKind; contractId: number; action: 'accept' | 'refuse' };

/**
 * The downline's answer to an offer, through the process call of the offer's kind (7.RELAY.16-19:
 * MCS2_processDividendReq, MCS2_processDailySalContract, MCS2_processContractHourSalary,
 * MCSFE_processRealTimeSalaryContract; GET with contractId and action).
 */
export function answerContractOffer({ kind, contractId, action }: TContractAnswer): Promise<TAgentContract> {
  return api.call(PROCESS_CALLS[kind], { query: { contractId, action } });
}

/** The contract lists change, and so do the contract flags of the team overview (the menu's entries). */
export function useAnswerOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerContractOffer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTRACTS_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: [...TEAM_QUERY_ROOT, 'overview'] }),
      ]),
  });
}
