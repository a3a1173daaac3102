import type { TLottoGame, TPrizeMode } from '@lotus/contracts/lottery';
import type { TVendorCard } from '@lotus/contracts/relay';
import { paths } from '@/config/paths';

/*
 * The lottery lobby's rules as pure functions (spec 2.LOB, 3.PRZ, 4.LOT, 4.GS.02; docs/adr/0093), so each
 * is tested once with the spec's values and every page reads the same answer.
 */

// ---------- 4.LOT.01-04: the list's refresh timer ----------

/** 4.LOT.03: the timer when the smallest time left is 0 or less (a lock just passed: the next draw opens). */
export const LOTTO_REFRESH_SOON_S = 7;
/** 4.LOT.04: the timer is never longer than this. */
export const LOTTO_REFRESH_MAX_S = 30;

/** The seconds a game has left before its open draw locks (4.LOT.02: the lock subtracted); null without an open draw. */
export function secondsToLock(game: Pick<TLottoGame, 'remainTime' | 'lockTime'>): number | null {
  if (game.remainTime === null) return null;
  return game.remainTime - (game.lockTime ?? 0);
}

/**
 * The lottery list's next refresh, in seconds (4.LOT.01-04): the smallest time left among the open games
 * (those with an open draw), each game's lock time subtracted from its close time first; 7 s when that
 * smallest time is 0 or less; never more than 30 s. With no open game the list asks again after 30 s.
 * remainTime and lockTime are whole seconds (4.LOT.06, ADR 0093).
 */
export function lottoRefreshSeconds(games: readonly Pick<TLottoGame, 'remainTime' | 'lockTime'>[]): number {
  let smallest: number | null = null;
  for (const game of games) {
    const left = secondsToLock(game);
    if (left !== null && (smallest === null || left < smallest)) smallest = left;
  }
  if (smallest === null) return LOTTO_REFRESH_MAX_S;
  if (smallest <= 0) return LOTTO_REFRESH_SOON_S;
  return Math.min(smallest, LOTTO_REFRESH_MAX_S);
}

/** The countdown to a game's lock `elapsedMs` after the answer that carried it; null without an open draw. */
export function lockCountdown(
  game: Pick<TLottoGame, 'remainTime' | 'lockTime'>,
  elapsedMs: number,
): number | null {
  const left = secondsToLock(game);
  if (left === null) return null;
  return Math.max(0, left - Math.floor(Math.max(0, elapsedMs) / 1000));
}

/** A countdown as H:MM:SS (hours unbounded below a day); the days apart, for the caller's words. */
export function splitCountdown(seconds: number): { days: number; clock: string } {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const rest = s % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    days,
    clock: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}

// ---------- 4.LOT.05: open numbers show at most 6 digits ----------

/** Digits a draw number shows (4.LOT.05). */
export const LOTTO_NUMERO_DIGITS = 6;

/**
 * The draw number as shown (4.LOT.05, decision 4.LOT.06 in ADR 0093): at most 6 digits, the LAST 6 of a
 * longer one (YYMMDD of a daily draw; for an electronic draw the month's last digit, the day and the slot).
 */
export function shortNumero(numero: string | null | undefined): string {
  if (!numero) return '';
  return numero.length > LOTTO_NUMERO_DIGITS ? numero.slice(-LOTTO_NUMERO_DIGITS) : numero;
}

// ---------- 3.PRZ.02/03: the prize mode from the vendor cards ----------

/** The vendor whose card makes the mode ELOTT anywhere it appears (3.PRZ.02). */
export const VN_LOTTO_VENDOR = 'TCG_LOTTO_VN';
/** The vendor that makes the mode ELOTT when it is listed under ELOTT (3.PRZ.02). */
export const LOTT_VENDOR = 'LOTT';

/**
 * The prize mode the lobby calls send (3.PRZ.02-04, ADR 0093): ELOTT when the vendor cards include
 * TCG_LOTTO_VN, or include LOTT under ELOTT; otherwise LOTT. No rule selects ZY or SEA.
 */
