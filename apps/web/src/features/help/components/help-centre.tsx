import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '@/lib/api-client';
import { useDocumentTitle } from '@/components/page-frame/use-document-title';
import { SafeHtml } from '@/components/ui/safe-html/safe-html';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { useHelpCenter } from '../api/get-help-center';
import { findArticle } from '../lib/find-article';
import '../help.css';

/**
 * Help centre (2.R.20/21): categories and articles from /wps/system/helpCenter; the article HTML is
 * sanitised (DOMPurify, SafeHtml) before rendering. The hash selects the article (/help#term opens
 * the terms). Decision 2.R.22: /help is the full page inside the site chrome; /helpmc (`embedded`)
 * is the same centre without header and footer, for the member centre to embed.
 */
export function HelpCentre({ embedded = false }: { embedded?: boolean }) {
  const { t, i18n } = useTranslation(['pages', 'common', 'errors']);
  const { hash } = useLocation();
  const { data, isPending, isError, error, refetch } = useHelpCenter(i18n.language);
  const article = findArticle(data, hash);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(article ? `${article.title} – ${t('common:titles.help')}` : t('common:titles.help'));

  useEffect(() => {
    if (hash && article) headingRef.current?.focus();
  }, [hash, article]);

  const categories = data?.categories.filter((c) => c.articles.length > 0) ?? [];

  return (
    <div className={`container page help${embedded ? ' help--embedded' : ''}`} data-testid={embedded ? 'helpmc-page' : 'help-page'}>
      <h1 className="page__title">{t('help.heading')}</h1>
      {isPending ? (
        <div className="help__layout" aria-busy="true">
          <div>
            <Skeleton height={18} count={6} />
          </div>
          <div>
            <Skeleton height={28} width="60%" />
            <Skeleton height={14} count={8} />
          </div>
        </div>
      ) : isError ? (
        <EmptyState message={t(getErrorCode(error), { ns: 'errors' })}>
          <button type="button" className="btn btn--primary" onClick={() => void refetch()}>
            {t('common:actions.retry')}
          </button>
        </EmptyState>
      ) : categories.length === 0 ? (
        <EmptyState message={t('help.empty')} />
      ) : (
        <div className="help__layout">
          <nav className="help__nav card" aria-label={t('help.categories')}>
            {categories.map((category) => (
              <section key={category.key} className="help__category">
                <h2 className="help__category-title">{category.title}</h2>
                <ul>
                  {category.articles.map((item) => (
                    <li key={item.id}>
                      <Link
                        to={{ hash: item.slug }}
                        replace
                        className={`help__article-link${article?.id === item.id ? ' help__article-link--active' : ''}`}
                        aria-current={article?.id === item.id ? 'page' : undefined}
                        data-testid={`help-article-${item.slug}`}
                      >
                        {item.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <article className="help__article card" data-testid="help-article" data-slug={article?.slug}>
            {article ? (
              <>
                <h2 ref={headingRef} tabIndex={-1} className="help__article-title">
                  {article.title}
                </h2>
                <SafeHtml html={article.content} />
              </>
            ) : (
              <p>{t('help.article_not_found')}</p>
            )}
          </article>
        </div>
      )}
    </div>
  );
}

/** /helpmc: the help centre without site chrome (decision 2.R.22). */
export function HelpMcPage() {
  const { t } = useTranslation('pages');
  return (
    <main id="main" className="help-embed" aria-label={t('helpmc.label')}>
      <HelpCentre embedded />
    </main>
  );
}
