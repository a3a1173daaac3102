import type { KeyValueStorage } from '@/lib/storage';

/*
 * Lottery favourites (4.FAV.04, 3.STO.07): kept on this device, one list per username, under
 * `lotteryFavorites:<username>` in localStorage; the application store holds the list of the member
 * signed in. An id is a lottery game's code (the lobby's games have no catalogue node id).
 */

/** The storage key of a username's list. */
export const lotteryFavoritesKey = (username: string) => `lotteryFavorites:${username}`;
/** Most favourites one username keeps (the newest stay). */
export const MAX_LOTTERY_FAVORITES = 200;

const GAME_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** A username's favourite game codes, newest first; none for no username or an unreadable value. */
export function readLotteryFavorites(
  storage: KeyValueStorage,
  username: string | null | undefined,
): string[] {
  if (!username) return [];
  try {
    const parsed: unknown = JSON.parse(storage.get(lotteryFavoritesKey(username)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return [
      ...new Set(parsed.filter((id): id is string => typeof id === 'string' && GAME_CODE.test(id))),
    ].slice(0, MAX_LOTTERY_FAVORITES);
  } catch {
    return [];
  }
}

/** The list after a toggle (4.FAV.01): removed when it is in, else added first. */
export function toggleLotteryFavoriteId(ids: readonly string[], gameCode: string): string[] {
  return ids.includes(gameCode)
    ? ids.filter((id) => id !== gameCode)
    : [gameCode, ...ids].slice(0, MAX_LOTTERY_FAVORITES);
}

/** Stores a username's list (nothing without a username). */
export function writeLotteryFavorites(
  storage: KeyValueStorage,
  username: string | null | undefined,
  ids: readonly string[],
): void {
  if (!username) return;
  if (ids.length === 0) storage.remove(lotteryFavoritesKey(username));
  else storage.set(lotteryFavoritesKey(username), JSON.stringify(ids));
}
