import { beforeEach, describe, expect, it } from 'vitest';
import type { TLoginResult } from '@lotus/contracts/auth';
import { loginResult, memberInfo } from '@/test/fixtures';
import { useSession } from './session-store';

const login = (over: Partial<TLoginResult> = {}): TLoginResult => loginResult({ userInfo: memberInfo({ isAgent: 1 }), ...over });

beforeEach(() => useSession.getState().clear());

describe('session store (3.ENT.04, 4.LOGIN.03, 4.OUT.03)', () => {
  it('3.ENT.04 4.LOGIN.03 a login keeps the token and isAgent in sessionStorage and the user info in the store', () => {
    useSession.getState().setLogin(login(), { agentPortal: true });
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(sessionStorage.getItem('isAgent')).toBe('1');
    const state = useSession.getState();
    expect(state.token).toBe('tok-1');
    expect(state.member?.nickname).toBe('DEMO MEMBER');
    expect(state.isAgentPortal).toBe(true);
  });

  it('2.OTH.07 a login waiting for its second factor stores nothing', () => {
    useSession.getState().setLogin(login({ token: null, twoFactorRequired: true, twoFactorTicket: 't', userInfo: null }));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('4.OUT.03 clear ends the session but keeps the merchant value', () => {
    sessionStorage.setItem('merchant', 'lotus');
    sessionStorage.setItem('newsPopupShown', '1');
    sessionStorage.setItem('afterLogin', '1');
    useSession.getState().setLogin(login(), { agentPortal: true });
    useSession.getState().clear();
    expect(sessionStorage.getItem('merchant')).toBe('lotus');
    expect(sessionStorage.getItem('newsPopupShown')).toBe('1');
    for (const key of ['token', 'isAgent', 'agentPortal', 'afterLogin']) expect(sessionStorage.getItem(key), key).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, member: null, isAgent: null, isAgentPortal: false });
  });

  it('3.MEM.01 member info refreshes the stored agent level', () => {
    useSession.getState().setLogin(login({ userInfo: memberInfo() }));
    useSession.getState().setMember(memberInfo({ isAgent: 42 }));
    expect(sessionStorage.getItem('isAgent')).toBe('42');
    expect(useSession.getState().isAgent).toBe(42);
  });
});
