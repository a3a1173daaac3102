import type { TFunction } from 'i18next';
import type { TMemberMessage } from '@lotus/contracts/inbox';
import { formatBalance } from '@/lib/money';

/**
 * A platform message in the member's language (3.STAT.05-07): the template's title and body from
 * member-centre.json `messages.templates`, its parameters interpolated, the amount in the money
 * format (9.C.04-06).
 */
export function messageText(t: TFunction, message: TMemberMessage, currencySymbol?: string | null): { title: string; body: string } {
  const params = { ...message.params, amount: formatBalance(message.params.amount, currencySymbol), reason: message.params.reason ?? '' };
  return {
    title: t(`member-centre:messages.templates.${message.template}.title`),
    body: t(`member-centre:messages.templates.${message.template}.body`, params).trim(),
  };
}

/** The messages that move money: their arrival refreshes the balance. */
export const MONEY_TEMPLATES: readonly TMemberMessage['template'][] = ['deposit_arrival', 'withdrawal_approved', 'withdrawal_rejected', 'deposit_failed'];
