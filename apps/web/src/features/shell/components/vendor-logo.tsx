import type { TGameVendor } from '@lotus/contracts/relay';
import { LazyImage } from '@/components/ui/lazy-image/lazy-image';

/** A vendor's logo, or its initial on a tile when it has none (header dropdown, footer). */
export function VendorLogo({
  vendor,
  size = 28,
}: {
  vendor: Pick<TGameVendor, 'logoUrl' | 'displayName'>;
  size?: number;
}) {
  if (!vendor.logoUrl) {
    return (
      <span
        className="vendor-logo vendor-logo--initial"
        style={{ width: size, height: size }}
        aria-hidden="true"
      >
        {vendor.displayName.slice(0, 1)}
      </span>
    );
  }
  // Decision 9.C.14: the logo loads once it is in view (the footer's strip of thirty logos is far
  // below the first screen; a dropdown's logos load when it opens). The box keeps the logo's size.
  return (
    <span className="vendor-logo" style={{ width: size, height: size }} aria-hidden="true">
      <LazyImage className="vendor-logo__image" src={vendor.logoUrl} alt="" width={size} height={size} />
    </span>
  );
}
