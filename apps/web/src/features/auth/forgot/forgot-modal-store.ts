import { create } from 'zustand';

/** Whether the forget-password modal (2.MOD.01) is open; rendered by <ForgotModalSlot/>. */
export const useForgotModal = create<{ open: boolean }>(() => ({ open: false }));

/** Opens the forget-password modal (e.g. from the login popup's "forgot password" link). */
export function openForgotModal(): void {
  useForgotModal.setState({ open: true });
}

export function closeForgotModal(): void {
  useForgotModal.setState({ open: false });
}
