import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAnnouncement } from '@lotus/contracts/relay';
import { Modal } from '@/components/ui/modal/modal';
import { SafeHtml } from '@/components/ui/safe-html/safe-html';
import { TabPanel, Tabs } from '@/components/ui/tabs/tabs';
import { formatNoticeDate } from './format-notice-date';
import './notice-modal.css';

export type NoticeModalProps = {
  open: boolean;
  notices: readonly TAnnouncement[];
  /** The notice shown first (2.NOT.03: the index of the clicked title). */
  initialIndex?: number;
  onClose: () => void;
};

/**
 * The notice modal (2.NOT.03): the titles as a list of tabs (a side column on desktop, a scrolling
 * row on phones) and the selected notice's title, date and sanitised HTML body.
 */
export function NoticeModal({ open, notices, initialIndex = 0, onClose }: NoticeModalProps) {
  const { t, i18n } = useTranslation('notices');
  const idBase = useId();
  const clampIndex = (i: number) => Math.min(Math.max(0, i), Math.max(0, notices.length - 1));
  const [selected, setSelected] = useState(() => clampIndex(initialIndex));

  // Every opening starts at the requested notice.
  const [opening, setOpening] = useState({ open, initialIndex });
  if (opening.open !== open || opening.initialIndex !== initialIndex) {
    setOpening({ open, initialIndex });
    if (open) setSelected(clampIndex(initialIndex));
  }

  const notice = notices[selected];
  const items = notices.map((n) => ({ key: String(n.id), label: n.title }));

  return (
    <Modal
      open={open && notices.length > 0}
      onClose={onClose}
      title={t('announcements')}
      width={880}
      height={480}
      className="notice-modal"
      bodyClassName="notice-modal__body"
      data-testid="notice-modal"
    >
      <div className="notice-modal__layout">
        {notices.length > 1 && (
          <Tabs
            idBase={idBase}
            label={t('noticeTitles')}
            items={items}
            value={notice ? String(notice.id) : ''}
            onChange={(key) => setSelected(clampIndex(notices.findIndex((n) => String(n.id) === key)))}
            orientation="vertical"
            className="notice-modal__titles"
            data-testid="notice-modal-titles"
          />
        )}
        {notice && (
          <TabPanel idBase={idBase} tabKey={String(notice.id)} className="notice-modal__content">
            <h3 className="notice-modal__title" data-testid="notice-active-title">
              {notice.title}
            </h3>
            <time className="notice-modal__date" dateTime={notice.startTime}>
              {formatNoticeDate(notice.startTime, i18n.resolvedLanguage ?? i18n.language)}
            </time>
            <SafeHtml className="notice-modal__html" html={notice.content} data-testid="notice-active-content" />
          </TabPanel>
        )}
      </div>
    </Modal>
  );
}
