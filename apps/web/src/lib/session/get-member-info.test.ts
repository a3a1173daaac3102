import { beforeEach, describe, expect, it } from 'vitest';
import { loginResult } from '@/test/fixtures';
import { errorResponse, mockApi } from '@/test/render';
import { getMemberInfo } from './get-member-info';
import { useSession } from './session-store';

beforeEach(() => useSession.getState().clear());

describe('a 401 on the member info ends the session it was asked for', () => {
  it('3.ENT.04 a revoked session (401 for the current token) ends the session on this device', async () => {
    useSession.getState().setLogin(loginResult({ token: 'revoked' }));
    mockApi({ '/wps/member/info': () => errorResponse('session_expired', 401) });
    await expect(getMemberInfo()).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('3.ENT.04 a 401 that arrives after a new login (a password change issued a new token) keeps the new session', async () => {
    useSession.getState().setLogin(loginResult({ token: 'before-change' }));
    let answer!: (response: Response) => void;
    mockApi({ '/wps/member/info': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const asked = getMemberInfo();
    // While the request with the old token is on its way, the member gets a new session.
    useSession.getState().setLogin(loginResult({ token: 'after-change' }));
    answer(errorResponse('session_expired', 401));
    await expect(asked).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBe('after-change');
    expect(sessionStorage.getItem('token')).toBe('after-change');
  });
});
