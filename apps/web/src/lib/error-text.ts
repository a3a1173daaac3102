import i18next from 'i18next';
import { ERROR_CATALOGUE } from '@lotus/contracts/error-codes';
import { isApiError } from '@/lib/api-client';

/**
 * The text of a failed call: the translated catalogue key the server answered (errors.json), or the
 * server's own message when it sent one the catalogue does not know (8.ERR.02).
 */
export function getErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.details.serverMessage) return error.details.serverMessage;
    return i18next.t(error.code, { ns: 'errors', defaultValue: ERROR_CATALOGUE[error.code] });
  }
  return i18next.t('unknown_error', { ns: 'errors', defaultValue: ERROR_CATALOGUE.unknown_error });
}

/** Escapes text for the dialogs' HTML body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
