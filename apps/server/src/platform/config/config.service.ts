import { AppError } from '@lotus/contracts/app-error';
import {
  SITE_CONFIG_KEYS,
  SITE_CONFIG_SCHEMAS,
  type TSiteConfig,
  type TSiteConfigKey,
} from '@lotus/contracts/site-config';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/tx';
import { DEFAULT_SITE_CONFIG } from '../../db/seed-data/site-config';
import type { ConfigBus } from '../../lib/config-bus';
import { countries } from 'countries-list';
import type { z } from 'zod';
import { parseCidr } from '../../lib/ip';
import { issuesToFields } from '../../lib/validation';


/** Where the documents are stored (table site_config; the system module's repository provides it). */
export type ConfigStore = {
  listConfig(tx?: Executor): Promise<{ key: string; value: unknown }[]>;
  upsertConfig(key: string, value: unknown, tx?: Executor): Promise<void>;
};

/** In-process cache lifetime of the configuration snapshot (at most 1 s, see decision in README). */
export const CONFIG_TTL_MS = 1000;

type Deps = {
  database: Pick<Database, 'tx'>;
  repo: ConfigStore;
  bus?: ConfigBus | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => number;
};

/**
 * Site configuration: reads go through a snapshot of every document cached for at most 1 s; the
 * writing instance drops its snapshot at once and, with Redis, tells the other instances to drop
 * theirs. Writes are validated against SITE_CONFIG_SCHEMAS plus the checks below.
 */
export function createConfigService({ database, repo, bus, log, now = Date.now }: Deps) {
  let snapshot: { config: TSiteConfig; expires: number } | null = null;
  let loading: Promise<TSiteConfig> | null = null;
  let generation = 0;

  function invalidate() {
    generation += 1;
    snapshot = null;
    loading = null;
  }
  bus?.onInvalidate(() => invalidate());

  async function load(tx?: Executor): Promise<TSiteConfig> {
    const rows = await repo.listConfig(tx);
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const config = {} as Record<TSiteConfigKey, unknown>;
    for (const key of SITE_CONFIG_KEYS) {
      const raw = stored.get(key);
      if (raw === undefined) {
        config[key] = DEFAULT_SITE_CONFIG[key];
        continue;
      }
      const parsed = SITE_CONFIG_SCHEMAS[key].safeParse(raw);
      if (parsed.success) config[key] = parsed.data;
      else {
        log.error(
          { key, issues: parsed.error.issues.slice(0, 5) },
          'stored site config is invalid; using the default',
        );
        config[key] = DEFAULT_SITE_CONFIG[key];
      }
    }
    return config as TSiteConfig;
  }

  function startLoad(): Promise<TSiteConfig> {
    const started = generation;
    const pending = load().then((config) => {
      if (generation === started) snapshot = { config, expires: now() + CONFIG_TTL_MS };
      return config;
    });
    loading = pending;
    pending
      .finally(() => {
        if (loading === pending) loading = null;
      })
      .catch(() => undefined);
    return pending;
  }

  async function getAll(): Promise<TSiteConfig> {
    const t = now();
    if (snapshot && snapshot.expires > t) {
      // Refresh ahead: in the second half of its life the snapshot is reloaded in the background, so
      // under steady traffic no request waits for the database (which may be busy with other
      // transactions) just to read configuration; a snapshot is still never served past its expiry.
      if (!loading && snapshot.expires - t < CONFIG_TTL_MS / 2) startLoad().catch(() => undefined);
      return snapshot.config;
    }
    // Inside a transaction the read is made in it, and waits for no one else's: on PGlite (one session) a read
    // outside the open transaction waits until it ends, while the transaction waits for the read, a deadlock that
    // stopped the embedded server whenever a money movement (a deposit's wagering multiple) found the snapshot
    // expired. A read shared with callers outside could be such a read.
    if (database.tx.active()) {
      const started = generation;
      const config = await database.tx((tx) => load(tx));
      if (generation === started) snapshot = { config, expires: now() + CONFIG_TTL_MS };
      return config;
    }
    return loading ?? startLoad();
  }

  async function get<K extends TSiteConfigKey>(key: K): Promise<TSiteConfig[K]> {
    return (await getAll())[key];
  }

  /** Validates a full document for `key`; throws AppError validation_failed with fields. */
  function validate<K extends TSiteConfigKey>(key: K, value: unknown): TSiteConfig[K] {
    const parsed = SITE_CONFIG_SCHEMAS[key].safeParse(value);
    if (!parsed.success) throw new AppError('validation_failed', 400, configIssueFields(parsed.error.issues, key));
    const doc = parsed.data as TSiteConfig[K];
    // A field the schema does not know is refused, not silently dropped (a typo would otherwise
    // save a document without the change the operator meant).
    const unknown = unknownFields(value, doc);
    if (unknown.length > 0)
      throw new AppError('validation_failed', 400, Object.fromEntries(unknown.slice(0, 20).map((p) => [p, 'field_unknown'])));
    const fields = semanticChecks(key, doc);
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 400, fields);
    return doc;
  }

  async function set<K extends TSiteConfigKey>(key: K, value: unknown): Promise<TSiteConfig[K]> {
    const doc = validate(key, value);
    await database.tx((tx) => repo.upsertConfig(key, doc, tx));
    invalidate();
    await bus?.publish(key);
    return doc;
  }

  return { getAll, get, set, validate, invalidate };
}

