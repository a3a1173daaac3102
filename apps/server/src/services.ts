import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from './db/client';
import type { ConfigBus } from './lib/config-bus';
import { createAgentModule, createContractFlagsReader } from './modules/agent/agent.module';
import { createCatalogueModule } from './modules/catalogue/catalogue.module';
import { createContentModule } from './modules/content/content.module';
import { createDepositModule } from './modules/deposit/deposit.module';
import { createInboxModule } from './modules/inbox/inbox.module';
import { createIdentityModule } from './modules/identity/identity.module';
import { DEFAULT_IDENTITY_OPTIONS, type IdentityOptions } from './modules/identity/identity.options';
import { createMailModule } from './modules/mail/mail.module';
import { createOpsModule } from './modules/ops/ops.module';
import { createRelayModule } from './modules/relay/relay.module';
import { createSiteConfigStore, createSystemModule } from './modules/system/system.module';
import { createVendorModule } from './modules/game-vendors/vendor.module';
import { createVendorProtocolModule } from './modules/vendor-protocol/vendor-protocol.module';
import { createLiveModule } from './modules/live/live.module';
import { createLotteryModule } from './modules/lottery/lottery.module';
import { createVerificationModule } from './modules/verification/verification.module';
import { DEFAULT_TRANSFER_WALLET_OPTIONS, type TransferWalletOptions } from './modules/wallet/transfers/transfer.options';
import { createMemberMoneyModule } from './modules/member-money/member-money.module';
import { createReportsModule } from './modules/reports/reports.module';
import { createWalletModule } from './modules/wallet/wallet.module';
import { createWithdrawalModule } from './modules/withdrawal/withdrawal.module';
import { auditKeyFromMasterKey, createOpsAudit } from './platform/audit/ops.audit';
import { systemClock, type Clock } from './platform/clock';
import { createConfigService } from './platform/config/config.service';
import { createApprovals } from './platform/approvals/approvals';
import { createJobEngine, type JobEngineOptions } from './platform/jobs/engine';
import type { MasterKeys } from './platform/keys/master-key';
import { createServerKeyRepository, createServerKeys } from './platform/keys/server-keys';
import type { ModuleParts } from './platform/module';
import { createLiveBus, type LiveBus } from './platform/live';
import { createMetrics } from './platform/metrics';
import { createOutbox } from './platform/outbox/outbox';
import { createPasswordHasher } from './lib/password-hasher';
import { createUploadQuota } from './platform/media/upload-quota';
import { createThrottleRepository } from './platform/throttles/throttle.repository';
import { createWindowCounters } from './platform/throttles/window-counter';

/**
 * The composition root: builds the platform layer, then each module in dependency order with
 * narrowed dependencies. Nothing else happens here: a module wires its own repositories and
 * services (`modules/<m>/<m>.module.ts`). Used by the HTTP app and the ops command line alike.
 */
