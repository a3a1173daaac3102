import { ChangePasswordButton } from '@/features/auth/password/components/change-password-button';
import { SessionsList } from '@/features/auth/session/components/sessions-list';
import { TwoFactorSettings } from '@/features/auth/two-factor/components/two-factor-settings';
import { SecurityCenter } from '@/features/member-centre/components/security-center';
import { useMemberInfo } from '@/lib/session/get-member-info';

/**
 * My account (securityCenter, 2.MC.02): the member-centre layout with the accounts feature's
 * security sections (features do not import each other, so the app composes them, ADR 0011).
 */
export function SecurityCentrePage() {
  const { data: member } = useMemberInfo();
  return (
    <SecurityCenter
      member={member}
      password={<ChangePasswordButton />}
      sessions={<SessionsList />}
      twoFactor={<TwoFactorSettings enabled={member?.twoFactorEnabled ?? false} />}
    />
  );
}
