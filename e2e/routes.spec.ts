import { expect, test } from '@playwright/test';
import { watchConsole } from './support/console';

// 2.R.01-26: every route of the table and every alias renders its page without a console error.
const routes: Array<[string, string | null]> = [
  ['/', 'home-page'],
  ['/index', 'home-page'],
  ['/index.html', 'home-page'],
  ['/home', 'home-page'],
  ['/login', 'login-page'],
  ['/register', 'register-page'],
  ['/register.html', 'register-page'],
  ['/forget', 'forget-page'],
  ['/noticePage', null],
  ['/vip', null],
  ['/pointMall', null],
  ['/live', null],
  ['/sports', null],
  ['/esports', null],
  ['/pvp', null],
  ['/elott', null],
  ['/cockfight', null],
  ['/rng', null],
  ['/rng?vassalage=PG', null],
  ['/fish', null],
  ['/lottery?gameCode=TH01&vendor=LOTT&playType=2D', null],
  ['/vnlottery', null],
  ['/promotions', null],
  ['/promoDetail', null],
  ['/seamless', null],
  ['/fbsports', null],
  ['/help', null],
  ['/helpmc', null],
  ['/help#term', null],
  ['/down', 'download-page'],
  ['/download', 'download-page'],
  ['/join', null],
  ['/game', null],
  ['/agentHome', null],
];

for (const [path, testId] of routes) {
  test(`2.R route ${path} renders without a console error`, async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('newsPopupShown', '1'));
    const errors = watchConsole(page);
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    if (testId) await expect(page.getByTestId(testId)).toBeVisible();
    // /helpmc is the help centre embedded in the member centre, without header and footer (ADR 0007)
    if (path !== '/helpmc') await expect(page.getByTestId('logo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
