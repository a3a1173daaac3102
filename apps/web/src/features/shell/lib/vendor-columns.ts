import { GAME_TYPES } from '@lotus/contracts/constants';
import type { TGameType, TGameVendor } from '@lotus/contracts/relay';

/** 2.HDR.07 / 9: the dropdown shows at most 30 vendors, 10 per column (three columns). */
export const VENDOR_DROPDOWN_MAX = 30;
export const VENDOR_COLUMN_SIZE = 10;

/** 2.HDR.08: every game category has a vendor dropdown except FISH. */
export function hasVendorDropdown(code: TGameType): boolean {
  return code !== 'FISH';
}

/** Splits vendors into columns of at most 10, keeping at most 30 vendors in display order. */
export function toVendorColumns<T>(vendors: readonly T[]): T[][] {
  const shown = vendors.slice(0, VENDOR_DROPDOWN_MAX);
  const columns: T[][] = [];
  for (let i = 0; i < shown.length; i += VENDOR_COLUMN_SIZE) columns.push(shown.slice(i, i + VENDOR_COLUMN_SIZE));
  return columns;
}

/** 2.HDR.09: the hot icon shows for isHot equal to 1 only. */
export const isHotVendor = (vendor: Pick<TGameVendor, 'isHot'>): boolean => vendor.isHot === 1;

/** The nav bar's game categories, in order (2.HDR.05): the contracts' game types. */
export const NAV_CATEGORIES: readonly TGameType[] = GAME_TYPES;
