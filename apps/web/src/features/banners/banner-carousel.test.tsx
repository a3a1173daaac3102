import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TBanner } from '@lotus/contracts/system';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { useAppStore } from '@/state/app-store';
import { BANNER_AUTOPLAY_MS, BannerCarousel } from './banner-carousel';
import { getBannerLink } from './banner-link';

const banner = (id: number, over: Partial<TBanner> = {}): TBanner => ({
  bannerId: id,
  groupName: 'w_home',
  url: `/media/banner-${id}.jpg`,
  linkageType: null,
  linkage: null,
  title: `Banner ${id}`,
  sources: [],
  ...over,
});

/**
 * happy-dom has no layout; embla measures offsetLeft / offsetWidth. Give the viewport and every
 * slide a 1000 px width, slides side by side, so embla computes one snap per banner.
 */
const WIDTH = 1000;
const originals = {
  offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  offsetLeft: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetLeft'),
};
let style: HTMLStyleElement;
beforeAll(async () => {
  await setTestLanguage('en');
  // happy-dom computes no default margins; embla reads the last slide's margin.
  style = document.createElement('style');
  style.textContent = '.banner-carousel__slide { margin: 0px; }';
  document.head.appendChild(style);
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.closest('.banner-carousel') ? WIDTH : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      if (!this.classList.contains('banner-carousel__slide')) return 0;
      return Array.from(this.parentElement?.children ?? []).indexOf(this) * WIDTH;
    },
  });
});
afterAll(() => {
  style.remove();
  if (originals.offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', originals.offsetWidth);
  if (originals.offsetLeft) Object.defineProperty(HTMLElement.prototype, 'offsetLeft', originals.offsetLeft);
});
afterEach(() => {
  vi.useRealTimers();
  useAppStore.setState({ banners: {} });
});

function serveBanners(list: TBanner[] | ((group: string) => TBanner[])) {
  return mockApi({
    '/wps/system/banners': (url) => {
      const group = url.searchParams.get('group') ?? '';
      return typeof list === 'function' ? list(group) : list;
    },
  });
}

const activeIndex = () =>
  screen.getAllByTestId(/^banner-slide-/).findIndex((s) => s.getAttribute('data-active') === 'true');

describe('BannerCarousel', () => {
  it('2.BAN.05 renders nothing when the group has no banner', async () => {
    const fetchMock = serveBanners([]);
    const { container } = renderWithProviders(<BannerCarousel group="w_rng" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/wps/system/banners?group=w_rng');
    await act(async () => {});
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
    expect(container.querySelector('section')).toBeNull();
  });

  it('2.BAN.05 keeps the banner box while the banners load, then shows them in it', async () => {
    serveBanners([banner(1)]);
    renderWithProviders(<BannerCarousel group="w_home" />);
    const box = screen.getByTestId('banner-placeholder');
    expect(box.classList.contains('banner-carousel')).toBe(true);
    expect(box.querySelector('.banner-carousel__slide')).toBeTruthy();
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(await screen.findByTestId('banner-carousel')).toBeTruthy();
    expect(screen.queryByTestId('banner-placeholder')).toBeNull();
  });

  it('2.BAN.05 renders nothing when the call fails', async () => {
    mockApi({});
    renderWithProviders(<BannerCarousel group="w_home" />);
    await act(async () => {});
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });

  it('2.BAN.07 a single banner has no pagination; alt text is the title; first image is eager', async () => {
    serveBanners([banner(1)]);
    renderWithProviders(<BannerCarousel group="w_home" />);
    expect(await screen.findByTestId('banner-carousel')).toBeTruthy();
    expect(screen.queryByTestId('banner-dot-0')).toBeNull();
    const img = screen.getByRole('img', { name: 'Banner 1' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(useAppStore.getState().banners.w_home).toHaveLength(1);
  });

  it('2.BAN.07 the first banner offers its AVIF and WebP rasters by width and loads first; the artwork URL is the fallback', async () => {
    const rasters = (id: number) => [
      { type: 'image/avif' as const, srcset: `/media/banners/b${id}-480.avif 480w, /media/banners/b${id}-960.avif 960w` },
      { type: 'image/webp' as const, srcset: `/media/banners/b${id}-480.webp 480w, /media/banners/b${id}-960.webp 960w` },
    ];
    serveBanners([banner(1, { sources: rasters(1) }), banner(2, { sources: rasters(2) })]);
    renderWithProviders(<BannerCarousel group="w_home" />);
    const img = await screen.findByRole('img', { name: 'Banner 1' });
    expect(img.getAttribute('src')).toBe('/media/banner-1.jpg');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    const picture = img.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const sources = [...picture.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toContain('/media/banners/b1-960.avif 960w');
    expect(sources[0]!.getAttribute('sizes')).toBeTruthy();
  });

  it('2.BAN.07 several banners get clickable dots, aria-current on the active one', async () => {
    serveBanners([banner(1), banner(2), banner(3)]);
    renderWithProviders(<BannerCarousel group="w_home" />);
    await screen.findByTestId('banner-carousel');
    await act(async () => {}); // embla initialises in an effect
    expect(screen.getAllByTestId(/^banner-dot-/)).toHaveLength(3);
    expect(screen.getByTestId('banner-dot-0').getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByTestId('banner-dot-2'));
    await waitFor(() => expect(screen.getByTestId('banner-dot-2').getAttribute('aria-current')).toBe('true'));
    expect(screen.getByTestId('banner-dot-0').getAttribute('aria-current')).toBeNull();
    expect(activeIndex()).toBe(2);
    expect(screen.getByTestId('banner-dot-1').getAttribute('aria-label')).toBe('Go to slide 2');
  });

  it('2.BAN.06 autoplays: moves every 5000 ms and loops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveBanners([banner(1), banner(2), banner(3)]);
    renderWithProviders(<BannerCarousel group="w_home" />);
    await screen.findByTestId('banner-carousel');
    await act(async () => {});
    expect(activeIndex()).toBe(0);
    expect(BANNER_AUTOPLAY_MS).toBe(5000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(activeIndex()).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(activeIndex()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(activeIndex()).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(activeIndex()).toBe(0);
  });

  it('2.BAN.06 with reduced motion it still advances every 5000 ms (jumping, no slide animation)', async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      query === '(prefers-reduced-motion: reduce)'
        ? ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList)
        : matchMedia(query),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveBanners([banner(1), banner(2)]);
    renderWithProviders(<BannerCarousel group="w_home" />);
    await screen.findByTestId('banner-carousel');
    await act(async () => {});
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BANNER_AUTOPLAY_MS);
    });
    expect(activeIndex()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BANNER_AUTOPLAY_MS);
    });
    expect(activeIndex()).toBe(0);
  });

  it('2.BAN.08 INTERNAL navigates in the app, EXTERNAL opens a new tab, none does nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serveBanners([
      banner(1, { linkageType: 'INTERNAL', linkage: '/promotions' }),
      banner(2, { linkageType: 'EXTERNAL', linkage: 'https://example.com/x' }),
      banner(3),
    ]);
    renderWithProviders(<BannerCarousel group="w_home" />);
    await screen.findByTestId('banner-carousel');

    // No link: no anchor, nothing happens.
    const plain = screen.getByTestId('banner-slide-2');
    expect(plain.querySelector('a')).toBeNull();
    fireEvent.click(plain);
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/');

    fireEvent.click(screen.getByTestId('banner-slide-1').querySelector('a') as HTMLAnchorElement);
    expect(open).toHaveBeenCalledWith('https://example.com/x', '_blank', 'noopener,noreferrer');

    fireEvent.click(screen.getByTestId('banner-slide-0').querySelector('a') as HTMLAnchorElement);
    expect(screen.getByTestId('location').textContent).toBe('/promotions');
    open.mockRestore();
  });

  it('2.BAN.09 linkage rules: INTERNAL is a site path, EXTERNAL an absolute http(s) URL', () => {
    expect(getBannerLink({ linkageType: 'INTERNAL', linkage: '/rng?vassalage=X' })).toEqual({
      kind: 'internal',
      path: '/rng?vassalage=X',
    });
    expect(getBannerLink({ linkageType: 'INTERNAL', linkage: '//evil.com' })).toBeNull();
    expect(getBannerLink({ linkageType: 'INTERNAL', linkage: 'https://x.com' })).toBeNull();
    expect(getBannerLink({ linkageType: 'EXTERNAL', linkage: 'javascript:alert(1)' })).toBeNull();
    expect(getBannerLink({ linkageType: 'EXTERNAL', linkage: 'http://x.com/a' })).toEqual({
      kind: 'external',
      url: 'http://x.com/a',
    });
    expect(getBannerLink({ linkageType: null, linkage: '/x' })).toBeNull();
    expect(getBannerLink({ linkageType: 'INTERNAL', linkage: null })).toBeNull();
  });
});
