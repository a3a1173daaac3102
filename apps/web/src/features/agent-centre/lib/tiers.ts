import { MAX_TIERS, percentToBp, tierGoesUp, type TAgentTier } from '@lotus/contracts/agent';
import { parseMinor } from '@lotus/contracts/money';
import { moneyForWire, moneyMinor } from './money-input';

/** One row of the tiers editor, as typed. */
export type TTierDraft = { minBase: string; minActive: string; rate: string };
export const EMPTY_TIER: TTierDraft = { minBase: '', minActive: '', rate: '' };

export type TTierFieldError = 'base_invalid' | 'active_invalid' | 'rate_invalid';
/** Per row, the field errors; `order`: the row does not go up from the one before (docs/adr/0100). */
export type TTierErrors = { fields: Partial<Record<keyof TTierDraft, TTierFieldError>>; order: boolean }[];

const ACTIVE_INPUT = /^\d{1,7}$/;

/** A typed row as a tier, or null when a field is not valid. */
function readTier(draft: TTierDraft): { tier: TAgentTier | null; fields: TTierErrors[number]['fields'] } {
  const fields: TTierErrors[number]['fields'] = {};
  if (moneyMinor(draft.minBase) === null) fields.minBase = 'base_invalid';
  const active = draft.minActive.trim();
  if (!ACTIVE_INPUT.test(active) || Number(active) > 1_000_000) fields.minActive = 'active_invalid';
  const rateBp = percentToBp(draft.rate);
  if (rateBp === null) fields.rate = 'rate_invalid';
  if (Object.keys(fields).length > 0) return { tier: null, fields };
  return {
    tier: { minBase: moneyForWire(draft.minBase), minActive: Number(active), rateBp: rateBp! },
    fields,
  };
}

/** Whether a typed tier goes up from the one before, as the server requires (contracts' `tierGoesUp`). */
const goesUp = (prev: TAgentTier, next: TAgentTier): boolean =>
  tierGoesUp(
    { ...prev, minBase: parseMinor(prev.minBase) ?? 0n },
    { ...next, minBase: parseMinor(next.minBase) ?? 0n },
  );

/** The typed tiers checked: the tiers to send, or the errors of each row. */
export function readTiers(drafts: readonly TTierDraft[]): { tiers: TAgentTier[] } | { errors: TTierErrors } {
  const rows = drafts.slice(0, MAX_TIERS).map(readTier);
  const errors: TTierErrors = rows.map((row, i) => {
    const prev = rows[i - 1]?.tier;
    return { fields: row.fields, order: Boolean(prev && row.tier && !goesUp(prev, row.tier)) };
  });
  if (drafts.length === 0 || errors.some((e) => e.order || Object.keys(e.fields).length > 0))
    return { errors };
  return { tiers: rows.map((row) => row.tier!) };
}
