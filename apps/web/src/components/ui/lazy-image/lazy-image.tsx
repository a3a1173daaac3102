import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import './lazy-image.css';

/** Decision 9.C.14: an image starts loading when 10% of it enters the viewport. */
export const LAZY_IMAGE_THRESHOLD = 0.1;

export type LazyImageProps = Omit<ComponentProps<'img'>, 'src' | 'alt' | 'loading'> & {
  src: string;
  alt: string;
  /** Load at once (above-the-fold images such as the first banner); default false. */
  eager?: boolean;
  /** Shown instead of the image when it fails; default a neutral picture icon. */
  fallback?: ReactNode;
  /**
   * Raster versions (AVIF, WebP, best first), each a srcset of widths: the browser picks the first
   * type it supports at the width `sizes` asks for; `src` stays the fallback.
   */
  sources?: readonly { type: string; srcset: string }[];
  /** Layout width of the image for `sources` (default the viewport width). */
  sizes?: string;
};

function PictureIcon() {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="9" cy="10" r="1.6" fill="currentColor" />
      <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Lazily loaded image (decisions 9.C.14 / 9.C.15): the real `src` is set only once the placeholder
 * intersects the viewport at threshold 0.1, and the load is attempted once. On error a placeholder
 * (role img, labelled with the alt text) replaces the image; there is no retry.
 */
export function LazyImage({ src, alt, eager = false, fallback, sources, sizes = '100vw', className, onLoad, onError, ...rest }: LazyImageProps) {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const [status, setStatus] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [prevSrc, setPrevSrc] = useState(src);
  if (src !== prevSrc) {
    setPrevSrc(src);
    setStatus('loading');
  }
  const placeholderRef = useRef<HTMLSpanElement>(null);
  const visible = eager || inView;

  useEffect(() => {
    if (visible) return;
    const el = placeholderRef.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= LAZY_IMAGE_THRESHOLD)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold: LAZY_IMAGE_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);

  const classes = (modifier: string) => ['ui-lazy-image', modifier, className ?? ''].filter(Boolean).join(' ');

  if (!src || status === 'error') {
    return (
      <span {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })} className={classes('ui-lazy-image--error')} data-testid="lazy-image-fallback">
        {fallback ?? <PictureIcon />}
      </span>
    );
  }

  if (!visible) {
    // Issue 25 (axe): a decorative image (alt "") has no name, so its placeholder is no image either.
    return alt ? (
      <span ref={placeholderRef} role="img" aria-label={alt} className={classes('ui-lazy-image--pending')} />
    ) : (
      <span ref={placeholderRef} aria-hidden="true" className={classes('ui-lazy-image--pending')} />
    );
  }

  const img = (
    <img
      {...rest}
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={classes(status === 'loading' ? 'ui-lazy-image--loading' : '')}
      onLoad={(event) => {
        setStatus('loaded');
        onLoad?.(event);
      }}
      onError={(event) => {
        setStatus('error');
        onError?.(event);
      }}
    />
  );
  if (!sources || sources.length === 0) return img;
  return (
    <picture className="ui-lazy-image__picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
