import { zodResolver } from '@hookform/resolvers/zod';
import { VENDOR_STATUSES, VENDOR_WALLET_MODES, ZOpsVendorInput, type TOpsVendorRow, type TVendorStatus } from '@lotus/contracts/vendor';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable } from '@/components/data-table';
import { Notice } from '@/components/states';
import { errorCodeOf } from '@/lib/api';
import { formatTime } from '@/lib/format';
import { changeVendorStatus, createVendor, registryQueryOptions, replaceVendorSecret } from './api';
import { ConfirmButton } from '@/components/confirm-button';
import { SecretDialog, type TShownSecret } from './secret-dialog';

const column = createColumnHelper<TOpsVendorRow>();
const STATUS_BADGE: Record<TVendorStatus, string> = { active: 'badge badge-active', maintenance: 'badge warn', disabled: 'badge badge-disabled' };
const shape = ZOpsVendorInput.shape;

/**
 * The add form: the contract's own field rules (ZOpsVendorInput), game types typed as a comma-separated list,
 * and a transfer-mode vendor needs its fund-transfer API address (without it no transfer can be made).
 */
const ZAddForm = z
  .object({
    code: shape.code,
    name: shape.name,
    walletMode: z.enum(VENDOR_WALLET_MODES),
    status: z.enum(VENDOR_STATUSES),
    launchUrl: z.url({ protocol: /^https?$/ }).max(1000),
    apiBaseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(1000)]),
    currency: z.string().regex(/^[A-Z]{3}$/),
    gameTypes: z
      .string()
      .max(440)
      .refine((text) => {
        const parts = splitTypes(text);
        return parts.length <= 20 && parts.every((p) => p.length <= 20);
      }),
  })
  .refine((v) => v.walletMode !== 'transfer' || v.apiBaseUrl !== '', { path: ['apiBaseUrl'] });
type TAddForm = z.infer<typeof ZAddForm>;
const splitTypes = (text: string) =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
const EMPTY: TAddForm = { code: '', name: '', walletMode: 'seamless', status: 'active', launchUrl: '', apiBaseUrl: '', currency: 'THB', gameTypes: '' };

function StatusChange({ vendor, onDone }: { vendor: TOpsVendorRow; onDone: (text: string) => Promise<void> }) {
  const { t } = useTranslation('vendors');
  const [status, setStatus] = useState<TVendorStatus>(vendor.status);
  return (
    <span className="inline">
      <label className="sr-only" htmlFor={`vendor-status-${vendor.code}`}>
        {t('registry.newStatus', { code: vendor.code })}
      </label>
      <select id={`vendor-status-${vendor.code}`} value={status} onChange={(e) => setStatus(e.target.value as TVendorStatus)}>
        {VENDOR_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`statuses.${s}`)}
          </option>
        ))}
      </select>
      <ConfirmButton
        label={t('registry.setStatus')}
        disabled={status === vendor.status}
        danger={status === 'disabled'}
        title={t('registry.setStatusTitle', { code: vendor.code, status: t(`statuses.${status}`) })}
        description={t(`registry.statusEffect.${status}`)}
        onConfirm={async () => {
          await changeVendorStatus(vendor.code, status);
          await onDone(t('registry.statusSet', { code: vendor.code, status: t(`statuses.${status}`) }));
        }}
      />
    </span>
  );
}

