import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { getReadiness } from '@lotus/contracts/health';
import { buildHouseApp } from '@lotus/games/app';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { isProductionServer, readEnv, REPO_ROOT, ZEnv } from '../src/env';
import { healthRoutes, type Lifecycle } from '../src/plugins/health';
import { checkStartup } from '../src/startup-checks';

/**
 * Issue 26, the container image and the compose topology (docs/deploy.md, docs/adr/0087). This machine has
 * no container engine, so the files are kept honest here: compose.yaml read the way compose reads it (YAML
 * merge keys, ${...} from deploy/.env), each platform instance's environment put through the server's own
 * validation and start checks, the Dockerfile's health check run against the server's probe route, and the
 * proxy's configuration matched against the instances it fronts.
 */

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const exec = promisify(execFile);

// ---------- compose.yaml, read as compose reads it ----------

type Service = {
  image?: string;
  build?: string;
  command?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
};
type Compose = {
  services: Record<string, Service>;
  networks: Record<string, { ipam?: { config: { subnet: string }[] } }>;
};

/** deploy/.env.example as KEY -> value (compose's --env-file format: KEY=value, # comments). */
function envExample(): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of read('deploy/.env.example').split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) vars.set(m[1]!, m[2]!);
  }
  return vars;
}

/** Compose's interpolation: $$, $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}. */
function interpolate<T>(value: T, vars: ReadonlyMap<string, string>, missing: Set<string>): T {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (whole, name?: string, op?: string, arg?: string, bare?: string) => {
        if (whole === '$$') return '$';
        const key = (name ?? bare)!;
        const v = vars.get(key);
        const empty = v === undefined || v === '';
        if (op === ':-') return empty ? arg! : v!;
        if (op === '-') return v === undefined ? arg! : v;
        if ((op === ':?' && empty) || (op === '?' && v === undefined)) missing.add(key);
        return v ?? '';
      },
    ) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => interpolate(v, vars, missing)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars, missing)])) as T;
  return value;
}

const rawCompose = () => parseYaml(read('compose.yaml'), { merge: true }) as Compose;

/** compose.yaml with deploy/.env.example's values, the empty secrets filled as the file says to. */
function filledCompose(overrides: Record<string, string> = {}) {
  const vars = envExample();
  for (const [key, value] of vars) {
    if (value !== '') continue;
    if (key === 'LOTUS_MASTER_KEY' || key === 'HOUSE_SEED_KEY')
      vars.set(key, randomBytes(32).toString('base64'));
    if (key.endsWith('PASSWORD')) vars.set(key, randomBytes(24).toString('hex'));
  }
  // An operator with real mail and SMS (a production server refuses the sandbox ones otherwise).
  vars.set('SMTP_URL', 'smtp://mailer:example@mail.lotus.example:587');
  vars.set('SMS_GATEWAY_URL', 'https://sms.lotus.example/send');
  for (const [k, v] of Object.entries(overrides)) vars.set(k, v);
  const missing = new Set<string>();
  const compose = interpolate(rawCompose(), vars, missing);
  return { compose, missing, vars };
}

/** The platform instances: the Lotus image (LOTUS_IMAGE) with its own command, the server. */
const platformNames = () => {
  const { services } = rawCompose();
  const names = Object.keys(services).filter(
    (n) => services[n]!.image?.includes('LOTUS_IMAGE') && !services[n]!.command,
  );
  if (names.length === 0) throw new Error('compose.yaml runs no platform instance');
  return names;
};
const seconds = (d: string) => {
  const m = /^(\d+)(ms|s|m)$/.exec(d);
  if (!m) throw new Error(`not a duration: ${d}`);
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60 }[m[2] as 'ms' | 's' | 'm'];
};

// ---------- the Dockerfile ----------

