import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { env } from '@/config/env';

/** 2.HDR.01: the logo returns home. */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const site = t('site.name', { defaultValue: env.siteName });
  return (
    <Link to={paths.home.getHref()} className="logo" data-testid="logo" aria-label={`${site} – ${t('nav.home')}`} onClick={onNavigate}>
      <svg className="logo__mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <path fill="#f2a7d0" d="M20 6c4 5 5 11 0 20-5-9-4-15 0-20z" />
        <path fill="#e07bb4" d="M20 26C14 22 9 16 6 11c6 0 12 4 14 15zM20 26c6-4 11-10 14-15-6 0-12 4-14 15z" />
        <path fill="#c2549a" d="M20 30c-6 0-12-3-16-8 6-1 12 1 16 8zm0 0c6 0 12-3 16-8-6-1-12 1-16 8z" />
      </svg>
      <span className="logo__text">{site}</span>
    </Link>
  );
}
