import { zodResolver } from '@hookform/resolvers/zod';
import { OPS_ROLES, ZOpsOperatorCreate, ZOpsReason, type TOpsOperatorRow, type TOpsRole } from '@lotus/contracts/ops-operators';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { Notice } from '@/components/states';
import { errorCodeOf } from '@/lib/api';
import { formatTime } from '@/lib/format';
import { createOperator, requestRoleChange, resetCredentials, setOperatorStatus, useOperators } from './api';

const column = createColumnHelper<TOpsOperatorRow>();
/** The create form: the contract, with an empty display name meaning "the username". */
const ZCreateForm = ZOpsOperatorCreate.extend({ displayName: z.string().trim().max(80), reason: ZOpsReason });
type TCreate = z.infer<typeof ZCreateForm>;

function RoleChange({ operator, onDone }: { operator: TOpsOperatorRow; onDone: (text: string) => void }) {
  const { t } = useTranslation('operators');
  const [role, setRole] = useState<TOpsRole>(operator.role);
  return (
    <span className="inline">
      <label className="sr-only" htmlFor={`role-${operator.id}`}>
        {t('newRole', { username: operator.username })}
      </label>
      <select id={`role-${operator.id}`} value={role} onChange={(e) => setRole(e.target.value as TOpsRole)}>
        {OPS_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`common:roles.${r}`)}
          </option>
        ))}
      </select>
      <ConfirmAction
        label={t('requestRole')}
        disabled={role === operator.role}
        title={t('requestRoleTitle', { username: operator.username, role: t(`common:roles.${role}`) })}
        description={t('requestRoleText')}
        onConfirm={async (reason) => {
          const r = await requestRoleChange(operator.username, role, reason);
          onDone(t('roleRequested', { id: r.approvalId }));
        }}
      />
    </span>
  );
}

/** Operators (admin only): create, disable/enable, reset console credentials, role changes through four-eyes. */
export function OperatorsPage() {
  const { t } = useTranslation('operators');
  const list = useOperators();
  const client = useQueryClient();
  const [filter, setFilter] = useState('');
  const [notice, setNotice] = useState<{ text: string; secret?: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TCreate>({ resolver: zodResolver(ZCreateForm), defaultValues: { username: '', displayName: '', role: 'support', reason: '' } });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: ['operators'] }), [client]);

  const columns = useMemo(
    () => [
      column.accessor('username', { header: t('username'), enableSorting: true }),
      column.accessor('displayName', { header: t('displayName') }),
      column.accessor('role', { header: t('role'), enableSorting: true, cell: (c) => t(`common:roles.${c.getValue()}`) }),
      column.accessor('status', { header: t('status'), enableSorting: true, cell: (c) => t(`statuses.${c.getValue()}`) }),
      column.accessor('hasTotp', { header: t('totp'), cell: (c) => (c.getValue() ? t('common:yes') : t('common:no')) }),
      column.accessor('updatedAt', { header: t('updatedAt'), enableSorting: true, cell: (c) => formatTime(c.getValue()) }),
      column.display({
        id: 'actions',
        header: t('actions'),
        cell: (c) => {
          const o = c.row.original;
          return (
            <div className="actions">
              <ConfirmAction
                danger={o.status === 'active'}
                reasonOptional
                label={o.status === 'active' ? t('disable') : t('enable')}
                title={t(o.status === 'active' ? 'disableTitle' : 'enableTitle', { username: o.username })}
                onConfirm={async () => {
                  await setOperatorStatus(o.username, o.status === 'active' ? 'disabled' : 'active');
                  await refresh();
                }}
              />
              <ConfirmAction
                danger
                label={t('reset')}
                title={t('resetTitle', { username: o.username })}
                description={t('resetText')}
                onConfirm={async (reason) => {
                  const r = await resetCredentials(o.username, reason);
                  setNotice(
                    'approvalId' in r
                      ? { text: t('credentialsRequested', { id: r.approvalId }) }
                      : { text: t('resetDone', { username: r.username }), secret: r.temporaryPassword },
                  );
                  await refresh();
                }}
              />
              <RoleChange operator={o} onDone={(text) => setNotice({ text })} />
            </div>
          );
        },
      }),
    ],
    [t, refresh],
  );

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { displayName, ...input } = values;
      const created = await createOperator(displayName ? { ...input, displayName } : input);
      if ('approvalId' in created) {
        // An admin, once the bootstrap has ended (docs/adr/0080): a second admin approves it.
        setNotice({ text: t('createRequested', { id: created.approvalId }) });
      } else {
        const r = await resetCredentials(created.username, values.reason);
        setNotice(
          'approvalId' in r
            ? { text: t('createdCredentialsRequested', { username: created.username, id: r.approvalId }) }
            : { text: t('created', { username: created.username }), secret: r.temporaryPassword },
        );
      }
      form.reset();
      await refresh();
    } catch (error) {
      setFailure(error);
    }
  });

  const rows = list.data?.filter((o) => !filter || o.username.includes(filter.toLowerCase()) || o.displayName.toLowerCase().includes(filter.toLowerCase()));
  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">{t('title')}</h1>
      <form className="filters" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="create-title">
        <h2 id="create-title" className="full">
          {t('createTitle')}
        </h2>
        <label htmlFor="op-username">{t('username')}</label>
        <input id="op-username" autoCapitalize="none" aria-invalid={!!form.formState.errors.username} {...form.register('username')} />
        <label htmlFor="op-display">{t('displayName')}</label>
        <input id="op-display" {...form.register('displayName')} />
        <label htmlFor="op-role">{t('role')}</label>
        <select id="op-role" {...form.register('role')}>
          {OPS_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`common:roles.${r}`)}
            </option>
          ))}
        </select>
        <label htmlFor="op-reason">{t('reason')}</label>
        <input id="op-reason" aria-invalid={!!form.formState.errors.reason} aria-describedby="op-reason-hint" {...form.register('reason')} />
        <p id="op-reason-hint" className="hint full">
          {t('reasonHint')}
        </p>
        <button type="submit" className="primary" disabled={form.formState.isSubmitting}>
          {t('create')}
        </button>
        {form.formState.errors.username ? <p className="field-error full">{t('usernameRule')}</p> : null}
        {form.formState.errors.reason ? <p className="field-error full">{t('reasonRule')}</p> : null}
        {failure ? <p role="alert" className="field-error full">{t(`errors:${errorCodeOf(failure)}`)}</p> : null}
      </form>
      {notice ? (
        <Notice>
          {notice.text}
          {notice.secret ? (
            <>
              {' '}
              {t('oneTimePassword')} <code data-testid="temporary-password">{notice.secret}</code>
            </>
          ) : null}
        </Notice>
      ) : null}
      <div className="filters">
        <label htmlFor="op-filter">{t('filter')}</label>
        <input id="op-filter" data-search type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      <DataTable caption={t('title')} columns={columns} rows={rows} loading={list.isFetching} error={list.error} onRetry={() => void list.refetch()} rowKey={(o) => String(o.id)} clientSort />
    </section>
  );
}
