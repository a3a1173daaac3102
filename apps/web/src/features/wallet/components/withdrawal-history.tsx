import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROOF_MAX_IMAGES,
  RECEIPT_REMARK_MAX,
  type TWithdrawal,
  type TWithdrawalStatus,
} from '@lotus/contracts/withdrawal';
import { Button } from '@/components/ui/button/button';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Pager } from '@/components/ui/pager/pager';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { getErrorText } from '@/lib/error-text';
import { formatBalance } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useWithdrawals, WITHDRAWAL_PAGE_SIZE } from '../api/get-withdrawals';
import { useWithdrawalReceiptMutation } from '../api/post-withdrawal-receipt';
import { formatRecordTime } from '../lib/bangkok-days';
import { IMAGE_ACCEPT, readImage } from '../lib/read-image';
import { base64OfDataUrl, checkNotReceived, type TReceiptErrors } from '../lib/withdraw-rules';
import { bankName } from '../lib/banks';
import { FilePicker } from './file-picker';
import { Field } from './field';
import { LoadError } from './load-error';
import { StatusBadge, type TStatusTone } from './status-badge';

const TONE: Record<TWithdrawalStatus, TStatusTone> = {
  pending: 'wait',
  awaiting_confirmation: 'wait',
  rejected: 'bad',
  received: 'ok',
  auto_received: 'ok',
  not_received: 'bad',
  refunded: 'ok',
  confirmed_paid: 'ok',
};

/** Not received (4.WD.02/05): 1-3 proof images and a remark of at most 140 characters. */
function NotReceivedForm({ withdrawal, onClose }: { withdrawal: TWithdrawal; onClose: () => void }) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const { t: tErrors } = useTranslation('errors');
  const receipt = useWithdrawalReceiptMutation();
  const [files, setFiles] = useState<File[]>([]);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<TReceiptErrors>({});
  const proofText = (e: NonNullable<TReceiptErrors['proofs']>) => tErrors(e);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkNotReceived(files, remark);
    setErrors(found);
    if (found.proofs || found.remark) return;
    try {
      const proofs = await Promise.all(
        files.map(async (f) => ({ data: base64OfDataUrl(await readImage(f)) })),
      );
      await receipt.mutateAsync({
        id: withdrawal.id,
        receipt: { received: false, proofs, ...(remark.trim() ? { remark: remark.trim() } : {}) },
      });
      notify.success(t('nr_sent'));
      onClose();
    } catch (error) {
      notify.error(getErrorText(error));
    }
  };

  const remarkLength = [...remark].length;
  return (
    <form
      className="wallet-inline-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t('nr_title')}
      data-testid="nr-form"
    >
      <Field
        label={t('nr_proofs')}
        hint={files.length > 0 ? t('nr_chosen', { count: files.length }) : undefined}
        error={errors.proofs && proofText(errors.proofs)}
        testId="nr-proofs"
      >
        <FilePicker
          accept={IMAGE_ACCEPT}
          multiple
          onFiles={(chosen) => {
            setFiles(chosen);
            setErrors((x) => ({
              ...x,
              proofs: chosen.length > PROOF_MAX_IMAGES ? 'proof_too_many' : undefined,
            }));
          }}
          testId="nr-proofs"
        />
      </Field>
      <Field
        label={t('nr_remark')}
        hint={t('nr_remark_count', { count: remarkLength, max: RECEIPT_REMARK_MAX })}
        error={errors.remark && t(`errors.${errors.remark}`)}
        testId="nr-remark"
      >
        <textarea
          className="record-input wallet-textarea"
          rows={3}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          data-testid="nr-remark"
        />
      </Field>
      <div className="wallet-inline-form__actions">
        <Button type="submit" variant="danger" disabled={receipt.isPending} data-testid="nr-submit">
          {t('nr_submit')}
        </Button>
        <Button onClick={onClose}>{t('nr_cancel')}</Button>
      </div>
    </form>
  );
}

