import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setTestLanguage } from '@/test/render';
import { MemberCentre } from './components/member-centre';
import { getBadgeCount, MEMBER_CENTRE_PAGES, parseMemberCentrePage, REAL_MONEY_PAGES } from './member-centre-pages';

beforeEach(() => setTestLanguage('en'));

const counts = { unreadMessage: 3, availablePromoCount: 0, missions: 0 };

describe('member centre (2.MC)', () => {
  it('2.MC.01-15 the menu has the thirteen page keys in order', () => {
    expect(MEMBER_CENTRE_PAGES).toEqual([
      'securityCenter',
      'transferFund',
      'depositv2',
      'withdraw',
      'transferUpline',
      'personalHistoryCopy',
      'transactionHistory',
      'personalProfit',
      'bonusDetails',
      'rewardCenter',
      'referral',
      'missionLeaderboard',
      'messageV2',
    ]);
    renderWithProviders(<MemberCentre page="securityCenter" loaded counts={counts} onSelect={() => undefined} onClose={() => undefined} pages={{}} />);
    expect(screen.getByTestId('mc-entry-securityCenter').textContent).toBe('My account');
    expect(screen.getByTestId('mc-entry-messageV2').textContent).toContain('Platform messages');
  });

  it('2.MC.02 securityCenter is the default page', () => {
    expect(parseMemberCentrePage(null)).toBe('securityCenter');
    expect(parseMemberCentrePage('nope')).toBe('securityCenter');
    expect(parseMemberCentrePage('withdraw')).toBe('withdraw');
  });

  it('2.MC.01 choosing an entry reports its page key; pages of later issues show coming soon inside the panel', () => {
    const onSelect = vi.fn();
    renderWithProviders(<MemberCentre page="withdraw" loaded counts={counts} onSelect={onSelect} onClose={() => undefined} pages={{ securityCenter: <p>security</p> }} />);
    expect(screen.getByTestId('mc-page-withdraw').querySelector('[data-testid="coming-soon"]')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mc-entry-referral'));
    expect(onSelect).toHaveBeenCalledWith('referral');
  });

  it('2.MC.16/17 badges show above 0 only: messages from unreadMessage, rewards from availablePromoCount', () => {
    renderWithProviders(<MemberCentre page="securityCenter" loaded counts={counts} onSelect={() => undefined} onClose={() => undefined} pages={{}} />);
    expect(screen.getByTestId('mc-badge-messageV2').textContent).toBe('3');
    expect(screen.queryByTestId('mc-badge-rewardCenter')).toBeNull();
    expect(screen.queryByTestId('mc-badge-missionLeaderboard')).toBeNull();
    expect(getBadgeCount('rewardCenter', { ...counts, availablePromoCount: 2 })).toBe(2);
    expect(getBadgeCount('withdraw', counts)).toBe(0);
  });

  it('2.MC.18 the close button closes the panel', () => {
    const onClose = vi.fn();
    renderWithProviders(<MemberCentre page="securityCenter" loaded counts={counts} onSelect={() => undefined} onClose={onClose} pages={{}} />);
    fireEvent.click(screen.getByTestId('member-centre-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('2.MC.19 the menu renders only once its data has loaded', () => {
    renderWithProviders(<MemberCentre page="securityCenter" loaded={false} counts={counts} onSelect={() => undefined} onClose={() => undefined} pages={{}} />);
    expect(screen.queryByTestId('member-centre-menu')).toBeNull();
    expect(screen.getByTestId('member-centre-menu-loading')).toBeTruthy();
  });

  it('5.GATE.05 decision: the money pages are the real-money entries', () => {
    expect(REAL_MONEY_PAGES).toEqual(['transferFund', 'depositv2', 'withdraw', 'transferUpline']);
  });
});