type Instruction = { op: string; args: string; stage: string };
function dockerfile(file = 'Dockerfile'): Instruction[] {
  const out: Instruction[] = [];
  let stage = '';
  for (const raw of read(file).replace(/\\\n/g, ' ').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [, op, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    if (op === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args!)?.[1] ?? args!;
    out.push({ op: op!, args: args!, stage });
  }
  return out;
}
const runtime = () => dockerfile().filter((i) => i.stage === 'runtime');
/** The exec-form array of a HEALTHCHECK or CMD. */
const execForm = (args: string) => JSON.parse(args.slice(args.indexOf('['))) as string[];

// ---------- HAProxy ----------

/** deploy/haproxy/haproxy.cfg as sections: "backend platform" -> its lines. */
function haproxy(): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current = '';
  for (const raw of read('deploy/haproxy/haproxy.cfg').split('\n')) {
    const line = raw.replace(/#.*$/, '').trimEnd();
    if (line.trim() === '') continue;
    if (!/^\s/.test(line)) {
      current = line.trim();
      sections.set(current, []);
    } else sections.get(current)!.push(line.trim());
  }
  return sections;
}
const servers = (lines: string[]) =>
  lines
    .filter((l) => l.startsWith('server '))
    .map((l) => {
      const [, name, address] = l.split(/\s+/);
      return { name: name!, host: address!.split(':')[0]!, port: Number(address!.split(':')[1]) };
    });
const checkPath = (lines: string[]) =>
  /\buri\s+(\S+)/.exec(lines.find((l) => l.startsWith('http-check send'))!)![1];

describe('26 compose.yaml', () => {
  it('runs PostgreSQL, Redis, the proxy, the house vendor and at least three platform instances', () => {
    const { services } = rawCompose();
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.proxy?.build).toBe('./deploy/haproxy');
    expect(fs.existsSync(path.join(REPO_ROOT, 'deploy/haproxy/Dockerfile'))).toBe(true);
    expect(services.house?.command).toContain('apps/server/dist/house.js'); // apps/games/src/server.ts, compiled
    expect(platformNames().length).toBeGreaterThanOrEqual(3);
  });

  it("each instance's environment is one the server knows, accepts and starts with in production", () => {
    const { compose, missing } = filledCompose();
    expect([...missing]).toEqual([]);
    const known = new Set(Object.keys(ZEnv.shape));
    for (const name of platformNames()) {
      const environment = compose.services[name]!.environment!;
      expect(
        Object.keys(environment).filter((k) => !known.has(k)),
        name,
      ).toEqual([]);
      const env = readEnv(environment);
      expect(isProductionServer(env), name).toBe(true);
      expect(() => checkStartup(env), name).not.toThrow();
      // The operator API on its own listener; X-Forwarded-For trusted from the proxy's network only.
      expect(env.OPS_PORT, name).toBeDefined();
      expect(env.TRUST_PROXY, name).toEqual([compose.networks.front!.ipam!.config[0]!.subnet]);
    }
  });

  it('each instance keeps its own data folder (its ops.json)', () => {
    const { services } = rawCompose();
    const volumes = platformNames().map((n) =>
      services[n]!.volumes!.find((v) => v.endsWith(':/var/lib/lotus')),
    );
    expect(volumes.every(Boolean)).toBe(true);
    expect(new Set(volumes).size).toBe(volumes.length);
  });

  it('the house is given only variables its server reads', () => {
    const source = read('apps/games/src/server.ts');
    const environment = rawCompose().services.house!.environment!;
    expect(Object.keys(environment).filter((k) => !new RegExp(`\\b${k}:`).test(source))).toEqual([]);
  });

  it('a deploy/.env that leaves a secret empty stops compose, naming it', () => {
    const vars = envExample();
    const missing = new Set<string>();
    interpolate(rawCompose(), vars, missing);
    expect([...missing].sort()).toEqual(
      [
        'LOTUS_DB_PASSWORD',
        'LOTUS_HOUSE_DB_PASSWORD',
        'LOTUS_MASTER_KEY',
        'LOTUS_REDIS_PASSWORD',
        'HOUSE_SEED_KEY',
        'POSTGRES_PASSWORD',
      ].sort(),
    );
  });

  it('deploy/.env.example names every variable compose reads and holds no secret value', () => {
    const vars = envExample();
    const used = new Set(
      [...read('compose.yaml').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!),
    );
    expect([...used].filter((v) => !vars.has(v))).toEqual([]);
    for (const [key, value] of vars) {
      if (/KEY|SECRET|PASSWORD|TOKEN/.test(key)) expect(value, key).toBe('');
      expect(value, key).not.toMatch(/:\/\/[^/@\s]+:[^/@\s]+@/); // no URL with credentials
      expect(value, key).not.toMatch(/^[A-Fa-f0-9]{24,}$|^[A-Za-z0-9+/]{32,}={0,2}$/); // nothing generated
    }
  });

  it('an instance is given the time to drain and close before it is killed', () => {
    const { compose } = filledCompose();
    const cfg = haproxy();
    const defaults = cfg.get('defaults')!;
    const checkTimeout = seconds(/timeout check (\S+)/.exec(defaults.join('\n'))![1]!);
    const line = cfg.get('backend platform')!.find((l) => l.startsWith('default-server'))!;
    const option = (name: string) => new RegExp(`\\b${name} (\\S+)`).exec(line)![1]!;
    const inter = seconds(option('inter'));
    const fastinter = seconds(option('fastinter'));
    const fall = Number(option('fall'));
    // The proxy sees the failing readiness check at the latest after the first interval, then fall - 1
    // faster ones, each allowed its timeout.
    const proxyNotices = inter + (fall - 1) * fastinter + fall * checkTimeout;
    for (const name of platformNames()) {
      const service = compose.services[name]!;
      const drain = Number(service.environment!.DRAIN_SECONDS);
      expect(drain, name).toBeGreaterThan(proxyNotices);
      // server.ts exits by force 10 s after close begins.
      expect(seconds(service.stop_grace_period!), name).toBeGreaterThanOrEqual(drain + 10);
    }
  });
});

