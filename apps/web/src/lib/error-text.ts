import i18next from 'i18next';
import { ERROR_CATALOGUE } from '@lotus/contracts/error-codes';
import { isApiError } from '@/lib/api-client';
import { formatBalance } from '@/lib/money';

/**
 * The text of a failed call: the translated catalogue key the server answered (errors.json), or the
 * server's own message when it sent one the catalogue does not know (8.ERR.02).
 */
export function getErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.details.serverMessage) return error.details.serverMessage;
    // Values an error carries in its hints (the wagering outstanding of a refused withdrawal) fill its text.
    const outstanding = error.details.hints?.outstanding;
    return i18next.t(error.code, {
      ns: 'errors',
      defaultValue: ERROR_CATALOGUE[error.code],
      ...(outstanding === undefined ? {} : { outstanding: formatBalance(outstanding) }),
    });
  }
  return i18next.t('unknown_error', { ns: 'errors', defaultValue: ERROR_CATALOGUE.unknown_error });
}

/** Escapes text for the dialogs' HTML body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
