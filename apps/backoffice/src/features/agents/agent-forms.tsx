import { zodResolver } from '@hookform/resolvers/zod';
import {
  AGENT_CONTRACT_KINDS,
  bpToPercent,
  DIVIDEND_CYCLES,
  FIXED_CYCLE,
  MAX_TIERS,
  percentToBp,
  RATE_BP_MAX,
  ZAgentTier,
  type TAgentBill,
  type TAgentContractKind,
} from '@lotus/contracts/agent';
import { ZOpsAgentParam, ZOpsBillParam, ZOpsMakeAgent, ZOpsPeriodParam, ZOpsTopContract, type TOpsTopContract } from '@lotus/contracts/ops-agents';
import { useId, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatAmount, formatTime } from '@/lib/format';
import { makeAgent, offerTopContract, resettlePeriod, upholdBill, type TAgentPeriod } from './api';
import { DialogActions, Dispute, ServerError } from './parts';
import { AMOUNT, COUNT, firstNotIncreasing, PERCENT, wireAmount } from './rates';

/**
 * The write forms of the Agents page (docs/adr/0100, 0101): make a member an agent, offer a top-level agent its
 * contract, settle a period again: four-eyes requests (docs/adr/0044) whose answer names the request a second operator
 * approves; and uphold a disputed bill, applied at once. Checked here with the contract's own schemas before anything
 * is sent; what the server still refuses (not a member, already an
 * agent, not top-level, a request already waiting) is shown by its catalogue key. Error messages are keys of
 * agents:form.errors.
 */

export type TDone = (text: string, options?: { approvals?: boolean }) => Promise<void>;

/** The reason of a four-eyes request as the contract wants it (ZOpsReason), with the form's error keys. */
const reason = z.string().trim().min(3, 'reason').max(500, 'tooLong');

const ZMakeAgentForm = z.object({
  username: z.string().trim().min(1, 'required').max(40, 'tooLong'),
  reason,
});
type TMakeAgentForm = z.infer<typeof ZMakeAgentForm>;

/** Make a member an agent: a request a second operator approves. */
export function MakeAgentForm({ close, onDone }: { close: () => void; onDone: TDone }) {
  const { t } = useTranslation('agents');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TMakeAgentForm>({ resolver: zodResolver(ZMakeAgentForm), defaultValues: { username: '', reason: '' } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      // The contract's own schemas, as the server reads them.
      const { username } = ZOpsAgentParam.parse({ username: v.username });
      const body = ZOpsMakeAgent.parse({ reason: v.reason });
      const answer = await makeAgent(username, body.reason);
      close();
      if ('approvalId' in answer) await onDone(t('make.requested', { username, id: answer.approvalId }), { approvals: true });
      else await onDone(t('make.applied', { username }));
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('make.title')}>
      <p className="hint">{t('make.intro')}</p>
      <label htmlFor={`${id}-username`}>{t('make.username')}</label>
      <input
        id={`${id}-username`}
        autoComplete="off"
        maxLength={40}
        aria-invalid={errors.username ? true : undefined}
        aria-describedby={errors.username ? `${id}-username-error` : undefined}
        {...form.register('username')}
      />
      {errors.username ? (
        <span id={`${id}-username-error`} className="field-error block">
          {t(`form.errors.${errors.username.message}`)}
        </span>
      ) : null}
      <label htmlFor={`${id}-reason`}>{t('form.reason')}</label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        {...form.register('reason')}
      />
      {errors.reason ? (
        <span id={`${id}-reason-error`} className="field-error block">
          {t(`form.errors.${errors.reason.message}`)}
        </span>
      ) : null}
      <ServerError error={failure} />
      <DialogActions close={close} submitting={form.formState.isSubmitting} label={t('make.submit')} />
    </form>
  );
}

/** The most active members a tier may ask: the contract's own bound. */
const MAX_ACTIVE = ZAgentTier.shape.minActive.maxValue ?? Number.MAX_SAFE_INTEGER;

/** One tier as typed: the base from which it pays (฿), the active members it asks, its rate in percent. */
type TTierRow = { minBase: string; minActive: string; rate: string };
type TContractForm = {
  agent: string;
  kind: TAgentContractKind;
  cycle: (typeof DIVIDEND_CYCLES)[number];
  tiers: TTierRow[];
  minPayout: string;
  reason: string;
};
const EMPTY_TIER: TTierRow = { minBase: '', minActive: '0', rate: '' };

