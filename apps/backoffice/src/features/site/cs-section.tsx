import { zodResolver } from '@hookform/resolvers/zod';
import { addToCollection, listCollection, removeFromCollection, ZCsChannelInput } from '@lotus/contracts/ops';
import { CS_TYPES } from '@lotus/contracts/system';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmAction } from '@/components/confirm-action';
import { EmptyState, ErrorState, LoadingState, Notice } from '@/components/states';
import { opsApi } from '@/lib/api';

type TInput = z.input<typeof ZCsChannelInput>;
const POSITIONS = ['BOTH', 'RIGHT', 'FORGET'] as const;

/** Customer-service channels (content collection `cs`): listed, added, removed; each change audited. */
export function CsSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('siteConfig');
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['cs'], queryFn: () => opsApi.call(listCollection.cs) });
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<TInput>({
    resolver: zodResolver(ZCsChannelInput),
    defaultValues: { csType: 'LINE', csPosition: 'BOTH', title: '', url: '', sort: 0 },
  });
  const errors = form.formState.errors;

  return (
    <div>
      <p>{t('cs.intro')}</p>
      {list.isPending ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.length === 0 ? <EmptyState text={t('cs.empty')} /> : null}
      {list.data && list.data.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">{t('tabs.cs')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cs.type')}</th>
                <th scope="col">{t('cs.position')}</th>
                <th scope="col">{t('cs.title')}</th>
                <th scope="col">{t('cs.url')}</th>
                <th scope="col">{t('cs.sort')}</th>
                {readOnly ? null : <th scope="col"><span className="sr-only">{t('cs.remove')}</span></th>}
              </tr>
            </thead>
            <tbody>
              {list.data.map((row) => (
                <tr key={row.id}>
                  <td>{row.csType}</td>
                  <td>{t(`cs.positions.${row.csPosition}`)}</td>
                  <td>{row.title}</td>
                  <td className="wrap-anywhere">{row.url}</td>
                  <td>{row.sort}</td>
                  {readOnly ? null : (
                    <td>
                      <ConfirmAction
                        danger
                        label={t('cs.remove')}
                        title={t('cs.removeTitle', { title: row.title })}
                        reasonOptional
                        onConfirm={async () => {
                          await opsApi.call(removeFromCollection.cs, { params: { id: row.id } });
                          setNotice(t('cs.removed'));
                          await client.invalidateQueries({ queryKey: ['cs'] });
                        }}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {readOnly ? null : (
        <form className="config-form cs-add" noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby="cs-add-title">
          <h2 id="cs-add-title">{t('cs.add')}</h2>
          <label htmlFor="cs-type">{t('cs.type')}</label>
          <select id="cs-type" {...form.register('csType')}>
            {CS_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <label htmlFor="cs-position">{t('cs.position')}</label>
          <select id="cs-position" {...form.register('csPosition')}>
            {POSITIONS.map((p) => (
              <option key={p} value={p}>
                {t(`cs.positions.${p}`)}
              </option>
            ))}
          </select>
          <label htmlFor="cs-title">{t('cs.title')}</label>
          <input id="cs-title" maxLength={120} aria-invalid={!!errors.title} {...form.register('title')} />
          {errors.title ? <p className="field-error">{t('errors:content_required')}</p> : null}
          <label htmlFor="cs-url">{t('cs.url')}</label>
          <input id="cs-url" type="url" placeholder="https://line.me/…" aria-invalid={!!errors.url} {...form.register('url')} />
          {errors.url ? <p className="field-error">{t('cs.urlInvalid')}</p> : null}
          <label htmlFor="cs-sort">{t('cs.sort')}</label>
          <input id="cs-sort" type="number" min={0} max={100000} {...form.register('sort', { valueAsNumber: true })} />
          <div className="actions">
            <ConfirmAction
              label={t('cs.add')}
              title={t('cs.addTitle')}
              reasonOptional
              onConfirm={async () => {
                setNotice(null);
                if (!(await form.trigger())) throw new Error('validation_failed');
                await opsApi.call(addToCollection.cs, { body: ZCsChannelInput.parse(form.getValues()) });
                form.reset();
                setNotice(t('cs.added'));
                await client.invalidateQueries({ queryKey: ['cs'] });
              }}
            />
          </div>
        </form>
      )}
      {notice ? <Notice>{notice}</Notice> : null}
    </div>
  );
}
