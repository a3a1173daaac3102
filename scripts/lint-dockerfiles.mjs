// `npm run lint:docker` (part of `npm run lint`, so CI runs it): the repository's Dockerfiles through
// dockerfile-utils' validator (docs/deploy.md, docs/adr/0087). Every diagnostic fails, warnings included:
// `dockerfile-utils lint` itself exits 0 on warnings (a second CMD, MAINTAINER, a relative WORKDIR, an empty
// continuation line...), which would let them pass unseen.
import { globSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const { validate } = require('dockerfile-utils');
const { version } = require('dockerfile-utils/package.json');

/** Every Dockerfile of the repository (Dockerfile, Dockerfile.*, *.Dockerfile), outside node_modules and .git. */
function repositoryDockerfiles() {
  const skip = (entry) =>
    ['node_modules', '.git'].includes(basename(typeof entry === 'string' ? entry : entry.name));
  return globSync(['**/Dockerfile', '**/Dockerfile.*', '**/*.Dockerfile'], { cwd: root, exclude: skip })
    .sort()
    .map((f) => join(root, f));
}

const files = process.argv.length > 2 ? process.argv.slice(2) : repositoryDockerfiles();
if (files.length === 0) {
  process.stderr.write('lint:docker: no Dockerfile found\n');
  process.exit(1);
}
let problems = 0;
for (const file of files) {
  const content = readFileSync(file, 'utf8');
  const name = relative(process.cwd(), file) || file;
  for (const d of validate(content)) {
    problems += 1;
    const severity = d.severity === 1 ? 'error' : 'warning';
    process.stderr.write(
      `${name}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severity}: ${d.message}\n`,
    );
  }
}
if (problems > 0) {
  process.stderr.write(
    `lint:docker: ${problems} problem(s) in ${files.length} Dockerfile(s) (dockerfile-utils ${version})\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `lint:docker: ${files.length} Dockerfile(s), no problems (dockerfile-utils ${version})\n`,
);
