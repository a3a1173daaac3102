import { ZDone } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** DELETE /wps/member/sessions/:id: ends one of the member's other sessions (a device logged out). */
export async function deleteSession(id: string): Promise<void> {
  await api.delete(`/wps/member/sessions/${encodeURIComponent(id)}`, { schema: ZDone });
}
