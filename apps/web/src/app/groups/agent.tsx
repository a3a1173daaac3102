import { AgentGate } from '@/features/auth/login/components/agent-gate';
import { loadAgentTexts, loadMemberTexts } from '@/i18n/i18n';
import { createChunkLoader } from '@/lib/lazy-chunk';
import { LazyPage } from '../lazy-page';

/**
 * The agent centre and its texts (the agent namespace, and the member ones for Transaction details: src/i18n/i18n.ts),
 * loaded once the gate lets an agent in: a visitor's agent login page does not download them.
 */
export const agentCentre = createChunkLoader('agent-centre', () =>
  Promise.all([import('../agent-centre/agent-centre-route'), loadAgentTexts(), loadMemberTexts()]).then(([m]) => m),
);

// Page group "agent" (decision 4.CHK.02): agentHome. For a visitor it is the agent login page (decision 2.R.27);
// for an agent the agent centre (2.AC, issue 28); for any other member a refusal (6.ROLE.06).
export function AgentHomePage() {
  return (
    <AgentGate>
      <LazyPage loader={agentCentre} render={(m) => <m.AgentCentreRoute />} />
    </AgentGate>
  );
}
