import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState, Notice } from '@/components/states';
import { contentKey, removeContent, saveContent, useContentList, type TContentRow } from './api';
import { ConfirmChange } from './confirm-change';
import { MoveButtons, SaveOrder, useOrdering } from './ordering';
import { PlayerPreview } from './player-preview';
import { RichTextEditor } from './rich-text-editor';

type Row = TContentRow<'help'>;
type Draft = { id?: number; categoryKey: string; categoryTitle: string; slug: string; language: 'th' | 'en'; title: string; content: string; sort: number };
const SLUG = /^[a-z0-9-]+$/;

/** Help-centre articles per language, grouped by category, in display order, with a preview. */
export function HelpPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('content');
  const client = useQueryClient();
  const list = useContentList('help');
  const [language, setLanguage] = useState<'th' | 'en'>('th');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirm, setConfirm] = useState<null | { kind: 'save' } | { kind: 'remove'; row: Row }>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const rows = (list.data ?? []).filter((r) => r.language === language);
  const order = useOrdering(rows);
  const id = useId();

  const invalid = (d: Draft) =>
    !d.title.trim() ? 'fields.titleRequired' : !SLUG.test(d.slug) || !SLUG.test(d.categoryKey) ? 'help.slugRule' : !d.categoryTitle.trim() ? 'help.categoryRequired' : null;

  return (
    <div className="content-panel">
      <div className="toolbar">
        <label htmlFor={`${id}-lang`}>{t('fields.language')}</label>
        <select id={`${id}-lang`} value={language} onChange={(e) => { setLanguage(e.target.value as 'th' | 'en'); setDraft(null); }}>
          <option value="th">{t('languages.th')}</option>
          <option value="en">{t('languages.en')}</option>
        </select>
        {canWrite ? (
          <button
            type="button"
            className="primary"
            onClick={() => {
              const last = order.ordered.at(-1);
              setDraft({ categoryKey: last?.categoryKey ?? '', categoryTitle: last?.categoryTitle ?? '', slug: '', language, title: '', content: '', sort: (rows.length + 1) * 10 });
              setNotice(null);
            }}
          >
            {t('help.add')}
          </button>
        ) : null}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : order.ordered.length === 0 ? (
        <EmptyState text={t('help.empty')} />
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="sr-only">{t('help.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('help.category')}</th>
                <th scope="col">{t('fields.title')}</th>
                <th scope="col">{t('help.slug')}</th>
                {canWrite ? <th scope="col">{t('order.column')}</th> : null}
                {canWrite ? <th scope="col">{t('fields.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {order.ordered.map((r, index) => (
                <tr key={r.id}>
                  <td>{r.categoryTitle}</td>
                  <td className="wrap">{r.title}</td>
                  <td>
                    <code>{r.slug}</code>
                  </td>
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
                          setDraft({ id: r.id, categoryKey: r.categoryKey, categoryTitle: r.categoryTitle, slug: r.slug, language: r.language === 'en' ? 'en' : 'th', title: r.title, content: r.content, sort: r.sort });
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
      {canWrite ? <SaveOrder collection="help" ids={order.ids} dirty={order.dirty} onReset={order.reset} /> : null}

      {draft ? (
        <div className="editor-grid">
          <form
            className="content-form"
            aria-labelledby={`${id}-form`}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const problem = invalid(draft);
              if (problem) {
                setNotice({ tone: 'error', text: t(problem) });
                return;
              }
              setConfirm({ kind: 'save' });
            }}
          >
            <h2 id={`${id}-form`}>{draft.id ? t('help.editTitle', { id: draft.id }) : t('help.addTitle')}</h2>
            <div className="two">
              <div>
                <label htmlFor={`${id}-ckey`}>{t('help.categoryKey')}</label>
                <input id={`${id}-ckey`} value={draft.categoryKey} maxLength={80} onChange={(e) => setDraft({ ...draft, categoryKey: e.target.value })} />
              </div>
              <div>
                <label htmlFor={`${id}-ctitle`}>{t('help.category')}</label>
                <input id={`${id}-ctitle`} value={draft.categoryTitle} maxLength={200} onChange={(e) => setDraft({ ...draft, categoryTitle: e.target.value })} />
              </div>
            </div>
            <label htmlFor={`${id}-slug`}>{t('help.slug')}</label>
            <input id={`${id}-slug`} value={draft.slug} maxLength={80} aria-describedby={`${id}-slug-hint`} onChange={(e) => setDraft({ ...draft, slug: e.target.value })} />
            <p id={`${id}-slug-hint`} className="hint">
              {t('help.slugRule')}
            </p>
            <label htmlFor={`${id}-dlang`}>{t('fields.language')}</label>
            <select id={`${id}-dlang`} value={draft.language} onChange={(e) => setDraft({ ...draft, language: e.target.value as 'th' | 'en' })}>
              <option value="th">{t('languages.th')}</option>
              <option value="en">{t('languages.en')}</option>
            </select>
            <label htmlFor={`${id}-title`}>{t('fields.title')}</label>
            <input id={`${id}-title`} value={draft.title} maxLength={200} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
            <span id={`${id}-content-label`} className="label">
              {t('fields.content')}
            </span>
            <RichTextEditor id={`${id}-content`} labelledBy={`${id}-content-label`} value={draft.content} onChange={(html) => setDraft((d) => (d ? { ...d, content: html } : d))} />
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
          <PlayerPreview kind="help" title={draft.title} html={draft.content} />
        </div>
      ) : null}
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}

      <ConfirmChange
        open={confirm !== null}
        danger={confirm?.kind === 'remove'}
        title={confirm?.kind === 'remove' ? t('help.removeTitle') : t('confirm.saveTitle')}
        description={confirm?.kind === 'remove' ? t('confirm.removeText', { name: confirm.row.title }) : t('confirm.saveText')}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (confirm?.kind === 'remove') {
            await removeContent('help', confirm.row.id);
            setNotice({ tone: 'ok', text: t('confirm.removed') });
          } else if (draft) {
            await saveContent('help', { categoryKey: draft.categoryKey, categoryTitle: draft.categoryTitle.trim(), slug: draft.slug, language: draft.language, title: draft.title.trim(), content: draft.content, sort: draft.sort }, draft.id);
            setDraft(null);
            setNotice({ tone: 'ok', text: t('confirm.saved') });
          }
          await client.invalidateQueries({ queryKey: contentKey('help') });
        }}
      />
    </div>
  );
}
