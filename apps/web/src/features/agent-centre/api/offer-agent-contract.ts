import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { offerAgentContract as offerEndpoint, type TAgentContract, type ZAgentContractOffer } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { CONTRACTS_QUERY_ROOT } from './query-keys';

export type TContractOfferInput = z.input<typeof ZAgentContractOffer>;

/** An offer to an agent of my direct downline; its rates never above mine (docs/adr/0100). */
export function offerAgentContract(input: TContractOfferInput): Promise<TAgentContract> {
  return api.call(offerEndpoint, { body: input });
}

/** The offer joins "Contracts given". */
export function useOfferContractMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerAgentContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTRACTS_QUERY_ROOT }),
  });
}
