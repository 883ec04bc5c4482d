// The first move is timed (issue 41): in a Swiss of three, the paired players never move. Each
// game page shows the countdown, then "Game aborted"; the tournament's page, never reloaded,
// shows round 2 paired within the first move's time and a few seconds. On a server of its own
// whose first moves have 3 s (AWE_URL_FIRST_MOVE, started by tests/browser.rs).
import { apiPost, check, newPage, noErrors, screenshot, signUpAll, unique, waitText, PHONE } from './lib.mjs';

const FIRST_MOVE_MS = 3000;

export async function aSwissGoesOnWhenNobodyMoves({ browser }) {
  const quick = process.env.AWE_URL_FIRST_MOVE;
  check(quick, 'AWE_URL_FIRST_MOVE is not set: the address of a server whose first moves have 3 s');
  const usual = process.env.AWE_URL;
  process.env.AWE_URL = quick;
  const pages = [await newPage(browser), await newPage(browser, { viewport: PHONE }), await newPage(browser)];
  const names = ['ada', 'kofi', 'ama'].map(unique);
  try {
    await signUpAll(pages.map((p, i) => [p.page, names[i]]));
    const made = await apiPost(pages[0].page, '/api/tournaments', {
      kind: 'swiss', name: `Swiss of ${names[0]}`, spec: { game: 'awele', rules: 'abapa' },
      clock: { minutes: 1 }, rounds: 2, starts_in: 0.1,
    });
    check(made.id, `the tournament is made: ${JSON.stringify(made)}`);
    for (const { page } of pages) {
      await page.goto(`${quick}/tournament/${made.id}`);
      await page.getByTestId('tjoin').click();
      await page.getByTestId('twithdraw').waitFor();
    }
    // Round 1: two of them are paired, the third rests. Each paired page offers its game.
    await waitText(pages[0].page, 'tournament-when', /Round 1 of 2/, 20000);
    const paired = [];
    for (const p of pages) {
      if (await p.page.getByTestId('tgame-link').count()) paired.push(p);
    }
    check(paired.length === 2, `two players are paired in round 1 (${paired.length})`);
    const roundOneAt = Date.now();
    for (const { page } of paired) {
      await page.getByTestId('tgame-link').click();
      await page.waitForURL(/\/game\//);
    }
    // The player to move is told that the first move is timed.
    const white = paired.find(({ page }) => page.url());
    await waitText(paired[0].page, 'first-move', /first move within \d+ s/);
    await waitText(paired[1].page, 'first-move', /first move within \d+ s/);
    await screenshot(paired[0].page, `first-move-${paired[0].page.viewportSize().width < 500 ? 'phone' : 'desktop'}`);
    await screenshot(paired[1].page, `first-move-${paired[1].page.viewportSize().width < 500 ? 'phone' : 'desktop'}`);
    check(white, 'a page');
    // Nobody moves: the game is aborted, and says so.
    await waitText(paired[0].page, 'aborted', 'Game aborted', FIRST_MOVE_MS + 10000);
    await waitText(paired[0].page, 'status', /did not make a first move in time/);
    await screenshot(paired[0].page, 'first-move-aborted');
    // The tournament goes on: round 2 within the first move's time and a few seconds.
    const watcher = pages.find((p) => !paired.includes(p));
    await waitText(watcher.page, 'tournament-when', /Round 2 of 2/, FIRST_MOVE_MS + 10000);
    const took = Date.now() - roundOneAt;
    check(took < FIRST_MOVE_MS + 7000, `round 2 came ${took} ms after round 1`);
    await screenshot(watcher.page, 'first-move-round-2');
    for (const { page } of pages) noErrors(page, 'a player');
  } finally {
    process.env.AWE_URL = usual;
    for (const { context } of pages) await context.close();
  }
}
