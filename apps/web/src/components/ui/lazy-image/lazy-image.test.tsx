import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/test/render';
import { LAZY_IMAGE_THRESHOLD, LazyImage } from './lazy-image';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

function stubIntersectionObserver() {
  const instances: { callback: Callback; options?: IntersectionObserverInit; disconnect: () => void }[] = [];
  class FakeObserver {
    callback: Callback;
    options?: IntersectionObserverInit;
    disconnect = vi.fn();
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      this.callback = callback;
      this.options = options;
      instances.push(this);
    }
    observe() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return instances;
}

afterEach(() => vi.unstubAllGlobals());

describe('LazyImage', () => {
  it('9.C.14 loads only when 10% of it is in view', () => {
    const observers = stubIntersectionObserver();
    render(<LazyImage src="/a.png" alt="A banner" />);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'A banner' })).toBeTruthy();
    expect(observers[0]?.options?.threshold).toBe(LAZY_IMAGE_THRESHOLD);
    expect(LAZY_IMAGE_THRESHOLD).toBe(0.1);
    act(() => observers[0]?.callback([{ isIntersecting: true, intersectionRatio: 0.1 }]));
    const img = document.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/a.png');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('alt')).toBe('A banner');
  });

  it('9.C.15 tries once: after an error it shows a placeholder and never retries', () => {
    stubIntersectionObserver();
    render(<LazyImage src="/broken.png" alt="Broken" eager />);
    const img = document.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('loading')).toBe('eager');
    fireEvent.error(img);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('lazy-image-fallback').getAttribute('aria-label')).toBe('Broken');
  });

  it('a decorative picture (empty alt) is hidden from screen readers while it waits and when it fails', () => {
    stubIntersectionObserver();
    const { container, unmount } = render(<LazyImage src="/card.png" alt="" />);
    const pending = container.querySelector('.ui-lazy-image--pending');
    expect(pending?.getAttribute('role')).toBeNull();
    expect(pending?.getAttribute('aria-hidden')).toBe('true');
    unmount();
    render(<LazyImage src="" alt="" />);
    const fallback = screen.getByTestId('lazy-image-fallback');
    expect(fallback.getAttribute('role')).toBeNull();
    expect(fallback.getAttribute('aria-hidden')).toBe('true');
  });
});
