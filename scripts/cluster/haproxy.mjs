// HAProxy for the cluster test (scripts/cluster.mjs): the repository's deploy/haproxy/haproxy.cfg with the
// addresses of this machine instead of compose's, run in the foreground (-db) as a child process.
//
// What changes from the deployed file (everything else, the health checks, their timings, retries and
// redispatch, the public frontend's refusals, is kept as it is):
// - no Docker DNS: the `resolvers docker` section and the servers' `resolvers`/`init-addr` go; each server is
//   its instance's address in its network namespace;
// - the frontends bind on 127.0.0.1 on free ports instead of :8080, :9090 and :8404;
// - the instances run without OPS_PORT (the test's set-up calls /ops on instance 1 directly), so the operators
//   backend points at their public port;
// - no house service: its backend and the `use_backend house` line go;
// - for the test's accounting: each request's X-Cluster-Req header is captured and logged with the server that
//   took it, its status and HAProxy's termination state, and each answer says which server gave it
//   (X-Cluster-Server).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The derived configuration text. `servers`: [{ name: 'platform-1', address: '10.210.1.2', port: 8080 }, ...]. */
export function deriveConfig(source, { servers, publicPort, opsPort, statsPort }) {
  const serverLines = (port) => servers.map((s) => `    server ${s.name} ${s.address}:${port ?? s.port}`);
  const out = [];
  let section = '';
  let skipping = false;
  for (const line of source.split('\n')) {
    const header = /^(global|defaults|resolvers|frontend|backend|listen)\b\s*(\S*)/.exec(line);
    if (header) {
      section = `${header[1]} ${header[2]}`.trim();
      skipping = section === 'resolvers docker' || section === 'backend house';
      if (skipping) continue;
    } else if (skipping) {
      // A section runs until the next header; comments just before the next header belong to it.
      continue;
    }
    let l = line;
    if (/^\s*server\s+platform-\d+\s/.test(l)) continue; // replaced below, after default-server
    if (/^\s*use_backend house\b/.test(l)) continue;
    if (/^# Docker's embedded DNS/.test(l) || /^# another address, and a service not started yet/.test(l))
      continue;
    l = l.replace(/\s+resolvers docker\s+init-addr\s+\S+/, '');
    if (section === 'frontend public') l = l.replace(/^(\s*)bind :8080\b/, `$1bind 127.0.0.1:${publicPort}`);
    if (section === 'frontend operators') l = l.replace(/^(\s*)bind :9090\b/, `$1bind 127.0.0.1:${opsPort}`);
    if (section === 'listen stats') l = l.replace(/^(\s*)bind :8404\b/, `$1bind 127.0.0.1:${statsPort}`);
    if (section === 'backend operators') l = l.replace(/check port 8080\b/, `check port ${servers[0].port}`);
    if (/^\s*option httplog\b/.test(l) && section === 'defaults') {
      // HAProxy's httplog line, replaced by one the test can read (a log-format overrides httplog anyway).
      out.push(
        '    # cluster test: the request id the client sent, the server that took it, status and termination state',
      );
      out.push('    log-format "req=%[capture.req.hdr(0)] srv=%b/%s st=%ST ts=%tsc tt=%Tt %HM %HP"');
      continue;
    }
    out.push(l);
    if (/^\s*default-server\s/.test(l)) {
      if (section === 'backend platform') out.push(...serverLines());
      if (section === 'backend operators') out.push(...serverLines());
    }
    if (
      /^\s*option forwardfor\b/.test(l) &&
      (section === 'frontend public' || section === 'frontend operators')
    ) {
      out.push('    http-request capture req.hdr(x-cluster-req) len 64');
      out.push('    http-response set-header X-Cluster-Server %s');
    }
  }
  const text = out.join('\n');
  for (const must of [
    `bind 127.0.0.1:${publicPort}`,
    `bind 127.0.0.1:${statsPort}`,
    'http-check send meth GET uri /health/ready',
  ]) {
    if (!text.includes(must))
      throw new Error(
        `deriving the HAProxy configuration: "${must}" missing (deploy/haproxy/haproxy.cfg changed?)`,
      );
  }
  if (/resolvers|platform-\d:/.test(text.replace(/^\s*#.*$/gm, '')))
    throw new Error('deriving the HAProxy configuration: a Docker name is left');
  return text;
}

/** Installs Debian's haproxy when it is missing (as .ci/run installs its packages). */
export function ensureHaproxy(log) {
  if (spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0) return;
  log('HAProxy is missing: apt-get install -y haproxy');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'haproxy'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${r.status ?? r.error?.message})`);
  }
}

/**
 * Writes the configuration into `dir`, checks it (`haproxy -c`) and starts HAProxy in the foreground.
 * `onLine(line, at, stream)` gets every line (requests and server state changes) as it arrives.
 */
export function startHaproxy({ root, dir, servers, publicPort, opsPort, statsPort, onLine }) {
  const source = readFileSync(join(root, 'deploy/haproxy/haproxy.cfg'), 'utf8');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, deriveConfig(source, { servers, publicPort, opsPort, statsPort }));
  const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c ${file}: ${check.stdout}${check.stderr}`);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  // stdout: the log (requests, server state changes); stderr: HAProxy's own messages (state changes again).
  const reader = (stream) => {
    let rest = '';
    return (chunk) => {
      const at = Date.now();
      rest += chunk;
      const lines = rest.split('\n');
      rest = lines.pop();
      for (const line of lines) if (line) onLine(line, at, stream);
    };
  };
  child.stdout.setEncoding('utf8').on('data', reader('stdout'));
  child.stderr.setEncoding('utf8').on('data', reader('stderr'));
  return { child, file };
}

/** Each platform server's state on the stats page (`UP`, `DOWN`, `UP 1/2`, `NOLB`, ...). */
export async function serverStates(statsPort) {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
  const states = {};
  for (const row of csv.split('\n')) {
    const f = row.split(',');
    if (f[0] === 'platform' && f[1]?.startsWith('platform-')) states[f[1]] = f[17];
  }
  return states;
}
