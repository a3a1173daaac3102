import {
  PROOF_MAX_BYTES,
  PROOF_MAX_IMAGES,
  RECEIPT_REMARK_MAX,
  type TWithdrawalSettings,
} from '@lotus/contracts/withdrawal';
import { bangkokMinuteOfDay } from '@lotus/contracts/calendar';
import { parseMinor } from '@lotus/contracts/money';

/** Pure withdrawal rules (no I/O), unit-tested beside this file (docs/adr/0028-cashier-withdrawals.md). */


// Turnover is the ledger's wagering outstanding (docs/adr/0070-wagering-outstanding.md): a withdrawal needs
// it at zero; the requirement a credit adds is packages/ledger posting.ts `wageringFor`.


const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Whether `t` falls in the [from, to) window of the Bangkok day; from > to wraps past midnight. */
export function withinHours(hours: { from: string; to: string }, t: number): boolean {
  const now = bangkokMinuteOfDay(t);
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

export type AmountProblem = 'withdrawal_amount_below_min' | 'withdrawal_amount_above_max';

/** The amount against the settings' minimum and maximum per withdrawal. */
export function amountProblem(
  amount: bigint,
  settings: Pick<TWithdrawalSettings, 'minAmount' | 'maxAmount'>,
): AmountProblem | null {
  if (amount < (parseMinor(settings.minAmount) ?? 0n)) return 'withdrawal_amount_below_min';
  if (amount > (parseMinor(settings.maxAmount) ?? 0n)) return 'withdrawal_amount_above_max';
  return null;
}

/** A name as compared and stored: trimmed, inner spaces collapsed, in capitals. */
export function normalizeAccountName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The account name must be the member's registered real name, in capitals (spec hint 2.MC.05 page). */
export function accountNameMatches(realName: string, accountName: string): boolean {
  return normalizeAccountName(realName) === normalizeAccountName(accountName);
}

/** "******7890": only the last 4 digits shown to the member. */
export function maskAccountNumber(number: string): string {
  return `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type by content (magic bytes), whatever a name or declared type says; null otherwise. */
export function imageTypeOf(data: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (data.length >= 8 && PNG_SIGNATURE.every((b, i) => data[i] === b)) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

export type ProofProblem =
  | { code: 'proof_required'; field: 'proofs' }
  | { code: 'proof_too_many'; field: 'proofs' }
  | { code: 'proof_too_large'; field: string }
  | { code: 'proof_type_invalid'; field: string }
  | { code: 'content_too_long'; field: 'remark' };

/**
 * The not-received proof (4.WD.02, 4.WD.05 decided as 5.UPL.01-04): 1 to 3 images, each png or jpg
 * by content and at most 5 MB, a remark of at most 140 characters. The first problem found, or null.
 */
export function proofProblem(images: Uint8Array[], remark: string | undefined): ProofProblem | null {
  if ([...(remark ?? '')].length > RECEIPT_REMARK_MAX) return { code: 'content_too_long', field: 'remark' };
  if (images.length === 0) return { code: 'proof_required', field: 'proofs' };
  if (images.length > PROOF_MAX_IMAGES) return { code: 'proof_too_many', field: 'proofs' };
  for (const [i, image] of images.entries()) {
    if (image.length > PROOF_MAX_BYTES) return { code: 'proof_too_large', field: `proofs.${i}` };
    if (image.length === 0 || !imageTypeOf(image))
      return { code: 'proof_type_invalid', field: `proofs.${i}` };
  }
  return null;
}
