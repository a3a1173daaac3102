import { API_AREAS } from '@lotus/contracts/areas';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createHouse, type House, type HouseConfig, type Transport } from '@lotus/games/house';
import { houseRoutes } from '@lotus/games/app';
import { loadTitles } from '@lotus/games/titles';
import { seedKeyFromMasterKey } from '@lotus/games/seed-vault';
import {
  createSandboxBeacon,
  httpBeaconSource,
  QUICKNET,
  sandboxBeaconSource,
  sandboxSecretKey,
  type BeaconSource,
} from '@lotus/games/lottery/beacon';
import { sandboxOfficialResults } from '@lotus/games/lottery/official-results';
import { createHmac } from 'node:crypto';
import type { LottoOpsTransport } from './modules/lottery/lottery.module';
import { sandboxPspAllowed, type Env } from './env';
import { resolveMasterKeys } from './platform/keys/master-key';

/**
 * The one-process mode (docs/adr/0048): the house vendor (apps/games) mounted at /house on the
 * platform's own app. It stays a vendor: every money movement is a signed /vendor/v1 call, carried
 * in process (request injection) instead of over the network. Production deployments give it its
 * registry code and secret (HOUSE_VENDOR_CODE, HOUSE_VENDOR_SECRET); the embedded demo (or
 * ALLOW_SANDBOX_PSP=1) registers the vendor HOUSE itself and reads its secret from the
 * registry in process (never written to a file or a log). Otherwise /house serves the verifier only.
 */

/** The embedded demo's house vendor in the registry. */
export const DEMO_HOUSE_VENDOR = { code: 'HOUSE', name: 'Lotus House' } as const;
/**
 * The house lottery's own vendor identity (ADR 0094): code LOTT, so the site sends its games to /lottery
 * (4.GS.02) and its category cards decide the prize mode (3.PRZ.02).
 */
export const DEMO_LOTTERY_VENDOR = { code: 'LOTT', name: 'Lotus Lottery' } as const;

/** drand's own relay: electronic draws' quicknet rounds, verified against quicknet's key whatever relay answers. */
export const DRAND_RELAY = 'https://api.drand.sh';

/**
 * Where electronic lottery draws get their randomness (ADR 0092): drand quicknet in a deployment; the
 * embedded demo's sandbox beacon, its BLS key derived from the master key (the same key across restarts,
 * never in the database), on quicknet's clock so that its rounds come as often.
 */
export function lotteryBeaconOf(env: Env, demo: boolean, masterKey: Buffer): BeaconSource {
  if (!demo) return httpBeaconSource(QUICKNET, env.HOUSE_BEACON_URL ?? DRAND_RELAY);
  const seed = createHmac('sha256', masterKey).update('lotus:lottery-sandbox-beacon:v1').digest();
  return sandboxBeaconSource(
    createSandboxBeacon({ secretKey: sandboxSecretKey(seed), genesisSeconds: QUICKNET.genesisSeconds, periodSeconds: QUICKNET.periodSeconds }),
  );
}

/** Signed protocol calls carried into the platform app without a network hop. */
export const inProcessTransport =
  (app: FastifyInstance): Transport =>
  async (callPath, headers, body) => {
    const res = await app.inject({ method: 'POST', url: `${API_AREAS.vendorProtocol}/${callPath}`, headers, payload: body });
    const header = (name: string) => (typeof res.headers[name] === 'string' ? (res.headers[name] as string) : undefined);
    return { status: res.statusCode, body: res.body, timestamp: header('x-timestamp'), signature: header('x-signature') };
  };

/**
 * The lottery's operator calls (docs/adr/0096) carried to the lottery mounted on `app` without a network hop: the
 * same signed bytes as over HTTP, to the same path.
 */
