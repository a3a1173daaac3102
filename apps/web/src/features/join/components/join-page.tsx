import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame/page-frame';

function TextList({ value, ordered }: { value: unknown; ordered?: boolean }) {
  if (!Array.isArray(value)) return null;
  const items = value.map((item, i) => <li key={i}>{String(item)}</li>);
  return ordered ? <ol className="join__list">{items}</ol> : <ul className="join__list">{items}</ul>;
}

/** Join us (2.R.24): the partner (agent) recruitment page. */
export function JoinPage() {
  const { t } = useTranslation(['pages', 'common']);
  const site = t('common:site.name', { defaultValue: env.siteName });
  return (
    <PageFrame title={t('common:titles.join')} testId="join-page" headingHidden>
      <article className="join card" style={{ padding: 24 }}>
        <h2 style={{ marginTop: 0 }}>{t('join.heading', { site })}</h2>
        <p>{t('join.intro', { site })}</p>
        <h3>{t('join.benefits_title')}</h3>
        <TextList value={t('join.benefits', { returnObjects: true })} />
        <h3>{t('join.steps_title')}</h3>
        <TextList value={t('join.steps', { returnObjects: true })} ordered />
        <p>{t('join.cta')}</p>
        <p>
          <Link to={paths.register.getHref()} className="btn btn--primary">
            {t('common:actions.register')}
          </Link>
        </p>
      </article>
    </PageFrame>
  );
}
