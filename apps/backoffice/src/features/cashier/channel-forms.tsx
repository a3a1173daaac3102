import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPaymentChannel,
  PAYMENT_CHANNEL_KINDS,
  updatePaymentChannel,
  type TOpsPaymentChannel,
  type TPaymentChannelKind,
} from '@lotus/contracts/cashier';
import { parseMinor } from '@lotus/contracts/money';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, errorCodeOf, opsApi } from '@/lib/api';

/**
 * The forms of the Payment channels page (docs/adr/0084): limits, hours, names and sort (applied at
 * once); a new receiving account or adapter, and a new channel, which a second operator approves.
 * Checked here as the contract checks them (amounts with at most two decimals, above zero, minimum
 * <= maximum <= daily limit; hours HH:MM, both or neither, never equal), so most mistakes never
 * reach the server; what the server still refuses is shown by its catalogue key.
 */

/** What a form's submit led to: the channel changed now, or a request waiting for a second operator. */
export type TChannelOutcome = { kind: 'saved'; code: string } | { kind: 'requested'; approvalId: number };

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const CLOCK = /^(([01]\d|2[0-3]):[0-5]\d)?$/;
const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');

/** The fields every channel has: names, limits, hours, sort (the messages are keys of cashier:channels.errors). */
const ZLimitsFields = z.object({
  nameTh: text(80),
  nameEn: text(80),
  min: z.string().trim().regex(AMOUNT, 'amount'),
  max: z.string().trim().regex(AMOUNT, 'amount'),
  dailyLimit: z.string().trim().regex(AMOUNT, 'amount'),
  opens: z.string().trim().regex(CLOCK, 'clock'),
  closes: z.string().trim().regex(CLOCK, 'clock'),
  sort: z.string().trim().regex(/^\d{1,5}$/, 'sort').refine((s) => Number(s) <= 10_000, 'sort'),
});
type TLimitsFields = z.infer<typeof ZLimitsFields>;

function checkLimits(v: TLimitsFields, ctx: z.RefinementCtx) {
  const min = parseMinor(v.min);
  const max = parseMinor(v.max);
  const daily = parseMinor(v.dailyLimit);
  if (min !== null && min <= 0n) ctx.addIssue({ code: 'custom', path: ['min'], message: 'positive' });
  if (min !== null && max !== null && max < min) ctx.addIssue({ code: 'custom', path: ['max'], message: 'minMax' });
  if (max !== null && daily !== null && daily < max) ctx.addIssue({ code: 'custom', path: ['dailyLimit'], message: 'dailyMax' });
  if (v.opens === '' && v.closes !== '') ctx.addIssue({ code: 'custom', path: ['opens'], message: 'hoursBoth' });
  if (v.opens !== '' && v.closes === '') ctx.addIssue({ code: 'custom', path: ['closes'], message: 'hoursBoth' });
  if (v.opens !== '' && v.opens === v.closes) ctx.addIssue({ code: 'custom', path: ['closes'], message: 'hoursSame' });
}

const ZLimitsForm = ZLimitsFields.superRefine(checkLimits);

const ZAccountFields = z.object({
  bankCode: z.string().trim().max(20, 'tooLong'),
  accountNumber: z.string().trim().regex(/^([0-9-]{4,40})?$/, 'account'),
  accountName: z.string().trim().max(120, 'tooLong'),
  adapter: z.string().trim().regex(/^([a-z0-9_-]{1,40})?$/, 'adapter'),
});
type TAccountFields = z.infer<typeof ZAccountFields>;

/** Bank details for a bank transfer, an adapter for a PSP: what the kind needs must be there. */
function checkAccount(kind: TPaymentChannelKind, v: TAccountFields, ctx: z.RefinementCtx) {
  const needed: (keyof TAccountFields)[] = kind === 'bank_transfer' ? ['bankCode', 'accountNumber', 'accountName'] : ['adapter'];
  for (const key of needed) if (v[key] === '') ctx.addIssue({ code: 'custom', path: [key], message: 'required' });
}