/** The add-a-vendor form (vendors.write); its answer's secret goes straight to the one-time dialog. */
function AddVendor({ onAdded }: { onAdded: (shown: TShownSecret) => Promise<void> }) {
  const { t } = useTranslation('vendors');
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TAddForm>({ resolver: zodResolver(ZAddForm), defaultValues: EMPTY });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const answer = await createVendor({
        code: v.code,
        name: v.name,
        walletMode: v.walletMode,
        status: v.status,
        launchUrl: v.launchUrl,
        apiBaseUrl: v.apiBaseUrl === '' ? null : v.apiBaseUrl,
        currency: v.currency,
        gameTypes: splitTypes(v.gameTypes),
      });
      form.reset(EMPTY);
      await onAdded({ code: answer.vendor.code, secret: answer.secret, rotated: false });
    } catch (error) {
      setFailure(error);
    }
  });

  const field = (name: keyof TAddForm, input: React.ReactNode, rule?: string) => (
    <div className="field">
      <label htmlFor={`add-vendor-${name}`}>{t(`registry.fields.${name}`)}</label>
      {input}
      {errors[name] ? (
        <p id={`add-vendor-${name}-error`} className="field-error">
          {rule ?? t(`registry.rules.${name}`)}
        </p>
      ) : null}
    </div>
  );
  const aria = (name: keyof TAddForm) => ({
    id: `add-vendor-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `add-vendor-${name}-error` : undefined,
  });

  return (
    <details className="add-vendor">
      <summary>{t('registry.add')}</summary>
      <form className="vendor-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('registry.add')}>
        {field('code', <input {...aria('code')} autoCapitalize="characters" autoComplete="off" {...form.register('code')} />)}
        {field('name', <input {...aria('name')} {...form.register('name')} />)}
        {field(
          'walletMode',
          <select {...aria('walletMode')} {...form.register('walletMode')}>
            {VENDOR_WALLET_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`walletModes.${m}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'status',
          <select {...aria('status')} {...form.register('status')}>
            {VENDOR_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>,
        )}
        {field('launchUrl', <input {...aria('launchUrl')} type="url" inputMode="url" {...form.register('launchUrl')} />)}
        {field(
          'apiBaseUrl',
          <input {...aria('apiBaseUrl')} type="url" inputMode="url" {...form.register('apiBaseUrl')} />,
          // The refinement (a transfer-mode vendor without the address) rather than the address's own format.
          errors.apiBaseUrl?.type === 'custom' ? t('registry.rules.apiBaseUrlRequired') : undefined,
        )}
        {field('currency', <input {...aria('currency')} maxLength={3} autoCapitalize="characters" {...form.register('currency')} />)}
        {field('gameTypes', <input {...aria('gameTypes')} placeholder="SLOT, FISH" {...form.register('gameTypes')} />)}
        <p className="hint full">{t('registry.addHint')}</p>
        {failure ? (
          <p role="alert" className="field-error full">
            {t(`errors:${errorCodeOf(failure)}`)}
          </p>
        ) : null}
        <div className="full">
          <button type="submit" className="primary" disabled={form.formState.isSubmitting}>
            {t('registry.addSubmit')}
          </button>
        </div>
      </form>
    </details>
  );
}

/**
 * The vendor registry: every vendor with its wallet mode and status; with vendors.write, add a vendor, change a
 * status and rotate a secret (asked first). A new secret is shown once, in a dialog (docs/adr/0083).
 */
export function RegistryPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('vendors');
  const client = useQueryClient();
  const list = useQuery(registryQueryOptions());
  const [notice, setNotice] = useState<string | null>(null);
  const [shown, setShown] = useState<TShownSecret | null>(null);
  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: ['vendors', 'registry'] });
  }, [client]);
  const done = useCallback(
    async (text: string) => {
      setNotice(text);
      await refresh();
    },
    [refresh],
  );

  const columns = useMemo(
    () => [
      column.accessor('code', { header: t('registry.code'), enableSorting: true, cell: (c) => <code>{c.getValue()}</code> }),
      column.accessor('name', { header: t('registry.name'), enableSorting: true }),
      column.accessor('walletMode', { header: t('registry.walletMode'), cell: (c) => t(`walletModes.${c.getValue()}`) }),
      column.accessor('status', {
        header: t('registry.status'),
        enableSorting: true,
        cell: (c) => <span className={STATUS_BADGE[c.getValue()]}>{t(`statuses.${c.getValue()}`)}</span>,
      }),
      column.accessor('gameTypes', { header: t('registry.gameTypes'), cell: (c) => (c.getValue().length > 0 ? c.getValue().join(', ') : '—') }),
      column.accessor('updatedAt', { header: t('registry.updatedAt'), enableSorting: true, cell: (c) => formatTime(c.getValue()) }),
      ...(canWrite
        ? [
            column.display({
              id: 'actions',
              header: t('registry.actions'),
              cell: (c) => {
                const v = c.row.original;
                return (
                  <div className="actions tight">
                    <StatusChange key={`${v.code}:${v.status}`} vendor={v} onDone={done} />
                    <ConfirmButton
                      danger
                      label={t('registry.rotate')}
                      title={t('registry.rotateTitle', { code: v.code })}
                      description={t('registry.rotateText')}
                      onConfirm={async () => {
                        const answer = await replaceVendorSecret(v.code);
                        setShown({ code: answer.vendor.code, secret: answer.secret, rotated: true });
                        await refresh();
                      }}
                    />
                  </div>
                );
              },
            }),
          ]
        : []),
    ],
    [t, canWrite, done, refresh],
  );

  return (
    <section aria-labelledby="registry-title" className="vendors-panel">
      <h2 id="registry-title">{t('registry.title')}</h2>
      <p className="hint">{t('registry.intro')}</p>
      {canWrite ? (
        <AddVendor
          onAdded={async (s) => {
            setShown(s);
            await done(t('registry.added', { code: s.code }));
          }}
        />
      ) : null}
      {notice ? <Notice>{notice}</Notice> : null}
      <DataTable
        caption={t('registry.title')}
        columns={columns}
        rows={list.data}
        loading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(v) => v.code}
        clientSort
      />
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
    </section>
  );
}
