import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

/** Every agent-centre read lives under the member's root, so it is dropped when the session ends. */
export const AGENT_CENTRE_QUERY_ROOT = [...MEMBER_QUERY_ROOT, 'agent-centre'] as const;
export const TEAM_QUERY_ROOT = [...AGENT_CENTRE_QUERY_ROOT, 'team'] as const;
export const CONTRACTS_QUERY_ROOT = [...AGENT_CENTRE_QUERY_ROOT, 'contracts'] as const;
export const BILLS_QUERY_ROOT = [...AGENT_CENTRE_QUERY_ROOT, 'bills'] as const;
