import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TBanner, TBannerGroup } from '@lotus/contracts/system';
import { usePrefersReducedMotion } from '@/components/ui/hooks/use-prefers-reduced-motion';
import { LazyImage } from '@/components/ui/lazy-image/lazy-image';
import { useAppStore } from '@/state/app-store';
import { useBanners } from './api/get-banners';
import { getBannerLink } from './banner-link';
import './banner-carousel.css';

/** Spec 2.BAN.06 / 9: the carousel moves every 5000 ms. */
export const BANNER_AUTOPLAY_MS = 5000;

export type BannerCarouselProps = {
  group: TBannerGroup;
  className?: string;
};

/**
 * The banner carousel of a page (2.BAN.05-08). While loading it keeps the banner's box (same size,
 * so nothing moves when the banners arrive; on a prerendered page the server paints the first
 * banner into it, ADR 0040); nothing on error and when the group has no banner.
 */
export function BannerCarousel({ group, className }: BannerCarouselProps) {
  const { data: banners, isPending } = useBanners(group);
  const setBanners = useAppStore((s) => s.setBanners);

  // The application store keeps the banners last shown per group (3.STO).
  useEffect(() => {
    if (banners) setBanners(group, banners);
  }, [banners, group, setBanners]);

  if (isPending) return <BannerPlaceholder group={group} className={className} />;
  if (!banners || banners.length === 0) return null;
  return <BannerCarouselView key={group} banners={banners} className={className} />;
}

/** The banner box while banners load; the server hides it in a page whose group has none (ADR 0042). */
function BannerPlaceholder({ group, className }: { group: TBannerGroup; className?: string }) {
  return (
    <div
      className={`banner-carousel banner-carousel--placeholder${className ? ` ${className}` : ''}`}
      aria-hidden="true"
      data-testid="banner-placeholder"
      data-banner-group={group}
    >
      <div className="banner-carousel__slide" />
    </div>
  );
}

function BannerCarouselView({ banners, className }: { banners: TBanner[]; className?: string }) {
  const { t } = useTranslation('ui');
  const reducedMotion = usePrefersReducedMotion();
  const multiple = banners.length > 1;

  // Autoplay keeps going after a drag or a dot click (stopOnInteraction false); it pauses while the
  // pointer is over the banner or focus is inside, and resumes after. With reduced motion the
  // carousel still advances, but jumps instead of sliding.
  const plugins = useMemo(
    () =>
      multiple
        ? [
            Autoplay({
              delay: BANNER_AUTOPLAY_MS,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
              jump: reducedMotion,
            }),
          ]
        : [],
    [multiple, reducedMotion],
  );
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: multiple, watchDrag: multiple }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const goTo = (index: number) => {
    if (!emblaApi) return;
    emblaApi.scrollTo(index, reducedMotion);
    emblaApi.plugins().autoplay?.reset();
  };

  return (
    <section
      className={`banner-carousel${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={t('carousel')}
      data-testid="banner-carousel"
    >
      <div className="banner-carousel__viewport" ref={viewportRef}>
        <div className="banner-carousel__container">
          {banners.map((banner, index) => (
            <BannerSlide
              key={banner.bannerId}
              banner={banner}
              index={index}
              count={banners.length}
              active={index === selected}
            />
          ))}
        </div>
      </div>
      {multiple && (
        <div className="banner-carousel__dots" role="group" aria-label={t('slidePagination')}>
          {banners.map((banner, index) => (
            <button
              key={banner.bannerId}
              type="button"
              className="banner-carousel__dot"
              aria-label={t('goToSlide', { index: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
              data-testid={`banner-dot-${index}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}

type BannerSlideProps = { banner: TBanner; index: number; count: number; active: boolean };

function BannerSlide({ banner, index, count, active }: BannerSlideProps) {
  const { t } = useTranslation('ui');
  const navigate = useNavigate();
  const link = getBannerLink(banner);
  // The first banner is above the fold: load it at once, first among the images (it is the page's
  // largest paint); the others lazily (9.C.14/15). Rasters come in the size the layout needs.
  const image = (
    <LazyImage
      src={banner.url}
      alt={banner.title}
      sources={banner.sources}
      sizes="(min-width: 1200px) 1200px, 100vw"
      fetchPriority={index === 0 ? 'high' : undefined}
      eager={index === 0}
      className="banner-carousel__image"
      draggable={false}
    />
  );

  let content = image;
  if (link?.kind === 'internal') {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      // Let the browser handle new-tab / new-window clicks.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void navigate(link.path);
    };
    content = (
      <a className="banner-carousel__link" href={link.path} onClick={onClick} draggable={false}>
        {image}
      </a>
    );
  } else if (link?.kind === 'external') {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      window.open(link.url, '_blank', 'noopener,noreferrer');
    };
    content = (
      <a
        className="banner-carousel__link"
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
        draggable={false}
        title={`${banner.title} (${t('opensInNewTab')})`}
      >
        {image}
      </a>
    );
  }

  return (
    <div
      className="banner-carousel__slide"
      role="group"
      aria-roledescription="slide"
      aria-label={t('slideLabel', { index: index + 1, count })}
      data-testid={`banner-slide-${index}`}
      data-active={active ? 'true' : 'false'}
      data-linkage={banner.linkageType ?? 'NONE'}
    >
      {content}
    </div>
  );
}
