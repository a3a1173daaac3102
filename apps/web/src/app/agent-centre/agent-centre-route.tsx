import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { AgentCentre } from '@/features/agent-centre/components/agent-centre';
import {
  DEFAULT_AGENT_CENTRE_PAGE,
  isContractPage,
  isPageShown,
  parseAgentCentrePage,
  type TAgentCentrePage,
} from '@/features/agent-centre/agent-centre-pages';
import { useAgentProfile } from '@/features/agent-centre/api/get-team-overview';
import { AGENT_CENTRE_PAGE_TABLE, AgentCentrePageSlot } from './page-table';

/**
 * The agent centre at /agentHome?page=<key> (2.AC), for an agent (the gate is app/groups/agent.tsx). Without a page,
 * or with an unknown one, Team overview (2.AC.02). The contract flags come with the team overview (decision 2.AC.06):
 * until they are in, a contract entry's page waits; one whose flag is 0 opens the default page.
 */
export function AgentCentreRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const profile = useAgentProfile();
  const flags = profile.data?.contracts;
  // A failed read still shows the menu (without contract entries): the overview page shows the error and Retry.
  const loaded = profile.isSuccess || profile.isError;
  const requested = parseAgentCentrePage(params.get('page'));
  const page: TAgentCentrePage = loaded && !isPageShown(requested, flags) ? DEFAULT_AGENT_CENTRE_PAGE : requested;
  const waiting = !loaded && isContractPage(page);
  const loader = AGENT_CENTRE_PAGE_TABLE[page];

  return (
    <AgentCentre
      page={page}
      flags={flags}
      loaded={loaded}
      onSelect={(key) => setParams({ page: key })}
      onClose={() => void navigate(paths.home.getHref())}
      content={waiting ? <Skeleton height={160} /> : loader ? <AgentCentrePageSlot loader={loader} /> : undefined}
    />
  );
}
