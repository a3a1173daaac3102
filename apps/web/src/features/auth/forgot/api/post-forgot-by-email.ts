import { useMutation } from '@tanstack/react-query';
import { ZDone } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * POST /wps/member/password/email (7.AUTH.13, 3.LOG.07): username and email, form-encoded. The
 * server answers the same whether or not the account exists; a matching account gets a mail with a
 * single-use link to /forget#token=<token> (the token in the fragment, security #18).
 */
export async function postForgotByEmail(input: { username: string; email: string }): Promise<void> {
  const body = new URLSearchParams({ username: input.username.trim(), email: input.email.trim() });
  await api.post('/wps/member/password/email', body, { schema: ZDone });
}

/** Asks for the reset mail (nothing cached changes). */
export function useForgotByEmailMutation() {
  return useMutation({ mutationFn: postForgotByEmail });
}
