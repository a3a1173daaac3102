import { create } from 'zustand';
import type { TLoginResult, TMemberInfo } from '@lotus/contracts/auth';
import { session, STORAGE_KEYS } from '@/lib/storage';

/**
 * The login session of the member site (3.ENT.04, 4.LOGIN.03, 4.OUT.03).
 *
 * - `token` lives in sessionStorage 'token' (the api client reads it from there for the
 *   Authorization header) and `isAgent` in sessionStorage 'isAgent', so a reload of the tab keeps
 *   the member logged in and the role gates work before member info has loaded again.
 * - `member` is the last member info (from the login answer, then GET /wps/member/info).
 * - `isAgentPortal` is true while the session was opened from the agent login page (/agentHome).
 *
 * Components read it with `useSession((s) => s.token)`; code outside React with
 * `useSession.getState()`.
 */

/** sessionStorage keys that survive a logout (4.OUT.03: "keeps the merchant value"). */
export const SESSION_KEYS_KEPT_ON_LOGOUT: readonly string[] = [
  'merchant',
  // Browser-session UI memory, not login data: the 'news' popup is not shown twice in one visit.
  'newsPopupShown',
];

/** sessionStorage flag: the session was opened on the agent login page (decision 2.R.27). */
export const AGENT_PORTAL_KEY = 'agentPortal';

export type SessionState = {
  token: string | null;
  member: TMemberInfo | null;
  /** The agent level of the session (sessionStorage 'isAgent'); null for a visitor. */
  isAgent: number | null;
  isAgentPortal: boolean;
  /** Stores a finished login (token + user info). A result without a token (2FA pending) stores nothing. */
  setLogin: (result: TLoginResult, options?: { agentPortal?: boolean }) => void;
  setMember: (member: TMemberInfo | null) => void;
  setAgentPortal: (agentPortal: boolean) => void;
  /** Ends the session on this device: every sessionStorage value except the kept ones, and the state. */
  clear: () => void;
  /**
   * Ends the session when `token` is still its token: the answer to a request sent with an older
   * token (a password change issued a new one while the request was on its way) is a 401 that must
   * not end the new session.
   */
  clearIfCurrent: (token: string | null) => void;
};

function readIsAgent(): number | null {
  const raw = session.get(STORAGE_KEYS.isAgent);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
}

function readToken(): string | null {
  const token = session.get(STORAGE_KEYS.token);
  return token && token.trim() !== '' ? token : null;
}

/** Removes every sessionStorage key except SESSION_KEYS_KEPT_ON_LOGOUT. */
export function clearSessionStorage(): void {
  try {
    const store = window.sessionStorage;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key !== null && !SESSION_KEYS_KEPT_ON_LOGOUT.includes(key)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // storage unavailable: at least drop what the wrapper can reach
    session.remove(STORAGE_KEYS.token);
    session.remove(STORAGE_KEYS.isAgent);
    session.remove(AGENT_PORTAL_KEY);
  }
}

export const useSession = create<SessionState>()((set, get) => ({
  token: readToken(),
  member: null,
  isAgent: readIsAgent(),
  isAgentPortal: session.get(AGENT_PORTAL_KEY) === '1',
  setLogin: (result, options) => {
    if (!result.token) return;
    session.set(STORAGE_KEYS.token, result.token);
    const isAgent = result.userInfo?.isAgent ?? null;
    if (isAgent !== null) session.set(STORAGE_KEYS.isAgent, String(isAgent));
    else session.remove(STORAGE_KEYS.isAgent);
    const agentPortal = options?.agentPortal ?? false;
    if (agentPortal) session.set(AGENT_PORTAL_KEY, '1');
    else session.remove(AGENT_PORTAL_KEY);
    set({ token: result.token, member: result.userInfo, isAgent, isAgentPortal: agentPortal });
  },
  setMember: (member) => {
    if (member) session.set(STORAGE_KEYS.isAgent, String(member.isAgent));
    set(member ? { member, isAgent: member.isAgent } : { member: null });
  },
  setAgentPortal: (agentPortal) => {
    if (agentPortal) session.set(AGENT_PORTAL_KEY, '1');
    else session.remove(AGENT_PORTAL_KEY);
    set({ isAgentPortal: agentPortal });
  },
  clear: () => {
    clearSessionStorage();
    set({ token: null, member: null, isAgent: null, isAgentPortal: false });
  },
  clearIfCurrent: (token) => {
    if (token !== null && get().token === token) get().clear();
  },
}));

/** Whether somebody is logged in (6.ROLE.03). */
export const selectIsLoggedIn = (s: Pick<SessionState, 'token'>) => s.token !== null;
