import { NavLink, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, useMe } from '@/lib/session';
import { BannersPanel } from './banners-panel';
import { HelpPanel } from './help-panel';
import { NoticesPanel } from './notices-panel';

export const CONTENT_TABS = ['banners', 'notices', 'help'] as const;
type Tab = (typeof CONTENT_TABS)[number];

/** Content (issue 12): banners, notices and popups, help-centre articles. Changes need config.write. */
export function ContentPage() {
  const { t } = useTranslation('content');
  const { tab } = useParams();
  const me = useMe();
  if (!CONTENT_TABS.includes(tab as Tab)) return <Navigate to="/content/banners" replace />;
  const canWrite = can(me.data, 'config.write');
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">{t('title')}</h1>
      <nav className="tabs" aria-label={t('tabs')}>
        {CONTENT_TABS.map((k) => (
          <NavLink key={k} to={`/content/${k}`}>
            {t(`tab.${k}`)}
          </NavLink>
        ))}
      </nav>
      {canWrite ? null : <p className="hint">{t('readOnly')}</p>}
      {tab === 'banners' ? <BannersPanel canWrite={canWrite} /> : tab === 'notices' ? <NoticesPanel canWrite={canWrite} /> : <HelpPanel canWrite={canWrite} />}
    </section>
  );
}
