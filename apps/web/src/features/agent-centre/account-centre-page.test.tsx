import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { sentPayloads } from '@/test/enc-in-clear';
import { loginResult, memberInfo, teamOverview } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { AccountCentrePage } from './components/account-centre-page';

vi.mock('@/lib/session/enc-body', () => import('@/test/enc-in-clear'));

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
});

function serve(answers: (() => unknown)[] = []) {
  const fetchMock = mockApi({
    '/wps/member/info': () => memberInfo({ isAgent: 1 }),
    '/wps/agent/team/overview': () => teamOverview({ affiliateCode: 'AG77' }),
    '/wps/agent/team/members': () => {
      const answer = answers.shift();
      if (!answer) throw new Error('no answer queued');
      return answer();
    },
  });
  return { created: () => sentPayloads(fetchMock, '/wps/agent/team/members') };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('Account/register centre', () => {
  it('shows my registration link with the affiliate code, a copy button and its QR code', async () => {
    serve();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<AccountCentrePage />);
    const link = await screen.findByTestId('ac-register-link');
    expect(link.textContent).toBe(`${window.location.origin}/register?affiliateCode=AG77`);
    expect(screen.getByTestId('ac-register-qr').dataset.link).toBe(link.textContent);
    fireEvent.click(screen.getByTestId('ac-register-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.textContent));
    expect(await screen.findByAltText('QR code of your registration link')).toBeTruthy();
  });

  it('creates a sub-agent through the enc call: username, password and the agent box', async () => {
    const { created } = serve([() => ({ username: 'newsub', isAgent: true })]);
    renderWithProviders(<AccountCentrePage />);
    await screen.findByTestId('ac-register-link');
    expect(screen.getByLabelText('Username')).toBe(screen.getByTestId('ac-create-username'));
    type('ac-create-username', 'newsub');
    type('ac-create-password', 'secret77');
    fireEvent.click(screen.getByLabelText('Make this account an agent (a sub-agent you can offer contracts to)'));
    fireEvent.click(screen.getByTestId('ac-create-submit'));
    expect((await screen.findByTestId('ac-create-done')).textContent).toContain('Sub-agent newsub was created.');
    expect(created()).toEqual([{ username: 'newsub', password: 'secret77', agent: true }]);
    expect((screen.getByTestId('ac-create-username') as HTMLInputElement).value).toBe('');
  });

  it('checks the fields first, and shows a refusal from the error catalogue', async () => {
    const { created } = serve([() => errorResponse('username_taken', 409)]);
    renderWithProviders(<AccountCentrePage />);
    await screen.findByTestId('ac-register-link');
    type('ac-create-username', 'ab');
    type('ac-create-password', '123');
    fireEvent.click(screen.getByTestId('ac-create-submit'));
    expect(screen.getByTestId('ac-create-username-error').textContent).toBe('Enter 4 to 20 letters, digits or _.');
    expect(screen.getByTestId('ac-create-password-error')).toBeTruthy();
    expect(created()).toHaveLength(0);
    type('ac-create-username', 'taken01');
    type('ac-create-password', '123456');
    fireEvent.click(screen.getByTestId('ac-create-submit'));
    const refusal = await screen.findByTestId('ac-create-refusal');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toBe('This username is already registered');
    expect(created()).toHaveLength(1);
  });
});
