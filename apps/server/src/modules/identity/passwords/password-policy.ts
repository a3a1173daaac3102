import { AppError } from '@lotus/contracts/app-error';
import type { TFieldRule } from '@lotus/contracts/register-patterns';
import {
  checkPasswordFloor,
  normalizePassword,
  type TPasswordRefusal,
} from '@lotus/contracts/password-floor';

/**
 * The password floor on the server (docs/adr/0021-password-floor.md): the shared pure checks of
 * contracts/password-floor plus the list of common and breached passwords, the "passwords" list of
 * @zxcvbn-ts/language-common (about 49,000 passwords ranked by how often they appear in breach
 * corpora; maintained with the zxcvbn-ts project). The list is loaded on first use (a dynamic
 * import, about 20 ms once) and kept as a Set: the web never imports it.
 */
let commonPasswords: Promise<ReadonlySet<string>> | null = null;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

/** True when the password (in its NFKC form, any case) is on the list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await loadCommonPasswords();
  return list.has(normalizePassword(password).toLowerCase());
}

/** The first reason the password fails the floor AND the operator's rule, or null. */
export async function checkPassword(
  password: string | undefined | null,
  operatorRule?: TFieldRule | null,
): Promise<TPasswordRefusal | null> {
  const reason = checkPasswordFloor(password, operatorRule);
  if (reason) return reason;
  return (await isCommonPassword(password!)) ? 'password_common' : null;
}

/**
 * Refuses a new password: 400 with the reason as the answer's key (a catalogue key; `pattern` and
 * `required` answer validation_failed) and as the field's reason.
 */
export async function assertPassword(
  field: string,
  password: string | undefined | null,
  operatorRule?: TFieldRule | null,
): Promise<void> {
  const reason = await checkPassword(password, operatorRule);
  if (!reason) return;
  const key = reason === 'pattern' || reason === 'required' ? 'validation_failed' : reason;
  throw new AppError(key, 400, { [field]: reason });
}

/**
 * Whether a password that just proved itself at login fails the platform floor (too short, too
 * long, control characters, common): such an account must change its password (the forced change
 * of 4.LOGIN.07, generalised from 123456). The operator's rule is not applied here: tightening it
 * does not force every member to change at once.
 */
export async function failsPasswordFloor(password: string): Promise<boolean> {
  return (await checkPassword(password, null)) !== null;
}