function WithdrawalItem({
  w,
  currencySymbol,
  language,
}: {
  w: TWithdrawal;
  currencySymbol: string | undefined;
  language: string;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const receipt = useWithdrawalReceiptMutation();
  const [reporting, setReporting] = useState(false);
  const account = `${bankName(w.bankCode, language)} ${w.accountNumberMasked}`;

  const received = async () => {
    try {
      await receipt.mutateAsync({ id: w.id, receipt: { received: true } });
      notify.success(t('confirmed_received'));
    } catch (error) {
      notify.error(getErrorText(error));
    }
  };

  return (
    <li className="wallet-item wallet-item--column" data-testid="withdrawal-item" data-status={w.status}>
      <div className="wallet-item__row">
        <div className="wallet-item__main">
          <span className="wallet-item__title">{t('to', { account })}</span>
          <span className="wallet-item__meta">{formatRecordTime(w.createdAt, language)}</span>
          {w.status === 'awaiting_confirmation' && w.confirmBy ? (
            <span className="wallet-item__meta wallet-item__meta--strong">
              {t('confirm_by', { time: formatRecordTime(w.confirmBy, language) })}
            </span>
          ) : null}
          {w.rejectReason ? (
            <span className="wallet-item__reason">{t('reason', { reason: w.rejectReason })}</span>
          ) : null}
          {w.remark ? (
            <span className="wallet-item__meta">{t('remark_shown', { remark: w.remark })}</span>
          ) : null}
          {w.proofCount > 0 ? (
            <span className="wallet-item__meta">{t('proofs', { count: w.proofCount })}</span>
          ) : null}
          {w.resolution ? (
            <span className="wallet-item__reason">{t('resolution', { reason: w.resolution })}</span>
          ) : null}
        </div>
        <div className="wallet-item__side">
          <span className="wallet-item__amount" data-testid="withdrawal-amount">
            {formatBalance(w.amount, currencySymbol)}
          </span>
          <StatusBadge tone={TONE[w.status]} testId="withdrawal-status">
            {t(`status.${w.status}`)}
          </StatusBadge>
        </div>
      </div>
      {w.status === 'awaiting_confirmation' && !reporting ? (
        <div className="wallet-inline-form__actions">
          <Button
            variant="primary"
            onClick={() => void received()}
            disabled={receipt.isPending}
            data-testid="withdrawal-received"
          >
            {t('received')}
          </Button>
          <Button onClick={() => setReporting(true)} data-testid="withdrawal-not-received">
            {t('not_received')}
          </Button>
        </div>
      ) : null}
      {w.status === 'awaiting_confirmation' && reporting ? (
        <NotReceivedForm withdrawal={w} onClose={() => setReporting(false)} />
      ) : null}
    </li>
  );
}

/** Withdrawal history (2.MC.05, 4.WD.01-04): newest first with statuses; a paid one asks to be confirmed. */
export function WithdrawalHistory({
  currencySymbol,
  language,
}: {
  currencySymbol: string | undefined;
  language: string;
}) {
  const { t } = useTranslation('wallet', { keyPrefix: 'withdraw' });
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(page);
  const data = withdrawals.data;
  return (
    <section
      className="wallet-section"
      aria-labelledby="withdrawal-history-title"
      data-testid="withdrawal-history"
    >
      <h4 id="withdrawal-history-title" className="wallet-section__title">
        {t('history')}
      </h4>
      {withdrawals.isError && !data ? (
        <LoadError
          error={withdrawals.error}
          onRetry={() => void withdrawals.refetch()}
          testId="withdrawal-history-error"
        />
      ) : !data ? (
        <div aria-busy="true">
          <Skeleton height={64} count={3} className="wallet-list-skeleton" />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState compact message={t('history_empty')} />
      ) : (
        <>
          <ul className="wallet-list" role="list" aria-busy={withdrawals.isFetching || undefined}>
            {data.items.map((w) => (
              <WithdrawalItem key={w.id} w={w} currencySymbol={currencySymbol} language={language} />
            ))}
          </ul>
          <Pager page={page} totalPages={Math.ceil(data.total / WITHDRAWAL_PAGE_SIZE)} onChange={setPage} />
        </>
      )}
    </section>
  );
}
