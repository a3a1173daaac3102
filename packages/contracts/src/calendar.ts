// Zod-free: the web app's pages and the server's rules import it alike.
/**
 * The platform's calendar: Bangkok days (Asia/Bangkok is UTC+7 all year, no daylight saving), written
 * YYYY-MM-DD. Daily limits, the withdrawal hours, the record pages' date ranges and the dashboard's days all
 * count in it; this is the one place that knows the offset. Pure functions of instants (ms) and day strings,
 * so neither the server's nor the browser's own time zone ever shifts a day.
 */
export const BANGKOK_TIME_ZONE = 'Asia/Bangkok';
export const BANGKOK_OFFSET_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A well-formed calendar day (YYYY-MM-DD that exists: Date.parse would read 2026-02-30 as 2 March). */
export const isDay = (value: string) => DAY.test(value) && !Number.isNaN(dayMs(value)) && dayOf(dayMs(value)) === value;

/** The Bangkok day holding instant `t`. */
export const bangkokDay = (t: number): string => dayOf(t + BANGKOK_OFFSET_MS);

/** The instant the Bangkok day holding `t` began. */
export const bangkokDayStart = (t: number): number => Math.floor((t + BANGKOK_OFFSET_MS) / DAY_MS) * DAY_MS - BANGKOK_OFFSET_MS;

/** Minutes since midnight in Bangkok at instant `t`. */
export const bangkokMinuteOfDay = (t: number): number => Math.floor((((t + BANGKOK_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS / 60_000);

/** The instants [from, to) of a range of Bangkok days, both days included. */
export const bangkokDayRange = (startDay: string, endDay: string): { from: number; to: number } => ({
  from: dayMs(startDay) - BANGKOK_OFFSET_MS,
  to: dayMs(endDay) - BANGKOK_OFFSET_MS + DAY_MS,
});

export const addDays = (day: string, days: number): string => dayOf(dayMs(day) + days * DAY_MS);

/** Days in the range, both ends included (1 for a single day). */
export const daysInRange = (start: string, end: string): number => Math.round((dayMs(end) - dayMs(start)) / DAY_MS) + 1;

/** A datetime-local value (YYYY-MM-DDTHH:mm) of an instant, in Bangkok time. */
export const toBangkokLocal = (t: number): string => new Date(t + BANGKOK_OFFSET_MS).toISOString().slice(0, 16);

/** A datetime-local value read as Bangkok time, as an ISO time with its offset; null when it is not one. */
export function fromBangkokLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const iso = `${value}:00+07:00`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}
