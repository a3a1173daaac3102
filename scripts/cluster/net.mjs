// The cluster test's network (scripts/cluster.mjs): one network namespace per instance, joined to the root
// namespace by a veth pair (10.210.N.1 on the root side, 10.210.N.2 inside), and an interface in the root
// namespace that carries the relays' own addresses: PostgreSQL's relay on PG_RELAY and Redis's on REDIS_RELAY,
// so that cutting one instance from PostgreSQL touches neither Redis nor the proxy's traffic.
//
// Every name starts with NAME_PREFIX; `cleanup()` removes whatever carries it (also what an earlier run that
// crashed left behind). Root only (`ip netns`).
import { spawnSync } from 'node:child_process';

export const NAME_PREFIX = 'lotuscl';
export const RELAY_LINK = `${NAME_PREFIX}r`;
export const PG_RELAY = '10.210.200.1';
export const REDIS_RELAY = '10.210.201.1';

export const nsName = (n) => `${NAME_PREFIX}${n}`;
/** The root side of instance n's veth pair, and the side inside its namespace. */
export const hostVeth = (n) => `${NAME_PREFIX}${n}h`;
const nsVeth = (n) => `${NAME_PREFIX}${n}n`;
/** The root namespace's address towards instance n (the proxy connects from it) and the instance's own. */
export const hostAddress = (n) => `10.210.${n}.1`;
export const instanceAddress = (n) => `10.210.${n}.2`;

/** Runs a command; throws with its output when it fails (unless `ok` allows the failure). */
export function sh(cmd, args, { ok = false } = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) {
    if (ok) return r;
    throw new Error(`${cmd} ${args.join(' ')}: ${r.error.message}`);
  }
  if (r.status !== 0 && !ok)
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${(r.stderr || r.stdout).trim()}`);
  return r;
}
const inNs = (n, cmd, args, opts) => sh('ip', ['netns', 'exec', nsName(n), cmd, ...args], opts);

/** Our namespaces that exist now (this run's or an earlier one's). */
function ourNamespaces() {
  const out = sh('ip', ['netns', 'list'], { ok: true }).stdout ?? '';
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0])
    .filter((name) => name && name.startsWith(NAME_PREFIX));
}

/**
 * Removes our namespaces (ending the processes an earlier run left inside them, by their ids), veths and the
 * relay interface. Synchronous, so it can run from an exit handler; never throws.
 */
export function cleanup() {
  for (const ns of ourNamespaces()) {
    const pids = (sh('ip', ['netns', 'pids', ns], { ok: true }).stdout ?? '')
      .split('\n')
      .map(Number)
      .filter((p) => p > 1);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone already */
      }
    }
    sh('ip', ['netns', 'del', ns], { ok: true });
  }
  const links = (sh('ip', ['-o', 'link', 'show'], { ok: true }).stdout ?? '')
    .split('\n')
    .map((line) => line.split(':')[1]?.trim().split('@')[0])
    .filter((name) => name && name.startsWith(NAME_PREFIX));
  for (const link of links) sh('ip', ['link', 'del', link], { ok: true });
}

/** The namespaces, veths and the relay interface for `count` instances. */
export function setUp(count) {
  cleanup();
  // A veth pair with both ends in the root namespace: a dummy interface would do, but kernels without the dummy
  // module exist (this machine's); deleting the link removes both ends and the addresses.
  sh('ip', ['link', 'add', RELAY_LINK, 'type', 'veth', 'peer', 'name', `${RELAY_LINK}p`]);
  sh('ip', ['link', 'set', `${RELAY_LINK}p`, 'up']);
  sh('ip', ['addr', 'add', `${PG_RELAY}/32`, 'dev', RELAY_LINK]);
  sh('ip', ['addr', 'add', `${REDIS_RELAY}/32`, 'dev', RELAY_LINK]);
  sh('ip', ['link', 'set', RELAY_LINK, 'up']);
  for (let n = 1; n <= count; n++) {
    sh('ip', ['netns', 'add', nsName(n)]);
    sh('ip', ['link', 'add', hostVeth(n), 'type', 'veth', 'peer', 'name', nsVeth(n)]);
    sh('ip', ['link', 'set', nsVeth(n), 'netns', nsName(n)]);
    sh('ip', ['addr', 'add', `${hostAddress(n)}/24`, 'dev', hostVeth(n)]);
    sh('ip', ['link', 'set', hostVeth(n), 'up']);
    inNs(n, 'ip', ['link', 'set', 'lo', 'up']);
    inNs(n, 'ip', ['addr', 'add', `${instanceAddress(n)}/24`, 'dev', nsVeth(n)]);
    inNs(n, 'ip', ['link', 'set', nsVeth(n), 'up']);
    inNs(n, 'ip', ['route', 'add', 'default', 'via', hostAddress(n)]);
  }
}

/**
 * How a namespace is cut from PostgreSQL's relay: iptables when the namespace has it, else nft, else a
 * blackhole route to that one address (packets dropped silently, as a partition does; new connections fail).
 */
export function cutMethod() {
  if (sh('ip', ['netns', 'exec', nsName(1), 'iptables', '-L', '-n'], { ok: true }).status === 0)
    return 'iptables';
  if (sh('ip', ['netns', 'exec', nsName(1), 'nft', 'list', 'ruleset'], { ok: true }).status === 0)
    return 'nft';
  return 'route';
}

/** Cuts instance n from PostgreSQL (only the relay's address: Redis and the proxy keep working). */
export function cutPostgres(n, method) {
  if (method === 'iptables') {
    inNs(n, 'iptables', ['-A', 'OUTPUT', '-d', PG_RELAY, '-j', 'DROP']);
    inNs(n, 'iptables', ['-A', 'INPUT', '-s', PG_RELAY, '-j', 'DROP']);
  } else if (method === 'nft') {
    inNs(n, 'nft', ['add', 'table', 'inet', 'lotuscut']);
    inNs(n, 'nft', ['add', 'chain', 'inet', 'lotuscut', 'out', '{ type filter hook output priority 0 ; }']);
    inNs(n, 'nft', ['add', 'chain', 'inet', 'lotuscut', 'in', '{ type filter hook input priority 0 ; }']);
    inNs(n, 'nft', ['add', 'rule', 'inet', 'lotuscut', 'out', 'ip', 'daddr', PG_RELAY, 'drop']);
    inNs(n, 'nft', ['add', 'rule', 'inet', 'lotuscut', 'in', 'ip', 'saddr', PG_RELAY, 'drop']);
  } else {
    inNs(n, 'ip', ['route', 'add', 'blackhole', `${PG_RELAY}/32`]);
  }
}

export function restorePostgres(n, method) {
  if (method === 'iptables') {
    inNs(n, 'iptables', ['-D', 'OUTPUT', '-d', PG_RELAY, '-j', 'DROP'], { ok: true });
    inNs(n, 'iptables', ['-D', 'INPUT', '-s', PG_RELAY, '-j', 'DROP'], { ok: true });
  } else if (method === 'nft') {
    inNs(n, 'nft', ['delete', 'table', 'inet', 'lotuscut'], { ok: true });
  } else {
    inNs(n, 'ip', ['route', 'del', 'blackhole', `${PG_RELAY}/32`], { ok: true });
  }
}
