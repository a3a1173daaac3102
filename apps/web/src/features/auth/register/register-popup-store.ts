import { create } from 'zustand';

type RegisterPopupState = {
  open: boolean;
  /** 2.RGP.02: the member-referral code the popup registers with (from the query string). */
  referralCode: string | null;
  /** Decision 4.AFF.04: an agent's affiliate code from the URL parameter `affiliateCode`. */
  affiliateCode: string | null;
};

export const useRegisterPopup = create<RegisterPopupState>(() => ({ open: false, referralCode: null, affiliateCode: null }));

/**
 * Opens the registration popup (2.RGP; the header's register button, or the home page with
 * ?register=1 or ?referralCode=...). Rendered by <RegisterPopupSlot/> in the main layout.
 */
export function openRegisterPopup(options: { referralCode?: string | null; affiliateCode?: string | null } = {}): void {
  useRegisterPopup.setState({
    open: true,
    referralCode: options.referralCode?.trim() || null,
    affiliateCode: options.affiliateCode?.trim() || null,
  });
}

export function closeRegisterPopup(): void {
  useRegisterPopup.setState({ open: false, referralCode: null, affiliateCode: null });
}
