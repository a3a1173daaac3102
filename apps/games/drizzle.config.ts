import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @lotus/games -- --name <what>` writes the house app's SQL migrations to ./drizzle (committed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
