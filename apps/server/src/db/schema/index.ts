/**
 * The Drizzle schema, one slice per module (db/schema/<module>.ts) and the platform's shared tables,
 * used with PGlite (embedded) and node-postgres alike. One migration set is generated from this
 * index into apps/server/drizzle (`npm run db:generate -w @lotus/server`) and applied at start.
 */
export * from './platform';
export * from './system';
export * from './content';
export * from './ops';
export * from './identity';
export * from './verification';
export * from './mail';
export * from './wallet';
export * from './deposit';
export * from './inbox';
export * from './withdrawal';
export * from './vendor';
export * from './catalogue';
export * from './lottery';
export * from './agent';
