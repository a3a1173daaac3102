import { useEffect } from 'react';
import { useAppStore } from '@/state/app-store';
import { useSession } from '@/lib/session/session-store';

/**
 * The signed-in member's lottery favourites (4.FAV.04, 3.STO.07): the app store's list for their username,
 * loaded from this device when the username changes (another member on the same browser has their own).
 * A visitor has none (favouriting needs a login: 5.GATE.01).
 */
export function useLotteryFavorites(): {
  username: string | null;
  ids: ReadonlySet<string>;
  toggle: (gameCode: string) => void;
} {
  const username = useSession((s) => (s.token !== null ? (s.member?.account ?? null) : null));
  const load = useAppStore((s) => s.loadLotteryFavorites);
  const toggleIn = useAppStore((s) => s.toggleLotteryFavorite);
  const favorites = useAppStore((s) => s.lotteryFavorites);
  useEffect(() => load(username), [load, username]);
  const ids = new Set(favorites.username === username ? favorites.ids : []);
  return {
    username,
    ids,
    toggle: (gameCode) => {
      if (username) toggleIn(username, gameCode);
    },
  };
}
