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

/** A THB amount as the API sends it ("1234567.50") with thousands separators ("฿1,234,567.50"); exact, no floats. */
export function formatAmount(amount: string | null | undefined): string {
  if (!amount) return '—';
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return amount;
  return `${match[1]}฿${BigInt(match[2]!).toLocaleString('en-US')}.${match[3]}`;
}
