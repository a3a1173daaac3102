import { useTranslation } from 'react-i18next';
import type { TAnnouncement } from '@lotus/contracts/relay';
import { Button } from '@/components/ui/button/button';
import { Modal } from '@/components/ui/modal/modal';
import { SafeHtml } from '@/components/ui/safe-html/safe-html';
import { ThaiText } from '@/components/ui/thai-text/thai-text';
import { keepThaiWords } from '@/lib/thai-words';

/**
 * The open 'news' popup (2.NOT.04): loaded only when it opens (it brings the HTML sanitiser). Thai
 * words are never split across lines (issue 25).
 */
export function NewsPopupDialog({ notices, onClose }: { notices: TAnnouncement[]; onClose: () => void }) {
  const { t } = useTranslation('notices');
  return (
    <Modal
      open
      onClose={onClose}
      title={t('news')}
      className="news-popup"
      data-testid="news-popup"
      footer={
        <Button variant="primary" onClick={onClose} data-testid="news-popup-dismiss">
          {t('close')}
        </Button>
      }
    >
      <div className="news-popup__list">
        {notices.map((notice) => (
          <article key={notice.id} className="news-popup__item" data-testid={`news-item-${notice.id}`}>
            <h3 className="news-popup__title">
              <ThaiText text={notice.title} />
            </h3>
            <SafeHtml html={keepThaiWords(notice.content)} className="news-popup__html" />
          </article>
        ))}
      </div>
    </Modal>
  );
}
