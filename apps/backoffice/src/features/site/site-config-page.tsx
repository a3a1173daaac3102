import type { TSiteConfig, TSiteConfigKey } from '@lotus/contracts/site-config';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/states';
import { PAGES } from '@/config/paths';
import { AgentsSection } from './agents-section';
import { SaveBar, useCanWrite, useConfigDoc } from './config-api';
import { CsSection } from './cs-section';
import { DomainsSection, domainsToText, textToDomains, type DomainsText } from './domains-section';
import { FlagsSection } from './flags-section';
import { LanguagesSection } from './languages-section';
import { RegionSection, regionToText, textToRegion, type RegionText } from './region-section';
import { RegisterSection, invalidRanges } from './register-section';
import { UploadsSection, textToUploads, uploadsToText } from './uploads-section';
import './site-config.css';

const TABS = ['flags', 'register', 'languages', 'region', 'domains', 'uploads', 'agents', 'cs'] as const;
type TTab = (typeof TABS)[number];
const isTab = (value: string | null): value is TTab => !!value && (TABS as readonly string[]).includes(value);

/**
 * Site configuration (issue 12): whitelabel flags, registration rules with the live preview,
 * languages, region rules (four-eyes), domains and routers, member uploads, what agents see of their
 * team's balances (issue 28), customer-service channels. Each tab edits a draft of its document;
 * saving is confirmed, validated by the server against the shared contract and audited with
 * before/after. Maintenance keeps its own page.
 */
