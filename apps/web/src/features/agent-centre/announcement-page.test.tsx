import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { AnnouncementPage } from './components/announcement-page';

beforeEach(async () => {
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
});

describe('Announcement (agent notices)', () => {
  it("shows the operators' notices to agents with their date, and no script of a notice's HTML", async () => {
    await setTestLanguage('en');
    mockApi({
      '/wps/member/info': () => memberInfo({ isAgent: 1 }),
      '/wps/agent/notices': () => [
        { id: 7, title: 'New tiers from Monday', content: '<p>Daily wage <b>0.8 %</b> above 10,000</p><img src=x onerror=alert(1)>', startTime: '2026-12-07T03:00:00.000Z' },
      ],
    });
    renderWithProviders(<AnnouncementPage />);
    expect(screen.getByTestId('ac-notices-loading')).toBeTruthy();
    const notice = await screen.findByTestId('ac-notice-7');
    expect(notice.textContent).toContain('New tiers from Monday');
    expect(notice.textContent).toContain('Daily wage 0.8 % above 10,000');
    expect(notice.innerHTML).not.toContain('onerror');
  });

  it('says in Thai that there are no notices when there are none', async () => {
    await setTestLanguage('th');
    mockApi({ '/wps/member/info': () => memberInfo({ isAgent: 1 }), '/wps/agent/notices': () => [] });
    renderWithProviders(<AnnouncementPage />);
    expect(await screen.findByText('ยังไม่มีประกาศถึงเอเย่นต์ในขณะนี้')).toBeTruthy();
  });
});
