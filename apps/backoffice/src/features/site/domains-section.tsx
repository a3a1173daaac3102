import type { TSiteConfig } from '@lotus/contracts/site-config';
import { useTranslation } from 'react-i18next';
import { linesOf } from './config-api';

/** Domains as text: hosts, routers ("host speed" per line) per device, CDN lists. */
export type DomainsText = { hosts: string; desktop: string; mobile: string; images: string; launches: string };
const routesText = (list: { domainName: string; speed: number }[]) => list.map((d) => `${d.domainName} ${d.speed}`).join('\n');
export const domainsToText = (d: TSiteConfig['domains']): DomainsText => ({
  hosts: d.allowedHosts.join('\n'),
  desktop: routesText(d.routes['0']),
  mobile: routesText(d.routes['3']),
  images: d.imageCDNs.join('\n'),
  launches: d.launchGameCDNs.join('\n'),
});

/** The routes of a textarea, or the 1-based number of the first line that is not "host speed". */
export function parseRoutes(text: string): { ok: true; routes: { domainName: string; speed: number }[] } | { ok: false; line: number } {
  const routes: { domainName: string; speed: number }[] = [];
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\S+)\s+(\d{1,6})$/.exec(lines[i]!);
    if (!m) return { ok: false, line: i + 1 };
    routes.push({ domainName: m[1]!, speed: Number(m[2]) });
  }
  return { ok: true, routes };
}

export function textToDomains(v: DomainsText): TSiteConfig['domains'] | null {
  const desktop = parseRoutes(v.desktop);
  const mobile = parseRoutes(v.mobile);
  if (!desktop.ok || !mobile.ok) return null;
  return {
    allowedHosts: linesOf(v.hosts),
    routes: { '0': desktop.routes, '3': mobile.routes },
    imageCDNs: linesOf(v.images),
    launchGameCDNs: linesOf(v.launches),
  };
}

export function DomainsSection({ value, onChange, readOnly }: { value: DomainsText; onChange: (next: DomainsText) => void; readOnly: boolean }) {
  const { t } = useTranslation('siteConfig');
  const field = (name: keyof DomainsText, label: string, routes = false) => {
    const parsed = routes ? parseRoutes(value[name]) : null;
    const error = parsed && !parsed.ok ? t('domains.lineInvalid', { line: parsed.line }) : null;
    return (
      <>
        <label htmlFor={`domains-${name}`}>{label}</label>
        <textarea
          id={`domains-${name}`}
          rows={3}
          spellCheck={false}
          value={value[name]}
          aria-invalid={!!error}
          aria-describedby={error ? `domains-${name}-error` : undefined}
          onChange={(e) => onChange({ ...value, [name]: e.target.value })}
        />
        {error ? (
          <p id={`domains-${name}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </>
    );
  };
  return (
    <fieldset className="config-form" disabled={readOnly}>
      <legend>{t('domains.intro')}</legend>
      {field('hosts', t('domains.allowedHosts'))}
      {field('desktop', t('domains.desktop'), true)}
      {field('mobile', t('domains.mobile'), true)}
      {field('images', t('domains.imageCDNs'))}
      {field('launches', t('domains.launchGameCDNs'))}
    </fieldset>
  );
}
