import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';
import { getErrorCode } from '@/lib/api-client';
import { PageFrame } from '@/components/page-frame/page-frame';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { DownloadIcon } from '@/components/icons/icons';
import { usePermissionInfo } from '../api/get-permission-info';
import '../download.css';

/** App resources are the permission call's resources whose type starts with APP_ (3.SITE.02). */
export const isAppResource = (resourceType: string) => resourceType.toUpperCase().startsWith('APP_');

/**
 * App download (2.R.23, /down and /download): the app resources of the site with their QR codes
 * when present, and the iOS and Android install guides.
 */
export function DownloadPage() {
  const { t } = useTranslation(['pages', 'common', 'errors']);
  const site = t('common:site.name', { defaultValue: env.siteName });
  const { data, isPending, isError, error } = usePermissionInfo();
  const apps = data?.resources.filter((r) => isAppResource(r.resourceType)) ?? [];
  const iosSteps = t('download.ios_steps', { returnObjects: true, site }) as unknown;
  const androidSteps = t('download.android_steps', { returnObjects: true }) as unknown;

  return (
    <PageFrame title={t('common:titles.download')} testId="download-page" headingHidden>
      <section className="download__hero">
        <h2 className="download__title">{t('download.heading', { site })}</h2>
        <p className="download__intro">{t('download.intro', { site })}</p>
      </section>

      {isPending ? (
        <div className="download__apps" aria-busy="true">
          <Skeleton height={220} />
          <Skeleton height={220} />
        </div>
      ) : isError ? (
        <EmptyState message={t(getErrorCode(error), { ns: 'errors' })} />
      ) : apps.length === 0 ? (
        <EmptyState message={t('download.none')} />
      ) : (
        <ul className="download__apps" data-testid="download-resources">
          {apps.map((app) => (
            <li key={`${app.resourceType}-${app.url}`} className="download__app card" data-testid={`resource-${app.resourceType}`}>
              <h3 className="download__app-name">{app.labelNameEn}</h3>
              {app.qrCodeUrl && (
                <figure className="download__qr">
                  <img src={app.qrCodeUrl} alt={`${app.labelNameEn} QR`} width={160} height={160} loading="lazy" />
                  <figcaption>{t('download.scan')}</figcaption>
                </figure>
              )}
              <a className="btn btn--primary" href={app.url} target="_blank" rel="noopener noreferrer">
                <DownloadIcon size={18} />
                {t('download.open_link')} {app.labelNameEn}
              </a>
            </li>
          ))}
        </ul>
      )}

      <div className="download__guides">
        <section className="card download__guide" aria-labelledby="ios-guide" data-testid="ios-guide">
          <h2 id="ios-guide">{t('download.ios_title')}</h2>
          <ol>{Array.isArray(iosSteps) && iosSteps.map((step, i) => <li key={i}>{String(step)}</li>)}</ol>
        </section>
        <section className="card download__guide" aria-labelledby="android-guide">
          <h2 id="android-guide">{t('download.android_title')}</h2>
          <ol>{Array.isArray(androidSteps) && androidSteps.map((step, i) => <li key={i}>{String(step)}</li>)}</ol>
        </section>
      </div>
    </PageFrame>
  );
}
