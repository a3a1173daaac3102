import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import './coming-soon.css';

/**
 * The honest placeholder for a part of the site a later issue brings: a clear, translated
 * "coming soon" notice. Never fake content in its place.
 */
export function ComingSoon({ children, title }: { children?: ReactNode; title?: string }) {
  const { t } = useTranslation('common');
  return (
    <section className="coming-soon" data-testid="coming-soon" aria-live="polite">
      <span className="coming-soon__badge" aria-hidden="true">
        ✦
      </span>
      <h2 className="coming-soon__title">{title ?? t('coming_soon.title')}</h2>
      <p className="coming-soon__text">{children ?? t('coming_soon.text', { site: t('site.name', { defaultValue: env.siteName }) })}</p>
    </section>
  );
}
