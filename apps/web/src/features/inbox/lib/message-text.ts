import type { TFunction } from 'i18next';
import type { TMemberMessage } from '@lotus/contracts/inbox';
import { formatBalance } from '@/lib/money';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The reference a player reads and quotes to support (issue 25, docs/adr/0076): a deposit's id is a
 * UUID, shown as its first 8 characters in capitals ("B107DCC3"); a withdrawal's number as it is.
 */
export function shortReference(id: string | undefined): string {
  if (!id) return '';
  return UUID.test(id) ? id.slice(0, 8).toUpperCase() : id;
}

/**
 * A platform message in the member's language (3.STAT.05-07): the template's title and body from
 * member-centre.json `messages.templates`, its parameters interpolated, the amount in the money
 * format (9.C.04-06), the deposit or withdrawal by its short reference.
 */
export function messageText(t: TFunction, message: TMemberMessage, currencySymbol?: string | null): { title: string; body: string } {
  const params = {
    ...message.params,
    amount: formatBalance(message.params.amount, currencySymbol),
    reason: message.params.reason ?? '',
    depositId: shortReference(message.params.depositId),
    withdrawalId: shortReference(message.params.withdrawalId),
  };
  return {
    title: t(`member-centre:messages.templates.${message.template}.title`),
    body: t(`member-centre:messages.templates.${message.template}.body`, params).trim(),
  };
}

/** The messages that move money: their arrival refreshes the balance. */
export const MONEY_TEMPLATES: readonly TMemberMessage['template'][] = ['deposit_arrival', 'withdrawal_approved', 'withdrawal_rejected', 'deposit_failed', 'balance_credited', 'balance_debited'];
