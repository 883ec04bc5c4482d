// Awélé: a person plays a whole game against the computer at level 1 by clicking pits.
import { check, newGame, newPage, noErrors, screenshot, text, apiGet, gameId, playingThroughRepeats, waitText } from './lib.mjs';

// Waits until the board offers moves (and no animation runs) or the game is over; says which pits
// are offered and how many seeds the board shows, read at the same instant.
async function nextTurn(page, timeout = 20000) {
  const handle = await page.waitForFunction(
    () => {
      const status = document.querySelector('[data-testid="status"]');
      if (status && status.classList.contains('over')) return 'over';
      const board = document.querySelector('.awele-board');
      if (!board || board.classList.contains('animating')) return false;
      const legal = [...document.querySelectorAll('.awele-pit[data-legal="true"]')].map((g) => g.getAttribute('data-testid'));
      if (!legal.length) return false;
      let seeds = 0;
      for (const g of document.querySelectorAll('.awele-pit, .awele-store')) seeds += Number(g.getAttribute('data-count'));
      const shown = [...document.querySelectorAll('.awele-pit, .awele-store')].map((g) => `${g.getAttribute('data-testid')}=${g.getAttribute('data-count')}`).join(' ');
      return { legal, seeds, shown };
    },
    null,
    { timeout, polling: 50 },
  );
  return handle.jsonValue();
}

const moveCount = (page) => page.evaluate(() => document.querySelectorAll('[data-testid="move-list"] button.move').length);

export async function wholeGameAgainstLevel1({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    await newGame(page, { game: 'awele', rules: 'abapa', opponent: 'computer', level: 1, side: 'first' });
    const id = gameId(page);
    await waitText(page, 'status', 'Your turn');
    await screenshot(page, 'awele-start');
    let moves = 0;
    for (;;) {
      const turn = await nextTurn(page);
      if (turn === 'over') break;
      const pits = turn.legal;
      check(pits.every((p) => /^pit-[A-F]$/.test(p)), `only South's pits are offered: ${pits}`);
      check(turn.seeds === 48, `the board shows 48 seeds, not ${turn.seeds}: ${turn.shown}`);
      const before = await moveCount(page);
      const pick = pits[Math.floor(Math.random() * pits.length)];
      if (moves === 0) {
        // A keyboard player: the highlighted pits are buttons; Enter plays.
        check((await page.getByTestId(pick).getAttribute('role')) === 'button', 'a legal pit is a button');
        await page.getByTestId(pick).focus();
        await page.keyboard.press('Enter');
      } else {
        await page.getByTestId(pick).click();
      }
      moves++;
      // The server took the move: the list grows (the board then shows it); a move that would
      // repeat a position is asked about first.
      await playingThroughRepeats(page, (n) => document.querySelectorAll('[data-testid="move-list"] button.move').length > n, before);
      if (moves === 2) {
        // Mid-sowing: the seeds are on their way.
        await page.waitForTimeout(150);
        await screenshot(page, 'awele-sowing');
      }
      if (moves === 4) {
        // Faster from here on: no animation.
        await page.emulateMedia({ reducedMotion: 'reduce' });
      }
      check(moves < 400, 'the game ends');
    }
    const status = await text(page, 'status');
    check(/wins|Draw/.test(status), `the outcome is said in words: ${status}`);
    check(/\d+–\d+/.test(status), `the score is given: ${status}`);
    const state = await apiGet(page, `/api/games/${id}`);
    check(state.game.status === 'over', 'the server has the game over');
    const list = await page.getByTestId('move-list').innerText();
    check(/^1\s/m.test(list), 'the move list is numbered');
    check(await page.getByTestId('rematch').isVisible(), 'a rematch is offered');
    check(!(await page.getByTestId('resign').isVisible().catch(() => false)), 'no resign button once over');
    await screenshot(page, 'awele-over');
    console.log(`      ${moves} moves by the player: ${status.split('\n')[0]}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}
