import { BANGKOK_OFFSET_MS } from './bangkok-days';

/** A datetime-local value (YYYY-MM-DDTHH:mm) of a moment, in Bangkok time. */
export function toBangkokLocal(ms: number): string {
  return new Date(ms + BANGKOK_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Bangkok time, as an ISO time with its offset; null when it is not one. */
export function fromBangkokLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const iso = `${value}:00+07:00`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}
