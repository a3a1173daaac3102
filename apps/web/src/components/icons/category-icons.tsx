import type { TGameType } from '@lotus/contracts/relay';

/** One line icon per game category (decorative; the category name is always shown beside it). */
const PATHS: Record<TGameType, React.ReactNode> = {
  RNG: (
    <>
      <rect x="3" y="5" width="15" height="14" rx="2" />
      <path d="M7 9v6M10.5 9v6M14 9v6M18 10h2l1-4" />
      <circle cx="21" cy="5" r="1" />
    </>
  ),
  LIVE: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.2 2.2M16.2 16.2l2.2 2.2M5.6 18.4l2.2-2.2M16.2 7.8l2.2-2.2" />
    </>
  ),
  SPORTS: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m12 7 4 3-1.5 4.5h-5L8 10z" />
      <path d="M12 3v4M16 10l4.5-1.5M14.5 14.5l2.5 4M9.5 14.5 7 18.5M8 10 3.5 8.5" />
    </>
  ),
  ESPORTS: (
    <>
      <path d="M6 8h12a4 4 0 0 1 4 4v2a3 3 0 0 1-5.2 2L15 14H9l-1.8 2A3 3 0 0 1 2 14v-2a4 4 0 0 1 4-4z" />
      <path d="M7 11v3M5.5 12.5h3" />
      <circle cx="16" cy="11.5" r="0.6" />
      <circle cx="18" cy="13" r="0.6" />
    </>
  ),
  FISH: (
    <>
      <path d="M3 12c3-5 9-6 13-3l5-3v12l-5-3c-4 3-10 2-13-3z" />
      <circle cx="8" cy="11" r="0.8" />
    </>
  ),
  PVP: (
    <>
      <rect x="3" y="4" width="11" height="16" rx="2" transform="rotate(-8 8.5 12)" />
      <rect x="10" y="4" width="11" height="16" rx="2" transform="rotate(8 15.5 12)" />
      <path d="M15.5 9.5c-1.5 1.5-2.5 2.3-2.5 3.3a1.3 1.3 0 0 0 2.5.5 1.3 1.3 0 0 0 2.5-.5c0-1-1-1.8-2.5-3.3zM15.5 13.5v2" />
    </>
  ),
  LOTT: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4.5" />
      <path d="M11 10.5 12.5 9.5v5" />
    </>
  ),
  ELOTT: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <circle cx="8" cy="8" r="1.2" />
      <circle cx="16" cy="8" r="1.2" />
      <circle cx="12" cy="12" r="1.2" />
      <circle cx="8" cy="16" r="1.2" />
      <circle cx="16" cy="16" r="1.2" />
    </>
  ),
  COCKFIGHT: (
    <>
      <path d="M9 20h7M12.5 20v-3" />
      <path d="M7 8a3 3 0 0 1 6 0c0 2 1 3 3 3 2.5 0 4-2 4-4 1 4-1 10-7.5 10C8 17 6 14 7 11L4 10l3-2z" />
      <path d="M8 5c0-1.5 1-2.5 2-2.5.3 1 1.5 1 2 2" />
      <circle cx="9.5" cy="8" r="0.6" />
    </>
  ),
};

export function CategoryIcon({ code, size = 32 }: { code: TGameType; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[code]}
    </svg>
  );
}
