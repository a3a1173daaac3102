import { create } from 'zustand';
import type { TBanner, TBannerGroup } from '@lotus/contracts/system';
import type { TGameVendor } from '@lotus/contracts/relay';
import { changeAppLanguage, i18n } from '@/i18n/i18n';
import { local } from '@/lib/storage';
import { applyTheme, persistTheme, readStoredTheme, type TTheme } from '@/lib/theme';
import { readLotteryFavorites, toggleLotteryFavoriteId, writeLotteryFavorites } from './lottery-favorites';

/**
 * The application store (3.STO: language, theme, banners, promotions, chosen vendor, the lottery
 * favourite ids (3.STO.07); hotGames, recentGame, game favourites and pvp rooms arrive with the games
 * issue). Server data stays in the TanStack Query cache; this store holds what the UI chose and small
 * shared state.
 */
export type TSelectedVendor = Pick<TGameVendor, 'gameType' | 'vassalage' | 'displayName'>;

export type AppState = {
  language: string;
  theme: TTheme;
  /** Banners per group, as last shown (filled by the banner carousel when it loads a group). */
  banners: Partial<Record<TBannerGroup, TBanner[]>>;
  /** Promotions (empty until the promotions issue). */
  promotions: unknown[];
  /** The vendor chosen in the header dropdown or the login game menu (2.HDR.10). */
  selectedVendor: TSelectedVendor | null;
  /**
   * The lottery favourite ids (game codes) of `username` (3.STO.07), kept on this device per username
   * (4.FAV.04, ./lottery-favorites.ts); read again whenever another username asks for them.
   */
  lotteryFavorites: { username: string | null; ids: string[] };
  setLanguage: (code: string) => Promise<void>;
  setTheme: (theme: TTheme) => void;
  toggleTheme: () => void;
  setBanners: (group: TBannerGroup, banners: TBanner[]) => void;
  setPromotions: (promotions: unknown[]) => void;
  selectVendor: (vendor: TSelectedVendor | null) => void;
  /** Loads `username`'s lottery favourites into the store (none for a visitor). */
  loadLotteryFavorites: (username: string | null) => void;
  /** Adds or removes a lottery favourite of `username` (4.FAV.01) and stores the list on the device. */
  toggleLotteryFavorite: (username: string, gameCode: string) => void;
};

export const useAppStore = create<AppState>()((set, get) => ({
  language: i18n.language,
  theme: readStoredTheme(local),
  banners: {},
  promotions: [],
  selectedVendor: null,
  lotteryFavorites: { username: null, ids: [] },
  setLanguage: async (code) => {
    await changeAppLanguage(code, { explicit: true });
    set({ language: i18n.language });
  },
  setTheme: (theme) => {
    persistTheme(local, theme);
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'light' ? 'dark' : 'light'),
  setBanners: (group, banners) => set((state) => ({ banners: { ...state.banners, [group]: banners } })),
  setPromotions: (promotions) => set({ promotions }),
  selectVendor: (selectedVendor) => set({ selectedVendor }),
  loadLotteryFavorites: (username) => {
    if (get().lotteryFavorites.username === username) return;
    set({ lotteryFavorites: { username, ids: readLotteryFavorites(local, username) } });
  },
  toggleLotteryFavorite: (username, gameCode) => {
    // Read from the device first: another tab of the same member may have changed the list.
    const ids = toggleLotteryFavoriteId(readLotteryFavorites(local, username), gameCode);
    writeLotteryFavorites(local, username, ids);
    set({ lotteryFavorites: { username, ids } });
  },
}));

// Keep the store in step when the language changes by any route (e.g. lazy load finishing).
i18n.on('languageChanged', (code: string) => {
  if (useAppStore.getState().language !== code) useAppStore.setState({ language: code });
});
