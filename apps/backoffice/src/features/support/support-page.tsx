import { listMailOutbox, listSmsOutbox } from '@lotus/contracts/ops-accounts';
import { listFeedback } from '@lotus/contracts/ops';
import { FEEDBACK_TYPES } from '@lotus/contracts/system';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { opsApi } from '@/lib/api';
import { formatTime } from '@/lib/format';
import { can, useMe } from '@/lib/session';
import '../site/site-config.css';

/** Rows per page of the support lists (newest first, paged by the last id shown). */
export const SUPPORT_PAGE_SIZE = 20;
const TABS = ['feedback', 'sms', 'mail'] as const;
type TTab = (typeof TABS)[number];
const RECIPIENT = /^\+?[0-9]{6,15}$|^[^\s@]+@[^\s@]+$/;

/**
 * Support (issue 12, docs/adr/0056): players' feedback (PUT /wps/feedback) and the sandbox
 * outboxes of SMS and mail: what was sent, newest first, searched by recipient and paged. Opening
 * an outbox page is a secret read the server writes to the audit log (role with secrets.read).
 */
export function SupportPage() {
  const { t } = useTranslation('support');
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const secrets = can(me.data, 'secrets.read');
  const tabs = TABS.filter((name) => name === 'feedback' || secrets);
  const asked = params.get('tab');
  const tab: TTab = tabs.find((name) => name === asked) ?? 'feedback';
  return (
    <section aria-labelledby="support-title">
      <h1 id="support-title">{t('title')}</h1>
      <div role="tablist" aria-label={t('title')} className="config-tabs">
        {tabs.map((name) => (
          <button
            key={name}
            id={`support-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`support-panel-${name}`}
            onClick={() => setParams({ tab: name }, { replace: true })}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`support-panel-${tab}`} aria-labelledby={`support-tab-${tab}`}>
        {tab === 'feedback' ? <FeedbackList key="feedback" /> : <OutboxList key={tab} kind={tab} />}
      </div>
    </section>
  );
}

/** Keyset paging: the ids to start before, one per page visited (undefined = the newest page). */
function usePages() {
  const [stack, setStack] = useState<(number | undefined)[]>([undefined]);
  const beforeId = stack[stack.length - 1];
  return {
    beforeId,
    page: stack.length,
    next: (lastId: number) => setStack((s) => [...s, lastId]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
    restart: () => setStack([undefined]),
  };
}

function Pager({ page, hasNext, onPrevious, onNext }: { page: number; hasNext: boolean; onPrevious: () => void; onNext: () => void }) {
  const { t } = useTranslation('support');
  return (
    <nav className="pager" aria-label={t('common:table.paging')}>
      <button type="button" disabled={page <= 1} onClick={onPrevious}>
        {t('newer')}
      </button>
      <span>{t('page', { page })}</span>
      <button type="button" disabled={!hasNext} onClick={onNext}>
        {t('older')}
      </button>
    </nav>
  );
}

function OutboxList({ kind }: { kind: 'sms' | 'mail' }) {
  const { t } = useTranslation('support');
  const [search, setSearch] = useState('');
  const [to, setTo] = useState<string | undefined>(undefined);
  const [invalid, setInvalid] = useState(false);
  const pages = usePages();
  const list = useQuery({
    queryKey: ['support', kind, to, pages.beforeId],
    queryFn: () =>
      opsApi.call(kind === 'sms' ? listSmsOutbox : listMailOutbox, { query: { to, beforeId: pages.beforeId, limit: SUPPORT_PAGE_SIZE + 1 } }),
    placeholderData: keepPreviousData,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = search.trim();
    if (value && !RECIPIENT.test(value)) return setInvalid(true);
    setInvalid(false);
    setTo(value || undefined);
    pages.restart();
  };
  const rows = list.data?.slice(0, SUPPORT_PAGE_SIZE) ?? [];
  return (
    <>
      <p className="hint">{t(`${kind}Intro`)}</p>
      <form className="support-filters" role="search" onSubmit={submit}>
        <label>
          {t(kind === 'sms' ? 'searchNumber' : 'searchAddress')}
          <input
            data-search
            type="search"
            value={search}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${kind}-search-error` : undefined}
            placeholder={kind === 'sms' ? '+66812345678' : 'player@example.com'}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <button type="submit">{t('search')}</button>
        {invalid ? (
          <p id={`${kind}-search-error`} className="field-error">
            {t('recipientInvalid')}
          </p>
        ) : null}
      </form>
      {list.isPending ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && rows.length === 0 ? <EmptyState text={t('empty')} /> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table data-testid={`${kind}-table`}>
            <caption className="sr-only">{t(`tabs.${kind}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sent')}</th>
                <th scope="col">{t('to')}</th>
                <th scope="col">{kind === 'sms' ? t('text') : t('subject')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatTime(row.createdAt)}</td>
                  <td className="wrap-anywhere">{row.to}</td>
                  <td className="support-text">
                    {'subject' in row ? (
                      <details>
                        <summary>{String(row.subject)}</summary>
                        {row.text}
                      </details>
                    ) : (
                      row.text
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data ? (
        <Pager
          page={pages.page}
          hasNext={(list.data.length ?? 0) > SUPPORT_PAGE_SIZE}
          onPrevious={pages.previous}
          onNext={() => pages.next(rows[rows.length - 1]!.id)}
        />
      ) : null}
    </>
  );
}

function FeedbackList() {
  const { t } = useTranslation('support');
  const [type, setType] = useState<string>('');
  const pages = usePages();
  const list = useQuery({
    queryKey: ['support', 'feedback', type, pages.beforeId],
    queryFn: () =>
      opsApi.call(listFeedback, {
        // '' is every type: no filter.
        query: { type: FEEDBACK_TYPES.find((name) => name === type), beforeId: pages.beforeId, limit: SUPPORT_PAGE_SIZE + 1 },
      }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.slice(0, SUPPORT_PAGE_SIZE) ?? [];
  return (
    <>
      <p className="hint">{t('feedbackIntro')}</p>
      <div className="support-filters">
        <label>
          {t('type')}
          <select
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              pages.restart();
            }}
          >
            <option value="">{t('allTypes')}</option>
            {FEEDBACK_TYPES.map((name) => (
              <option key={name} value={name}>
                {t(`types.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? <LoadingState /> : null}
      {list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && rows.length === 0 ? <EmptyState text={t('feedbackEmpty')} /> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table data-testid="feedback-table">
            <caption className="sr-only">{t('tabs.feedback')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('received')}</th>
                <th scope="col">{t('type')}</th>
                <th scope="col">{t('content')}</th>
                <th scope="col">{t('member')}</th>
                <th scope="col">{t('ip')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatTime(row.createdAt)}</td>
                  <td>{(FEEDBACK_TYPES as readonly string[]).includes(row.type) ? t(`types.${row.type}`) : row.type}</td>
                  <td className="support-text">{row.content}</td>
                  <td>{row.memberId ?? t('visitor')}</td>
                  <td>{row.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.data ? (
        <Pager page={pages.page} hasNext={list.data.length > SUPPORT_PAGE_SIZE} onPrevious={pages.previous} onNext={() => pages.next(rows[rows.length - 1]!.id)} />
      ) : null}
    </>
  );
}
