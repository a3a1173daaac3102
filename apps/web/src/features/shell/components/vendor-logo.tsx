import type { TGameVendor } from '@lotus/contracts/relay';

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
  return (
    <img
      className="vendor-logo"
      src={vendor.logoUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
