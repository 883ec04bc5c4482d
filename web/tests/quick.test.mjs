// Quick pairing: Ada and Kofi pick Awithlaknannai and the same time control; each waits, is told
// so, and both land on the same game, rated, with that clock. A visitor is asked to sign in.
import { check, newPage, noErrors, screenshot, waitText, gameId, base, bothSizes, signUpAll, unique, PHONE } from './lib.mjs';

export async function quickPairingOfTwo({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE });
  const c = await newPage(browser);
  try {
    await c.page.goto(`${base()}/`);
    await c.page.getByTestId('quick-signin').waitFor();
    check(await c.page.getByTestId('quick-5+3').isDisabled(), 'a visitor cannot wait in a pool');
    await signUpAll([
      [a.page, unique('ada')],
      [b.page, unique('kofi')],
    ]);
    for (const p of [a.page, b.page]) {
      await p.getByTestId('game-awithlaknannai').click();
      await waitText(p, 'quick', 'Awithlaknannai');
    }
    await a.page.getByTestId('quick-5+3').click();
    await waitText(a.page, 'quick-waiting', /Looking for an opponent for Awithlaknannai.*5\+3/);
    await bothSizes(a.page, 'quick-waiting');
    // Kofi sees someone waiting there (the counts are read every few seconds).
    await waitText(b.page, 'quick-5+3', '1 waiting', 10000);
    await screenshot(b.page, 'quick-phone');
    await b.page.getByTestId('quick-5+3').click();
    await a.page.waitForURL(/\/game\//, { timeout: 10000 });
    await b.page.waitForURL(/\/game\//, { timeout: 10000 });
    const id = gameId(a.page);
    check(gameId(b.page) === id, `both in one game: ${id} and ${gameId(b.page)}`);
    await waitText(a.page, 'rated-label', 'Rated game');
    const clock = await a.page.evaluate(() => [...document.querySelectorAll('.clock')].map((e) => e.textContent).join(' '));
    check(/5:00/.test(clock), `five minutes each: ${clock}`);
    await screenshot(a.page, 'quick-paired-desktop');
    noErrors(a.page, 'Ada');
    noErrors(b.page, 'Kofi');
    noErrors(c.page, 'the visitor');
  } finally {
    await a.context.close();
    await b.context.close();
    await c.context.close();
  }
}
