// Puzzles: Ada solves the Awélé puzzle the site offers her move by move (the reply comes after
// each right move) and her puzzle rating goes up; she fails the next with a legal move that is not
// the one, is shown the solution, and her rating goes down; a puzzle opened by its link is
// practice, and says so; the next puzzle comes. In French too, on a desktop and a phone.
// The puzzles are made by crates/server/tests/browser.rs before the scenarios run (AWE_PUZZLES:
// their ids and solutions, Awélé under abapa).
import { apiGet, bothSizes, check, newPage, noErrors, screenshot, signUpAll, unique, waitText, base } from './lib.mjs';

// Clicks the pit of an Awélé move's text (`E(5)`: pit E) once the board offers it.
async function playPit(page, move) {
  const pit = `pit-${move[0]}`;
  await page.waitForFunction(
    (id) => {
      const b = document.querySelector('.awele-board');
      return b && !b.classList.contains('animating') && document.querySelector(`.awele-pit[data-testid="${id}"][data-legal="true"]`);
    },
    pit,
    { timeout: 15000 },
  );
  await page.getByTestId(pit).click();
}

export async function solveAndFailPuzzles({ browser }) {
  const puzzles = JSON.parse(process.env.AWE_PUZZLES || '[]');
  check(puzzles.length >= 2, `two Awélé puzzles were made: ${puzzles.length}`);
  const byId = new Map(puzzles.map((p) => [p.id, p]));
  const a = await newPage(browser);
  const ada = unique('ada');
  try {
    await signUpAll([[a.page, ada]]);
    // The puzzle the site offers (only those are rated): solved step by step.
    await a.page.goto(`${base()}/puzzles?game=awele`);
    await waitText(a.page, 'puzzle-prompt', /to play and win in \d+ moves?/);
    const offered = await apiGet(a.page, '/api/puzzles/next?game=awele');
    const solved = byId.get(offered.puzzle.id);
    check(solved, `the offered puzzle is one of those made: ${offered.puzzle.id}`);
    await bothSizes(a.page, 'puzzle-start');
    for (let i = 0; i < solved.solution.length; i += 2) {
      await playPit(a.page, solved.solution[i]);
      if (i + 2 < solved.solution.length) await waitText(a.page, 'puzzle-prompt', `The reply: ${solved.solution[i + 1]}`);
    }
    await waitText(a.page, 'puzzle-result', 'Solved!');
    await waitText(a.page, 'puzzle-rating-change', /Your puzzle rating: \d+\?? \(\+\d+\)/);
    // The whole line, played on the board to the game's end, and why it is won.
    await waitText(a.page, 'puzzle-line', solved.solution.join(''));
    await waitText(a.page, 'puzzle-end', /wins: .+\./, 20000);
    const chips = await a.page.locator('[data-testid="puzzle-line"] li').count();
    check(chips >= solved.solution.length, `the line has the solution and the rest: ${chips}`);
    await a.page.getByTestId('puzzle-about').waitFor();
    await bothSizes(a.page, 'puzzle-solved');

    // The next one offered: a legal move that is not the solution's.
    await a.page.getByTestId('puzzle-next').click();
    await a.page.waitForURL(/\/puzzles\?game=awele/);
    await a.page.getByTestId('puzzle-prompt').waitFor();
    const next = await apiGet(a.page, '/api/puzzles/next?game=awele');
    const failed = byId.get(next.puzzle.id);
    check(failed && failed.id !== solved.id, 'another puzzle is offered');
    const wrongPit = async (right) =>
      a.page.evaluate((r) => {
        const pits = [...document.querySelectorAll('.awele-pit[data-legal="true"]')].map((g) => g.getAttribute('data-testid'));
        return pits.find((p) => p !== `pit-${r[0]}`) ?? null;
      }, right);
    const wrong = await wrongPit(failed.solution[0]);
    if (wrong) {
      await a.page.getByTestId(wrong).click();
      await waitText(a.page, 'puzzle-result', 'Not this one.');
      await waitText(a.page, 'puzzle-solution', failed.solution[0]);
      // The solution is played on the board, from the puzzle's position to the end.
      await waitText(a.page, 'puzzle-end', /wins: .+\./, 30000);
      await screenshot(a.page, 'puzzle-failed-line-desktop');
      await waitText(a.page, 'puzzle-rating-change', /\(\u2212\d+\)/);
      await screenshot(a.page, 'puzzle-failed-desktop');
    }

    // A puzzle opened by its link, not offered: practice, and the page says why.
    const linked = puzzles.find((p) => p.id !== solved.id && p.id !== failed.id) ?? null;
    if (linked) await a.page.goto(`${base()}/puzzle/${linked.id}`);
    if (linked) await a.page.getByTestId('puzzle-prompt').waitFor();
    const other = linked ? await wrongPit(linked.solution[0]) : null;
    if (other) {
      await a.page.getByTestId(other).click();
      await waitText(a.page, 'puzzle-unrated', /only the puzzles that “Next puzzle” offers you are rated/);
      await screenshot(a.page, 'puzzle-practice-desktop');
    }

    // The next one, and the page in French.
    await a.page.getByTestId('puzzle-next').click();
    await a.page.waitForURL(/\/puzzles\?game=awele/);
    await a.page.getByTestId('lang-fr').click();
    await a.page.waitForFunction(() => document.querySelector('#puzzle-title')?.textContent === 'Problèmes');
    await screenshot(a.page, 'puzzle-next-fr-desktop');
    noErrors(a.page);
  } finally {
    await a.context.close();
  }
}
