import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_FIELDS } from '@lotus/contracts/system';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { ChangePasswordForm } from './components/change-password-form';

vi.mock('@/lib/session/enc-body', () => import('@/test/enc-in-clear'));

/** The password changes as the server gets them: path, payload (in clear: enc-in-clear) and method. */
const changeMock = vi.fn((_path: string, _payload: unknown, _method: string | undefined): unknown => ({ done: true }));

const rule = { enabled: true, required: true, acceptedPattern: '', patternId: 12, minLength: 6, maxLength: 20 };
const rules = Object.fromEntries(REGISTER_FIELDS.map((field) => [field, rule]));

beforeEach(async () => {
  await setTestLanguage('en');
  changeMock.mockClear();
  mockApi({
    '/wps/system/setting/register': () => rules,
    '/wps/member/password': (url, init) => changeMock(url.pathname, (JSON.parse(String(init?.body)) as { clear: unknown }).clear, init?.method),
  });
});

const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

describe('change password (5.CPW, 3.LOG.06)', () => {
  it('5.CPW.04 3.LOG.06 the forced flow knows the old password: not asked, but sent', async () => {
    const onChanged = vi.fn();
    renderWithProviders(<ChangePasswordForm knownOldPassword="123456" onChanged={onChanged} />);
    expect(screen.queryByTestId('old-password')).toBeNull();
    type('new-password', 'Lotus2026');
    type('confirm-password', 'Lotus2026');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('Lotus2026'));
    expect(changeMock).toHaveBeenCalledWith('/wps/member/password', { oldPassword: '123456', newPassword: 'Lotus2026', confirmNewPassword: 'Lotus2026' }, 'PUT');
  });

  it('5.CPW.01/03/04 from the member centre the old password is asked; the rule and the confirmation are checked first', async () => {
    renderWithProviders(<ChangePasswordForm knownOldPassword={null} onChanged={() => undefined} />);
    await waitFor(() => expect(screen.getByText('8 to 64 characters; spaces and any characters are allowed. Avoid common passwords.')).toBeTruthy());
    type('new-password', 'onlyletters');
    type('confirm-password', 'different');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(screen.getByText('The new password does not meet the password rule')).toBeTruthy();
    expect(screen.getByText('Incorrect confirmation input')).toBeTruthy();
    expect(changeMock).not.toHaveBeenCalled();
  });

  it('shows the server error (old password wrong) and stays open', async () => {
    changeMock.mockImplementationOnce(() => errorResponse('old_password_incorrect'));
    const onChanged = vi.fn();
    renderWithProviders(<ChangePasswordForm knownOldPassword={null} onChanged={onChanged} />);
    type('old-password', 'nope');
    type('new-password', 'Lotus2026');
    type('confirm-password', 'Lotus2026');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect((await screen.findByTestId('change-password-error')).textContent).toBe('The old password is not correct');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
