import i18next from 'i18next';

/** A timestamp in the console's language, Bangkok time (the site's); — for none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(i18next.language === 'th' ? 'th-TH' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Asia/Bangkok',
  }).format(d);
}

/** JSON shown to operators (before/after of audit rows, approval payloads). */
export const formatJson = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));
