import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @lotus/server` writes SQL migrations to ./drizzle (committed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
