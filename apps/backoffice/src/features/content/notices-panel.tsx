import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState, Notice } from '@/components/states';
import { formatTime } from '@/lib/format';
import { contentKey, fromLocalInput, removeContent, saveContent, toLocalInput, useContentList, type TContentRow } from './api';
import { ConfirmChange } from './confirm-change';
import { MoveButtons, SaveOrder, useOrdering } from './ordering';
import { PlayerPreview } from './player-preview';
import { ScheduleFields } from './schedule-fields';
import { RichTextEditor } from './rich-text-editor';

type Row = TContentRow<'notices'>;
/**
 * The notice types the member site asks for (decision 3.ANN.02): bar, notice list, popup, promotion; and AG, a notice
 * to agents shown only in the agent centre (docs/adr/0100).
 */
const TYPES = ['B', 'PL', 'PU', 'PR', 'AG'] as const;
type Draft = { id?: number; type: Row['type']; title: string; content: string; language: '' | 'th' | 'en'; start: string; end: string; sort: number };
const EMPTY: Draft = { type: 'B', title: '', content: '', language: 'th', start: '', end: '', sort: 0 };

/** Notices and popups: rich text (sanitised by the server), type, language, schedule, order, preview. */
export function NoticesPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('content');
  const client = useQueryClient();
  const list = useContentList('notices');
  const [type, setType] = useState<Row['type']>('B');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirm, setConfirm] = useState<null | { kind: 'save' } | { kind: 'remove'; row: Row }>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const rows = (list.data ?? []).filter((r) => r.type === type);
  const order = useOrdering(rows);
  const id = useId();

  return (
    <div className="content-panel">
      <div className="toolbar">
        <label htmlFor={`${id}-type`}>{t('notices.type')}</label>
        <select id={`${id}-type`} value={type} onChange={(e) => { setType(e.target.value as Row['type']); setDraft(null); }}>
          {TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`notices.types.${k}`)}
            </option>
          ))}
        </select>
        {canWrite ? (
          <button type="button" className="primary" onClick={() => { setDraft({ ...EMPTY, type, sort: (rows.length + 1) * 10 }); setNotice(null); }}>
            {t('notices.add')}
          </button>
        ) : null}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : order.ordered.length === 0 ? (
        <EmptyState text={t('notices.empty')} />
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="sr-only">{t(`notices.types.${type}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fields.title')}</th>
                <th scope="col">{t('fields.language')}</th>
                <th scope="col">{t('fields.schedule')}</th>
                {canWrite ? <th scope="col">{t('order.column')}</th> : null}
                {canWrite ? <th scope="col">{t('fields.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {order.ordered.map((r, index) => (
                <tr key={r.id}>
                  <td className="wrap">{r.title}</td>
                  <td>{r.language ? t(`languages.${r.language}`, { defaultValue: r.language }) : t('languages.all')}</td>
                  <td>{r.startTime || r.endTime ? `${formatTime(r.startTime)} – ${formatTime(r.endTime)}` : t('fields.always')}</td>
                  {canWrite ? (
                    <td>
                      <MoveButtons index={index} count={order.ordered.length} label={r.title} onMove={(delta) => order.move(r.id, delta)} />
                    </td>
                  ) : null}
                  {canWrite ? (
                    <td className="row-actions">
                      <button
                        type="button"
                        onClick={() => {
                          setDraft({ id: r.id, type: r.type, title: r.title, content: r.content, language: r.language === 'th' || r.language === 'en' ? r.language : '', start: toLocalInput(r.startTime), end: toLocalInput(r.endTime), sort: r.sort });
                          setNotice(null);
                        }}
                      >
                        {t('actions.edit')}
                      </button>
                      <button type="button" className="danger" onClick={() => setConfirm({ kind: 'remove', row: r })}>
                        {t('actions.remove')}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canWrite ? <SaveOrder collection="notices" ids={order.ids} dirty={order.dirty} onReset={order.reset} /> : null}

      {draft ? (
        <div className="editor-grid">
          <form
            className="content-form"
            aria-labelledby={`${id}-form`}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!draft.title.trim()) {
                setNotice({ tone: 'error', text: t('fields.titleRequired') });
                return;
              }
              setConfirm({ kind: 'save' });
            }}
          >
            <h2 id={`${id}-form`}>{draft.id ? t('notices.editTitle', { id: draft.id }) : t('notices.addTitle')}</h2>
            <label htmlFor={`${id}-dtype`}>{t('notices.type')}</label>
            <select id={`${id}-dtype`} value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value as Row['type'] })}>
              {TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`notices.types.${k}`)}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-title`}>{t('fields.title')}</label>
            <input id={`${id}-title`} value={draft.title} maxLength={200} required onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
            <label htmlFor={`${id}-lang`}>{t('fields.language')}</label>
            <select id={`${id}-lang`} value={draft.language} onChange={(e) => setDraft({ ...draft, language: e.target.value as Draft['language'] })}>
              <option value="">{t('languages.all')}</option>
              <option value="th">{t('languages.th')}</option>
              <option value="en">{t('languages.en')}</option>
            </select>
            <span id={`${id}-content-label`} className="label">
              {t('fields.content')}
            </span>
            <RichTextEditor id={`${id}-content`} labelledBy={`${id}-content-label`} value={draft.content} onChange={(html) => setDraft((d) => (d ? { ...d, content: html } : d))} />
            <ScheduleFields id={id} start={draft.start} end={draft.end} onChange={(next) => setDraft({ ...draft, ...next })} />
            <label htmlFor={`${id}-sort`}>{t('fields.sort')}</label>
            <input id={`${id}-sort`} type="number" min={0} max={100000} value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: Number(e.target.value) || 0 })} />
            <div className="form-actions">
              <button type="submit" className="primary">
                {t('actions.save')}
              </button>
              <button type="button" onClick={() => setDraft(null)}>
                {t('actions.cancel')}
              </button>
            </div>
          </form>
          <PlayerPreview kind="notice" title={draft.title} html={draft.content} />
        </div>
      ) : null}
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}

      <ConfirmChange
        open={confirm !== null}
        danger={confirm?.kind === 'remove'}
        title={confirm?.kind === 'remove' ? t('notices.removeTitle') : t('confirm.saveTitle')}
        description={confirm?.kind === 'remove' ? t('confirm.removeText', { name: confirm.row.title }) : t('confirm.saveText')}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (confirm?.kind === 'remove') {
            await removeContent('notices', confirm.row.id);
            setNotice({ tone: 'ok', text: t('confirm.removed') });
          } else if (draft) {
            await saveContent(
              'notices',
              { type: draft.type, title: draft.title.trim(), content: draft.content, language: draft.language || null, sort: draft.sort, startTime: fromLocalInput(draft.start), endTime: fromLocalInput(draft.end) },
              draft.id,
            );
            setDraft(null);
            setNotice({ tone: 'ok', text: t('confirm.saved') });
          }
          await client.invalidateQueries({ queryKey: contentKey('notices') });
        }}
      />
    </div>
  );
}
