import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getCategoryHref, paths } from '@/config/paths';
import { env } from '@/config/env';
import { uniqueVendors, useVendorCards } from '@/api/get-vendor-cards';
import { NAV_CATEGORIES } from '../lib/vendor-columns';
import { VendorLogo } from './vendor-logo';

const LICENCES = [
  { key: 'malta', code: 'MT' },
  { key: 'bvi', code: 'VG' },
  { key: 'ph', code: 'PH' },
] as const;

/** 2.FTR.01-03: vendor logos, licence notes, category links, help centre and the copyright line. */
export function Footer() {
  const { t } = useTranslation('common');
  const { data } = useVendorCards();
  const vendors = uniqueVendors(data);
  const site = t('site.name', { defaultValue: env.siteName });
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer" data-testid="footer" aria-label={t('footer.label')}>
      <div className="container">
        <div className="site-footer__grid">
          <section aria-labelledby="footer-games">
            <h2 id="footer-games" className="site-footer__heading">
              {t('footer.categories')}
            </h2>
            <ul className="site-footer__links">
              {NAV_CATEGORIES.map((code) => (
                <li key={code}>
                  <Link to={getCategoryHref(code)}>{t(`categories.${code}`)}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-help">
            <h2 id="footer-help" className="site-footer__heading">
              {t('footer.help')}
            </h2>
            <ul className="site-footer__links">
              <li>
                <Link to={paths.help.getHref()} data-testid="footer-help">
                  {t('footer.help_centre')}
                </Link>
              </li>
              <li>
                <Link to={paths.help.getHref('term')}>{t('footer.terms')}</Link>
              </li>
              <li>
                <Link to={paths.join.getHref()}>{t('footer.join')}</Link>
              </li>
              <li>
                <Link to={paths.download.getHref()}>{t('footer.download')}</Link>
              </li>
            </ul>
          </section>
          <section className="site-footer__licences" aria-labelledby="footer-licences" data-testid="footer-licences">
            <h2 id="footer-licences" className="site-footer__heading">
              {t('footer.licences')}
            </h2>
            <ul className="site-footer__licence-list">
              {LICENCES.map(({ key, code }) => (
                <li key={key} className="site-footer__licence" data-testid={`licence-${code}`}>
                  <strong>{t(`footer.licence_${key}_title`)}</strong>
                  <p>{t(`footer.licence_${key}`)}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <p className="site-footer__responsible">{t('footer.responsible')}</p>
        {/* The year of a page prerendered last year is corrected at hydration. */}
        <p className="site-footer__copyright" data-testid="copyright" suppressHydrationWarning>
          {t('footer.copyright', { year, site })}
        </p>
        {/* Last in the footer: the logos arrive with the vendor call, and content added at the end
            moves nothing that already painted (issue 10). */}
        {vendors.length > 0 && (
          <section className="site-footer__vendors" aria-labelledby="footer-vendors">
            <h2 id="footer-vendors" className="site-footer__heading">
              {t('footer.vendors')}
            </h2>
            <ul className="site-footer__vendor-list" data-testid="footer-vendors">
              {vendors.map((vendor) => (
                <li key={vendor.vassalage} className="site-footer__vendor" title={vendor.displayName}>
                  <VendorLogo vendor={vendor} size={32} />
                  <span className="site-footer__vendor-name">{vendor.displayName}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </footer>
  );
}