export function prizeModeOf(
  cards: readonly TVendorCard[] | undefined,
): Extract<TPrizeMode, 'LOTT' | 'ELOTT'> {
  for (const card of cards ?? []) {
    for (const vendor of card.cards) {
      if (vendor.vassalage === VN_LOTTO_VENDOR) return 'ELOTT';
      if (card.title === 'ELOTT' && vendor.vassalage === LOTT_VENDOR) return 'ELOTT';
    }
  }
  return 'LOTT';
}

// ---------- 2.LOB.01: menu tags ----------

/** Menu tags scroll with arrows only above this many menus (2.LOB.01). */
export const MENU_TAGS_WITHOUT_ARROWS = 7;

export function menuTagsNeedArrows(count: number): boolean {
  return count > MENU_TAGS_WITHOUT_ARROWS;
}

// ---------- 2.LOB.02/03: the weekday filter ----------

/** The weekday filter's values (2.LOB.02): 1 Sunday ... 7 Saturday. */
export const LOTTO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type TLottoWeekday = (typeof LOTTO_WEEKDAYS)[number];
/** The filter's choices: every day (the default, ADR 0093) or one weekday. */
export type TWeekdayChoice = 'ALL' | TLottoWeekday;

/** The weekday filter's value of a date, in the browser's zone: Sunday 1 ... Saturday 7 (2.LOB.02). */
export function weekdayOf(date: Date): TLottoWeekday {
  return (date.getDay() + 1) as TLottoWeekday;
}

/** The call's drawDayOfWeek query value (ADR 0093: ALL or 1-7). */
export function drawDayParam(choice: TWeekdayChoice): string {
  return choice === 'ALL' ? 'ALL' : String(choice);
}

/** Whether a game draws on the chosen day (2.LOB.03: drawDayOfWeek holds the weekdays it draws on). */
export function drawsOn(game: Pick<TLottoGame, 'drawDayOfWeek'>, choice: TWeekdayChoice): boolean {
  return choice === 'ALL' || game.drawDayOfWeek.includes(choice);
}

// ---------- 2.LOB.04: the name search ----------

/** Lower case without accents: "Đà Nẵng" and "da nang" meet (a player types Vietnamese names without them). */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase().trim();
}

/** Whether a game matches the search in any of its names or its code (empty search: every game). */
export function matchesName(game: Pick<TLottoGame, 'gameCode' | 'names'>, search: string): boolean {
  const needle = foldName(search);
  if (needle === '') return true;
  const names = [game.names.th, game.names.en, game.names.vi ?? '', game.gameCode];
  return names.some((name) => foldName(name).includes(needle));
}

/** A game's name in the page's language: Thai, English, else Vietnamese when it has one, else English. */
export function gameNameIn(game: Pick<TLottoGame, 'names'>, language: string): string {
  const code = language.toLowerCase().split('-')[0];
  if (code === 'th') return game.names.th;
  if (code === 'vi' && game.names.vi) return game.names.vi;
  return game.names.en;
}

// ---------- 4.GS.02: where a lottery game starts ----------

/** Vendors whose games start on /lottery (4.GS.02). */
export const LOTTERY_START_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'];

/** What a start needs: the game, its vendor, and the play type when one is chosen. */
export type TLotteryStart = {
  gameCode: string;
  vassalage: string;
  gameType: string;
  playType?: string | undefined;
};

/**
 * The route a lottery game starts on (4.GS.02): a game of TCG_LOTTO_VN, TCG_SEA, ELOTT or LOTT, or any game
 * of the lottery types, goes to /lottery?gameCode=&vendor=&playType=; anything else to the /game frame.
 */
export function lotteryStartHref(game: TLotteryStart): string {
  const lottery =
    LOTTERY_START_VENDORS.includes(game.vassalage) || game.gameType === 'LOTT' || game.gameType === 'ELOTT';
  if (lottery)
    return paths.lottery.getHref({
      gameCode: game.gameCode,
      vendor: game.vassalage,
      playType: game.playType,
    });
  return paths.game.getHref({ vendor: game.vassalage, gameCode: game.gameCode, gameType: game.gameType });
}
