import { listCatalogueGames, setGameOverrides, type TOpsGameOverride } from '@lotus/contracts/catalogue';
import {
  addVendor,
  listVendorRegistry,
  listVendorTransfers,
  resolveVendorTransfer,
  rotateVendorSecret,
  setVendorStatus,
  type TOpsVendorInput,
  type TVendorStatus,
} from '@lotus/contracts/vendor';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { opsApi } from '@/lib/api';

/**
 * The calls of the Vendors and games page (docs/adr/0083). Reads go through the query cache; the writes are
 * plain calls, never mutations: the answers of add and rotate-secret carry a vendor secret, which must live
 * nowhere but the one dialog that shows it (no query or mutation cache, no storage).
 */

/** GET /ops/vendors/registry */
export const registryQueryOptions = () => queryOptions({ queryKey: ['vendors', 'registry'], queryFn: () => opsApi.call(listVendorRegistry) });

/** GET /ops/vendors/transfers (money.read): refreshed while the page is open, stuck transfers are a queue. */
export const transfersQueryOptions = () =>
  queryOptions({ queryKey: ['vendors', 'transfers'], queryFn: () => opsApi.call(listVendorTransfers), refetchInterval: 30_000 });

/** GET /ops/catalogue/games */
export const gamesQueryOptions = (filter: { vendor?: string | undefined; name?: string | undefined }) =>
  queryOptions({
    queryKey: ['vendors', 'games', filter.vendor ?? '', filter.name ?? ''],
    queryFn: () => opsApi.call(listCatalogueGames, { query: { vendor: filter.vendor, name: filter.name, limit: 1000 } }),
    placeholderData: keepPreviousData,
  });

/** POST /ops/vendors/registry: the answer's secret is shown once, by the caller. */
export const createVendor = (input: TOpsVendorInput) => opsApi.call(addVendor, { body: input });
/** PUT /ops/vendors/registry/:code/status */
export const changeVendorStatus = (code: string, status: TVendorStatus) => opsApi.call(setVendorStatus, { params: { code }, body: { status } });
/** POST /ops/vendors/registry/:code/rotate-secret: the answer's secret is shown once, by the caller. */
export const replaceVendorSecret = (code: string) => opsApi.call(rotateVendorSecret, { params: { code } });
/** POST /ops/vendors/transfers/:ref/resolve */
export const checkTransfer = (ref: string) => opsApi.call(resolveVendorTransfer, { params: { ref } });
/** PUT /ops/catalogue/games/:nodeId */
export const overrideGame = (nodeId: number, change: TOpsGameOverride) => opsApi.call(setGameOverrides, { params: { nodeId }, body: change });
