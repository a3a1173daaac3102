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
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Operator use cases of the catalogue (/ops/catalogue/games, `npm run ops -- catalogue ...`): list
 * games, and override a game's status (MAINTENANCE, HIDDEN) or hot flag; a vendor's sync never
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
          updatedAt: new Date(now()),
        },
        tx,
      );
      await note({
        target: `game:${nodeId}:${before.vendorCode}:${before.gameCode}`,
        before: { opsStatus: before.opsStatus, opsHot: before.opsHot },
        after: { opsStatus: after!.opsStatus, opsHot: after!.opsHot },
      });
      return opsGameView(after!);
    });
    await deps.invalidate();
    return row;
  }

  return { list, setOverrides };
}

export type CatalogueOps = ReturnType<typeof createCatalogueOps>;
