import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAnnouncement } from '@lotus/contracts/relay';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { session } from '@/lib/storage';
import { NEWS_POPUP_SHOWN_KEY, NewsPopup } from './news-popup';
import { NoticeBar } from './notice-bar';
import { NoticeList } from './notice-list';

const notice = (id: number, type: TAnnouncement['type'], over: Partial<TAnnouncement> = {}): TAnnouncement => ({
  id,
  type,
  title: `${type} notice ${id}`,
  content: `<p>Body of ${id}</p>`,
  startTime: '2025-01-02T03:04:05.000Z',
  ...over,
});

const ALL = [
  notice(1, 'B'),
  notice(2, 'PL'),
  notice(3, 'B', { content: '<p>Third <a href="https://example.com" target="_top">link</a></p>' }),
  notice(4, 'PU', { content: '<p>Hello</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>' }),
  notice(5, 'B'),
  notice(6, 'PR'),
];

function serve(list: TAnnouncement[] = ALL) {
  return mockApi({ '/wps/relay/MCSFE_getListAnnouncements': () => list });
}

beforeAll(() => setTestLanguage('en'));
afterEach(() => session.remove(NEWS_POPUP_SHOWN_KEY));

describe('NoticeBar', () => {
  it('2.NOT.01 / 3.ANN.01 shows the B titles with a speaker icon and a label, from one announcements call', async () => {
    const fetchMock = serve();
    renderWithProviders(<NoticeBar />);
    const bar = await screen.findByTestId('notice-bar');
    expect(bar.querySelector('svg')).not.toBeNull();
    expect(within(bar).getByText('Announcement')).toBeTruthy();
    expect(screen.getByTestId('notice-item-0').textContent).toBe('B notice 1');
    expect(screen.getByTestId('notice-item-1').textContent).toBe('B notice 3');
    expect(screen.getByTestId('notice-item-2').textContent).toBe('B notice 5');
    expect(screen.queryByTestId('notice-item-3')).toBeNull();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/wps/relay/MCSFE_getListAnnouncements');
    expect(url.searchParams.get('types')).toBe('B,PL,PU,PR');
    expect(url.searchParams.get('platform')).toBe('W');
    expect(url.searchParams.get('executionType')).toBe('B');
  });

  it('2.NOT.02 pauses while hovered and resumes when the pointer leaves (also while focused)', async () => {
    serve();
    renderWithProviders(<NoticeBar />);
    const bar = await screen.findByTestId('notice-bar');
    expect(bar.getAttribute('data-paused')).toBe('false');
    fireEvent.mouseEnter(bar);
    expect(bar.getAttribute('data-paused')).toBe('true');
    fireEvent.mouseLeave(bar);
    expect(bar.getAttribute('data-paused')).toBe('false');
    act(() => screen.getByTestId('notice-item-1').focus());
    expect(bar.getAttribute('data-paused')).toBe('true');
    act(() => screen.getByTestId('notice-item-1').blur());
    expect(bar.getAttribute('data-paused')).toBe('false');
  });

  it('2.NOT.03 clicking a title opens the notice modal at that index; choosing another switches', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<NoticeBar />);
    await user.click(await screen.findByTestId('notice-item-1'));
    const modal = await screen.findByTestId('notice-modal');
    expect(within(modal).getByTestId('notice-active-title').textContent).toBe('B notice 3');
    const content = within(modal).getByTestId('notice-active-content');
    expect(content.textContent).toContain('Third');
    expect(content.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');

    await user.click(within(modal).getByRole('tab', { name: 'B notice 5' }));
    expect(within(modal).getByTestId('notice-active-title').textContent).toBe('B notice 5');

    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('notice-modal')).toBeNull();

    await user.click(screen.getByTestId('notice-item-0'));
    expect(screen.getByTestId('notice-active-title').textContent).toBe('B notice 1');
  });

  it('renders nothing when there is no B notice', async () => {
    const fetchMock = serve([notice(2, 'PL')]);
    renderWithProviders(<NoticeBar />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    await waitFor(() => expect(screen.queryByTestId('notice-bar-pending')).toBeNull());
    expect(screen.queryByTestId('notice-bar')).toBeNull();
  });

  it('keeps its place while the notices load (an empty bar, hidden from screen readers), then shows them', async () => {
    serve();
    renderWithProviders(<NoticeBar />);
    const pending = screen.getByTestId('notice-bar-pending');
    expect(pending.classList.contains('notice-bar')).toBe(true);
    expect(pending.getAttribute('aria-hidden')).toBe('true');
    expect(await screen.findByTestId('notice-bar')).toBeTruthy();
    expect(screen.queryByTestId('notice-bar-pending')).toBeNull();
  });
});

describe('NewsPopup', () => {
  it('2.NOT.04 is titled news, lists the PU notices as sanitised HTML, and closes', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<NewsPopup />);
    const popup = await screen.findByTestId('news-popup');
    expect(within(popup).getByRole('dialog', { name: 'News' })).toBeTruthy();
    const item = within(popup).getByTestId('news-item-4');
    expect(item.textContent).toContain('Hello');
    expect(item.innerHTML).not.toMatch(/onerror|<script|__xss/);
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
    expect(within(popup).queryByText('B notice 1')).toBeNull();
    await user.click(screen.getByTestId('news-popup-dismiss'));
    expect(screen.queryByTestId('news-popup')).toBeNull();
  });

  it('2.NOT.04 the heading is Thai in Thai', async () => {
    await setTestLanguage('th');
    serve();
    renderWithProviders(<NewsPopup />);
    const popup = await screen.findByTestId('news-popup');
    expect(within(popup).getByRole('dialog', { name: 'ข่าวสาร' })).toBeTruthy();
    await setTestLanguage('en');
  });

  it('is shown once per browser session', async () => {
    serve();
    const first = renderWithProviders(<NewsPopup />);
    await screen.findByTestId('news-popup');
    // Marked by an effect of the render that showed it: it may run just after the popup is in the page.
    await waitFor(() => expect(session.get(NEWS_POPUP_SHOWN_KEY)).toBe('1'));
    first.unmount();

    const fetchMock = serve();
    renderWithProviders(<NewsPopup />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByTestId('news-popup')).toBeNull();
  });

  it('is not shown when there is no PU notice', async () => {
    const fetchMock = serve([notice(1, 'B')]);
    renderWithProviders(<NewsPopup />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByTestId('news-popup')).toBeNull();
    expect(session.get(NEWS_POPUP_SHOWN_KEY)).toBeNull();
  });
});

describe('NoticeList', () => {
  it('lists PL and B notices, each expandable', async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<NoticeList />);
    expect(screen.getByTestId('notice-list-loading')).toBeTruthy();
    const list = await screen.findByTestId('notice-list');
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.querySelector('.notice-list__title')?.textContent)).toEqual([
      'B notice 1',
      'PL notice 2',
      'B notice 3',
      'B notice 5',
    ]);
    const second = screen.getByTestId('notice-list-item-1');
    expect(second.getAttribute('aria-expanded')).toBe('false');
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: /PL notice 2/ }).textContent).toContain('Body of 2');
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows an empty state, and a retry on error', async () => {
    serve([notice(4, 'PU')]);
    const { unmount } = renderWithProviders(<NoticeList />);
    expect(await screen.findByText('No announcements')).toBeTruthy();
    unmount();

    mockApi({ '/wps/relay/MCSFE_getListAnnouncements': () => errorResponse('unknown_error', 500) });
    renderWithProviders(<NoticeList />);
    expect(await screen.findByText('Announcements could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