/** The request's reason, as the contract's ZOpsReason (3 to 500 characters). */
const ZReason = z.object({ reason: z.string().trim().min(3, 'reason').max(500, 'tooLong') });

/** The wire's hours from the two inputs: both empty is always open. */
const hoursOf = (v: Pick<TLimitsFields, 'opens' | 'closes'>) => (v.opens ? { opens: v.opens, closes: v.closes } : null);

/** A button that opens a native <dialog> (focus kept inside, Escape closes it) holding a form. */
export function FormDialog({
  label,
  name,
  title,
  primary = false,
  children,
}: {
  label: string;
  /** The button's accessible name when the row needs saying (starts with the visible label). */
  name?: string;
  title: string;
  primary?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close?.();
  }, [open]);
  return (
    <>
      <button type="button" className={primary ? 'primary' : undefined} aria-label={name} onClick={() => setOpen(true)}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} onClose={() => setOpen(false)} className="dialog channel-dialog">
        {open ? (
          <>
            <h2 id={`${id}-title`}>{title}</h2>
            {children(() => setOpen(false))}
          </>
        ) : null}
      </dialog>
    </>
  );
}

/** A server refusal: its catalogue key, and each refused field with its own key. */
function ServerError({ error }: { error: unknown }) {
  const { t } = useTranslation('cashier');
  if (!error) return null;
  const fields = error instanceof ApiError ? error.details.fields : undefined;
  return (
    <p role="alert" className="field-error">
      {t(`errors:${errorCodeOf(error)}`)}
      {fields
        ? Object.entries(fields).map(([field, key]) => (
            <span key={field} className="block">
              {t(`channels.fields.${field.split('.')[0]}`, { defaultValue: field })}: {t(`errors:${key}`, { defaultValue: key })}
            </span>
          ))
        : null}
    </p>
  );
}

/** The fields of the forms (keys of cashier:channels.fields). */
type TFieldName =
  | 'code'
  | 'nameTh'
  | 'nameEn'
  | 'bankCode'
  | 'accountNumber'
  | 'accountName'
  | 'adapter'
  | 'min'
  | 'max'
  | 'dailyLimit'
  | 'opens'
  | 'closes'
  | 'sort'
  | 'reason';
type TErrorKey =
  | 'required'
  | 'tooLong'
  | 'amount'
  | 'positive'
  | 'minMax'
  | 'dailyMax'
  | 'clock'
  | 'hoursBoth'
  | 'hoursSame'
  | 'sort'
  | 'code'
  | 'account'
  | 'adapter'
  | 'reason';

