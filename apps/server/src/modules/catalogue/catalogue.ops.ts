import { AppError } from '@lotus/contracts/app-error';
import { ZOpsGameOverride, ZOpsGamesQuery, type TOpsGameOverride, type TOpsGameRow } from '@lotus/contracts/catalogue';
import { formatMinor } from '@lotus/contracts/money';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { Clock } from '../../platform/clock';
import type { CatalogueRepository, GameRow } from './catalogue.repository';

/** A game as operators see it: the vendor's values and the operator's overrides side by side. */
export const opsGameView = (row: GameRow): TOpsGameRow => ({
  nodeId: row.nodeId,
  vendor: row.vendorCode,
  gameCode: row.gameCode,
  gameType: row.gameType as TOpsGameRow['gameType'],
  nameTh: row.nameTh,
  nameEn: row.nameEn,
  classification: row.classification,
  minBet: formatMinor(row.minBet),
  lines: row.lines,
  status: row.status as TOpsGameRow['status'],
  isHot: row.isHot,
  freePlay: row.freePlay,
  opsStatus: row.opsStatus as TOpsGameRow['opsStatus'],
  opsHot: row.opsHot,
  sort: row.sort,
  opsSort: row.opsSort,
  rtp: row.rtp,
  volatility: row.volatility,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Operator use cases of the catalogue (/ops/catalogue/games, `npm run ops -- catalogue ...`): list
 * games, and override a game's status (MAINTENANCE, HIDDEN), hot flag or sort position (docs/adr/0083); a vendor's sync never
 * touches an override (null puts the vendor's value back). Each change writes its audit row in the
 * change's transaction and drops the catalogue caches.
 */
export function createCatalogueOps(deps: {
  database: Pick<Database, 'tx'>;
  repo: CatalogueRepository;
  invalidate: () => Promise<void>;
  now: Clock;
}) {
  const { database, repo, now } = deps;

  async function list(query: z.input<typeof ZOpsGamesQuery>): Promise<TOpsGameRow[]> {
    const q = ZOpsGamesQuery.parse(query);
    return (await repo.opsList(q)).map(opsGameView);
  }

  async function setOverrides(nodeId: number, input: TOpsGameOverride, note: OpsAuditNote): Promise<TOpsGameRow> {
    const change = ZOpsGameOverride.parse(input);
    const row = await database.tx(async (tx) => {
      const before = await repo.lockGame(nodeId, tx);
      if (!before) throw new AppError('game_not_found', 404);
      const after = await repo.setOverrides(
        nodeId,
        {
          ...(change.opsStatus === undefined ? {} : { opsStatus: change.opsStatus }),
          ...(change.opsHot === undefined ? {} : { opsHot: change.opsHot }),
          ...(change.opsSort === undefined ? {} : { opsSort: change.opsSort }),
          updatedAt: new Date(now()),
        },
        tx,
      );
      await note({
        target: `game:${nodeId}:${before.vendorCode}:${before.gameCode}`,
        before: { opsStatus: before.opsStatus, opsHot: before.opsHot, opsSort: before.opsSort },
        after: { opsStatus: after!.opsStatus, opsHot: after!.opsHot, opsSort: after!.opsSort },
      });
      return opsGameView(after!);
    });
    await deps.invalidate();
    return row;
  }

  return { list, setOverrides };
}

export type CatalogueOps = ReturnType<typeof createCatalogueOps>;
