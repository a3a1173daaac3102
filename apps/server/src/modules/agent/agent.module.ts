import type { ModuleParts } from '../../platform/module';
import type { MemberStepUp } from '../identity/identity.module';
import type { WalletPost } from '../wallet/wallet.types';
import { agentRoutes } from './agent.routes';
import { createShareService, type ShareService } from './share.service';

/**
 * The agent (affiliate) system (spec 6, later issues): today its first money feature, Share profit with
 * downline (2.MC.06, 2.MC.07). Members and the step-up come from identity, money moves through the wallet.
 */
export function createAgentModule(deps: {
  stepUp: Pick<MemberStepUp, 'verifyPaymentPassword' | 'verifySecondFactor'>;
  post: WalletPost;
  /** The turnover multiple of money received (site configuration `withdrawal.turnoverMultiple`; docs/adr/0070). */
  wageringMultiple: () => Promise<number>;
  members: Parameters<typeof createShareService>[0]['members'];
}) {
  const share: ShareService = createShareService(deps);
  return { share, routes: (app) => agentRoutes(app, { share }) } satisfies ModuleParts & Record<string, unknown>;
}
