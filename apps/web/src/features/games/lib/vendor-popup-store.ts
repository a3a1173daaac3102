import { create } from 'zustand';
import type { TGameType } from '@lotus/contracts/constants';

/** The vendor whose game list pops up (4.GS.04: a launch target whose isGame is VASSALAGE). */
export type TVendorPopup = { vassalage: string; gameType: TGameType; title: string };

type State = { popup: TVendorPopup | null; open: (popup: TVendorPopup) => void; close: () => void };

/** Which VASSALAGE popup is open; one at a time, shown by `VendorGamesPopupHost`. */
export const useVendorPopup = create<State>((set) => ({
  popup: null,
  open: (popup) => set({ popup }),
  close: () => set({ popup: null }),
}));
