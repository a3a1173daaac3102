import { ZDone } from '@lotus/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** DELETE /wps/member/2fa: turns two-factor login off with a current code or a recovery code. */
export async function deleteTwoFactor(code: string): Promise<void> {
  await apiRequest('/wps/member/2fa', { method: 'DELETE', body: { code }, schema: ZDone });
}
