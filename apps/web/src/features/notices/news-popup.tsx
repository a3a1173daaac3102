import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { Modal } from '@/components/ui/modal/modal';
import { SafeHtml } from '@/components/ui/safe-html/safe-html';
import { session } from '@/lib/storage';
import { useAnnouncements } from './api/get-announcements';
import './news-popup.css';

/** sessionStorage flag: the news popup was shown in this browser session. */
export const NEWS_POPUP_SHOWN_KEY = 'newsPopupShown';

/**
 * The 'news' popup (2.NOT.04): the PU notices as sanitised HTML, with a close button. Place it on
 * the home page; it opens once per browser session (sessionStorage flag, set when it is shown) and
 * only when there is at least one PU notice.
 */
export function NewsPopup() {
  const { t } = useTranslation('notices');
  const { data: notices } = useAnnouncements(['PU']);
  const [alreadyShown] = useState(() => session.get(NEWS_POPUP_SHOWN_KEY) === '1');
  const [closed, setClosed] = useState(false);
  const open = !alreadyShown && !closed && !!notices && notices.length > 0;

  useEffect(() => {
    if (open) session.set(NEWS_POPUP_SHOWN_KEY, '1');
  }, [open]);

  const close = () => setClosed(true);

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('news')}
      className="news-popup"
      data-testid="news-popup"
      footer={
        <Button variant="primary" onClick={close} data-testid="news-popup-dismiss">
          {t('close')}
        </Button>
      }
    >
      <div className="news-popup__list">
        {notices?.map((notice) => (
          <article key={notice.id} className="news-popup__item" data-testid={`news-item-${notice.id}`}>
            <h3 className="news-popup__title">{notice.title}</h3>
            <SafeHtml html={notice.content} className="news-popup__html" />
          </article>
        ))}
      </div>
    </Modal>
  );
}
