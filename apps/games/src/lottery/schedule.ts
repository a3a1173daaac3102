import { TZDate } from '@date-fns/tz';
import type { LottoGameDefinition, LottoSchedule, LottoTimeZone, Weekday } from './games';

/**
 * Draw planning (ADR 0092): a game's schedule proposes draws, which are then stored as rows
 * (house_lotto_draws) and live on their own: an operator may move or cancel a stored draw, and planning
 * never recreates or moves it again (a draw's identity is its game and number, inserted once).
 */

export type PlannedDraw = {
  gameCode: string;
  /** The draw's number (numero): YYYYMMDD of its day in the game's zone; electronic draws add a 3-digit slot. */
  drawNo: string;
  /** Sales lock (no ticket from this instant on): close - lockSeconds. */
  lockAt: number;
  closeAt: number;
  drawAt: number;
  /** Electronic draws: the beacon round committed to before any ticket is sold. */
  beaconRound: number | null;
};

const DAY_MS = 86_400_000;

type ZonedDay = { year: number; month: number; day: number; weekday: Weekday };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayNo = (d: { year: number; month: number; day: number }) => `${d.year}${pad(d.month)}${pad(d.day)}`;

/** The calendar day holding instant `ms` in `zone`. */
function zonedDay(ms: number, zone: LottoTimeZone): ZonedDay {
  const t = new TZDate(ms, zone);
  return {
    year: t.getFullYear(),
    month: t.getMonth() + 1,
    day: t.getDate(),
    weekday: (t.getDay() + 1) as Weekday,
  };
}

/** The instant of a wall-clock time on a day in `zone` (the zone's rules, not a fixed offset). */
export function zonedInstant(
  zone: LottoTimeZone,
  year: number,
  month: number,
  day: number,
  hhmm = '00:00',
): number {
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hh, mm, 0, zone).getTime();
}

/**
 * The Thai Government Lottery's standing moves of the 1st/16th calendar: the 1 January draw is held on
 * 30 December, 16 January's on 17 January (Teachers' Day) and 1 May's on 2 May (Labour Day). Any other
 * move (16 May 2020 for the 1 April period) is an operator's move of the stored draw.
 */
function thaiDrawDay(year: number, month: number, day: 1 | 16): { year: number; month: number; day: number } {
  if (month === 1 && day === 1) return { year: year - 1, month: 12, day: 30 };
  if (month === 1 && day === 16) return { year, month: 1, day: 17 };
  if (month === 5 && day === 1) return { year, month: 5, day: 2 };
  return { year, month, day };
}

/** The draw days a schedule proposes on one zoned calendar day (each with its draw instant). */
function drawsOnDay(
  schedule: LottoSchedule,
  zone: LottoTimeZone,
  d: ZonedDay,
): Array<{ drawNo: string; drawAt: number }> {
  switch (schedule.kind) {
    case 'weekly':
      return schedule.days.includes(d.weekday)
        ? [{ drawNo: dayNo(d), drawAt: zonedInstant(zone, d.year, d.month, d.day, schedule.drawTime) }]
        : [];
    case 'thai-semimonthly': {
      // The periods whose (possibly moved) draw falls on this day: this month's 1st and 16th, and next
      // January's 1st (held on 30 December).
      const periods: Array<[number, number, 1 | 16]> = [
        [d.year, d.month, 1],
        [d.year, d.month, 16],
        [d.year + 1, 1, 1],
      ];
      return periods
        .map(([y, m, day]) => thaiDrawDay(y, m, day))
        .filter((moved) => moved.year === d.year && moved.month === d.month && moved.day === d.day)
        .map((moved) => ({
          drawNo: dayNo(moved),
          drawAt: zonedInstant(zone, moved.year, moved.month, moved.day, schedule.drawTime),
        }));
    }
    case 'interval': {
      const start = zonedInstant(zone, d.year, d.month, d.day);
      const next = zonedDay(start + DAY_MS + 3_600_000, zone);
      const end = zonedInstant(zone, next.year, next.month, next.day);
      const every = schedule.everyMinutes * 60_000;
      const draws: Array<{ drawNo: string; drawAt: number }> = [];
      // Slot k (1-based) is drawn at midnight + k x every; the last one at the next midnight.
      for (let k = 1; start + k * every <= end; k += 1)
        draws.push({ drawNo: `${dayNo(d)}${pad(k, 3)}`, drawAt: start + k * every });
      return draws;
    }
  }
}

/**
 * The draws of `game` drawn in [fromMs, untilMs), in time order. `commitRound` gives an electronic
 * draw's beacon round from its close and draw instants (the first round published at or after the draw).
 */
export function plannedDraws(
  game: LottoGameDefinition,
  fromMs: number,
  untilMs: number,
  commitRound?: (closeAt: number, drawAt: number) => number,
): PlannedDraw[] {
  const planned: PlannedDraw[] = [];
  const seen = new Set<string>();
  // Walk the zone's calendar days covering the window (a day before and after: the zone is not UTC).
  for (let t = fromMs - DAY_MS; t < untilMs + DAY_MS; t += DAY_MS) {
    const day = zonedDay(t, game.timeZone);
    for (const { drawNo, drawAt } of drawsOnDay(game.schedule, game.timeZone, day)) {
      if (drawAt < fromMs || drawAt >= untilMs || seen.has(drawNo)) continue;
      seen.add(drawNo);
      const closeAt = drawAt - game.closeSecondsBefore * 1000;
      planned.push({
        gameCode: game.code,
        drawNo,
        closeAt,
        lockAt: closeAt - game.lockSeconds * 1000,
        drawAt,
        beaconRound: game.schedule.kind === 'interval' && commitRound ? commitRound(closeAt, drawAt) : null,
      });
    }
  }
  return planned.sort((a, b) => a.drawAt - b.drawAt);
}
