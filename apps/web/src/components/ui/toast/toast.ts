import i18next from 'i18next';
import { toast, type ExternalToast } from 'sonner';
import { ERROR_CATALOGUE, isErrorCode, type TErrorCode } from '@lotus/contracts/error-codes';

export { toast, Toaster } from 'sonner';

/** The catalogue key of an error-ish value: a key, or an object with a `code` key (ApiError). */
export function getErrorKey(error: unknown): TErrorCode {
  if (isErrorCode(error)) return error;
  if (typeof error === 'object' && error !== null && 'code' in error && isErrorCode(error.code)) return error.code;
  return 'unknown_error';
}

/**
 * Translated text of an error key from the `errors` namespace (written by the app shell), with
 * the catalogue's English wording when the namespace is not loaded.
 */
export function translateError(error: unknown): string {
  const key = getErrorKey(error);
  return i18next.t(key, { ns: 'errors', defaultValue: ERROR_CATALOGUE[key] });
}

/** Error toast from a catalogue key or an ApiError (anything else shows 'unknown_error'). */
export function toastError(error: unknown, options?: ExternalToast): string | number {
  return toast.error(translateError(error), { id: getErrorKey(error), ...options });
}

/** Success toast; pass already translated text. */
export function toastSuccess(message: string, options?: ExternalToast): string | number {
  return toast.success(message, options);
}

/** Information toast; pass already translated text. */
export function toastInfo(message: string, options?: ExternalToast): string | number {
  return toast.info(message, options);
}

export const notify = { success: toastSuccess, error: toastError, info: toastInfo } as const;