export type ConfigService = ReturnType<typeof createConfigService>;

/** ISO 3166-1 alpha-2 codes (countries-list; Kosovo's XK included). */
const isCountryCode = (code: string): boolean => Object.hasOwn(countries, code);

/** Field keys of the shape's issues; the schemas name their own keys for some (pattern_unknown, ...). */
const OWN_KEYS = new Set(['pattern_unknown', 'length_range_invalid', 'country_code_unknown']);
function configIssueFields(issues: readonly z.core.$ZodIssue[], key: string): Record<string, string> {
  const fields = issuesToFields(issues, key);
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || key;
    if (OWN_KEYS.has(issue.message)) fields[path] = issue.message;
  }
  return fields;
}

/** Paths of object keys in `input` that the parsed document does not have (unknown to the schema). */
function unknownFields(input: unknown, parsed: unknown, path: string[] = []): string[] {
  if (Array.isArray(input) && Array.isArray(parsed))
    return input.flatMap((v, i) => unknownFields(v, parsed[i], [...path, String(i)]));
  if (!input || typeof input !== 'object' || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (!Object.hasOwn(parsed, k)) out.push([...path, k].join('.'));
    else out.push(...unknownFields(v, (parsed as Record<string, unknown>)[k], [...path, k]));
  }
  return out;
}

/** Rules beyond the shape: CIDRs parse, the default language is listed and enabled, windows are ordered. */
function semanticChecks<K extends TSiteConfigKey>(key: K, doc: TSiteConfig[K]): Record<string, string> {
  const fields: Record<string, string> = {};
  if (key === 'region') {
    const region = doc as TSiteConfig['region'];
    const check = (list: readonly string[], name: string) =>
      list.forEach((cidr, i) => {
        if (!parseCidr(cidr)) fields[`${name}.${i}`] = 'address_range_invalid';
      });
    check(region.blockedCidrs, 'blockedCidrs');
    check(region.allowedCidrs, 'allowedCidrs');
    region.countryRanges.forEach((r, i) => {
      if (!parseCidr(r.cidr)) fields[`countryRanges.${i}.cidr`] = 'address_range_invalid';
      if (!isCountryCode(r.country)) fields[`countryRanges.${i}.country`] = 'country_code_unknown';
    });
    region.blockedCountries.forEach((c, i) => {
      if (!isCountryCode(c)) fields[`blockedCountries.${i}`] = 'country_code_unknown';
    });
  }
  if (key === 'languages') {
    const languages = doc as TSiteConfig['languages'];
    const codes = languages.languages.map((l) => l.code);
    if (new Set(codes).size !== codes.length) fields['languages'] = 'validation_failed';
    const def = languages.languages.find((l) => l.code === languages.default);
    if (!def || !def.enabled) fields['default'] = 'validation_failed';
  }
  if (key === 'maintenance') {
    const m = doc as TSiteConfig['maintenance'];
    if (m.startTime && m.endTime && Date.parse(m.endTime) <= Date.parse(m.startTime)) {
      fields['endTime'] = 'validation_failed';
    }
  }
  return fields;
}
