import { create } from 'zustand';
import { session } from '@/lib/storage';
import { onSessionEnd } from '@/lib/session/session-events';

/**
 * The change-password modal (2.MOD.01), opened from the member centre or forced at login
 * (4.LOGIN.11). `openChangePassword` resolves the new password once changed, or null when closed.
 *
 * Decision 4.LOGIN.12: a forced change cannot be dismissed (no close button, no Escape, no cover
 * click); its only other way out is logging out. The forced state is kept in sessionStorage, so a
 * reload of the tab re-opens it (then asking for the old password, which the app no longer knows).
 */
export const FORCED_CHANGE_KEY = 'forcePasswordChange';

type ChangeRequest = {
  id: number;
  forced: boolean;
  /** The current password when the app knows it (forced flow right after login): not asked (5.CPW.04). */
  oldPassword: string | null;
  resolve: (newPassword: string | null) => void;
};

type ChangePasswordState = {
  request: ChangeRequest | null;
  finish: (id: number, newPassword: string | null) => void;
};

let nextId = 1;

export const useChangePasswordStore = create<ChangePasswordState>()((set, get) => ({
  request: null,
  finish: (id, newPassword) => {
    const request = get().request;
    if (!request || request.id !== id) return;
    if (request.forced) session.remove(FORCED_CHANGE_KEY);
    set({ request: null });
    request.resolve(newPassword);
  },
}));

export function openChangePassword(options: { forced: boolean; oldPassword?: string | null }): Promise<string | null> {
  const previous = useChangePasswordStore.getState().request;
  if (previous) useChangePasswordStore.getState().finish(previous.id, null);
  if (options.forced) session.set(FORCED_CHANGE_KEY, '1');
  return new Promise((resolve) => {
    useChangePasswordStore.setState({
      request: { id: nextId++, forced: options.forced, oldPassword: options.oldPassword ?? null, resolve },
    });
  });
}

/** Closes the modal whatever its kind (logout): its promise resolves null. */
export function closeChangePassword(): void {
  const { request, finish } = useChangePasswordStore.getState();
  if (request) finish(request.id, null);
  session.remove(FORCED_CHANGE_KEY);
}

/** Whether a forced change was left open in this tab (re-opened after a reload). */
export const hasPendingForcedChange = () => session.get(FORCED_CHANGE_KEY) === '1';

// 4.OUT.05: a logout closes any password change, forced or not.
onSessionEnd(closeChangePassword);