describe('26 HAProxy in front of the instances', () => {
  it('sends the public site to every instance and the operator API to their operator listeners only', () => {
    const { compose } = filledCompose();
    const cfg = haproxy();
    const names = platformNames().sort();
    const publicServers = servers(cfg.get('backend platform')!);
    const opsServers = servers(cfg.get('backend operators')!);
    expect(publicServers.map((s) => s.host).sort()).toEqual(names);
    expect(opsServers.map((s) => s.host).sort()).toEqual(names);
    for (const s of publicServers) expect(s.port).toBe(Number(compose.services[s.host]!.environment!.PORT));
    for (const s of opsServers) expect(s.port).toBe(Number(compose.services[s.host]!.environment!.OPS_PORT));
    // The public frontend refuses the operator API, the console and the probes.
    const deny = cfg.get('frontend public')!.find((l) => l.startsWith('http-request deny'))!;
    for (const p of ['/ops/', '/backoffice', '/health/']) expect(deny).toContain(p);
    // The operators frontend is published on the host's loopback only.
    const opsBind = /:(\d+)$/.exec(cfg.get('frontend operators')!.find((l) => l.startsWith('bind'))!)![1];
    const published = compose.services.proxy!.ports!.find((p) => p.endsWith(`:${opsBind}`))!;
    expect(published).toMatch(/^127\.0\.0\.1:/);
  });

  it('checks each instance on the readiness path the server serves, and the house on a page it serves', async () => {
    const cfg = haproxy();
    expect(checkPath(cfg.get('backend platform')!)).toBe(getReadiness.path);
    expect(checkPath(cfg.get('backend operators')!)).toBe(getReadiness.path);
    const housePath = checkPath(cfg.get('backend house')!)!;
    const house = await buildHouseApp({ logger: false });
    try {
      expect((await house.inject(housePath)).statusCode).toBe(200);
    } finally {
      await house.close();
    }
    expect(rawCompose().services.house!.healthcheck!.test.join(' ')).toContain(
      `127.0.0.1:${rawCompose().services.house!.environment!.PORT}${housePath}`,
    );
  });
});

