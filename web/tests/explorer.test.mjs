// The opening explorer on the analysis page: a game of Awélé (abapa) against the computer,
// begun with a move and resigned, is counted; the analysis page, at the start position of
// abapa, lists that move with its games and results, in English and in French, on a desktop and
// a phone; under the Awechec rules it shows the computer's book move.
import { axe, check, firstLegalPit, newGame, newPage, noErrors, text, waitText, base, bothSizes } from './lib.mjs';

export async function explorerListsPlayedMoves({ browser }) {
  const { context, page } = await newPage(browser, { bypassCSP: true });
  try {
    await newGame(page, { game: 'awele', rules: 'abapa', opponent: 'computer', level: 1, side: 'first' });
    const pit = await firstLegalPit(page);
    await page.getByTestId(pit).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] button.move').length >= 1);
    const played = (await page.locator('[data-testid="move-list"] button.move').first().innerText()).trim();
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-confirm').click();
    await waitText(page, 'status', /wins|won|resign/i);

    // Counted within a few seconds of the game's end (each server looks every two seconds).
    const row = page.getByTestId(`explorer-move-${played}`);
    for (let i = 0; i < 15; i++) {
      await page.goto(`${base()}/analysis?game=awele&rules=abapa`);
      await page.getByTestId('explorer').waitFor();
      if (await row.count()) break;
      await page.waitForTimeout(1000);
    }
    await row.waitFor({ timeout: 15000 });
    const games = Number(await text(page, `explorer-games-${played}`));
    check(games >= 1, `the move ${played} is counted: ${games}`);
    // The move followed: the position it leads to, and its own games.
    const start = await page.getByTestId('position-text').inputValue();
    await page.getByTestId(`explorer-follow-${played}`).click();
    await page.waitForFunction((s) => document.querySelector('[data-testid="position-text"]').value !== s, start);
    // South's move is not among those played from the next position (North's): the list is new.
    await row.waitFor({ state: 'detached' });
    await page.goto(`${base()}/analysis?game=awele&rules=abapa`);
    await row.waitFor();
    const findings = await axe(page);
    check(findings.length === 0, `accessibility: ${findings.join('; ')}`);
    await bothSizes(page, 'explorer');
    await page.getByTestId('lang-fr').click();
    await waitText(page, 'explorer', /Parties jouées depuis ici/);
    await page.getByTestId('lang-en').click();

    // Under the Awechec rules, the computer's opening book answers at the start.
    await page.getByTestId('an-rules').selectOption('awechec');
    await page.getByTestId('explorer-book').waitFor();
    check(/The computer’s opening book plays [A-F]/.test(await text(page, 'explorer-book')), `a typographic apostrophe: ${await text(page, 'explorer-book')}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}
