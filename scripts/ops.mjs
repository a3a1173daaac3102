#!/usr/bin/env node
// `npm run ops -- <command>`: runs the operator command line (apps/server/src/ops/cli.ts, compiled to
// apps/server/dist/ops.js) with the same arguments, inheriting stdio and passing its exit code through.
import { runCompiledCommand } from './lib.mjs';

runCompiledCommand('ops', process.argv.slice(2), 'ops');
