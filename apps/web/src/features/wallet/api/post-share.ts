import { useMutation } from '@tanstack/react-query';
import { ZShareResult, type TShareRequest, type TShareResult } from '@lotus/contracts/agent';
import { postEnc } from '@/lib/session/post-enc';
import { useRefreshBalance } from '@/lib/session/refresh-balance';

/**
 * POST /wps/agent/share (enc; 2.MC.06, 2.MC.07, docs/adr/0030): main wallet to a direct downline's, with the
 * payment password and, with two-factor login on, the authenticator code; `requestKey` makes a repeated send
 * answer the first transfer.
 */
export function postShare(input: TShareRequest): Promise<TShareResult> {
  return postEnc('/wps/agent/share', input, ZShareResult);
}

/** Money leaves the agent's wallet: the balance and the record refresh. */
export function useShareMutation() {
  const refreshBalance = useRefreshBalance();
  return useMutation({ mutationFn: postShare, onSuccess: refreshBalance });
}
