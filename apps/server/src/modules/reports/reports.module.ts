import { getDailyReport } from '@lotus/contracts/ops-reports';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route';
import type { ModuleParts } from '../../platform/module';
import { createReportsService, type ReportsService } from './reports.service';

/**
 * The operator's reports (issue 24, docs/adr/0082): read-only, from the ledger (the wallet module) and
 * the member accounts (identity); served inside the /ops scope (money.read).
 */
export function createReportsModule(deps: Parameters<typeof createReportsService>[0]) {
  const service: ReportsService = createReportsService(deps);
  return {
    service,
    opsRoutes: async (app: FastifyInstance) => {
      route(app, getDailyReport, async (req) => service.daily(req.query.day));
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
