import { AppError } from '@lotus/contracts/app-error';
import type { TSiteConfig } from '@lotus/contracts/site-config';
import type {
  TDomainRoute,
  TFeedbackRequest,
  TLanguages,
  TPermissionInfo,
  TRegisterSettings,
  TSystemStatus,
  TWhitelabel,
} from '@lotus/contracts/system';
import { ZFeedbackRequest } from '@lotus/contracts/system';
import type { TRouterDevice } from '@lotus/contracts/headers';
import type { Database } from '../../db/client';
import { pickLocalized } from '../../lib/language';
import { issuesToFields } from '../../lib/validation';
import type { ContentService } from '../content/content.service';
import type { ConfigService } from '../../platform/config/config.service';
import type { SystemRepository } from './system.repository';
import { isMaintenanceActive, isRegionBlocked, resolveCountry } from './system.rules';
import type { ClientInfo } from '../../platform/client-info';

export type { ClientInfo };

/** The site-access decision for a caller: status 0/1/2 and its details (decision 3.SITE.04). */
export type AccessDecision = {
  status: 0 | 1 | 2;
  ip: string;
  country: string | null;
  maintenance: { endTime: string | null; info: string | null } | null;
  regionRestriction: { ip: string; info: string | null } | null;
};

type Deps = {
  database: Pick<Database, 'tx'>;
  repo: Pick<SystemRepository, 'insertFeedback'>;
  config: Pick<ConfigService, 'get' | 'getAll'>;
  content: Pick<ContentService, 'listCsEntries'>;
  now?: () => number;
};

export function createSystemService({ database, repo, config, content, now = Date.now }: Deps) {
  function decide(cfg: TSiteConfig, client: ClientInfo): AccessDecision {
    const siteDefault = cfg.languages.default;
    const country = resolveCountry(cfg.region, client.ip, client.headerCountry);
    const maintenance = isMaintenanceActive(cfg.maintenance, now())
      ? {
          endTime: cfg.maintenance.endTime,
          info: pickLocalized(cfg.maintenance.info, client.language, siteDefault),
        }
      : null;
    const regionRestriction = isRegionBlocked(cfg.region, client.ip, country)
      ? { ip: client.ip, info: pickLocalized(cfg.region.info, client.language, siteDefault) }
      : null;
    // Maintenance takes precedence over the region rule.
    const status = maintenance ? 1 : regionRestriction ? 2 : 0;
    return { status, ip: client.ip, country, maintenance, regionRestriction };
  }

  /** Status 0 normal, 1 maintenance window active, 2 region-restricted (7.SYS.03, 4.SYS.01). */
  async function getAccess(client: ClientInfo): Promise<AccessDecision> {
    return decide(await config.getAll(), client);
  }

  async function getStatus(client: ClientInfo): Promise<TSystemStatus> {
    const d = await getAccess(client);
    return {
      status: d.status,
      endTime: d.status === 1 ? (d.maintenance?.endTime ?? null) : null,
      info:
        d.status === 1
          ? (d.maintenance?.info ?? null)
          : d.status === 2
            ? (d.regionRestriction?.info ?? null)
            : null,
      ip: d.ip,
    };
  }

  const getWhitelabel = (): Promise<TWhitelabel> => config.get('whitelabel');
  const getRegisterSettings = (): Promise<TRegisterSettings> => config.get('register');

  async function getDomainRoute(device: TRouterDevice): Promise<TDomainRoute> {
    const domains = await config.get('domains');
    return {
      domainList: domains.routes[device === 3 ? '3' : '0'],
      imageCDNs: domains.imageCDNs,
      launchGameCDNs: domains.launchGameCDNs,
    };
  }

  /** Enabled languages only; the default first-class (9.C.01). */
  async function getLanguages(): Promise<TLanguages> {
    const languages = await config.get('languages');
    return {
      default: languages.default,
      languages: languages.languages
        .filter((l) => l.enabled)
        .map(({ code, name, complete }) => ({ code, name, complete })),
    };
  }

  /** Domain check: allowedHosts empty = any host; entries match the host with or without port; '*.x' matches subdomains. */
  function isHostAllowed(allowed: readonly string[], host: string): boolean {
    if (allowed.length === 0) return true;
    const full = host.toLowerCase();
    const name = full.replace(/:\d+$/, '');
    return allowed.some((entry) => {
      const e = entry.trim().toLowerCase();
      if (e.startsWith('*.')) return name.endsWith(e.slice(1)) && name.length > e.length - 1;
      return e === full || e === name;
    });
  }

  /** Site permission info (3.SITE.03, 7.PAR.23): everything the site needs at start, for this host. */
  async function getPermission(client: ClientInfo, host: string): Promise<TPermissionInfo> {
    const cfg = await config.getAll();
    if (!isHostAllowed(cfg.domains.allowedHosts, host)) throw new AppError('domain_check_failed');
    const access = decide(cfg, client);
    const cs = await content.listCsEntries();
    const languages = await getLanguages();
    return {
      whitelabel: cfg.whitelabel,
      register: cfg.register,
      resources: cfg.resources,
      customerService: cs.map(({ csType, path }) => ({ csType, path })),
      analytics: cfg.analytics,
      domainRoute: {
        domainList: cfg.domains.routes['0'],
        imageCDNs: cfg.domains.imageCDNs,
        launchGameCDNs: cfg.domains.launchGameCDNs,
      },
      imageCDNs: cfg.domains.imageCDNs,
      launchGameCDNs: cfg.domains.launchGameCDNs,
      location: { ip: access.ip, country: access.country },
      maintenance: access.maintenance,
      regionRestriction: access.regionRestriction,
      languages,
    };
  }

  /** Feedback (7.SYS.06, 5.UPL.05/06): 5..140 characters after trimming. */
  async function submitFeedback(
    client: ClientInfo,
    input: TFeedbackRequest | unknown,
  ): Promise<{ id: number }> {
    const parsed = ZFeedbackRequest.safeParse(input);
    if (!parsed.success) throw new AppError('validation_failed', 400, issuesToFields(parsed.error.issues));
    return database.tx((tx) =>
      repo.insertFeedback(
        {
          type: parsed.data.type,
          content: parsed.data.content,
          memberId: client.memberId ?? null,
          ip: client.ip,
        },
        tx,
      ),
    );
  }

  return {
    getAccess,
    getStatus,
    getWhitelabel,
    getRegisterSettings,
    getDomainRoute,
    getLanguages,
    getPermission,
    submitFeedback,
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
