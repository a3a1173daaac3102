import { decryptCsPath } from '@lotus/contracts/cs-crypto';
import type { TCsType } from '@lotus/contracts/system';
import i18next from 'i18next';
import { notifyError } from '@/lib/notify';
import { getCsLink } from './api/get-cs-link';

/** The pathList entry that carries the encrypted link (4.CS.02). Other types are not used (4.CS.07). */
export const CS_LINK_PATH_TYPE = 3;

/** 4.CS.06: a member whose rankLevel is above this gets the VIP channel instead of live chat. */
export const VIP_RANK_THRESHOLD = 4;

/** 4.CS.05: live chat is a 440x750 pop-up. Decision 4.CS.07: every other channel opens 600x700. */
export const CS_WINDOW_SIZES = {
  LIVECHAT: { width: 440, height: 750 },
  OTHER: { width: 600, height: 700 },
} as const;

/** Link schemes a customer-service link may use; anything else is treated as an invalid link. */
export const CS_ALLOWED_SCHEMES = ['http:', 'https:', 'mailto:', 'tg:', 'line:'] as const;

/**
 * The channel actually opened (4.CS.06): LIVECHAT becomes VIP for a member whose rankLevel is above
 * 4. Which rank level the caller passes (clubLabel.rankLevel or the vip rank level) is decision
 * 3.MEM.07; visitors pass nothing and get the normal channel.
 */
export function resolveCsType(csType: TCsType, rankLevel?: number | null): TCsType {
  return csType === 'LIVECHAT' && typeof rankLevel === 'number' && rankLevel > VIP_RANK_THRESHOLD ? 'VIP' : csType;
}

export function isAllowedCsUrl(url: string): boolean {
  try {
    return (CS_ALLOWED_SCHEMES as readonly string[]).includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

function getWindowFeatures(csType: TCsType): string {
  // The VIP line replaces live chat, so it opens in the same pop-up shape.
  const { width, height } = csType === 'LIVECHAT' || csType === 'VIP' ? CS_WINDOW_SIZES.LIVECHAT : CS_WINDOW_SIZES.OTHER;
  const left = Math.max(0, Math.round((window.screenX || 0) + ((window.outerWidth || width) - width) / 2));
  const top = Math.max(0, Math.round((window.screenY || 0) + ((window.outerHeight || height) - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

/** A short "connecting" text in the blank window while the link is fetched (best effort). */
function showConnecting(win: Window): void {
  try {
    const text = i18next.t('cs:connecting');
    win.document.title = text;
    if (win.document.body) {
      win.document.body.style.cssText = 'font-family:system-ui,sans-serif;color:#555;display:grid;place-items:center;height:100vh;margin:0';
      win.document.body.textContent = text;
    }
  } catch {
    // A browser may not give access to the new window's document; the window stays blank.
  }
}

/**
 * Opens a customer-service channel (spec 4.CS). Call it directly from a click handler:
 * 1. synchronously opens a blank small window (before any await, so pop-up blockers allow it);
 *    if the browser refuses, shows the 'popup_blocked' toast;
 * 2. GET /wps/system/customerService/link?csType=..., takes the pathList entry of type 3 and
 *    decrypts it (the last 8 characters are the key, 3.CS.03);
 * 3. sends the window to the decrypted link (http(s)); for mailto:/tg:/line: links the blank window
 *    is closed and the link is handed to the current page, which starts the external app;
 * 4. on any failure (call, missing entry, decryption, scheme not allowed) closes the window and
 *    shows the 'invalid_url' toast (4.CS.04).
 * Never rejects: every outcome is shown to the user.
 */
export async function openCustomerService(csType: TCsType, rankLevel?: number | null): Promise<void> {
  const type = resolveCsType(csType, rankLevel);
  const win = window.open('', '_blank', getWindowFeatures(type));
  if (!win) {
    notifyError('popup_blocked');
    return;
  }
  try {
    // The service page must not be able to reach back into the site.
    win.opener = null;
  } catch {
    // ignore
  }
  showConnecting(win);

  try {
    const link = await getCsLink(type);
    const entry = link.version.pathList.find((p) => p.type === CS_LINK_PATH_TYPE);
    if (!entry) throw new Error('customer service: no link of type 3');
    const url = (await decryptCsPath(entry.path)).trim();
    if (!isAllowedCsUrl(url)) throw new Error('customer service: link scheme not allowed');
    const protocol = new URL(url).protocol;
    if (protocol === 'http:' || protocol === 'https:') {
      win.location.replace(url);
    } else {
      win.close();
      window.location.href = url;
    }
  } catch {
    try {
      win.close();
    } catch {
      // already closed by the user
    }
    notifyError('invalid_url');
  }
}
