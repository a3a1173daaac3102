import { AppError } from '@lotus/contracts/app-error';
import type { Executor } from '../../../db/tx';
import { isUniqueViolation } from '../../../lib/pg-errors';
import type { MemberRepository, MemberRow, NewMember } from './member.repository';
import { randomFrom, UNAMBIGUOUS } from '../../../platform/keys/secrets';

/** The name of the constraint a database error is about (node-postgres and PGlite alike). */
export function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A member's own referral code: 8 unambiguous characters (decision 3.REG.11). */
export const newReferralCode = () => randomFrom(UNAMBIGUOUS, 8);

/**
 * Inserts a member, generating its referral code (and its username when `generateUsername` is
 * given) and retrying when a generated value collides. A collision on a value the person chose
 * answers 409 username_taken / mobile_taken.
 */
export async function insertMember(
  repo: Pick<MemberRepository, 'insert'>,
  row: Omit<NewMember, 'referralCode'> & { referralCode?: string },
  options: { generateUsername?: () => string; tx: Executor },
): Promise<MemberRow> {
  for (let attempt = 0; ; attempt++) {
    const candidate: NewMember = {
      ...row,
      referralCode: row.referralCode ?? newReferralCode(),
      username: options.generateUsername ? options.generateUsername() : row.username,
    };
    try {
      // A savepoint, so a collision does not abort the surrounding transaction.
      return await options.tx.transaction((sp) => repo.insert(candidate, sp));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const constraint = constraintOf(error);
      const retryable =
        (constraint === 'members_referral_code_uq' && row.referralCode === undefined) ||
        (constraint === 'members_username_uq' && options.generateUsername !== undefined);
      if (retryable && attempt < 5) continue;
      if (constraint === 'members_username_uq')
        throw new AppError('username_taken', 409, { username: 'username_taken' });
      if (constraint === 'members_mobile_uq')
        throw new AppError('mobile_taken', 409, { mobileNum: 'mobile_taken' });
      if (constraint === 'members_referral_code_uq')
        throw new AppError('conflict', 409, { referralCode: 'conflict' });
      throw error;
    }
  }
}
