import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from './session-store';
import { isMember, isTrialAccount } from './roles';
import { showTrialWarning } from './trial-warning';

/**
 * Guards for actions (not routes): wrap what a click does.
 *
 * - useMemberAction: a member-only action by a visitor goes to /login instead (2.R.35).
 * - useRealMoneyAction: also refuses trial accounts with the in_need_true_account warning
 *   (5.GATE.03/04; decision 5.GATE.05: deposit, withdraw, transfers, game launch, promotion claims,
 *   point redeem — the later issues wrap their buttons with this).
 */
export function useMemberAction() {
  const navigate = useNavigate();
  return (run: () => void): boolean => {
    if (!isMember(useSession.getState())) {
      void navigate(paths.login.getHref());
      return false;
    }
    run();
    return true;
  };
}

export function useTrialWarning() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => showTrialWarning({ navigate: (to) => void navigate(to), queryClient });
}

export function useRealMoneyAction() {
  const navigate = useNavigate();
  const warn = useTrialWarning();
  return (run: () => void): boolean => {
    const state = useSession.getState();
    if (!isMember(state)) {
      void navigate(paths.login.getHref());
      return false;
    }
    if (isTrialAccount(state)) {
      void warn();
      return false;
    }
    run();
    return true;
  };
}
