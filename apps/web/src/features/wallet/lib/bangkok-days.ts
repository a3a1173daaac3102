import { addDays, BANGKOK_OFFSET_MS, BANGKOK_TIME_ZONE, bangkokDay, daysInRange, isDay } from '@lotus/contracts/calendar';
import { dateTimeFormat } from '@/lib/intl';
/**
 * Calendar days of the account record (2.MC.09, 7.RELAY.28): Bangkok days (contracts/calendar.ts) written
 * YYYY-MM-DD, a range of at most 90 days, both ends included.
 */
export { addDays, daysInRange, isDay } from '@lotus/contracts/calendar';
export const MAX_RANGE_DAYS = 90;

/** Today in Bangkok. */
export function bangkokToday(now: number = Date.now()): string {
  return bangkokDay(now);
}

export type TRangePreset = 'today' | 'd7' | 'd30' | 'd90';
export const RANGE_PRESETS: readonly TRangePreset[] = ['today', 'd7', 'd30', 'd90'];
const PRESET_DAYS: Record<TRangePreset, number> = { today: 1, d7: 7, d30: 30, d90: MAX_RANGE_DAYS };

/** The range of a preset ending today: today, the last 7, 30 or 90 days. */
export function presetRange(preset: TRangePreset, today: string): { startDate: string; endDate: string } {
  return { startDate: addDays(today, -(PRESET_DAYS[preset] - 1)), endDate: today };
}

export type TRangeError = 'invalid' | 'end_before_start' | 'future' | 'too_long';

/** Why a chosen range cannot be asked for, or null when it can. */
export function checkRange(start: string, end: string, today: string): TRangeError | null {
  if (!isDay(start) || !isDay(end)) return 'invalid';
  if (end < start) return 'end_before_start';
  if (start > today || end > today) return 'future';
  if (daysInRange(start, end) > MAX_RANGE_DAYS) return 'too_long';
  return null;
}

/**
 * A day as the app shows dates: the page language's medium date ('th' counts Buddhist-era years,
 * "23 พ.ย. 2569"; 'en' "23 Nov 2026").
 */
export function formatDay(day: string, language: string): string {
  if (!isDay(day)) return day;
  try {
    return dateTimeFormat(language || 'th', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  } catch {
    return day;
  }
}

/** A movement's time in Bangkok, the page language's medium date and time (Buddhist era in Thai). */
export function formatRecordTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateTimeFormat(language || 'th', { dateStyle: 'medium', timeStyle: 'medium', timeZone: BANGKOK_TIME_ZONE }).format(date);
  } catch {
    return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
  }
}
