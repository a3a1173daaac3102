import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTABLE_BILL_STATUSES, ZAgentBillDispute, type TAgentBill } from '@lotus/contracts/agent';
import { Button } from '@/components/ui/button/button';
import { Modal } from '@/components/ui/modal/modal';
import { getErrorText } from '@/lib/error-text';
import { useDisputeBillMutation } from '../api/dispute-agent-bill';
import { formatTime } from '../lib/format';
import { useMoney } from '../lib/use-money';
import { Field } from './field';

/** The longest reason the server takes (the contract's own limit). */
const REASON_MAX = ZAgentBillDispute.shape.reason.maxLength ?? 500;

/** Whether a bill can be disputed now: pending, unpaid, paid or carried (once; a disputed bill waits for an operator). */
export function isDisputable(bill: TAgentBill): boolean {
  return (DISPUTABLE_BILL_STATUSES as readonly string[]).includes(bill.status);
}

/** The form: a reason of 1-500 characters (trimmed, as the server reads it); a refusal shows from the error catalogue. */
function DisputeForm({
  bill,
  onDone,
  onCancel,
}: {
  bill: TAgentBill;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('agent-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const money = useMoney();
  const dispute = useDisputeBillMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const read = ZAgentBillDispute.safeParse({ reason });
    if (!read.success) {
      setError(t('bills.dispute.reason_invalid', { max: REASON_MAX }));
      event.currentTarget.querySelector<HTMLElement>('[name="reason"]')?.focus();
      return;
    }
    setError(undefined);
    try {
      await dispute.mutateAsync({ id: bill.id, reason: read.data.reason });
      onDone();
    } catch (failure) {
      setRefusal(getErrorText(failure));
    }
  };

  return (
    <form className="ac-form" noValidate onSubmit={(e) => void submit(e)} data-testid="ac-dispute-form">
      <p className="ac-dispute__bill" data-testid="ac-dispute-bill">
        {t(`kinds.${bill.kind}`)} ·{' '}
        {t('bills.period', {
          from: formatTime(bill.periodStart, language),
          to: formatTime(bill.periodEnd, language),
        })}{' '}
        · {money(bill.amount)}
      </p>
      <p className="ac-field__hint">{t('bills.dispute.intro')}</p>
      <Field
        label={t('bills.dispute.reason')}
        hint={t('bills.dispute.counter', { length: reason.length, max: REASON_MAX })}
        error={error}
        testId="ac-dispute-reason"
      >
        <textarea
          name="reason"
          className="ac-input ac-textarea"
          rows={4}
          required
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="ac-dispute-reason"
        />
      </Field>
      {refusal ? (
        <p className="ac-form__refusal" role="alert" data-testid="ac-dispute-refusal">
          {refusal}
        </p>
      ) : null}
      <div className="ac-form__actions">
        <Button
          type="submit"
          variant="primary"
          disabled={dispute.isPending}
          aria-busy={dispute.isPending || undefined}
          data-testid="ac-dispute-submit"
        >
          {dispute.isPending ? t('bills.dispute.sending') : t('bills.dispute.send')}
        </Button>
        <Button variant="secondary" onClick={onCancel} data-testid="ac-dispute-cancel">
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Dispute" of a bill I am paid or I pay (disputeAgentBill, docs/adr/0101), in the site's modal: the reason field takes
 * the focus when it opens and the focus goes back to the opener when it closes. `onDone` after the server took it (the
 * bill lists are read again by then).
 */
export function BillDisputeDialog({
  bill,
  open,
  onClose,
  onDone,
}: {
  bill: TAgentBill;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('agent-centre');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('bills.dispute.title')}
      width={520}
      data-testid={`ac-bill-${bill.id}-dispute-dialog`}
    >
      <DisputeForm bill={bill} onDone={onDone} onCancel={onClose} />
    </Modal>
  );
}
