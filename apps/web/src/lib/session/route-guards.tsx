import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from './session-store';
import { canOpenAgentCentre, canOpenMemberCentre, isMember, isTrialAccount } from './roles';
import { useTrialWarning } from './use-guards';

/** A member-only page: a visitor lands on /login (2.R.35). */
export function RequireMember({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  if (!isMember({ token })) return <Navigate to={paths.login.getHref()} replace />;
  return <>{children}</>;
}

/**
 * The member-centre panel (6.ROLE.04): a token and isAgent not 4. A visitor lands on /login; a trial
 * account is sent home with the in_need_true_account warning (6.ROLE.09).
 */
export function RequireMemberCentre({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const isAgent = useSession((s) => s.isAgent);
  const member = useSession((s) => s.member);
  const subject = { token, isAgent, member };
  if (!isMember(subject)) return <Navigate to={paths.login.getHref()} replace />;
  if (!canOpenMemberCentre(subject) || isTrialAccount(subject)) return <TrialRefused />;
  return <>{children}</>;
}

function TrialRefused() {
  const warn = useTrialWarning();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    void warn();
  }, [warn]);
  return <Navigate to={paths.home.getHref()} replace />;
}

/** Whether the current session may open the agent centre (6.ROLE.05/06). */
export function useCanOpenAgentCentre(): boolean {
  const token = useSession((s) => s.token);
  const isAgent = useSession((s) => s.isAgent);
  const member = useSession((s) => s.member);
  return canOpenAgentCentre({ token, isAgent, member });
}
