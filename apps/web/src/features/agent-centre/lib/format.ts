import { BANGKOK_TIME_ZONE, bangkokDayRange, isDay } from '@lotus/contracts/calendar';
import { dateTimeFormat } from '@/lib/intl';

/** An instant in Bangkok as the app shows times: the page language's medium date and short time (Buddhist era in Thai). */
export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateTimeFormat(language || 'th', { dateStyle: 'medium', timeStyle: 'short', timeZone: BANGKOK_TIME_ZONE }).format(date);
  } catch {
    return iso;
  }
}

/** A day in Bangkok (a period's bounds on a phone): the page language's medium date. */
export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateTimeFormat(language || 'th', { dateStyle: 'medium', timeZone: BANGKOK_TIME_ZONE }).format(date);
  } catch {
    return iso;
  }
}

/**
 * A Bangkok day written YYYY-MM-DD (a team page's day or range bound): the page language's medium date, read as the
 * day itself (never shifted by the browser's time zone); anything else shows as it came.
 */
export function formatDay(day: string, language: string): string {
  if (!isDay(day)) return day;
  return formatDate(new Date(bangkokDayRange(day, day).from).toISOString(), language) || day;
}
