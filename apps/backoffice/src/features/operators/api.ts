import { ZOpsApprovalRequested, ZOpsCredentialsReset } from '@lotus/contracts/ops-console';
import { ZOpsOperatorList, ZOpsOperatorRow, type TOpsRole } from '@lotus/contracts/ops-operators';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsCall } from '@/lib/api';

/** GET /ops/operators */
export const getOperators = () => opsCall(ZOpsOperatorList, 'GET', '/ops/operators');
export const operatorsQueryOptions = () => queryOptions({ queryKey: ['operators'], queryFn: getOperators });
export const useOperators = () => useQuery(operatorsQueryOptions());

/** POST /ops/operators */
export const createOperator = (input: { username: string; displayName?: string | undefined; role: TOpsRole }) =>
  opsCall(ZOpsOperatorRow, 'POST', '/ops/operators', input);
/** PUT /ops/operators/:username/status */
export const setOperatorStatus = (username: string, status: 'active' | 'disabled') =>
  opsCall(ZOpsOperatorRow, 'PUT', `/ops/operators/${encodeURIComponent(username)}/status`, { status });
/** POST /ops/operators/:username/credentials: the one-time password, shown once. */
export const resetCredentials = (username: string) =>
  opsCall(ZOpsCredentialsReset, 'POST', `/ops/operators/${encodeURIComponent(username)}/credentials`);
/** PUT /ops/operators/:username/role: a four-eyes request. */
export const requestRoleChange = (username: string, role: TOpsRole, reason: string) =>
  opsCall(ZOpsApprovalRequested, 'PUT', `/ops/operators/${encodeURIComponent(username)}/role`, { role, reason });
