import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';

/** Sets the translated document title of a page: "<page> | <site>" (9: every page has a title). */
export function useDocumentTitle(page: string | null | undefined): void {
  const { t } = useTranslation('common');
  const site = t('site.name', { defaultValue: env.siteName });
  const title = page ? t('title_template', { page, site }) : site;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
