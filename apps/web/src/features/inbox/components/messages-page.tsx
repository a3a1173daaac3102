import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Pager } from '@/components/ui/pager/pager';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { Button } from '@/components/ui/button/button';
import { ThaiText } from '@/components/ui/thai-text/thai-text';
import { getErrorText } from '@/lib/error-text';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { MESSAGE_PAGE_SIZE, useMessages } from '../api/get-messages';
import { useMarkMessageReadMutation } from '../api/put-message-read';
import { messageText } from '../lib/message-text';
import '../inbox.css';
import { dateTimeFormat } from '@/lib/intl';

function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }).format(date);
  } catch {
    return iso;
  }
}

/**
 * Platform messages (messageV2, 2.MC.15; 3.STAT.05-07): deposit arrival and failure, withdrawal
 * approval and rejection, newest first, unread ones marked, each markable as read.
 */
export function MessagesPage() {
  const { t, i18n } = useTranslation('member-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const { data: member } = useMemberInfo();
  const [page, setPage] = useState(1);
  const messages = useMessages(page);
  const markRead = useMarkMessageReadMutation();
  const data = messages.data;

  return (
    <div className="inbox-page" data-testid="messages-page">
      <h3 className="inbox-page__title">{t('messages.title')}</h3>
      {messages.isError && !data ? (
        <div className="inbox-error" role="alert" data-testid="messages-error">
          <p>{getErrorText(messages.error)}</p>
          <Button onClick={() => void messages.refetch()}>{t('messages.retry')}</Button>
        </div>
      ) : !data ? (
        <div aria-busy="true">
          <Skeleton height={76} count={3} className="inbox-skeleton" />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState message={t('messages.empty')} />
      ) : (
        <>
          <ul className="inbox-list" role="list">
            {data.items.map((m) => {
              const text = messageText(t, m, member?.currencySymbol);
              return (
                <li key={m.id} className={`inbox-item${m.read ? '' : ' inbox-item--unread'}`} data-testid="message-item" data-template={m.template}>
                  <div className="inbox-item__head">
                    <h4 className="inbox-item__title">
                      {!m.read && <span className="inbox-item__dot">{t('messages.unread')}</span>}
                      <ThaiText text={text.title} />
                    </h4>
                    <time className="inbox-item__time" dateTime={m.createdAt}>
                      {formatTime(m.createdAt, language)}
                    </time>
                  </div>
                  <p className="inbox-item__body">
                    <ThaiText text={text.body} />
                  </p>
                  {!m.read && (
                    <button type="button" className="inbox-item__read" onClick={() => markRead.mutate(m.id)} disabled={markRead.isPending} data-testid="message-mark-read">
                      {t('messages.mark_read')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <Pager page={page} totalPages={Math.ceil(data.total / MESSAGE_PAGE_SIZE)} onChange={setPage} />
        </>
      )}
    </div>
  );
}