/** One labelled input with its hint and its error (the message is a key of cashier:channels.errors). */
function Input({
  formId,
  name,
  field,
  error,
  hint,
  inputMode,
  autoCapitalize,
}: {
  formId: string;
  name: TFieldName;
  field: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  autoCapitalize?: 'none';
}) {
  const { t } = useTranslation('cashier');
  const id = `${formId}-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label htmlFor={id}>{t(`channels.fields.${name}`)}</label>
      <span>
        <input id={id} inputMode={inputMode} autoCapitalize={autoCapitalize} aria-invalid={error ? true : undefined} aria-describedby={described} {...field} />
        {hint ? (
          <span id={`${id}-hint`} className="hint block">
            {hint}
          </span>
        ) : null}
        {error ? (
          <span id={`${id}-error`} className="field-error block">
            {t(`channels.errors.${error as TErrorKey}`)}
          </span>
        ) : null}
      </span>
    </>
  );
}

/** The props of an Input for a form's field (its registration and its error). */
function inputOf<T extends FieldValues>(form: UseFormReturn<T>, formId: string) {
  return (name: TFieldName & Path<T>) => ({ formId, name, field: form.register(name), error: form.formState.errors[name]?.message as string | undefined });
}

function Actions({ close, submitting, label }: { close: () => void; submitting: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="dialog-actions">
      <button type="button" onClick={close}>
        {t('actions.cancel')}
      </button>
      <button type="submit" className="primary" disabled={submitting}>
        {label}
      </button>
    </div>
  );
}

const limitsDefaults = (c: TOpsPaymentChannel): TLimitsFields => ({
  nameTh: c.nameTh,
  nameEn: c.nameEn,
  min: c.min,
  max: c.max,
  dailyLimit: c.dailyLimit,
  opens: c.hours?.opens ?? '',
  closes: c.hours?.closes ?? '',
  sort: String(c.sort),
});

/** The limits, hours, names and sort of a channel: applied at once (not four-eyes, docs/adr/0084). */
export function LimitsForm({ channel, close, onDone }: { channel: TOpsPaymentChannel; close: () => void; onDone: (o: TChannelOutcome) => void }) {
  const { t } = useTranslation('cashier');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TLimitsFields>({ resolver: zodResolver(ZLimitsForm), defaultValues: limitsDefaults(channel) });
  const field = inputOf(form, id);
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const body = { nameTh: v.nameTh, nameEn: v.nameEn, min: v.min, max: v.max, dailyLimit: v.dailyLimit, hours: hoursOf(v), sort: Number(v.sort) };
      const answer = await opsApi.call(updatePaymentChannel, { params: { code: channel.code }, query: {}, body });
      onDone('approvalId' in answer ? { kind: 'requested', approvalId: answer.approvalId } : { kind: 'saved', code: answer.code });
      close();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <p className="hint">{t('channels.limitsText')}</p>
      <div className="fields">
        <Input {...field('nameTh')} />
        <Input {...field('nameEn')} />
        <Input {...field('min')} inputMode="decimal" />
        <Input {...field('max')} inputMode="decimal" />
        <Input {...field('dailyLimit')} inputMode="decimal" />
        <Input {...field('opens')} inputMode="numeric" hint={t('channels.hoursHint')} />
        <Input {...field('closes')} inputMode="numeric" />
        <Input {...field('sort')} inputMode="numeric" />
      </div>
      <ServerError error={failure} />
      <Actions close={close} submitting={form.formState.isSubmitting} label={t('channels.save')} />
    </form>
  );
}

const ZAccountForm = ZAccountFields.extend(ZReason.shape);
type TAccountForm = z.infer<typeof ZAccountForm>;

/** A new receiving account (bank transfer) or adapter (PSP): a request a second operator approves (docs/adr/0081). */
export function AccountForm({ channel, close, onDone }: { channel: TOpsPaymentChannel; close: () => void; onDone: (o: TChannelOutcome) => void }) {
  const { t } = useTranslation('cashier');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const bank = channel.kind === 'bank_transfer';
  const form = useForm<TAccountForm>({
    resolver: zodResolver(ZAccountForm.superRefine((v, ctx) => checkAccount(channel.kind, v, ctx))),
    defaultValues: { bankCode: channel.bankCode ?? '', accountNumber: '', accountName: channel.accountName ?? '', adapter: channel.adapter ?? '', reason: '' },
  });
  const field = inputOf(form, id);
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const body = bank ? { bankCode: v.bankCode, accountNumber: v.accountNumber, accountName: v.accountName } : { adapter: v.adapter };
      const answer = await opsApi.call(updatePaymentChannel, { params: { code: channel.code }, query: { reason: v.reason }, body });
      onDone('approvalId' in answer ? { kind: 'requested', approvalId: answer.approvalId } : { kind: 'saved', code: answer.code });
      close();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <p className="hint">{t('channels.accountText')}</p>
      <div className="fields">
        {bank ? (
          <>
            <Input {...field('bankCode')} autoCapitalize="none" />
            <Input {...field('accountNumber')} inputMode="numeric" />
            <Input {...field('accountName')} />
          </>
        ) : (
          <Input {...field('adapter')} autoCapitalize="none" />
        )}
        <Input {...field('reason')} hint={t('channels.reasonHint')} />
      </div>
      <ServerError error={failure} />
      <Actions close={close} submitting={form.formState.isSubmitting} label={t('channels.requestChange')} />
    </form>
  );
}

const ZAddForm = ZLimitsFields.extend(ZAccountFields.shape)
  .extend(ZReason.shape)
  .extend({
    code: z.string().trim().regex(/^[a-z0-9][a-z0-9_-]{1,31}$/, 'code'),
    kind: z.enum(PAYMENT_CHANNEL_KINDS),
    status: z.enum(['active', 'disabled']),
  })
  .superRefine((v, ctx) => {
    checkLimits(v, ctx);
    checkAccount(v.kind, v, ctx);
  });
type TAddForm = z.infer<typeof ZAddForm>;

/** A new channel: it names where members' money goes, so a second operator approves it (docs/adr/0081). */
export function AddChannelForm({ close, onDone }: { close: () => void; onDone: (o: TChannelOutcome) => void }) {
  const { t } = useTranslation('cashier');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TAddForm>({
    resolver: zodResolver(ZAddForm),
    defaultValues: {
      code: '',
      kind: 'bank_transfer',
      status: 'active',
      nameTh: '',
      nameEn: '',
      bankCode: '',
      accountNumber: '',
      accountName: '',
      adapter: '',
      min: '',
      max: '',
      dailyLimit: '',
      opens: '',
      closes: '',
      sort: '0',
      reason: '',
    },
  });
  const field = inputOf(form, id);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const body = {
        code: v.code,
        kind: v.kind,
        nameTh: v.nameTh,
        nameEn: v.nameEn,
        ...(v.kind === 'bank_transfer' ? { bankCode: v.bankCode, accountNumber: v.accountNumber, accountName: v.accountName } : { adapter: v.adapter }),
        min: v.min,
        max: v.max,
        dailyLimit: v.dailyLimit,
        hours: hoursOf(v),
        status: v.status,
        sort: Number(v.sort),
      };
      const answer = await opsApi.call(createPaymentChannel, { query: { reason: v.reason }, body });
      onDone('approvalId' in answer ? { kind: 'requested', approvalId: answer.approvalId } : { kind: 'saved', code: answer.code });
      close();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <p className="hint">{t('channels.addText')}</p>
      <div className="fields">
        <Input {...field('code')} autoCapitalize="none" hint={t('channels.codeHint')} />
        <label htmlFor={`${id}-kind`}>{t('channels.fields.kind')}</label>
        <select id={`${id}-kind`} {...form.register('kind')}>
          {PAYMENT_CHANNEL_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`channels.kinds.${k}`)}
            </option>
          ))}
        </select>
        <Input {...field('nameTh')} />
        <Input {...field('nameEn')} />
        {kind === 'bank_transfer' ? (
          <>
            <Input {...field('bankCode')} autoCapitalize="none" />
            <Input {...field('accountNumber')} inputMode="numeric" />
            <Input {...field('accountName')} />
          </>
        ) : (
          <Input {...field('adapter')} autoCapitalize="none" />
        )}
        <Input {...field('min')} inputMode="decimal" />
        <Input {...field('max')} inputMode="decimal" />
        <Input {...field('dailyLimit')} inputMode="decimal" />
        <Input {...field('opens')} inputMode="numeric" hint={t('channels.hoursHint')} />
        <Input {...field('closes')} inputMode="numeric" />
        <Input {...field('sort')} inputMode="numeric" />
        <label htmlFor={`${id}-status`}>{t('channels.fields.status')}</label>
        <select id={`${id}-status`} {...form.register('status')}>
          <option value="active">{t('channels.statuses.active')}</option>
          <option value="disabled">{t('channels.statuses.disabled')}</option>
        </select>
        <Input {...field('reason')} hint={t('channels.reasonHint')} />
      </div>
      <ServerError error={failure} />
      <Actions close={close} submitting={form.formState.isSubmitting} label={t('channels.requestAdd')} />
    </form>
  );
}