export const inProcessLottoOpsTransport =
  (app: FastifyInstance): LottoOpsTransport =>
  async (callPath, headers, body) => {
    const res = await app.inject({ method: 'POST', url: callPath, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };

/**
 * Adds (or points at `baseUrl`) the demo's house vendors: the slots (launch URL <base>/house/play) and the
 * lottery (<base>/house/lotto/play), seamless wallets.
 */
export async function provisionHouseVendor(app: FastifyInstance, baseUrl: string): Promise<void> {
  const base = baseUrl.replace(/\/$/, '');
  for (const vendor of [
    { ...DEMO_HOUSE_VENDOR, gameTypes: ['SLOT'], launchUrl: `${base}/house/play` },
    { ...DEMO_LOTTERY_VENDOR, gameTypes: ['LOTT', 'ELOTT'], launchUrl: `${base}/house/lotto/play` },
  ])
    await app.services.vendor.ops.ensure(
      { code: vendor.code, name: vendor.name, gameTypes: vendor.gameTypes, walletMode: 'seamless', launchUrl: vendor.launchUrl },
      async () => undefined, // platform-provided, like the demo data: no operator, no audit row
    );
}

/**
 * Mounts the house app on `app` (before it is ready). Answers the house (null: verifier only). The
 * house's database closes with the app; the sweeper and the game list's publishing start when the app is ready unless `sweeper: false`.
 */
export async function mountHouse(
  app: FastifyInstance,
  env: Env,
  options: {
    database?: HouseConfig['database'];
    now?: () => number;
    sweeper?: boolean;
    /** The demo's data: real published past draws as the lottery's results history (server.ts, with the demo accounts). */
    lotteryDemoHistory?: boolean;
  } = {},
): Promise<House | null> {
  const configured = Boolean(env.HOUSE_VENDOR_CODE && env.HOUSE_VENDOR_SECRET);
  if (!configured && !sandboxPspAllowed(env)) {
    await app.register(houseRoutes, { prefix: API_AREAS.house, titles: loadTitles() });
    return null;
  }
  const code = configured ? env.HOUSE_VENDOR_CODE! : DEMO_HOUSE_VENDOR.code;
  const configuredSecret = env.HOUSE_VENDOR_SECRET;
  const registrySecret = (vendorCode: string) => async () => {
    const vendor = await app.services.vendor.service.vendorOf(vendorCode);
    if (!vendor) throw new Error(`the vendor ${vendorCode} is not registered yet`);
    return vendor.secret;
  };
  const secret = configured ? () => configuredSecret! : registrySecret(code);
  // The lottery sells tickets as its own vendor: configured beside the house in a deployment, LOTT in the demo.
  const lotterySecret = env.HOUSE_LOTTERY_VENDOR_SECRET;
  const lottery = configured
    ? lotterySecret
      ? { vendorCode: env.HOUSE_LOTTERY_VENDOR_CODE ?? DEMO_LOTTERY_VENDOR.code, secret: () => lotterySecret }
      : undefined
    : { vendorCode: DEMO_LOTTERY_VENDOR.code, secret: registrySecret(DEMO_LOTTERY_VENDOR.code) };
  // The house seed key comes from the master key (ADR 0023, ADR 0068): like the server keys, the
  // house's unrevealed server seeds cannot be derived from a copy of the database alone.
  const master = resolveMasterKeys(env);
  const house = await createHouse({
    vendorCode: code,
    secret,
    seedKeys: {
      current: seedKeyFromMasterKey(master.current),
      previous: master.previous ? seedKeyFromMasterKey(master.previous) : null,
    },
    transport: inProcessTransport(app),
    database:
      options.database ??
      // A server on PostgreSQL keeps the house there too (several instances may share DATA_DIR; a PGlite
      // folder is for one process): its own database if given, else the platform's (house_* tables).
      (env.HOUSE_DATABASE_URL || env.DATABASE_URL
        ? { url: (env.HOUSE_DATABASE_URL ?? env.DATABASE_URL)! }
        : { dataDir: path.join(env.DATA_DIR, 'house') }),
    secureCookie: env.PUBLIC_URL?.startsWith('https:') ?? false,
    lotteryBeacon: lotteryBeaconOf(env, !configured, master.current),
    // The embedded demo proposes each closed draw's result from its sandbox feed for an operator to confirm
    // (ADR 0098); a deployment's operators enter them until an official feed's adapter is configured.
    ...(configured ? {} : { lotteryOfficialResults: sandboxOfficialResults() }),
    ...(options.lotteryDemoHistory ? { lotteryDemoHistory: true } : {}),
    ...(lottery ? { lottery } : {}),
    ...(options.now ? { now: options.now } : {}),
    log: app.log,
  });
  await house.register(app);
  // The operators' lottery calls reach this lottery in process (docs/adr/0096), signed with its registry secret.
  if (lottery) app.services.lotteryOps.attachInProcess(lottery.vendorCode, inProcessLottoOpsTransport(app));
  const start = () => {
    if (options.sweeper !== false) house.start();
  };
  if (configured) app.addHook('onReady', async () => start());
  else
    // The demo's vendor is registered once the address is known; sweeping and publishing start after it.
    app.addHook('onListen', async () => {
      const address = app.server.address();
      const base =
        env.PUBLIC_URL ??
        (address && typeof address !== 'string'
          ? `http://${['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`
          : null);
      if (!base) return;
      await provisionHouseVendor(app, base).catch((error: unknown) => {
        app.log.warn({ err: error }, 'house vendor not provisioned');
      });
      start();
    });
  app.addHook('onClose', async () => house.close());
  return house;
}
