import { BANNER_GROUPS } from '@lotus/contracts/constants';
import type { TBannerGroup } from '@lotus/contracts/system';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState, Notice } from '@/components/states';
import { errorCodeOf } from '@/lib/api';
import { formatTime } from '@/lib/format';
import {
  consoleImageUrl,
  contentKey,
  fromLocalInput,
  readFileAsDataUrl,
  removeContent,
  saveContent,
  toLocalInput,
  uploadImage,
  useContentList,
  type TContentInput,
  type TContentRow,
} from './api';
import { ConfirmChange } from './confirm-change';
import { MoveButtons, SaveOrder, useOrdering } from './ordering';
import { ScheduleFields } from './schedule-fields';

type Row = TContentRow<'banners'>;
type Draft = {
  id?: number;
  imageUrl: string;
  title: string;
  language: '' | 'th' | 'en';
  linkageType: '' | 'INTERNAL' | 'EXTERNAL';
  linkage: string;
  start: string;
  end: string;
  sort: number;
};
const EMPTY: Draft = { imageUrl: '', title: '', language: '', linkageType: '', linkage: '', start: '', end: '', sort: 0 };
const draftOf = (r: Row): Draft => ({
  id: r.id,
  imageUrl: r.imageUrl,
  title: r.title,
  language: r.language === 'th' || r.language === 'en' ? r.language : '',
  linkageType: r.linkageType ?? '',
  linkage: r.linkage ?? '',
  start: toLocalInput(r.startTime),
  end: toLocalInput(r.endTime),
  sort: r.sort,
});

