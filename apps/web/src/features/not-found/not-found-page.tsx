import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame/page-frame';

/** Any path not in the route table. */
export function NotFoundPage() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <PageFrame title={t('common:titles.not_found')} testId="not-found-page" headingHidden>
      <section className="card" style={{ padding: 32, textAlign: 'center' }}>
        <p style={{ fontSize: '3rem', margin: 0, fontWeight: 700, color: 'var(--color-primary)' }} aria-hidden="true">
          404
        </p>
        <h2>{t('not_found.heading')}</h2>
        <p>{t('not_found.text')}</p>
        <Link to={paths.home.getHref()} className="btn btn--primary">
          {t('common:actions.back_home')}
        </Link>
      </section>
    </PageFrame>
  );
}
