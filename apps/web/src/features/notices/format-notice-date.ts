import { dateTimeFormat } from '@/lib/intl';
/** A notice's start time in the page language ('th' shows the Buddhist year, as Thai readers expect). */
export function formatNoticeDate(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateTimeFormat(language || 'th', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}
