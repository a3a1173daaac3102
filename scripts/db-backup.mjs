#!/usr/bin/env node
// `npm run db:backup -- <folder>` and `npm run db:restore -- <folder>` (docs/backup.md): runs
// apps/server/src/db/backup-cli.ts (compiled to apps/server/dist/backup.js) with `backup` or `restore` and the
// same arguments, inheriting stdio and passing its exit code through.
import { runCompiledCommand } from './lib.mjs';

runCompiledCommand('backup', process.argv.slice(2), 'db');
