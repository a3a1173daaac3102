import type { TCsType } from '@lotus/contracts/system';

/** Inline icon per channel (decorative: buttons carry the channel name). */
export function CsIcon({ type, size = 22 }: { type: TCsType | 'OFFICIAL_WEB' | 'OFFICIAL_LINE'; size?: number }) {
  const common = { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  switch (type) {
    case 'LIVECHAT':
      return (
        <svg {...common}>
          <path
            d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <circle cx="8" cy="11" r="1.2" fill="currentColor" />
          <circle cx="12" cy="11" r="1.2" fill="currentColor" />
          <circle cx="16" cy="11" r="1.2" fill="currentColor" />
        </svg>
      );
    case 'VIP':
      return (
        <svg {...common}>
          <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5z" fill="currentColor" />
          <rect x="5" y="19" width="14" height="2" rx="1" fill="currentColor" />
        </svg>
      );
    case 'LINE':
    case 'OFFICIAL_LINE':
      return (
        <svg {...common}>
          <path
            d="M12 3.5c5 0 9 3.2 9 7.2 0 4.5-5.2 8.4-9.5 10.3-.6.3-.5-.5-.4-1l.2-1.4C6.6 18 3 14.7 3 10.7c0-4 4-7.2 9-7.2z"
            fill="currentColor"
          />
          <path
            d="M7 9v3.6h2M10.6 9v3.6M12.6 12.6V9l2.6 3.6V9M19 9h-2v3.6h2M17 10.8h1.8"
            fill="none"
            stroke="var(--cs-icon-cutout, #fff)"
            strokeWidth="1.1"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      );
    case 'TELEGRAM':
      return (
        <svg {...common}>
          <path d="M21.5 4.2L2.8 11.4c-.9.4-.9 1.6.1 1.9l4.6 1.5 1.8 5.5c.2.7 1.1.9 1.6.4l2.6-2.5 4.6 3.4c.7.5 1.6.1 1.8-.7l3.1-14.5c.2-.9-.7-1.6-1.5-1.2z" fill="currentColor" />
          <path d="M8 14.6l9.5-7-7.6 8.6" fill="none" stroke="var(--cs-icon-cutout, #fff)" strokeWidth="1.2" strokeLinejoin="round" />
        </svg>
      );
    case 'FACEBOOK':
      return (
        <svg {...common}>
          <path
            d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21z"
            fill="currentColor"
          />
        </svg>
      );
    case 'WHATSAPP':
      return (
        <svg {...common}>
          <path
            d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path
            d="M9 7.8c.3-.1.6 0 .7.3l.8 1.8c.1.3 0 .5-.2.7l-.5.6c.6 1.2 1.6 2.2 2.8 2.8l.6-.5c.2-.2.5-.3.7-.2l1.8.8c.3.1.4.4.3.7-.3 1-1.2 1.6-2.2 1.4-2.9-.6-5.2-2.9-5.8-5.8-.2-1 .4-1.9 1-2.2z"
            fill="currentColor"
          />
        </svg>
      );
    case 'EMAIL':
      return (
        <svg {...common}>
          <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M3.5 6.5l8.5 6.5 8.5-6.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
      );
    case 'ZALO':
      return (
        <svg {...common}>
          <path
            d="M12 3.5c5 0 9 3.4 9 7.6s-4 7.6-9 7.6c-1 0-2-.1-2.9-.4L5 20l.9-3.4C4.1 15.2 3 13.3 3 11.1c0-4.2 4-7.6 9-7.6z"
            fill="currentColor"
          />
          <path d="M8.5 8.8h5l-5 5h5" fill="none" stroke="var(--cs-icon-cutout, #fff)" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      );
    case 'OFFICIAL_WEB':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M3 12h18M12 3c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9c-2.5-2.4-3.8-5.4-3.8-9S9.5 5.4 12 3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
      );
    default: {
      const unknown: never = type;
      void unknown;
      return null;
    }
  }
}
