import { useMutation } from '@tanstack/react-query';
import { postShare as shareEndpoint, type TShareRequest, type TShareResult } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/session/refresh-balance';

/**
 * Share profit with downline (enc; 2.MC.06, 2.MC.07, docs/adr/0030): main wallet to a direct downline's, with the
 * payment password and, with two-factor login on, the authenticator code; `requestKey` makes a repeated send
 * answer the first transfer.
 */
export function postShare(input: TShareRequest): Promise<TShareResult> {
  return api.call(shareEndpoint, { body: input });
}

/** Money leaves the agent's wallet: the balance and the record refresh. */
export function useShareMutation() {
  const refreshBalance = useRefreshBalance();
  return useMutation({ mutationFn: postShare, onSuccess: refreshBalance });
}
