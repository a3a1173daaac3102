import { count } from 'drizzle-orm';
import { SITE_CONFIG_KEYS } from '@lotus/contracts/site-config';
import {
  ZBannerInput,
  ZCsChannelInput,
  ZHelpArticleInput,
  ZNoticeInput,
  ZVendorInput,
} from '@lotus/contracts/ops';
import { sanitizeRichText } from '../lib/sanitize';
import { banners, csChannels, helpArticles, notices, siteConfig, vendors } from './schema';
import { SEED_BANNERS, SEED_CS, SEED_NOTICES, SEED_VENDORS } from './seed-data/content';
import { SEED_HELP } from './seed-data/help';
import { DEFAULT_SITE_CONFIG } from './seed-data/site-config';
import type { Executor, Tx } from './tx';

/**
 * Demo data. Runs only when site_config is empty, in one transaction, so it is idempotent: a second
 * start (or a second instance) finds the configuration and skips. Every row is validated by the
 * same contract schemas as operator input.
 */
export async function seedIfEmpty(exec: Executor): Promise<boolean> {
  const [row] = await exec.select({ n: count() }).from(siteConfig);
  if ((row?.n ?? 0) > 0) return false;
  await exec.transaction(async (tx) => seed(tx));
  return true;
}

async function seed(tx: Tx) {
  await tx.insert(banners).values(SEED_BANNERS.map((b) => ZBannerInput.parse(b)));
  await tx.insert(notices).values(
    SEED_NOTICES.map((n) => {
      const v = ZNoticeInput.parse(n);
      return {
        ...v,
        content: sanitizeRichText(v.content),
        startTime: v.startTime ? new Date(v.startTime) : null,
        endTime: v.endTime ? new Date(v.endTime) : null,
      };
    }),
  );
  await tx.insert(csChannels).values(SEED_CS.map((c) => ZCsChannelInput.parse(c)));
  await tx.insert(helpArticles).values(
    SEED_HELP.map((h) => {
      const v = ZHelpArticleInput.parse(h);
      return { ...v, content: sanitizeRichText(v.content) };
    }),
  );
  await tx.insert(vendors).values(SEED_VENDORS.map((v) => ZVendorInput.parse(v)));
  // Configuration last: its presence marks the database as seeded.
  await tx
    .insert(siteConfig)
    .values(SITE_CONFIG_KEYS.map((key) => ({ key, value: DEFAULT_SITE_CONFIG[key] })));
}
