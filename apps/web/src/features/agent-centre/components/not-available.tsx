import { useTranslation } from 'react-i18next';
import type { TAgentCentrePage } from '../agent-centre-pages';

/**
 * A page of the menu that no server call serves yet (Announcement): what it will hold and that it is not available
 * yet. Never made-up figures in its place.
 */
export function NotAvailable({ page }: { page: TAgentCentrePage }) {
  const { t } = useTranslation('agent-centre');
  return (
    <div className="ac-page">
      <h3 className="ac-page__title">{t(`pages.${page}`)}</h3>
      <section className="ac-unavailable" role="note" data-testid="ac-not-available">
        <p className="ac-unavailable__title">{t('unavailable.title')}</p>
        <p className="ac-unavailable__text">{t(`unavailable.${page}`, { defaultValue: t('unavailable.text') })}</p>
      </section>
    </div>
  );
}
