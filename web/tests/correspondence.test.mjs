// Correspondence: Ada offers a game of Awélé at two days a move; Kofi accepts it from the lobby.
// Ada moves: the game appears in Kofi's "Your games" under "Your turn", with the count in his
// header; Kofi answers from there, and Ada's header counts it without her reloading anything.
import { check, newPage, noErrors, screenshot, text, waitText, gameId, bothSizes, signUpAll, unique, firstLegalPit, PHONE } from './lib.mjs';

export async function correspondenceTurns({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE });
  const ada = unique('ada');
  const kofi = unique('kofi');
  try {
    await signUpAll([
      [a.page, ada],
      [b.page, kofi],
    ]);
    await waitText(a.page, 'account-name', ada);

    // The days a move are offered against a person only.
    await a.page.getByTestId('game-awele').click();
    await a.page.getByTestId('rules').selectOption('abapa');
    await a.page.getByTestId('opponent-computer').click();
    check(!(await a.page.getByTestId('clock-days').count()), 'no correspondence against the computer');
    await a.page.getByTestId('opponent-open').click();
    await a.page.getByTestId('side-first').click();
    await a.page.getByTestId('clock-days').click();
    await a.page.getByTestId('days').selectOption('2');
    await waitText(a.page, 'days-help', 'many days');
    await bothSizes(a.page, 'home-correspondence');
    await a.page.getByTestId('start').click();
    await a.page.waitForURL(/\/game\//);
    const id = gameId(a.page);

    // Kofi accepts it from the lobby: it says two days a move.
    await b.page.getByTestId(`accept-${id}`).waitFor({ timeout: 10000 });
    const entry = await text(b.page, `game-${id}`);
    check(/2 days a move/.test(entry), `the challenge says its pace: ${entry}`);
    await b.page.getByTestId(`accept-${id}`).click();
    await b.page.waitForURL(new RegExp(`/game/${id}$`));
    await waitText(a.page, 'status', 'Your turn');
    const clock = await a.page.evaluate(() => [...document.querySelectorAll('.clock')].map((c) => c.textContent).join(' | '));
    check(/2 d 0 h/.test(clock), `the clocks show two days: ${clock}`);
    // In French, as the list of games writes it.
    await a.page.getByTestId('lang-fr').click();
    await a.page.waitForFunction(() => [...document.querySelectorAll('.clock')].some((c) => /2\u00a0j 0\u00a0h/.test(c.textContent)));
    await a.page.getByTestId('lang-en').click();

    // Ada's list: one game, hers to play; the header counts it.
    await a.page.getByTestId('nav-turns').click();
    await a.page.waitForURL(/\/turns$/);
    await a.page.locator(`[data-testid="your-turn-list"] [data-testid="turn-${id}"]`).waitFor();
    await waitText(a.page, 'turns-badge', /^1/);
    await a.page.getByTestId(`turn-open-${id}`).click();
    await a.page.waitForURL(new RegExp(`/game/${id}$`));
    await a.page.getByTestId(await firstLegalPit(a.page)).click();
    await waitText(a.page, 'status', /Kofi|to play|North/i);
    // No game waits for Ada once she moved: the count goes.
    await a.page.getByTestId('turns-badge').waitFor({ state: 'detached' });
    // On her list the game is now theirs to play: hers to open, not to "watch".
    await a.page.getByTestId('nav-turns').click();
    await a.page.locator(`[data-testid="their-turn-list"] [data-testid="turn-${id}"]`).waitFor();
    await waitText(a.page, `turn-open-${id}`, /^Open$/);
    await a.page.goBack();

    // Kofi, on his list, finds the game waiting for him, with the time he has left.
    await b.page.getByTestId('nav-turns').click();
    await b.page.waitForURL(/\/turns$/);
    await b.page.locator(`[data-testid="your-turn-list"] [data-testid="turn-${id}"]`).waitFor();
    await waitText(b.page, `turn-${id}`, /2 days a move/);
    await waitText(b.page, `turn-left-${id}`, /^(1 d 23 h|2 d 0 h) left$/);
    await waitText(b.page, 'turns-count', 'One game waits for your move.');
    await waitText(b.page, 'turns-badge', /^1/);
    await bothSizes(b.page, 'turns');
    await b.page.getByTestId('lang-fr').click();
    await waitText(b.page, 'turns-count', 'Une partie attend votre coup.');
    await waitText(b.page, `turn-${id}`, /2\u00a0jours par coup/);
    await screenshot(b.page, 'turns-fr-phone');
    await b.page.getByTestId('lang-en').click();

    // He answers from it; Ada, on the home page, sees her count come back by itself.
    await a.page.getByTestId('home-link').click();
    await b.page.getByTestId(`turn-open-${id}`).click();
    await b.page.waitForURL(new RegExp(`/game/${id}$`));
    await b.page.getByTestId(await firstLegalPit(b.page)).click();
    await waitText(a.page, 'turns-badge', /^1/, 45000);
    await a.page.getByTestId('nav-turns').click();
    await a.page.locator(`[data-testid="your-turn-list"] [data-testid="turn-${id}"]`).waitFor();
    await screenshot(a.page, 'turns-desktop-after');
    noErrors(a.page, 'Ada');
    noErrors(b.page, 'Kofi');
  } finally {
    await a.context.close();
    await b.context.close();
  }
}
