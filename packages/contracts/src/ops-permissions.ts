// Zod-free: contracts/endpoint.ts names the permission an operator endpoint needs, and the web's first load may
// carry endpoint.ts.
/**
 * Operator roles and permissions (docs/adr/0019): every /ops endpoint needs one permission
 * (contracts/endpoint.ts `operator(...)`), and this is the one table of which role holds which.
 */
export const OPS_ROLES = ['admin', 'finance', 'support', 'read_only'] as const;
export type TOpsRole = (typeof OPS_ROLES)[number];

/** What an /ops route may require. Every route declares exactly one. */
export const OPS_PERMISSIONS = [
  /** status, configuration documents, content collections, feedback, member list (nothing secret). */
  'read',
  /** site configuration and content collections (banners, notices, ...). */
  'config.write',
  /** members: create, unlock, enable/disable. */
  'members.write',
  /** live secrets: captcha/slider answers, mail and SMS outboxes (each read is audited). */
  'secrets.read',
  /** money pages (to come with the money issue). */
  'money.read',
  'money.write',
  /** operators and their API tokens. */
  'operators.read',
  'operators.write',
  /** the operator audit log and its verification. */
  'audit.read',
  /** replace the caller's own API token. */
  'self.rotate',
  /** the caller's own console session and password (every role). */
  'self',
  /** the game vendor registry (vendor wallet protocol v1): list (never secrets). */
  'vendors.read',
  /** add vendors, change their status, rotate their secrets (the secret is shown once). */
  'vendors.write',
  /** server key material: list, rotate, retire, rewrap (never the material itself; admin only). */
  'keys.manage',
  /** the lottery's games, draws, results and exposure as the lottery vendor answers them (docs/adr/0096). */
  'lottery.read',
  /** enter, confirm and discard results, move and void draws, set games and restricted numbers (docs/adr/0096). */
  'lottery.manage',
] as const;
export type TOpsPermission = (typeof OPS_PERMISSIONS)[number];

/** The one role -> permission table (enforced by the server on every /ops route). */
export const OPS_ROLE_PERMISSIONS: Record<TOpsRole, readonly TOpsPermission[]> = {
  admin: OPS_PERMISSIONS,
  finance: ['read', 'money.read', 'money.write', 'vendors.read', 'lottery.read', 'lottery.manage', 'self.rotate', 'self'],
  support: ['read', 'members.write', 'secrets.read', 'vendors.read', 'lottery.read', 'self.rotate', 'self'],
  read_only: ['read', 'vendors.read', 'lottery.read', 'self.rotate', 'self'],
};

export const roleAllows = (role: TOpsRole, permission: TOpsPermission): boolean =>
  OPS_ROLE_PERMISSIONS[role].includes(permission);

