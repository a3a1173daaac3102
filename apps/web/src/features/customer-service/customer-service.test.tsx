import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TCsEntry } from '@lotus/contracts/system';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { ContactList } from './contact-list';
import { CustomerServiceBar, selectRightBarEntries } from './customer-service-bar';

const openCustomerService = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('./open-customer-service', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./open-customer-service')>()),
  openCustomerService,
}));

const entry = (csType: TCsEntry['csType'], csPosition: TCsEntry['csPosition'], title = ''): TCsEntry => ({
  csType,
  csPosition,
  title,
  path: 'x'.repeat(40),
});

function serveEntries(list: TCsEntry[]) {
  return mockApi({ '/wps/system/customerService': () => list });
}

beforeAll(() => setTestLanguage('en'));

describe('CustomerServiceBar', () => {
  it('2.SIDE.05 is absent when no channel is configured', async () => {
    const fetchMock = serveEntries([]);
    renderWithProviders(<CustomerServiceBar />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByTestId('customer-service-bar')).toBeNull();
  });

  it('2.SIDE.05 is absent when every channel is for the forgot-password list only', async () => {
    const fetchMock = serveEntries([entry('EMAIL', 'FORGET')]);
    renderWithProviders(<CustomerServiceBar />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByTestId('customer-service-bar')).toBeNull();
  });

  it('2.SIDE.04 / 2.SIDE.06 lists RIGHT and BOTH channels with a tooltip; a click opens that channel', async () => {
    const user = userEvent.setup();
    serveEntries([
      entry('LIVECHAT', 'RIGHT', 'Live chat 24/7'),
      entry('EMAIL', 'FORGET'),
      entry('LINE', 'BOTH'),
      entry('VIP', 'RIGHT', 'VIP line'),
    ]);
    renderWithProviders(<CustomerServiceBar rankLevel={2} />);
    const bar = await screen.findByTestId('customer-service-bar');
    const buttons = within(within(bar).getByRole('list')).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('title'))).toEqual(['Live chat 24/7', 'LINE']);
    // Phones fold the channels behind one button.
    const toggle = within(bar).getByRole('button', { name: 'Customer service' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(buttons[0]?.querySelector('svg')).not.toBeNull();
    await user.click(screen.getByTestId('cs-bar-LINE'));
    expect(openCustomerService).toHaveBeenLastCalledWith('LINE', 2);
  });

  it('2.SIDE.06 the VIP line shows only for a member above rank 4', () => {
    const list = [entry('LIVECHAT', 'RIGHT'), entry('VIP', 'BOTH')];
    expect(selectRightBarEntries(list).map((e) => e.csType)).toEqual(['LIVECHAT']);
    expect(selectRightBarEntries(list, 5).map((e) => e.csType)).toEqual(['LIVECHAT', 'VIP']);
  });
});

describe('ContactList', () => {
  it('2.FGT.03 lists OFFICIAL, OFFICIAL, EMAIL, TELEGRAM, FACEBOOK, LIVECHAT in order', async () => {
    serveEntries([entry('TELEGRAM', 'FORGET', 'Telegram @lotus')]);
    renderWithProviders(<ContactList officialWebsite="lotus.example" officialLine="@lotus" />);
    const list = screen.getByTestId('contact-list');
    const types = Array.from(list.children).map((li) => li.getAttribute('data-type'));
    expect(types).toEqual(['OFFICIAL', 'OFFICIAL', 'EMAIL', 'TELEGRAM', 'FACEBOOK', 'LIVECHAT']);
    expect(screen.getByTestId('contact-item-0').textContent).toContain('lotus.example');
    expect(screen.getByTestId('contact-item-1').textContent).toContain('@lotus');
    expect(await screen.findByText('Telegram @lotus')).toBeTruthy();
  });

  it('2.FGT.05 without a configured website the first OFFICIAL entry shows the site it is on', () => {
    serveEntries([]);
    renderWithProviders(<ContactList />);
    expect(window.location.host).not.toBe('');
    expect(screen.getByTestId('contact-item-0').textContent).toContain(window.location.host);
  });

  it('2.FGT.04 / 2.FGT.05 OFFICIAL entries open nothing; the others open their channel', async () => {
    const user = userEvent.setup();
    openCustomerService.mockClear();
    serveEntries([]);
    renderWithProviders(<ContactList officialWebsite="lotus.example" />);
    await user.click(screen.getByTestId('contact-item-0'));
    await user.click(screen.getByTestId('contact-item-1'));
    expect(within(screen.getByTestId('contact-item-0')).queryByRole('button')).toBeNull();
    expect(openCustomerService).not.toHaveBeenCalled();
    for (const [i, type] of [
      [2, 'EMAIL'],
      [3, 'TELEGRAM'],
      [4, 'FACEBOOK'],
      [5, 'LIVECHAT'],
    ] as const) {
      await user.click(within(screen.getByTestId(`contact-item-${i}`)).getByRole('button'));
      expect(openCustomerService).toHaveBeenLastCalledWith(type, undefined);
    }
  });
});
