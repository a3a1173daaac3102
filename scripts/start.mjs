// `npm start`: install what is missing, build the web app and the operator console if needed, then run the platform server
// (it migrates, seeds demo data on an empty database and serves API + SPA on one port).
import { ensureBackofficeBuilt, ensureInstalled, ensureRuntime, ensureServerBuilt, ensureWebBuilt, log, root, serverEntry } from './lib.mjs';
import { spawn } from 'node:child_process';

try {
  ensureInstalled();
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}
await ensureRuntime();
try {
  ensureWebBuilt();
  ensureBackofficeBuilt();
  ensureServerBuilt();
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}

log('Starting the platform server...');
const child = spawn(process.execPath, serverEntry('server'), {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
