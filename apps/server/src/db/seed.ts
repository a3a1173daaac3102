import { count } from 'drizzle-orm';
import { ZOpsPaymentChannelInput } from '@lotus/contracts/cashier';
import { parseMinor } from '@lotus/contracts/money';
import { SITE_CONFIG_KEYS } from '@lotus/contracts/site-config';
import {
  ZBannerInput,
  ZCsChannelInput,
  ZHelpArticleInput,
  ZNoticeInput,
  ZVendorInput,
} from '@lotus/contracts/ops';
import { sanitizeRichText } from '../lib/sanitize';
import { createPasswordHasher } from '../lib/password-hasher';
import { banners, csChannels, helpArticles, members, notices, paymentChannels, siteConfig, vendors } from './schema';
import { DEMO_PAYMENT_CHANNELS } from './seed-data/payment-channels';
import { DEMO_MEMBERS } from './seed-data/members';
import { SEED_BANNERS, SEED_CS, SEED_NOTICES, SEED_VENDORS } from './seed-data/content';
import { SEED_HELP } from './seed-data/help';
import { DEFAULT_SITE_CONFIG } from './seed-data/site-config';
import type { Executor, Tx } from './tx';

/**
 * First-start data. Runs only when site_config is empty, in one transaction, so it is idempotent:
 * a second start (or a second instance) finds the configuration and skips. Every row is validated
 * by the same contract schemas as operator input.
 *
 * Decision (docs/adr/0024-deployment-modes-and-demo-data.md, security #2): the default site
 * configuration and the sample content (banners, notices, help, customer-service channels,
 * vendors) are seeded in every mode: they hold no credential, the site needs its configuration to
 * run and operators edit the rest. The demo accounts (published passwords) are seeded only with
 * `demo` (the embedded demo, or SEED_DEMO=1).
 */
export async function seedIfEmpty(exec: Executor, options: { demo: boolean }): Promise<boolean> {
  const [row] = await exec.select({ n: count() }).from(siteConfig);
  if ((row?.n ?? 0) > 0) {
    // A demo database seeded before the accounts module existed gets its demo members once.
    if (options.demo) await seedDemoMembersIfNone(exec);
    // ... and one seeded before the cashier existed its demo payment channels.
    if (options.demo) await seedDemoChannelsIfNone(exec);
    return false;
  }
  const demoHashes = options.demo ? await hashDemoPasswords() : null;
  await exec.transaction(async (tx) => seed(tx, demoHashes));
  return true;
}

/** Password hashing is slow by design: done before any transaction. */
async function hashDemoPasswords(): Promise<string[]> {
  const hasher = createPasswordHasher();
  return Promise.all(DEMO_MEMBERS.map((m) => hasher.hash(m.password)));
}

async function seedDemoMembersIfNone(exec: Executor) {
  const [row] = await exec.select({ n: count() }).from(members);
  if ((row?.n ?? 0) > 0) return;
  const demoHashes = await hashDemoPasswords();
  await exec.transaction(async (tx) => insertDemoMembers(tx, demoHashes));
}

async function insertDemoMembers(tx: Tx, demoHashes: string[]) {
  const now = new Date();
  await tx
    .insert(members)
    .values(
      DEMO_MEMBERS.map((m, i) => ({
        username: m.username,
        passwordHash: demoHashes[i]!,
        passwordChangedAt: now,
        isAgent: m.isAgent,
        referralCode: m.referralCode,
        countryDialingCode: m.mobile?.dial ?? null,
        mobileNum: m.mobile?.national ?? null,
        mobileE164: m.mobile ? `${m.mobile.dial}${m.mobile.national}` : null,
        email: m.email,
        payeeName: m.payeeName,
        createdBy: 'self',
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

async function seedDemoChannelsIfNone(exec: Executor) {
  const [row] = await exec.select({ n: count() }).from(paymentChannels);
  if ((row?.n ?? 0) > 0) return;
  await exec.transaction(async (tx) => insertDemoChannels(tx));
}

/** The demo's payment channels (a bank transfer and the sandbox PSP), validated as operator input. */
async function insertDemoChannels(tx: Tx) {
  const now = new Date();
  await tx
    .insert(paymentChannels)
    .values(
      DEMO_PAYMENT_CHANNELS.map((raw) => {
        const c = ZOpsPaymentChannelInput.parse(raw);
        return {
          code: c.code,
          kind: c.kind,
          nameTh: c.nameTh,
          nameEn: c.nameEn,
          bankCode: c.bankCode ?? null,
          accountNumber: c.accountNumber ?? null,
          accountName: c.accountName ?? null,
          adapter: c.adapter ?? null,
          minMinor: parseMinor(c.min)!,
          maxMinor: parseMinor(c.max)!,
          dailyLimitMinor: parseMinor(c.dailyLimit)!,
          status: c.status,
          sort: c.sort,
          createdAt: now,
          updatedAt: now,
        };
      }),
    )
    .onConflictDoNothing();
}

async function seed(tx: Tx, demoHashes: string[] | null) {
  if (demoHashes) await insertDemoMembers(tx, demoHashes);
  if (demoHashes) await insertDemoChannels(tx);
  await tx.insert(banners).values(SEED_BANNERS.map((b) => ({ ...ZBannerInput.parse(b), startTime: null, endTime: null })));
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
