import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/page-frame/page-frame';
import { useSession } from '@/lib/session/session-store';
import { useCanOpenAgentCentre } from '@/lib/session/route-guards';
import { LoginPage } from './login-page';

/**
 * /agentHome (2.R.26, decision 2.R.27): for a visitor it is the agent login page (the login form
 * with portal 'agent': non-agents are refused with error_not_agent, 6.ROLE.11, and a login lands
 * back here, 4.LOGIN.16); for an agent (isAgent 1, 2, 41, 42) the agent home; for any other member
 * a notice that the agent centre is for agents (6.ROLE.06).
 */
export function AgentGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth-login');
  const token = useSession((s) => s.token);
  const canOpen = useCanOpenAgentCentre();
  if (!token) return <LoginPage portal="agent" />;
  if (canOpen) return <>{children}</>;
  return (
    <PageFrame title={t('agent.title')} testId="agent-refused">
      <p>{t('agent.members_only')}</p>
      <Link to={paths.home.getHref()} className="btn btn--primary">
        {t('agent.back_home')}
      </Link>
    </PageFrame>
  );
}