/** Banners of one group (spec section 2): artwork upload, language, link, schedule, order. */
export function BannersPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('content');
  const client = useQueryClient();
  const list = useContentList('banners');
  const [group, setGroup] = useState<TBannerGroup>('w_home');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirm, setConfirm] = useState<null | { kind: 'save' } | { kind: 'remove'; row: Row }>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const rows = (list.data ?? []).filter((r) => r.groupName === group);
  const order = useOrdering(rows);
  const id = useId();

  const onFile = async (file: File | undefined) => {
    if (!file || !draft) return;
    setNotice(null);
    setUploading(true);
    try {
      const image = await uploadImage(await readFileAsDataUrl(file));
      setDraft({ ...draft, imageUrl: image.url });
      setNotice({ tone: 'ok', text: t('banners.uploaded', { width: image.width, height: image.height }) });
    } catch (error) {
      setNotice({ tone: 'error', text: t(`errors:${errorCodeOf(error)}`) });
    } finally {
      setUploading(false);
    }
  };

  const input = (d: Draft): TContentInput<'banners'> => ({
    groupName: group,
    imageUrl: d.imageUrl,
    title: d.title,
    language: d.language || null,
    linkageType: d.linkageType || null,
    linkage: d.linkageType ? d.linkage : null,
    sort: d.sort,
    startTime: fromLocalInput(d.start),
    endTime: fromLocalInput(d.end),
  });

  return (
    <div className="content-panel">
      <div className="toolbar">
        <label htmlFor={`${id}-group`}>{t('banners.group')}</label>
        <select id={`${id}-group`} value={group} onChange={(e) => { setGroup(e.target.value as TBannerGroup); setDraft(null); }}>
          {BANNER_GROUPS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
        {canWrite ? (
          <button type="button" className="primary" onClick={() => { setDraft({ ...EMPTY, sort: (rows.length + 1) * 10 }); setNotice(null); }}>
            {t('banners.add')}
          </button>
        ) : null}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : order.ordered.length === 0 ? (
        <EmptyState text={t('banners.empty')} />
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="sr-only">{t('banners.caption', { group })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('banners.image')}</th>
                <th scope="col">{t('fields.title')}</th>
                <th scope="col">{t('fields.language')}</th>
                <th scope="col">{t('banners.link')}</th>
                <th scope="col">{t('fields.schedule')}</th>
                {canWrite ? <th scope="col">{t('order.column')}</th> : null}
                {canWrite ? <th scope="col">{t('fields.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {order.ordered.map((r, index) => (
                <tr key={r.id}>
                  <td>
                    <img className="banner-thumb" src={consoleImageUrl(r.imageUrl)} alt={r.title} width={160} height={40} loading="lazy" />
                  </td>
                  <td>{r.title || '—'}</td>
                  <td>{r.language ? t(`languages.${r.language}`, { defaultValue: r.language }) : t('languages.all')}</td>
                  <td className="wrap">{r.linkageType ? `${t(`banners.linkTypes.${r.linkageType}`)}: ${r.linkage ?? ''}` : t('banners.noLink')}</td>
                  <td>{r.startTime || r.endTime ? `${formatTime(r.startTime)} – ${formatTime(r.endTime)}` : t('fields.always')}</td>
                  {canWrite ? (
                    <td>
                      <MoveButtons index={index} count={order.ordered.length} label={r.title || String(r.id)} onMove={(delta) => order.move(r.id, delta)} />
                    </td>
                  ) : null}
                  {canWrite ? (
                    <td className="row-actions">
                      <button type="button" onClick={() => { setDraft(draftOf(r)); setNotice(null); }}>
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
      {canWrite ? <SaveOrder collection="banners" ids={order.ids} dirty={order.dirty} onReset={order.reset} /> : null}

      {draft ? (
        <form
          className="content-form"
          aria-labelledby={`${id}-form`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!draft.imageUrl) {
              setNotice({ tone: 'error', text: t('banners.imageRequired') });
              return;
            }
            setConfirm({ kind: 'save' });
          }}
        >
          <h2 id={`${id}-form`}>{draft.id ? t('banners.editTitle', { id: draft.id }) : t('banners.addTitle', { group })}</h2>
          <div className="banner-form-image">
            {draft.imageUrl ? (
              <img className="banner-preview" src={consoleImageUrl(draft.imageUrl)} alt={t('banners.image')} />
            ) : (
              <div className="banner-preview banner-preview-empty">{t('banners.noImage')}</div>
            )}
            <label htmlFor={`${id}-file`}>{t('banners.file')}</label>
            <input id={`${id}-file`} type="file" accept="image/png,image/jpeg,image/webp,image/avif" disabled={uploading} aria-describedby={`${id}-file-hint`} onChange={(e) => void onFile(e.target.files?.[0])} />
            <p id={`${id}-file-hint`} className="hint">
              {uploading ? t('banners.uploading') : t('banners.fileHint')}
            </p>
          </div>
          <label htmlFor={`${id}-title`}>{t('fields.title')}</label>
          <input id={`${id}-title`} value={draft.title} maxLength={200} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          <label htmlFor={`${id}-lang`}>{t('fields.language')}</label>
          <select id={`${id}-lang`} value={draft.language} onChange={(e) => setDraft({ ...draft, language: e.target.value as Draft['language'] })}>
            <option value="">{t('languages.all')}</option>
            <option value="th">{t('languages.th')}</option>
            <option value="en">{t('languages.en')}</option>
          </select>
          <label htmlFor={`${id}-ltype`}>{t('banners.linkType')}</label>
          <select id={`${id}-ltype`} value={draft.linkageType} onChange={(e) => setDraft({ ...draft, linkageType: e.target.value as Draft['linkageType'] })}>
            <option value="">{t('banners.noLink')}</option>
            <option value="INTERNAL">{t('banners.linkTypes.INTERNAL')}</option>
            <option value="EXTERNAL">{t('banners.linkTypes.EXTERNAL')}</option>
          </select>
          {draft.linkageType ? (
            <>
              <label htmlFor={`${id}-link`}>{t('banners.link')}</label>
              <input id={`${id}-link`} value={draft.linkage} maxLength={1000} placeholder={draft.linkageType === 'INTERNAL' ? '/promotions' : 'https://'} onChange={(e) => setDraft({ ...draft, linkage: e.target.value })} />
            </>
          ) : null}
          <ScheduleFields id={id} start={draft.start} end={draft.end} onChange={(next) => setDraft({ ...draft, ...next })} />
          <label htmlFor={`${id}-sort`}>{t('fields.sort')}</label>
          <input id={`${id}-sort`} type="number" min={0} max={100000} value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: Number(e.target.value) || 0 })} />
          <div className="form-actions">
            <button type="submit" className="primary" disabled={uploading}>
              {t('actions.save')}
            </button>
            <button type="button" onClick={() => setDraft(null)}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}

      <ConfirmChange
        open={confirm !== null}
        danger={confirm?.kind === 'remove'}
        title={confirm?.kind === 'remove' ? t('banners.removeTitle') : t('confirm.saveTitle')}
        description={confirm?.kind === 'remove' ? t('confirm.removeText', { name: confirm.row.title || confirm.row.id }) : t('confirm.saveText')}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (confirm?.kind === 'remove') {
            await removeContent('banners', confirm.row.id);
            setNotice({ tone: 'ok', text: t('confirm.removed') });
          } else if (draft) {
            await saveContent('banners', input(draft), draft.id);
            setDraft(null);
            setNotice({ tone: 'ok', text: t('confirm.saved') });
          }
          await client.invalidateQueries({ queryKey: contentKey('banners') });
        }}
      />
    </div>
  );
}
