import { createHash, randomBytes } from 'node:crypto';
import { ZFeedbackRow, type TOpsStatus } from '@lotus/contracts/ops';
import type { TSiteConfig, TSiteConfigKey } from '@lotus/contracts/site-config';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { ContentService } from '../content/content.service';
import type { ConfigService } from '../system/config.service';
import type { SystemRepository } from '../system/system.repository';
import { isMaintenanceActive } from '../system/system.rules';
import type { OpsRepository } from './ops.repository';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** A new operator credential: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

type Deps = {
  database: Pick<Database, 'tx' | 'label'>;
  repo: OpsRepository;
  systemRepo: Pick<SystemRepository, 'listFeedback' | 'countFeedback'>;
  config: Pick<ConfigService, 'getAll' | 'get' | 'set'>;
  content: Pick<ContentService, 'counts'>;
  startedAt?: number;
  now?: () => number;
};

/**
 * Operator use cases shared by the /ops API and the command line's direct mode (the collections
 * are the content service's; configuration is the config service's).
 */
export function createOpsService({
  database,
  repo,
  systemRepo,
  config,
  content,
  startedAt = Date.now(),
  now = Date.now,
}: Deps) {
  /** The operator a bearer token belongs to, or null (revoked or unknown). */
  async function authenticate(token: string | undefined | null) {
    if (!token || token.length > 200) return null;
    return repo.findActiveByHash(hashToken(token));
  }

  async function createOperator(name: string): Promise<{ id: number; token: string }> {
    const token = newToken();
    const { id } = await database.tx((tx) => repo.insertOperator({ name, tokenHash: hashToken(token) }, tx));
    return { id, token };
  }

  const getConfig = (): Promise<TSiteConfig> => config.getAll();
  const getConfigDocument = <K extends TSiteConfigKey>(key: K): Promise<TSiteConfig[K]> => config.get(key);
  const setConfigDocument = <K extends TSiteConfigKey>(key: K, value: unknown): Promise<TSiteConfig[K]> =>
    config.set(key, value);

  async function listFeedback(limit: number): Promise<z.infer<typeof ZFeedbackRow>[]> {
    const rows = await systemRepo.listFeedback(limit);
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      content: r.content,
      memberId: r.memberId,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async function getStatus(mode: TOpsStatus['mode']): Promise<TOpsStatus> {
    const cfg = await config.getAll();
    const counts = await content.counts();
    return {
      mode,
      database: database.label.slice(0, 300),
      serverTime: new Date(now()).toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((now() - startedAt) / 1000)),
      maintenance: {
        active: isMaintenanceActive(cfg.maintenance, now()),
        startTime: cfg.maintenance.startTime,
        endTime: cfg.maintenance.endTime,
      },
      region: {
        blockedCountries: cfg.region.blockedCountries,
        blockedCidrs: cfg.region.blockedCidrs.length,
        allowedCidrs: cfg.region.allowedCidrs.length,
      },
      languages: {
        default: cfg.languages.default,
        enabled: cfg.languages.languages.filter((l) => l.enabled).map((l) => l.code),
      },
      counts: { ...counts, feedback: await systemRepo.countFeedback() },
    };
  }

  return {
    authenticate,
    createOperator,
    getConfig,
    getConfigDocument,
    setConfigDocument,
    listFeedback,
    getStatus,
  };
}

export type OpsService = ReturnType<typeof createOpsService>;
