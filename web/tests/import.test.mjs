// Import: a bad record names its first bad token; a good one opens the game; its replay steps with
// the arrow keys.
import { check, newPage, noErrors, screenshot, text, waitText, base, apiGet, gameId } from './lib.mjs';

const GOOD = `[Game "awele"]
[Rules "awechec"]
[South "Ama"]
[North "Kofi"]
[Result "*"]

1. E b 2. A c 3. B a 4. F d *`;

export async function importShowsTheBadToken({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${base()}/import`);
    await page.getByTestId('import-text').fill(GOOD.replace('3. B a', '3. B Q'));
    await page.getByTestId('import-submit').click();
    await page.getByTestId('import-error').waitFor({ state: 'visible' });
    const error = await text(page, 'import-error');
    check(/Q/.test(error), `the error names the bad token: ${error}`);
    check(/\/import$/.test(page.url()), 'the page stays');
    await screenshot(page, 'import-error');
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function replayWithArrowKeys({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${base()}/import`);
    await page.getByTestId('import-text').fill(GOOD);
    await page.getByTestId('import-submit').click();
    await page.waitForURL(/\/game\//);
    const id = gameId(page);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] button.move').length === 8);
    await waitText(page, 'player-south', 'Ama');
    await waitText(page, 'player-north', 'Kofi');
    const history = await apiGet(page, `/api/games/${id}/history`);
    check(history.positions.length === 9, 'nine positions');
    const pits = () =>
      page.evaluate(() => [...'ABCDEFabcdef'].map((l) => Number(document.querySelector(`[data-testid="pit-${l}"]`).getAttribute('data-count'))));
    const shows = async (k) => {
      await page.waitForFunction(() => !document.querySelector('.awele-board.animating'));
      const got = await pits();
      const want = history.positions[k].pits;
      check(JSON.stringify(got) === JSON.stringify(want), `position ${k}: the board shows ${got}, not ${want}`);
    };
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Home');
    await waitText(page, 'replay-where', 'Start position');
    await shows(0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitText(page, 'replay-where', '3 / 8');
    await shows(3);
    await page.keyboard.press('ArrowLeft');
    await waitText(page, 'replay-where', '2 / 8');
    await shows(2);
    check((await page.getByTestId('move-1').getAttribute('aria-current')) === 'step', 'the list marks the move shown');
    await page.keyboard.press('End');
    await waitText(page, 'replay-where', '8 / 8');
    await shows(8);
    // Clicking a move in the list, and the buttons.
    await page.getByTestId('move-4').click();
    await waitText(page, 'replay-where', '5 / 8');
    await shows(5);
    await page.getByTestId('replay-prev').click();
    await waitText(page, 'replay-where', '4 / 8');
    await page.getByTestId('replay-first').click();
    await waitText(page, 'replay-where', 'Start position');
    await page.getByTestId('replay-next').click();
    // Stepping forward animates: the board is sowing right after the step.
    const animated = await page.evaluate(() => !!document.querySelector('.awele-board.animating'));
    check(animated, 'stepping forward animates the sowing');
    await shows(1);
    await screenshot(page, 'replay');
    // Analysis of the position shown.
    await page.getByTestId('analyse').click();
    await page.getByTestId('analysis-score').waitFor();
    check((await text(page, 'analysis-best')).length > 0, 'a best move is given');
    // The record, downloaded.
    const record = await page.evaluate(async (u) => (await fetch(u)).text(), await page.getByTestId('download').getAttribute('href'));
    check(record.includes('[Game "awele"]') && record.includes('1. E b'), 'the record downloads');
    noErrors(page);
  } finally {
    await context.close();
  }
}
