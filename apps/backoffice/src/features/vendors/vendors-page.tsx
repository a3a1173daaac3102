import { useTranslation } from 'react-i18next';
import { can, useMe } from '@/lib/session';
import { GamesPanel } from './games-panel';
import { RegistryPanel } from './registry-panel';
import { TransfersPanel } from './transfers-panel';

/**
 * Vendors and games (issue 24, docs/adr/0083): the vendor registry (add, status, rotate a secret shown once),
 * the transfer-mode vendors' wallets with their stuck transfers (money.read; "Check now" with money.write),
 * and the games with the operators' overrides and the house titles' RTP. Write actions show only to operators
 * whose role allows them; the server refuses the others anyway.
 */
export function VendorsPage() {
  const { t } = useTranslation('vendors');
  const me = useMe();
  const canWrite = can(me.data, 'vendors.write');
  return (
    <section aria-labelledby="vendors-title">
      <h1 id="vendors-title">{t('title')}</h1>
      {canWrite ? null : <p className="hint">{t('readOnly')}</p>}
      <nav className="tabs in-page" aria-label={t('sections')}>
        <a href="#registry-title">{t('registry.title')}</a>
        {can(me.data, 'money.read') ? <a href="#transfers-title">{t('transfers.title')}</a> : null}
        <a href="#games-title">{t('games.title')}</a>
      </nav>
      <RegistryPanel canWrite={canWrite} />
      {can(me.data, 'money.read') ? <TransfersPanel canWrite={can(me.data, 'money.write')} /> : null}
      <GamesPanel canWrite={canWrite} />
    </section>
  );
}
