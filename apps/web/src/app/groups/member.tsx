import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RequireMemberCentre } from '@/lib/session/route-guards';
import { useRealMoneyAction } from '@/lib/session/use-guards';
import { ChangePasswordButton } from '@/features/auth/password/components/change-password-button';
import { useMemberInfo } from '@/lib/session/get-member-info';
import { SessionsList } from '@/features/auth/session/components/sessions-list';
import { TwoFactorSettings } from '@/features/auth/two-factor/components/two-factor-settings';
import { MemberCentre } from '@/features/member-centre/components/member-centre';
import { SecurityCenter } from '@/features/member-centre/components/security-center';
import { parseMemberCentrePage, REAL_MONEY_PAGES, type TMemberCentrePage } from '@/features/member-centre/member-centre-pages';

// Page group "member" (project group, decision 4.CHK.02): /member?page=<pageKey> (2.MC). The app
// composes the member-centre panel with the accounts feature's guards and security sections.
function MemberCentreRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = parseMemberCentrePage(params.get('page'));
  const { data: member, isSuccess } = useMemberInfo();
  const realMoney = useRealMoneyAction();

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
      onClose={() => void navigate(paths.home.getHref())}
      pages={{
        securityCenter: (
          <SecurityCenter
            member={member}
            password={<ChangePasswordButton />}
            sessions={<SessionsList />}
            twoFactor={<TwoFactorSettings enabled={member?.twoFactorEnabled ?? false} />}
          />
        ),
      }}
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
