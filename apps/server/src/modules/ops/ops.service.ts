import { ZFeedbackRow, type TOpsCollection, type TOpsStatus } from '@lotus/contracts/ops';
import type { TSiteConfig, TSiteConfigKey } from '@lotus/contracts/site-config';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { ContentService } from '../content/content.service';
import type { ConfigService } from '../../platform/config/config.service';
import type { FeedbackReader } from '../system/system.module';
import { isMaintenanceActive } from '../system/system.rules';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';

type Deps = {
  database: Pick<Database, 'tx' | 'label'>;
  systemRepo: FeedbackReader;
  config: Pick<ConfigService, 'getAll' | 'get' | 'set' | 'validate'>;
  content: Pick<ContentService, 'counts' | 'listCollection' | 'addToCollection' | 'removeFromCollection'>;
  startedAt?: number;
  now?: () => number;
};

/**
 * Operator use cases shared by the /ops API and the command line's direct mode (the collections
 * are the content service's; configuration is the config service's).
 */
export function createOpsService({
  database,
  systemRepo,
  config,
  content,
  startedAt = Date.now(),
  now = Date.now,
}: Deps) {
  const getConfig = (): Promise<TSiteConfig> => config.getAll();
  const getConfigDocument = <K extends TSiteConfigKey>(key: K): Promise<TSiteConfig[K]> => config.get(key);
  /** The document as it would be stored, or validation_failed with the fields (nothing written). */
  const validateConfigDocument = <K extends TSiteConfigKey>(key: K, value: unknown): TSiteConfig[K] =>
    config.validate(key, value);
  /** Replaces a configuration document (audited: the document before and after). */
  async function setConfigDocument<K extends TSiteConfigKey>(
    key: K,
    value: unknown,
    note: OpsAuditNote,
  ): Promise<TSiteConfig[K]> {
    const before = await config.get(key);
    return database.tx(async () => {
      const after = await config.set(key, value);
      await note({ target: `config:${key}`, before, after });
      return after;
    });
  }

  /** Adds a row to a content collection (audited: the row after). */
  async function addToCollection(collection: TOpsCollection, input: unknown, note: OpsAuditNote) {
    return database.tx(async () => {
      const row = await content.addToCollection(collection, input);
      await note({ target: `${collection}:${row.id}`, before: null, after: row });
      return row;
    });
  }

  /** Removes a row of a content collection (audited: the row before). */
  async function removeFromCollection(collection: TOpsCollection, id: number, note: OpsAuditNote) {
    const before = (await content.listCollection(collection)).find((r) => r.id === id) ?? null;
    return database.tx(async () => {
      await content.removeFromCollection(collection, id);
      await note({ target: `${collection}:${id}`, before, after: null });
    });
  }

  async function listFeedback(
    limit: number,
    filter: { beforeId?: number | undefined; type?: string | undefined } = {},
  ): Promise<z.infer<typeof ZFeedbackRow>[]> {
    const rows = await systemRepo.listFeedback(limit, filter);
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
    getConfig,
    getConfigDocument,
    validateConfigDocument,
    setConfigDocument,
    addToCollection,
    removeFromCollection,
    listFeedback,
    getStatus,
  };
}

export type OpsService = ReturnType<typeof createOpsService>;
