import { PROOF_MAX_IMAGES, RECEIPT_REMARK_MAX } from '@lotus/contracts/withdrawal';
import { checkAmount, type TAmountError } from './amount-input';
import { checkImage, type TImageError } from './read-image';

/**
 * The withdrawal forms' own checks (2.MC.05, 4.WD.02/05), before anything is sent: what the server
 * would refuse anyway, said beside the field. Each answers error keys of wallet.json `withdraw.errors`
 * (or the shared `errors` catalogue for images).
 */
export type TWithdrawFields = { amount: string; bankAccountId: string; paymentPassword: string; totpCode: string };
export type TWithdrawErrors = Partial<Record<keyof TWithdrawFields, TAmountError | 'bank_required' | 'payment_password_required' | 'totp_required' | 'totp_format'>>;

/** The request with its step-up: amount within the limits, an account, the payment password, and the code when two-factor is on. */
export function checkWithdraw(input: TWithdrawFields, rules: { minAmount: string; maxAmount: string; secondFactorRequired: boolean }): TWithdrawErrors {
  const errors: TWithdrawErrors = {};
  const amount = checkAmount(input.amount, { min: rules.minAmount, max: rules.maxAmount });
  if (amount) errors.amount = amount;
  if (input.bankAccountId === '') errors.bankAccountId = 'bank_required';
  if (input.paymentPassword === '') errors.paymentPassword = 'payment_password_required';
  if (rules.secondFactorRequired) {
    const code = input.totpCode.trim();
    // Six digits from the authenticator app, or a recovery code.
    if (code === '') errors.totpCode = 'totp_required';
    else if (!/^\d{6}$/.test(code) && !/^[A-Za-z0-9-]{8,20}$/.test(code)) errors.totpCode = 'totp_format';
  }
  return errors;
}

export type TPaymentPasswordFields = { password: string; newPaymentPassword: string; confirmPaymentPassword: string };
export type TPaymentPasswordErrors = Partial<Record<keyof TPaymentPasswordFields, 'login_password_required' | 'payment_password_rule' | 'payment_password_confirm'>>;
/** The length of a payment password: the registration rule `paymentPassword`, never under 4 nor over 64 (as the server checks). */
export function paymentPasswordLength(rule: { minLength: number; maxLength: number } | undefined): { min: number; max: number } {
  const min = Math.max(4, rule?.minLength ?? 4);
  return { min, max: Math.max(min, Math.min(64, rule?.maxLength ?? 64)) };
}

/** Setting the payment password: the login password, the rule's length without spaces (digits only when the rule says so), typed twice alike. */
export function checkPaymentPassword(
  input: TPaymentPasswordFields,
  length: { min: number; max: number } = paymentPasswordLength(undefined),
  digits = false,
): TPaymentPasswordErrors {
  const errors: TPaymentPasswordErrors = {};
  if (input.password === '') errors.password = 'login_password_required';
  const chars = [...input.newPaymentPassword].length;
  if (chars < length.min || chars > length.max || !(digits ? /^\d+$/ : /^\S+$/).test(input.newPaymentPassword))
    errors.newPaymentPassword = 'payment_password_rule';
  else if (input.confirmPaymentPassword !== input.newPaymentPassword) errors.confirmPaymentPassword = 'payment_password_confirm';
  return errors;
}

export type TBindFields = { bankCode: string; accountNumber: string; accountName: string; paymentPassword: string };
export type TBindErrors = Partial<Record<keyof TBindFields, 'bank_code_required' | 'account_number_format' | 'account_name_required' | 'payment_password_required'>>;

/** Binding an account: a bank, 10-15 digits, the account name, the payment password. */
export function checkBind(input: TBindFields): TBindErrors {
  const errors: TBindErrors = {};
  if (input.bankCode === '') errors.bankCode = 'bank_code_required';
  if (!/^\d{10,15}$/.test(input.accountNumber.replace(/[\s-]/g, ''))) errors.accountNumber = 'account_number_format';
  if (input.accountName.trim().length < 2) errors.accountName = 'account_name_required';
  if (input.paymentPassword === '') errors.paymentPassword = 'payment_password_required';
  return errors;
}

export type TReceiptErrors = Partial<{ proofs: 'proof_required' | 'proof_too_many' | TImageError; remark: 'remark_too_long' }>;

/** Not received (4.WD.02/05): 1 to 3 png or jpg images of at most 5 MB, a remark of at most 140 characters. */
export function checkNotReceived(proofs: readonly Pick<File, 'type' | 'size'>[], remark: string): TReceiptErrors {
  const errors: TReceiptErrors = {};
  if (proofs.length === 0) errors.proofs = 'proof_required';
  else if (proofs.length > PROOF_MAX_IMAGES) errors.proofs = 'proof_too_many';
  else {
    const bad = proofs.map(checkImage).find((e) => e !== null);
    if (bad) errors.proofs = bad;
  }
  if ([...remark].length > RECEIPT_REMARK_MAX) errors.remark = 'remark_too_long';
  return errors;
}

/** The base64 of a data: URL (the receipt call takes bare base64). */
export const base64OfDataUrl = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);
