import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createDownline as createDownlineEndpoint, type ZCreateDownline, type ZCreatedDownline } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { TEAM_QUERY_ROOT } from './query-keys';

export type TCreateDownline = z.input<typeof ZCreateDownline>;
export type TCreatedDownline = z.infer<typeof ZCreatedDownline>;

/**
 * Account/register centre: a member or a sub-agent created directly under the agent. The password travels in the
 * enc body (like Share profit's payment password).
 */
export function createDownline(input: TCreateDownline): Promise<TCreatedDownline> {
  return api.call(createDownlineEndpoint, { body: input });
}

/** A new account joins the team: the team's lists and figures are read again. */
export function useCreateDownlineMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDownline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_ROOT }),
  });
}
