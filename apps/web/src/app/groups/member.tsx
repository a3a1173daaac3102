import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RequireMemberCentre } from '@/lib/session/route-guards';
import { useRealMoneyAction } from '@/lib/session/use-guards';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { useSession } from '@/lib/session/session-store';
import { canOpenAgentCentre } from '@/lib/session/roles';
import { MemberCentre } from '@/features/member-centre/components/member-centre';
import { parseMemberCentrePage, REAL_MONEY_PAGES, type TMemberCentrePage } from '@/features/member-centre/member-centre-pages';
import { MEMBER_CENTRE_PAGE_TABLE, MemberCentrePageSlot } from '../member-centre/page-table';

// Page group "member" (project group, decision 4.CHK.02): /member?page=<pageKey> (2.MC). The panel
// shows the page of the page table for the chosen key (coming soon for keys not in it yet).
function MemberCentreRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = parseMemberCentrePage(params.get('page'));
  const { data: member, isSuccess } = useMemberInfo();
  const realMoney = useRealMoneyAction();
  const agent = useSession(canOpenAgentCentre);
  const loader = MEMBER_CENTRE_PAGE_TABLE[page];

  const onSelect = (key: TMemberCentrePage) => {
    const open = () => setParams({ page: key });
    // 5.GATE.04: the money pages are refused to trial accounts with the warning.
    if (REAL_MONEY_PAGES.includes(key)) realMoney(open);
    else open();
  };

  return (
    <MemberCentre
      page={page}
      loaded={isSuccess}
      counts={{ unreadMessage: member?.unreadMessage ?? 0, availablePromoCount: member?.availablePromoCount ?? 0, missions: 0 }}
      onSelect={onSelect}
      agent={agent}
      onClose={() => void navigate(paths.home.getHref())}
      pages={loader ? { [page]: <MemberCentrePageSlot loader={loader} /> } : {}}
    />
  );
}

/** The member centre (6.ROLE.04: a token and isAgent not 4; a visitor lands on /login). */
export function MemberCentrePage() {
  return (
    <RequireMemberCentre>
      <MemberCentreRoute />
    </RequireMemberCentre>
  );
}
