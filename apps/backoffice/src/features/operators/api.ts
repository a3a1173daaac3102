import { requestOperatorRole, resetOperatorCredentials } from '@lotus/contracts/ops-console';
import { createOperator as createOperatorEndpoint, listOperators, setOperatorStatus as setOperatorStatusEndpoint, type TOpsRole } from '@lotus/contracts/ops-operators';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsApi } from '@/lib/api';

/** GET /ops/operators */
export const getOperators = () => opsApi.call(listOperators);
export const operatorsQueryOptions = () => queryOptions({ queryKey: ['operators'], queryFn: getOperators });
export const useOperators = () => useQuery(operatorsQueryOptions());

/** POST /ops/operators */
export const createOperator = (input: { username: string; displayName?: string | undefined; role: TOpsRole; reason: string }) =>
  opsApi.call(createOperatorEndpoint, { body: input });
/** PUT /ops/operators/:username/status */
export const setOperatorStatus = (username: string, status: 'active' | 'disabled') =>
  opsApi.call(setOperatorStatusEndpoint, { params: { username }, body: { status } });
/**
 * POST /ops/operators/:username/credentials: the one-time password, shown once; another operator's
 * is a four-eyes request (its approver sees the password, docs/adr/0080).
 */
export const resetCredentials = (username: string, reason: string) =>
  opsApi.call(resetOperatorCredentials, { params: { username }, body: { reason } });
/** PUT /ops/operators/:username/role: a four-eyes request. */
export const requestRoleChange = (username: string, role: TOpsRole, reason: string) =>
  opsApi.call(requestOperatorRole, { params: { username }, body: { role, reason } });
