import type { Page } from '@playwright/test';

/** The house slot every member can open (the embedded demo's house vendor HOUSE). */
export const HOUSE_GAME = 'lotus-pond';

/**
 * The launch URL of a house game for the member signed in on `page`, from the site's own launch call
 * (POST /wps/game/vendorLaunch with the tab's session token), in `language`.
 */
export async function houseLaunchUrl(
  page: Page,
  language: string,
  gameCode: string = HOUSE_GAME,
): Promise<string> {
  return page.evaluate(
    async ({ game, lang }) => {
      const res = await fetch('/wps/game/vendorLaunch', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: sessionStorage.getItem('token') ?? '',
          language: lang,
        },
        body: JSON.stringify({ vendor: 'HOUSE', gameCode: game, language: lang }),
      });
      return ((await res.json()) as { value: { url: string } }).value.url;
    },
    { game: gameCode, lang: language },
  );
}
