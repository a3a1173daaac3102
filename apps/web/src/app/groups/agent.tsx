import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/page-frame/page-frame';
import { AgentGate } from '@/features/auth/login/components/agent-gate';

// Page group "agent" (decision 4.CHK.02): agentHome. For a visitor it is the agent login page
// (decision 2.R.27); for an agent the agent home, whose real content arrives with a later issue
// (until then its frame and a coming-soon notice, never fake content).
export function AgentHomePage() {
  const { t } = useTranslation('common');
  return (
    <AgentGate>
      <ComingSoonPage title={t('titles.agentHome')} testId="agentHome-page" />
    </AgentGate>
  );
}