export function SiteConfigPage() {
  const { t } = useTranslation('siteConfig');
  const [params, setParams] = useSearchParams();
  const tab: TTab = isTab(params.get('tab')) ? (params.get('tab') as TTab) : 'flags';
  const readOnly = !useCanWrite();
  return (
    <section aria-labelledby="site-config-title" className="site-config">
      <h1 id="site-config-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      {readOnly ? <p className="notice">{t('readOnly')}</p> : null}
      <div role="tablist" aria-label={t('title')} className="config-tabs">
        {TABS.map((name) => (
          <button
            key={name}
            id={`tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setParams({ tab: name }, { replace: true })}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = TABS[(TABS.indexOf(name) + step + TABS.length) % TABS.length]!;
              setParams({ tab: next }, { replace: true });
              document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
        <Link className="tab-link" to={PAGES.maintenance.path}>
          {t('tabs.maintenance')}
        </Link>
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="config-panel">
        {tab === 'flags' ? <DocEditor key="whitelabel" configKey="whitelabel" readOnly={readOnly} /> : null}
        {tab === 'register' ? <DocEditor key="register" configKey="register" readOnly={readOnly} /> : null}
        {tab === 'languages' ? <DocEditor key="languages" configKey="languages" readOnly={readOnly} /> : null}
        {tab === 'region' ? <DocEditor key="region" configKey="region" readOnly={readOnly} /> : null}
        {tab === 'domains' ? <DocEditor key="domains" configKey="domains" readOnly={readOnly} /> : null}
        {tab === 'uploads' ? <DocEditor key="uploads" configKey="uploads" readOnly={readOnly} /> : null}
        {tab === 'agents' ? <DocEditor key="agents" configKey="agents" readOnly={readOnly} /> : null}
        {tab === 'cs' ? <CsSection readOnly={readOnly} /> : null}
        <p className="hint">{t('maintenanceLink')}</p>
      </div>
    </section>
  );
}

type Editable = 'whitelabel' | 'register' | 'languages' | 'region' | 'domains' | 'uploads' | 'agents';

/** Loads a document, then edits a draft of it. */
function DocEditor({ configKey, readOnly }: { configKey: Editable; readOnly: boolean }) {
  const doc = useConfigDoc(configKey);
  const flags = useConfigDoc('whitelabel');
  if (doc.isPending || (configKey === 'register' && flags.isPending)) return <LoadingState />;
  if (doc.error) return <ErrorState error={doc.error} onRetry={() => void doc.refetch()} />;
  if (configKey === 'register' && flags.error) return <ErrorState error={flags.error} onRetry={() => void flags.refetch()} />;
  return (
    <Draft
      key={configKey}
      configKey={configKey}
      saved={doc.data as TSiteConfig[Editable]}
      flags={flags.data ?? null}
      readOnly={readOnly}
    />
  );
}

function Draft({
  configKey,
  saved,
  flags,
  readOnly,
}: {
  configKey: Editable;
  saved: TSiteConfig[Editable];
  flags: TSiteConfig['whitelabel'] | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation('siteConfig');
  const [draft, setDraft] = useState<TSiteConfig[Editable]>(saved);
  const [regionText, setRegionText] = useState<RegionText | null>(configKey === 'region' ? regionToText(saved as TSiteConfig['region']) : null);
  const [domainsText, setDomainsText] = useState<DomainsText | null>(configKey === 'domains' ? domainsToText(saved as TSiteConfig['domains']) : null);
  const [uploadsText, setUploadsText] = useState<string | null>(configKey === 'uploads' ? uploadsToText(saved as TSiteConfig['uploads']) : null);
  const reset = () => {
    setDraft(saved);
    if (configKey === 'uploads') setUploadsText(uploadsToText(saved as TSiteConfig['uploads']));
    if (configKey === 'region') setRegionText(regionToText(saved as TSiteConfig['region']));
    if (configKey === 'domains') setDomainsText(domainsToText(saved as TSiteConfig['domains']));
  };
  // A saved change comes back as the new stored document: the draft starts from it again
  // (state adjusted while rendering, React's pattern for state derived from a prop).
  const savedJson = JSON.stringify(saved);
  const [base, setBase] = useState(savedJson);
  if (base !== savedJson) {
    setBase(savedJson);
    reset();
  }

  let doc: TSiteConfig[Editable] | null = draft;
  if (configKey === 'region' && regionText) doc = textToRegion(saved as TSiteConfig['region'], regionText);
  if (configKey === 'domains' && domainsText) doc = textToDomains(domainsText);
  if (configKey === 'uploads' && uploadsText !== null) doc = textToUploads(saved as TSiteConfig['uploads'], uploadsText);
  const dirty = doc === null || JSON.stringify(doc) !== JSON.stringify(saved);
  const invalid = doc === null || (configKey === 'register' && invalidRanges(doc as TSiteConfig['register']).length > 0);
  const bar = (key: TSiteConfigKey) => (
    <SaveBar
      configKey={key as Editable}
      draft={(doc ?? saved) as TSiteConfig[Editable]}
      dirty={!readOnly && dirty}
      invalid={invalid}
      section={t(`tabs.${sectionOf(key)}`)}
      fourEyes={key === 'region'}
      onReset={reset}
    />
  );

  return (
    <>
      {configKey === 'whitelabel' ? (
        <FlagsSection draft={draft as TSiteConfig['whitelabel']} onChange={setDraft} readOnly={readOnly} />
      ) : null}
      {configKey === 'register' && flags ? (
        <RegisterSection draft={draft as TSiteConfig['register']} flags={flags} onChange={setDraft} readOnly={readOnly} />
      ) : null}
      {configKey === 'languages' ? (
        <LanguagesSection draft={draft as TSiteConfig['languages']} onChange={setDraft} readOnly={readOnly} />
      ) : null}
      {configKey === 'region' && regionText ? (
        <RegionSection
          value={regionText}
          countryRanges={(saved as TSiteConfig['region']).countryRanges.length}
          onChange={setRegionText}
          readOnly={readOnly}
        />
      ) : null}
      {configKey === 'domains' && domainsText ? <DomainsSection value={domainsText} onChange={setDomainsText} readOnly={readOnly} /> : null}
      {configKey === 'uploads' && uploadsText !== null ? (
        <UploadsSection value={uploadsText} onChange={setUploadsText} readOnly={readOnly} />
      ) : null}
      {configKey === 'agents' ? <AgentsSection draft={draft as TSiteConfig['agents']} onChange={setDraft} readOnly={readOnly} /> : null}
      {readOnly ? null : bar(configKey)}
    </>
  );
}

const sectionOf = (key: TSiteConfigKey): TTab =>
  key === 'whitelabel'
    ? 'flags'
    : key === 'register'
      ? 'register'
      : key === 'languages'
        ? 'languages'
        : key === 'region'
          ? 'region'
          : key === 'uploads'
            ? 'uploads'
            : key === 'agents'
              ? 'agents'
              : 'domains';
