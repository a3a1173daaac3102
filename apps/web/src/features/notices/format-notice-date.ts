import { dateTimeFormat, prewarmDateTimeFormat } from '@/lib/intl';

const NOTICE_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A notice's start time in the page language ('th' shows the Buddhist year, as Thai readers expect). */
export function formatNoticeDate(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateTimeFormat(language || 'th', NOTICE_DATE).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}

/** Prepares the notice date format while the notices load (the bar and the popup show dates). */
export function prewarmNoticeDate(language: string | undefined): void {
  prewarmDateTimeFormat(language || 'th', NOTICE_DATE);
}
