import { zodResolver } from '@hookform/resolvers/zod';
import { ZOpsReason } from '@lotus/contracts/ops-console';
import { getOpsStatus } from '@lotus/contracts/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmAction } from '@/components/confirm-action';
import { ErrorState, LoadingState, Notice } from '@/components/states';
import { errorCodeOf, opsApi } from '@/lib/api';
import { formatTime } from '@/lib/format';
import { saveConfigDoc, useConfigDoc } from './config-api';

const ZStart = z.object({
  endTime: z.string().max(40),
  th: z.string().trim().max(500),
  en: z.string().trim().max(500),
  reason: ZOpsReason,
});

/**
 * The maintenance window: starting it is a four-eyes request (a second admin approves it on the
 * Approvals page, docs/adr/0044); stopping takes effect at once.
 */
export function MaintenancePage() {
  const { t } = useTranslation('site');
  const client = useQueryClient();
  const current = useConfigDoc('maintenance');
  // Whether the window is on now: the server's clock decides (GET /ops/status).
  const status = useQuery({ queryKey: ['config', 'status'], queryFn: () => opsApi.call(getOpsStatus) });
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const form = useForm<z.infer<typeof ZStart>>({ resolver: zodResolver(ZStart), defaultValues: { endTime: '', th: '', en: '', reason: '' } });

  if (current.isPending) return <LoadingState />;
  if (current.error) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  const doc = current.data;
  const active = status.data?.maintenance.active ?? false;

  const start = form.handleSubmit(async (v) => {
    setNotice(null);
    try {
      const answer = await saveConfigDoc(
        'maintenance',
        {
          startTime: new Date().toISOString(),
          endTime: v.endTime ? new Date(`${v.endTime}:00+07:00`).toISOString() : null,
          info: { ...doc.info, th: v.th, en: v.en },
        },
        v.reason,
      );
      setNotice({ tone: 'ok', text: 'approvalId' in answer ? t('requested', { id: answer.approvalId }) : t('applied') });
      form.reset();
      await client.invalidateQueries({ queryKey: ['config'] });
    } catch (error) {
      setNotice({ tone: 'error', text: t(`errors:${errorCodeOf(error)}`) });
    }
  });

  return (
    <section aria-labelledby="maintenance-title" className="narrow">
      <h1 id="maintenance-title">{t('title')}</h1>
      <p data-testid="maintenance-state">
        {active ? t('on', { since: formatTime(doc.startTime), until: doc.endTime ? formatTime(doc.endTime) : t('untilStopped') }) : doc.startTime ? t('scheduled', { at: formatTime(doc.startTime) }) : t('off')}
      </p>
      {doc.startTime ? (
        <ConfirmAction
          danger
          reasonOptional
          label={t('stop')}
          title={t('stopTitle')}
          onConfirm={async () => {
            await saveConfigDoc('maintenance', { startTime: null, endTime: null, info: doc.info });
            setNotice({ tone: 'ok', text: t('stopped') });
            await client.invalidateQueries({ queryKey: ['config'] });
          }}
        />
      ) : null}
      <form onSubmit={(e) => void start(e)} noValidate aria-labelledby="start-title">
        <h2 id="start-title">{t('startTitle')}</h2>
        <p>{t('startIntro')}</p>
        <label htmlFor="mnt-end">{t('endTime')}</label>
        <input id="mnt-end" type="datetime-local" {...form.register('endTime')} />
        <label htmlFor="mnt-th">{t('textTh')}</label>
        <textarea id="mnt-th" rows={2} {...form.register('th')} />
        <label htmlFor="mnt-en">{t('textEn')}</label>
        <textarea id="mnt-en" rows={2} {...form.register('en')} />
        <label htmlFor="mnt-reason">{t('common:confirm.reason')}</label>
        <textarea id="mnt-reason" rows={2} aria-invalid={!!form.formState.errors.reason} {...form.register('reason')} />
        {form.formState.errors.reason ? <p className="field-error">{t('common:confirm.reasonRequired')}</p> : null}
        <button type="submit" className="primary" disabled={form.formState.isSubmitting}>
          {t('start')}
        </button>
      </form>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
    </section>
  );
}