/** The request the form makes: rates in basis points (integers), amounts with two decimals, a cycle only for a dividend. */
export function contractBody(v: TContractForm): TOpsTopContract {
  return {
    agent: v.agent.trim(),
    kind: v.kind,
    ...(v.kind === 'dividend' ? { cycle: v.cycle } : {}),
    tiers: v.tiers.map((row) => ({
      minBase: wireAmount(row.minBase),
      minActive: COUNT.test(row.minActive.trim()) ? Number(row.minActive.trim()) : Number.NaN,
      rateBp: percentToBp(row.rate) ?? Number.NaN,
    })),
    minPayout: v.minPayout.trim() === '' ? '0.00' : wireAmount(v.minPayout),
    reason: v.reason.trim(),
  };
}

/** The form's own checks: each field as typed. */
const ZContractFields = z.object({
  agent: z.string().trim().min(1, 'required').max(40, 'tooLong'),
  kind: z.enum(AGENT_CONTRACT_KINDS),
  cycle: z.enum(DIVIDEND_CYCLES),
  tiers: z
    .array(
      z.object({
        minBase: z.string().trim().regex(AMOUNT, 'amount'),
        minActive: z
          .string()
          .trim()
          .regex(COUNT, 'count')
          .refine((n) => !COUNT.test(n) || Number(n) <= MAX_ACTIVE, 'count'),
        rate: z
          .string()
          .trim()
          .regex(PERCENT, 'rate')
          .refine((r) => !PERCENT.test(r) || percentToBp(r) !== null, 'rate'),
      }),
    )
    .min(1, 'tiers')
    .max(MAX_TIERS, 'tiers'),
  minPayout: z
    .string()
    .trim()
    .regex(new RegExp(`(${AMOUNT.source})|^$`), 'amount'),
  reason,
});
/**
 * Then, once every field is right as typed, the contract's own schema over the request the form makes (what the
 * server reads first), and the tiers' order (the server's next check, agent_contract_tiers_not_increasing).
 */
const ZContractForm = ZContractFields.superRefine((v, ctx) => {
  if (!ZContractFields.safeParse(v).success) return;
  const checked = ZOpsTopContract.safeParse(contractBody(v));
  if (!checked.success) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'invalid' });
  else if (firstNotIncreasing(checked.data.tiers) !== null) ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'increasing' });
});

/** The fixed cycle of a kind; null for a dividend, whose cycle is chosen. */
const fixedCycleOf = (kind: TAgentContractKind) => (kind === 'dividend' ? null : FIXED_CYCLE[kind]);

/**
 * Offer a top-level agent (no agent above it) its contract, paid by the platform: the kind, a dividend's cycle, 1 to
 * MAX_TIERS tiers going up, the minimum payout and the reason. A request a second operator approves; the agent then
 * accepts or refuses the offer.
 */
