import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The player's site labels, in the two site languages (what the member site shows around a notice). */
const SITE_TEXT = {
  th: { news: 'ข่าวสาร', notice: 'ประกาศ', help: 'ศูนย์ช่วยเหลือ', close: 'ปิด' },
  en: { news: 'news', notice: 'Notice', help: 'Help centre', close: 'Close' },
} as const;

/**
 * A notice or help article as a player sees it: the notice bar line and the 'news' modal (or the
 * help-centre article), in Thai or English. The HTML is sanitised here as the member site does
 * before it renders; the server sanitises it again when it is saved (ADR 0054).
 */
export function PlayerPreview({ kind, title, html }: { kind: 'notice' | 'help'; title: string; html: string }) {
  const { t } = useTranslation('content');
  const [language, setLanguage] = useState<'th' | 'en'>('th');
  const site = SITE_TEXT[language];
  const safe = DOMPurify.sanitize(html, { FORBID_TAGS: ['script', 'style', 'iframe', 'form', 'input'], FORBID_ATTR: ['style'] });
  return (
    <section className="player-preview" aria-label={t('preview.title')}>
      <div className="preview-head">
        <h3>{t('preview.title')}</h3>
        <div role="group" aria-label={t('preview.language')} className="segmented">
          {(['th', 'en'] as const).map((code) => (
            <button key={code} type="button" aria-pressed={language === code} className={language === code ? 'active' : undefined} onClick={() => setLanguage(code)}>
              {code === 'th' ? 'ไทย' : 'English'}
            </button>
          ))}
        </div>
      </div>
      <div lang={language} className="preview-site">
        {kind === 'notice' ? (
          <p className="preview-bar">
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor" className="preview-speaker">
              <path d="M3 10v4h4l5 4V6L7 10H3zm13.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z" />
            </svg>{' '}
            <strong>{site.notice}</strong> {title || '—'}
          </p>
        ) : null}
        <div className="preview-modal" data-testid="player-preview">
          <p className="preview-modal-title">{kind === 'notice' ? site.news : site.help}</p>
          <h4>{title || '—'}</h4>
          <div className="preview-body" dangerouslySetInnerHTML={{ __html: safe }} />
          <span className="preview-close">{site.close}</span>
        </div>
      </div>
    </section>
  );
}