describe('26 the Dockerfile', () => {
  it("its health check asks the server's readiness probe: exit 0 when ready, 1 when draining", async () => {
    const healthcheck = runtime().find((i) => i.op === 'HEALTHCHECK')!;
    const [program, ...args] = execForm(healthcheck.args);
    expect(program).toBe('node');
    const lifecycle: Lifecycle = { draining: false };
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    healthRoutes(app, { lifecycle, pingDatabase: async () => 1, redis: undefined, jobsRunning: () => true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const env = { PATH: process.env.PATH ?? '', PORT: String((app.server.address() as AddressInfo).port) };
    const check = () =>
      exec(process.execPath, args, { env }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    try {
      expect(await check()).toBe(0);
      lifecycle.draining = true;
      expect(await check()).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('runs the server as a user without privileges, on the project Node major, with no secret baked in', () => {
    const stage = runtime();
    const from = dockerfile().find((i) => i.op === 'ARG' && i.args.startsWith('NODE_IMAGE='))!.args;
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(/node:(\d+)/.exec(from)![1]).toBe(/(\d+)/.exec(engines)![1]);
    const user = stage.filter((i) => i.op === 'USER').at(-1)!.args;
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(stage.find((i) => i.op === 'STOPSIGNAL')?.args).toBe('SIGTERM');
    const imageEnv = Object.fromEntries(
      stage
        .filter((i) => i.op === 'ENV')
        .flatMap((i) => [...i.args.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1]!, m[2]!])),
    );
    const known = new Set(Object.keys(ZEnv.shape));
    expect(Object.keys(imageEnv).filter((k) => !known.has(k))).toEqual([]);
    const all = dockerfile()
      .filter((i) => i.op === 'ENV' || i.op === 'ARG')
      .map((i) => i.args)
      .join(' ');
    expect(all).not.toMatch(/KEY=|SECRET|PASSWORD|DATABASE_URL|REDIS_URL|SMTP_URL/);
    // The ports it listens on are the ones it declares.
    const exposed = stage.find((i) => i.op === 'EXPOSE')!.args.split(/\s+/);
    const defaults = readEnv(imageEnv);
    expect(exposed).toEqual(expect.arrayContaining([String(defaults.PORT), String(defaults.OPS_PORT)]));
  });

  it('copies what exists or what `npm run build` makes, and runs the compiled server: no TypeScript, no tsx', () => {
    const stage = runtime();
    const built = ['apps/web/dist', 'apps/backoffice/dist', 'apps/server/media-built', 'apps/server/dist'];
    const sources = stage
      .filter((i) => i.op === 'COPY' && i.args.startsWith('--from=build'))
      .flatMap((i) => i.args.split(/\s+/).slice(1, -1))
      .map((s) => s.replace(/^\/app\//, ''));
    for (const source of sources)
      expect(built.includes(source) || fs.existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
    // Nothing from node_modules beyond the production install, and no TypeScript source at all.
    expect(sources.filter((s) => s.startsWith('node_modules/') || /(^|\/)src(\/|$)|\.ts$/.test(s))).toEqual([]);
    // The platform and the house vendor run compiled entries (the server tests' global setup compiles them).
    const cmd = execForm(stage.find((i) => i.op === 'CMD')!.args);
    const house = (rawCompose().services.house as { command?: string[] }).command!;
    for (const command of [cmd, house]) {
      expect(command.join(' ')).not.toMatch(/tsx|\.ts\b/);
      expect(command.at(-1)).toMatch(/^apps\/server\/dist\/\w+\.js$/);
      expect(fs.existsSync(path.join(REPO_ROOT, command.at(-1)!)), command.at(-1)).toBe(true);
    }
  });

  it('keeps secrets, installed modules and data folders out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['.git', '**/node_modules', '.data', '**/.env', 'docs/screenshots'])
      expect(ignored).toContain(entry);
  });
});