export function ContractForm({ close, onDone }: { close: () => void; onDone: TDone }) {
  const { t } = useTranslation('agents');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TContractForm>({
    resolver: zodResolver(ZContractForm),
    defaultValues: { agent: '', kind: 'dividend', cycle: 'month', tiers: [{ ...EMPTY_TIER }], minPayout: '0.00', reason: '' },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const errors = form.formState.errors;
  const tiersError = errors.tiers?.root?.message ?? errors.tiers?.message;
  const notIncreasing = tiersError === 'increasing' ? firstNotIncreasing(contractBody(form.getValues()).tiers) : null;
  const fixed = fixedCycleOf(kind);
  const base = kind === 'dividend' ? 'netLoss' : 'turnover';

  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const body = contractBody(v);
      const answer = await offerTopContract(body);
      close();
      const what = { agent: body.agent, kind: t(`kinds.${body.kind}`) };
      if ('approvalId' in answer) await onDone(t('offer.requested', { ...what, id: answer.approvalId }), { approvals: true });
      else await onDone(t('offer.applied', what));
    } catch (error) {
      setFailure(error);
    }
  });

  const fieldError = (name: 'agent' | 'minPayout' | 'reason') =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="field-error block">
        {t(`form.errors.${errors[name].message}`)}
      </span>
    ) : null;
  const described = (name: 'agent' | 'minPayout' | 'reason', hint = false) =>
    [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('offer.title')}>
      <p className="hint">{t('offer.intro')}</p>
      <div className="agents-fields">
        <div className="field">
          <label htmlFor={`${id}-agent`}>{t('offer.agent')}</label>
          <input
            id={`${id}-agent`}
            autoComplete="off"
            maxLength={40}
            aria-invalid={errors.agent ? true : undefined}
            aria-describedby={described('agent')}
            {...form.register('agent')}
          />
          {fieldError('agent')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('offer.kind')}</label>
          <select id={`${id}-kind`} aria-describedby={`${id}-kind-hint`} {...form.register('kind')}>
            {AGENT_CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
          <span id={`${id}-kind-hint`} className="hint block">
            {t(`kindHints.${kind}`)}
          </span>
        </div>
        {fixed === null ? (
          <div className="field">
            <label htmlFor={`${id}-cycle`}>{t('offer.cycle')}</label>
            <select id={`${id}-cycle`} {...form.register('cycle')}>
              {DIVIDEND_CYCLES.map((c) => (
                <option key={c} value={c}>
                  {t(`cycles.${c}`)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="field">
            <span className="label">{t('offer.cycle')}</span>
            <span>{t('offer.fixedCycle', { cycle: t(`cycles.${fixed}`) })}</span>
          </div>
        )}
      </div>

      <table className="tiers-editor" aria-describedby={`${id}-tiers-hint`}>
        <caption>{t('offer.tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('offer.tier')}</th>
            <th scope="col">{t(`offer.minBase.${base}`)}</th>
            <th scope="col">{t('offer.minActive')}</th>
            <th scope="col">{t('offer.rate')}</th>
            <th scope="col">
              <span className="sr-only">{t('offer.rowActions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.fields.map((field, i) => {
            const n = i + 1;
            const rowErrors = errors.tiers?.[i];
            const cell = (name: keyof TTierRow, label: string, input: { inputMode: 'decimal' | 'numeric'; className: string }) => {
              const error = rowErrors?.[name];
              return (
                <td>
                  <label className="sr-only" htmlFor={`${id}-tier-${i}-${name}`}>
                    {label}
                  </label>
                  <input
                    id={`${id}-tier-${i}-${name}`}
                    inputMode={input.inputMode}
                    className={input.className}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-tier-${i}-${name}-error` : undefined}
                    {...form.register(`tiers.${i}.${name}`)}
                  />
                  {name === 'rate' ? <span aria-hidden="true"> %</span> : null}
                  {error ? (
                    <span id={`${id}-tier-${i}-${name}-error`} className="field-error block">
                      {t(`form.errors.${error.message}`, { max: name === 'rate' ? bpToPercent(RATE_BP_MAX) : MAX_ACTIVE.toLocaleString('en-US') })}
                    </span>
                  ) : null}
                </td>
              );
            };
            return (
              <tr key={field.id}>
                <th scope="row">{n}</th>
                {cell('minBase', t(`offer.minBaseOf.${base}`, { n }), { inputMode: 'decimal', className: 'amount-input' })}
                {cell('minActive', t('offer.minActiveOf', { n }), { inputMode: 'numeric', className: 'count-input' })}
                {cell('rate', t('offer.rateOf', { n }), { inputMode: 'decimal', className: 'rate-input' })}
                <td>
                  <button type="button" onClick={() => tiers.remove(i)} disabled={tiers.fields.length <= 1}>
                    {t('offer.removeTier', { n })}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="label-row">
        <p id={`${id}-tiers-hint`} className="hint">
          {t('offer.tiersHint', { max: MAX_TIERS })}
        </p>
        <button type="button" onClick={() => tiers.append({ ...EMPTY_TIER })} disabled={tiers.fields.length >= MAX_TIERS}>
          {t('offer.addTier')}
        </button>
      </div>
      {tiersError ? (
        <p role="alert" className="field-error">
          {notIncreasing === null
            ? t(`form.errors.${tiersError}`, { max: MAX_TIERS })
            : t('form.errors.increasingAt', { n: notIncreasing, previous: notIncreasing - 1 })}
        </p>
      ) : null}

      <label htmlFor={`${id}-minPayout`}>{t('offer.minPayout')}</label>
      <input
        id={`${id}-minPayout`}
        inputMode="decimal"
        className="amount-input"
        autoComplete="off"
        aria-invalid={errors.minPayout ? true : undefined}
        aria-describedby={described('minPayout', true)}
        {...form.register('minPayout')}
      />
      <span id={`${id}-minPayout-hint`} className="hint block">
        {t('offer.minPayoutHint')}
      </span>
      {fieldError('minPayout')}
      <label htmlFor={`${id}-reason`}>{t('form.reason')}</label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={described('reason')}
        {...form.register('reason')}
      />
      {fieldError('reason')}
      <ServerError error={failure} />
      <DialogActions close={close} submitting={form.formState.isSubmitting} label={t('offer.submit')} />
    </form>
  );
}

const ZReasonForm = z.object({ reason });
type TReasonForm = z.infer<typeof ZReasonForm>;

/**
 * A form that only asks the reason the audit log records (the contract's ZOpsReason), then runs `onSubmit`; what the
 * server refuses is shown by its catalogue key and the dialog stays open. `children`: what the operator decides on.
 */
function ReasonForm({
  title,
  intro,
  submit: submitLabel,
  close,
  onSubmit,
  children,
}: {
  title: string;
  intro: string;
  submit: string;
  close: () => void;
  onSubmit: (reason: string) => Promise<void>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('agents');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TReasonForm>({ resolver: zodResolver(ZReasonForm), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason;
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      await onSubmit(v.reason.trim());
    } catch (thrown) {
      setFailure(thrown);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} aria-describedby={`${id}-intro`}>
      <p id={`${id}-intro`} className="hint">
        {intro}
      </p>
      {children}
      <label htmlFor={`${id}-reason`}>{t('form.reason')}</label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
        {...form.register('reason')}
      />
      {error ? (
        <span id={`${id}-reason-error`} className="field-error block">
          {t(`form.errors.${error.message}`)}
        </span>
      ) : null}
      <ServerError error={failure} />
      <DialogActions close={close} submitting={form.formState.isSubmitting} label={submitLabel} />
    </form>
  );
}

/**
 * Uphold a disputed bill (money.write): the dispute is closed and the bill goes back to its status before it (a
 * pending or unpaid one is then paid); no money moves now. Applied at once; the list is refreshed.
 */
export function UpholdForm({ bill, close, onDone }: { bill: TAgentBill; close: () => void; onDone: TDone }) {
  const { t } = useTranslation('agents');
  return (
    <ReasonForm
      title={t('uphold.title', { id: bill.id })}
      intro={t('uphold.intro')}
      submit={t('uphold.submit')}
      close={close}
      onSubmit={async (text) => {
        // The contract's own schemas, as the server reads them.
        const { id } = ZOpsBillParam.parse({ id: bill.id });
        const { reason: checked } = ZReasonForm.parse({ reason: text });
        const upheld = await upholdBill(id, checked);
        close();
        await onDone(t('uphold.done', { id: upheld.id, status: t(`billStatuses.${upheld.status}`) }));
      }}
    >
      <dl className="facts">
        <dt>{t('bills.agent')}</dt>
        <dd>
          <code>{bill.agent}</code>
        </dd>
        <dt>{t('bills.amount')}</dt>
        <dd className="amount">{formatAmount(bill.amount)}</dd>
        <dt>{t('dispute.title')}</dt>
        <dd>
          <Dispute bill={bill} />
        </dd>
      </dl>
    </ReasonForm>
  );
}

/**
 * Settle a period again after a correction (money.write): a four-eyes request. Approved, every bill of the period is
 * reversed (a paid one through a ledger reversal) and the next revision of its bills is written from the ledger as it
 * is now, then paid: never an edit.
 */
export function ResettleForm({ period, close, onDone }: { period: TAgentPeriod; close: () => void; onDone: TDone }) {
  const { t } = useTranslation('agents');
  const what = { kind: t(`kinds.${period.kind}`), start: formatTime(period.startsAt) };
  return (
    <ReasonForm
      title={t('resettle.title')}
      intro={t('resettle.intro')}
      submit={t('resettle.submit')}
      close={close}
      onSubmit={async (text) => {
        const { id } = ZOpsPeriodParam.parse({ id: period.id });
        const { reason: checked } = ZReasonForm.parse({ reason: text });
        const answer = await resettlePeriod(id, checked);
        close();
        if ('approvalId' in answer) await onDone(t('resettle.requested', { ...what, id: answer.approvalId }), { approvals: true });
        else await onDone(t('resettle.applied', what));
      }}
    >
      <dl className="facts">
        <dt>{t('periods.kind')}</dt>
        <dd>{what.kind}</dd>
        <dt>{t('periods.period')}</dt>
        <dd>
          {what.start} – {formatTime(period.endsAt)}
        </dd>
        <dt>{t('periods.bills')}</dt>
        <dd className="amount">{period.bills}</dd>
        <dt>{t('periods.revisionLabel')}</dt>
        <dd>{period.revision}</dd>
      </dl>
    </ReasonForm>
  );
}
