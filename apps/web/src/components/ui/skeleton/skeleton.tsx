import type { CSSProperties } from 'react';
import './skeleton.css';

export type SkeletonProps = {
  width?: number | string;
  height?: number | string;
  /** Border radius; 'circle' for avatars. */
  radius?: number | string | 'circle';
  /** Number of stacked lines. Default 1. */
  count?: number;
  className?: string;
};

const toCss = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

/** Decorative loading placeholder (hidden from assistive technology; announce loading elsewhere). */
export function Skeleton({ width = '100%', height = 16, radius = 6, count = 1, className }: SkeletonProps) {
  const style: CSSProperties = {
    width: toCss(width),
    height: toCss(height),
    borderRadius: radius === 'circle' ? '50%' : toCss(radius),
  };
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          className={`ui-skeleton${className ? ` ${className}` : ''}`}
          style={style}
          aria-hidden="true"
          data-testid="skeleton"
        />
      ))}
    </>
  );
}