export function createServices(
  database: Database,
  options: {
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    bus?: ConfigBus | undefined;
    /** The app's Redis connection (REDIS_URL; platform/redis.ts): counters shared by every instance. */
    redis?: Redis | undefined;
    /** Accounts and access tunables and adapters (env: identityOptionsFromEnv). */
    identity?: IdentityOptions;
    /** The clock of time-dependent rules (expiry, lockout, limits); tests move it. */
    now?: Clock;
    /** Job engine tunables (poll and schedule-check intervals). */
    jobs?: JobEngineOptions;
    /** The key-encryption key(s) of server_keys (platform/keys/master-key.ts). */
    masterKeys: Pick<MasterKeys, 'current' | 'previous'>;
    /** Transfer-mode vendor wallets (env: transferWalletOptionsFromEnv) and this server's URL once it listens. */
    transfers?: { options: TransferWalletOptions; selfUrl: () => string | null };
    /** Cashier: whether the sandbox PSP is registered (env sandboxPspAllowed; docs/adr/0027). */
    cashier?: { sandboxPsp: boolean };
    /** Where the audit chain head is exported (DATA_DIR/audit-anchor.log; docs/adr/0068); null: not exported. */
    auditAnchorFile?: string | null;
    /** Live updates for members (platform/live.ts): across instances through Redis; default in this process. */
    live?: LiveBus;
    /** The lottery vendor operators act on (env HOUSE_LOTTERY_VENDOR_CODE; default LOTT; docs/adr/0096). */
    lottery?: { opsVendorCode?: string | undefined };
  },
) {
  const { log } = options;
  const now = options.now ?? systemClock;
  const idOptions = options.identity ?? DEFAULT_IDENTITY_OPTIONS;

  // ---------- platform: what several modules share ----------
  const config = createConfigService({
    database,
    repo: createSiteConfigStore(database),
    bus: options.bus,
    log,
    now,
  });
  const jobs = createJobEngine({ database, log, now, options: options.jobs });
  const keys = createServerKeys({
    database,
    repo: createServerKeyRepository(database.db),
    master: options.masterKeys,
    now,
  });
  const outbox = createOutbox({ db: database.db, jobs, keys, log, now });
  // Hints to members' open pages that their balance or messages changed (GET /wps/live; docs/adr/0090).
  const live = options.live ?? createLiveBus({ log });
  // Prometheus metrics (issue 26, docs/metrics.md): read at scrape time on the operator listener.
  const pool = database.raw.kind === 'postgres' ? database.raw.pool : null;
  const metrics = createMetrics({
    jobDepth: jobs.depth,
    jobFailures: jobs.failedCounts,
    ...(pool ? { pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) } : {}),
  });
  outbox.register();
  const throttles = createThrottleRepository(database.db);
  // Counts per key and window that every instance must agree on (in memory without Redis: one instance).
  const counters = createWindowCounters({ redis: options.redis, log });
  const hasher = createPasswordHasher();
  // Slips (deposit) and not-received proofs (withdrawal) share one daily byte allowance (issue 23 #4).
  const uploadQuota = createUploadQuota();
  // The audit rows' MAC key comes from the master key, outside the database (docs/adr/0068).
  const opsAudit = createOpsAudit({
    database,
    now,
    macKeys: [options.masterKeys.current, options.masterKeys.previous]
      .filter((key): key is Buffer => key !== null)
      .map(auditKeyFromMasterKey),
    anchorFile: options.auditAnchorFile ?? null,
  });
  opsAudit.register(jobs);
  // Four-eyes approvals (docs/adr/0044): modules define the actions that need a second operator.
  const approvals = createApprovals({ database, audit: opsAudit, now });
  // What every module may ask for; each factory's parameter type narrows what it sees.
  const shared = { database, config, keys, throttles, hasher, outbox, jobs, log, now };
  /** The multiple a credit that needs turnover must be staked (docs/adr/0070): one setting, the withdrawal's. */
  const wageringMultiple = async () => (await config.get('withdrawal')).turnoverMultiple;

  // ---------- modules, each after what it depends on ----------
  const content = createContentModule(shared);
  const system = createSystemModule({ ...shared, content: content.service });
  const vendor = createVendorModule(shared);
  const wallet = createWalletModule({
    database,
    now,
    jobs,
    approvals,
    live,
    transfers: {
      options: options.transfers?.options ?? DEFAULT_TRANSFER_WALLET_OPTIONS,
      selfUrl: options.transfers?.selfUrl ?? (() => null),
      vendors: vendor.transferVendors,
      provisionVendor: vendor.provisionVendor,
    },
  });
  const mail = createMailModule({ ...shared, smtp: idOptions.smtp });
  const verification = createVerificationModule({
    ...shared,
    sms: idOptions.sms,
    smsBudget: idOptions.smsBudget,
  });
  const inbox = createInboxModule({ ...shared, live });
  const identity = createIdentityModule({
    ...shared,
    verification,
    mail: { mailer: mail.mailer, outbox: mail.repo },
    memberBalance: wallet.memberBalance,
    unreadMessages: inbox.unreadMessages,
    contractFlags: createContractFlagsReader(database),
    grantTrialCredit: wallet.grantTrialCredit,
    options: idOptions,
  });
  const deposit = createDepositModule({
    ...shared,
    uploadQuota,
    wallet: wallet.service,
    usernameOf: async (memberId) => (await identity.memberSummary(memberId))?.username ?? null,
    memberIdOf: async (username) => (await identity.memberSummaryByUsername(username))?.id ?? null,
    wageringMultiple,
    sandboxPsp: options.cashier?.sandboxPsp ?? false,
    approvals,
  });
  const withdrawal = createWithdrawalModule({
    ...shared,
    uploadQuota,
    stepUp: identity.stepUp,
    wallet: { post: wallet.service.post },
    wageringOutstanding: wallet.service.wageringOutstanding,
    fundingApprovers: deposit.service.operatorsWhoCredited,
    approvals,
  });
  const agent = createAgentModule({
    database,
    approvals,
    stepUp: identity.stepUp,
    post: wallet.service.post,
    wageringMultiple,
    members: {
      memberSummary: identity.memberSummary,
      memberSummaryByUsername: identity.memberSummaryByUsername,
      listDirectDownlines: identity.listDirectDownlines,
      usernamesOf: identity.usernamesOf,
      memberTree: identity.memberTree,
      makeAgent: identity.makeAgent,
      madeBetween: identity.madeBetween,
      referralCodeOf: identity.referralCodeOf,
      teamOf: identity.teamOf,
      createDownline: identity.createDownline,
    },
    playByMember: wallet.service.playByMember,
    activityByMember: wallet.service.activityByMember,
    // Notices of type AG: only for agents, never in the public announcement call (docs/adr/0100).
    agentNotices: async (language: string) =>
      (await content.service.listAnnouncements(['AG'], language)).map(({ id, title, content: html, startTime }) => ({ id, title, content: html, startTime })),
    depositedBefore: wallet.service.depositedBefore,
    mainBalances: wallet.service.mainBalances,
    teamBalances: async () => (await config.get('agents')).teamBalances,
    reverse: wallet.service.reverse,
    playByMemberGame: wallet.service.playByMemberGame,
    // The catalogue is built after this module; the rollup job calls this long after both exist.
    gameTypes: (pairs, tx) => catalogue.service.gameTypes(pairs, tx),
    now,
  });
  const ops = createOpsModule({
    ...shared,
    content: content.service,
    feedback: system.feedback,
    audit: opsAudit,
    approvals,
  });

  const catalogue = createCatalogueModule({
    database,
    config,
    bus: options.bus,
    vendors: vendor.directory,
    vendorCards: () => content.service.getVendorCards(),
    wins: { settledWins: wallet.service.settledWins },
    rounds: { bettingRounds: wallet.service.bettingRounds },
    usernameOf: async (memberId) => (await identity.memberSummary(memberId))?.username ?? null,
    now,
  });
  // The operators' transfer desk names the members of stuck transfers (docs/adr/0083).
  wallet.setUsernames(async (memberId) => (await identity.memberSummary(memberId))?.username ?? null);
  // The account record names a deposit's channel and a round's game in Thai and English (issue 25).
  wallet.setRecordNames(async (rows) => {
    const deposits = rows.filter((r) => r.op === 'deposit').map((r) => r.key);
    const games = rows.filter((r) => r.op === 'game' && r.memo).map((r) => ({ vendor: r.actorId, gameCode: r.memo! }));
    const [channelNames, gameNames] = await Promise.all([deposit.service.channelNamesOf(deposits), catalogue.service.gameNames(games)]);
    return rows.map((r) =>
      r.op === 'deposit' ? (channelNames.get(r.key) ?? null) : r.op === 'game' && r.memo ? (gameNames.get(`${r.actorId}\u0000${r.memo}`) ?? null) : null,
    );
  });
  // The lottery mirror and lobby (docs/adr/0093): the vendors' pushes land in it through the vendor protocol.
  const lottery = createLotteryModule({
    database,
    vendors: { status: vendor.directory.status },
    rounds: { bettingRounds: wallet.service.bettingRounds, playTotals: wallet.service.playTotals },
    topWinners: catalogue.service.topWinners,
    now,
    // The operators' lottery (docs/adr/0096): calls signed with the lottery vendor's secret, read through the registry.
    opsVendors: { vendorOf: vendor.service.vendorOf },
    opsVendorCode: options.lottery?.opsVendorCode,
    operatorNames: async () => new Map((await ops.service.operators.listOperators()).map((o) => [o.id, o.username] as const)),
    approvals,
    log,
  });
  const vendorProtocol = createVendorProtocolModule({
    vendors: vendor.signedVendors,
    sessions: vendor.sessions,
    findPlayer: identity.findPlayer,
    wallet: { gameOperation: wallet.service.gameOperation, balanceOf: wallet.service.balanceOf },
    publishGames: catalogue.service.sync,
    syncDraws: lottery.syncDraws,
    log,
    now,
    counters,
    countOperation: metrics.countWalletOperation,
  });
  const relay = createRelayModule();
  const memberMoney = createMemberMoneyModule({
    database,
    outbox,
    now,
    approvals,
    wallet: wallet.service,
    members: {
      memberMoneyProfile: identity.memberMoneyProfile,
      usernamesOf: identity.usernamesOf,
      realNamesOf: identity.realNamesOf,
      sharedDevices: identity.sharedDevices,
    },
    sharedBankAccounts: withdrawal.sharedBankAccounts,
    payerNamesSince: deposit.service.payerNamesSince,
  });
  const reports = createReportsModule({ periodFigures: wallet.service.periodFigures, registrationsBetween: identity.registrationsBetween });
  const liveUpdates = createLiveModule({
    live,
    authenticate: async (token) => (await identity.sessions.authenticate(token, { allowRestricted: false })).id,
  });

  /** What app.ts registers, in this order: route plugins and operator route plugins. */
  const parts: ModuleParts[] = [content, system, relay, ops, identity, verification, wallet, inbox, deposit, withdrawal, agent, vendor, catalogue, lottery, vendorProtocol, reports, memberMoney, liveUpdates];
  // Jobs are defined here (not in app.ts) so the ops command line's direct mode knows them too.
  for (const part of parts) for (const job of part.jobs ?? []) jobs.define(job);

  return {
    config,
    content: content.service,
    system: system.service,
    ops: ops.service,
    inbox: inbox.service,
    deposit: { service: deposit.service, channels: deposit.channels, sandbox: deposit.sandbox },
    wallet: wallet.service,
    /** Agent contracts and their settlement (docs/adr/0100). */
    agent: { contracts: agent.contracts, team: agent.team },
    /** Transfer-mode vendor wallets and the sandbox transfer vendor (null unless the sandbox is on). */
    transfers: { service: wallet.transfers, sandbox: wallet.sandbox, provisionSandboxVendor: wallet.provisionSandboxVendor },
    identity,
    verification: { challenges: verification.challenges, sms: verification.sms, smsProvider: verification.smsProvider },
    /** The mail transport (SMTP or the sandbox outbox); closed with the app, after the job engine stopped. */
    mail: { mailer: mail.mailer, close: () => mail.close() },
    /** Seals outbox rows written in clear before security finding 21 (run at start; idempotent). */
    async sealPlaintextOutboxes() {
      await verification.sealPlaintext();
      await mail.sealPlaintext();
    },
    withdrawal: withdrawal.service,
    vendor: { service: vendor.service, ops: vendor.ops },
    catalogue: { service: catalogue.service, ops: catalogue.ops },
    lottery: lottery.service,
    /** The operators' lottery (docs/adr/0096): `attachInProcess` when the lottery is mounted in this process (house.ts). */
    lotteryOps: { attachInProcess: lottery.attachInProcessLottery },
    /**
     * The platform layer: the job engine, the outbox (`drain()`: this process's deliveries, tests), the server keys,
     * the Prometheus metrics.
     */
    platform: { jobs, outbox, keys, metrics },
    parts,
  };
}

export type Services = ReturnType<typeof createServices>;
