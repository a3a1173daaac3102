import { useMutation } from '@tanstack/react-query';
import { forgotPasswordByEmail } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * Forgot password by email (7.AUTH.13, 3.LOG.07): username and email, form-encoded. The server answers the
 * same whether or not the account exists; a matching account gets a mail with a single-use link to
 * /forget#token=<token> (the token in the fragment, security #18).
 */
export async function postForgotByEmail(input: { username: string; email: string }): Promise<void> {
  await api.call(forgotPasswordByEmail, { body: { username: input.username.trim(), email: input.email.trim() } });
}

/** Asks for the reset mail (nothing cached changes). */
export function useForgotByEmailMutation() {
  return useMutation({ mutationFn: postForgotByEmail });
}
