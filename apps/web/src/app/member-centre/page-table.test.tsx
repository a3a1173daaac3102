import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { MemberCentrePage } from '../groups/member';
import { MEMBER_CENTRE_PAGE_TABLE } from './page-table';

// The page chunks load once before the tests (an awaited condition, not a longer findBy timeout).
beforeAll(async () => {
  await Promise.all(Object.values(MEMBER_CENTRE_PAGE_TABLE).map((loader) => loader.load()));
});

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
});

function openMemberCentre(route: string) {
  useSession.getState().setLogin(loginResult());
  mockApi({
    '/wps/member/info': () => memberInfo({ account: 'demo', twoFactorEnabled: false }),
    '/wps/member/sessions': () => [],
  });
  return renderWithProviders(<MemberCentrePage />, { route });
}

describe('member centre page table (2.MC)', () => {
  it('2.MC.02 My account (securityCenter) is a page of the table and opens by default', async () => {
    expect(Object.keys(MEMBER_CENTRE_PAGE_TABLE)).toContain('securityCenter');
    openMemberCentre('/member');
    const page = await screen.findByTestId('security-center');
    expect(screen.getByTestId('mc-page-securityCenter').contains(page)).toBe(true);
    expect((await screen.findByTestId('account-account')).textContent).toContain('demo');
  });

  it('2.MC.01 a key without a page in the table keeps the coming-soon notice inside the panel', async () => {
    openMemberCentre('/member?page=referral');
    const section = await screen.findByTestId('mc-page-referral');
    expect(section.querySelector('[data-testid="coming-soon"]')).toBeTruthy();
    expect(screen.queryByTestId('security-center')).toBeNull();
  });

  it('2.MC.01 choosing My account in the menu loads its page', async () => {
    const { location } = openMemberCentre('/member?page=bonusDetails');
    fireEvent.click(await screen.findByTestId('mc-entry-securityCenter'));
    await waitFor(() => expect(location().search).toBe('?page=securityCenter'));
    expect(await screen.findByTestId('security-center')).toBeTruthy();
  });
});
