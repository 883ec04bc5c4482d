// Awechec: power decisions taken with the two buttons, chess moves by drag and drop on the
// chessboard (chessground), a promotion chosen in the chooser, and the Awélé game that starts when
// the powers run out. Games start from study positions (FEN | powers | Awélé position).
import { DESKTOP, PHONE, apiGet, apiPost, base, check, newPage, noErrors, screenshot, sleep } from './lib.mjs';

// Waits until `fn` (run in the page, and awaited there: it may fetch) returns something truthy,
// and returns it. (page.waitForFunction does not wait for a promise the function returns.)
async function until(page, fn, arg, timeout = 30000, what = 'a condition') {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await page.evaluate(fn, arg);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}


async function openGame(page, position, side = 'white') {
  await page.goto(`${base()}/`);
  const made = await apiPost(page, '/api/games', { spec: { game: 'awechec' }, opponent: { kind: 'computer', level: 1 }, side, clock: null, position });
  check(made.id, `the game is created: ${JSON.stringify(made)}`);
  await page.goto(`${base()}/game/${made.id}`);
  await page.locator('.awechec-board cg-board').waitFor();
  return made.id;
}

async function game(page, id) {
  return (await apiGet(page, `/api/games/${id}`)).game;
}

// Waits until the server's game has `n` moves, and returns it.
async function movesReach(page, id, n) {
  await until(
    page,
    async ([gid, k]) => (await (await fetch(`/api/games/${gid}`)).json()).game.moves.length >= k,
    [id, n],
    20000,
    `${n} moves`,
  );
  return game(page, id);
}

// The centre of a square on the screen, White at the bottom.
async function square(page, key) {
  const b = await page.locator('.awechec-board cg-board').boundingBox();
  const file = key.charCodeAt(0) - 97;
  const rank = Number(key[1]) - 1;
  return { x: b.x + ((file + 0.5) * b.width) / 8, y: b.y + ((7 - rank + 0.5) * b.height) / 8 };
}

// Drags the piece on `from` to `to` with the mouse, in small steps as a hand would.
async function drag(page, from, to, shot) {
  await page.locator('.awechec-board cg-board').scrollIntoViewIfNeeded();
  const a = await square(page, from);
  const b = await square(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 8 });
  if (shot) await screenshot(page, shot);
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

// Waits until the chessboard lets the player move (chessground knows the destinations).
async function chessReady(page) {
  await page.waitForFunction(() => !!document.querySelector('.awechec-board .awechec-status[data-step="move"]'), null, { timeout: 20000 });
  await page.waitForTimeout(100);
}

export async function decisionsAndDragAndDrop({ browser }) {
  const { context, page } = await newPage(browser, { viewport: DESKTOP, locale: 'fr-FR' });
  try {
    // Powers: White's (for White's move), White's (for Black's move), then Black's.
    const id = await openGame(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | WWBWBWBW | -');
    const buttons = page.locator('.awechec-decide');
    await buttons.first().waitFor();
    check((await buttons.count()) === 2, 'two buttons for the decision');
    const normal = page.locator('.awechec-decide[data-decision="normal"]');
    const nul = page.locator('.awechec-decide[data-decision="null"]');
    check((await normal.innerText()).includes('Coup normal\u00a0: les Blancs jouent un coup d’échecs'), `normal: ${await normal.innerText()}`);
    check((await nul.innerText()).includes('Coup nul (0)\u00a0: les Blancs passent'), `null: ${await nul.innerText()}`);
    check((await page.locator('.awechec-phase').innerText()).includes('Échecs'), 'the phase is chess');
    check((await page.locator('.awechec-powers-grid .power').count()) === 8, 'eight powers drawn');
    check((await page.locator('.awechec-powers-grid .power.marked[data-power="1"]').count()) === 1, 'power 1 is ringed');
    await screenshot(page, 'awechec-desktop-decision');

    // 1. (1=B) normal, then e4 by drag and drop.
    await normal.click();
    await movesReach(page, id, 1);
    await chessReady(page);
    check((await page.locator('.awechec-decision').isHidden()), 'no decision buttons while a chess move is awaited');
    await drag(page, 'e2', 'e4', 'awechec-desktop-dragging');
    let g = await movesReach(page, id, 2);
    check(g.moves[0].text === 'normal' && g.moves[1].text === 'e4', `moves: ${g.moves.map((m) => m.text).join(' ')}`);
    check((await page.locator('.awechec-board square.last-move').count()) === 2, 'the last move is highlighted');

    // (2=B) for Black's move: White decides; the null move is the usual choice and comes first.
    await nul.waitFor();
    check((await nul.innerText()).includes('Coup nul (0)\u00a0: les Noirs passent'), `null for Black: ${await nul.innerText()}`);
    check((await page.locator('.awechec-decide').first().getAttribute('data-decision')) === 'null', 'the usual choice first');
    await nul.click();
    g = await movesReach(page, id, 3);
    check(g.moves[2].text === '0', `the null move was sent: ${g.moves[2].text}`);
    check((await page.locator('.awechec-powers-grid .power.used').count()) >= 2, 'used powers are pale');
    // (3=N): the computer decides for White's move; then White plays again (or passes).
    await until(
      page,
      async (gid) => {
        const s = (await (await fetch(`/api/games/${gid}`)).json()).game;
        return s.moves.length >= 4 && s.turn === 'white' && !s.thinking;
      },
      id,
      30000,
      'the computer’s decision',
    );
    await page.waitForTimeout(300);
    await screenshot(page, 'awechec-desktop-after');
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function promotionThenAweleOnPhone({ browser }) {
  const { context, page } = await newPage(browser, { viewport: PHONE, locale: 'en-GB' });
  try {
    // One power left, White's: promote, then the powers run out and an Awélé game starts.
    const id = await openGame(page, '4k3/P6p/8/8/8/8/8/4K3 w - - 0 1 | W | -');
    const normal = page.locator('.awechec-decide[data-decision="normal"]');
    await normal.waitFor();
    check((await normal.innerText()).includes('Normal move: White plays a chess move'), `normal: ${await normal.innerText()}`);
    check(
      (await page.locator('.awechec-decide[data-decision="null"]').innerText()).includes('Null move (0): White passes'),
      'the null move in English',
    );
    const boardBox = await page.locator('.awechec-board cg-board').boundingBox();
    check(boardBox.width <= PHONE.width && boardBox.width >= 300, `the chessboard fits the phone (${boardBox.width} px)`);
    await screenshot(page, 'awechec-phone-decision');
    await normal.click();
    await movesReach(page, id, 1);
    await chessReady(page);
    await drag(page, 'a7', 'a8');
    const choices = page.locator('.awechec-promotion-choice');
    await choices.first().waitFor();
    check((await choices.count()) === 4, 'four pieces to promote to');
    await screenshot(page, 'awechec-phone-promotion');
    await page.locator('.awechec-promotion-choice[data-promotion="n"]').click();
    const g = await movesReach(page, id, 2);
    check(/^a8=N/.test(g.moves[1].text), `the knight was chosen: ${g.moves[1].text}`);
    // No power left for Black: an Awélé game starts, its board shown above the chessboard.
    await page.locator('.awechec-awele .awele-board').waitFor();
    check((await page.locator('.awechec-phase').innerText()).includes('Awélé game 1'), 'the phase says Awélé game 1');
    const awele = await page.locator('.awechec-awele').boundingBox();
    const chess = await page.locator('.awechec-chess').boundingBox();
    check(awele.y < chess.y, 'on a phone the Awélé board comes first while it is played');
    await page.waitForFunction(() => document.querySelectorAll('.awele-pit[data-legal="true"]').length > 0, null, { timeout: 20000 });
    await screenshot(page, 'awechec-phone-awele');
    const pit = await page.locator('.awele-pit[data-legal="true"]').first().getAttribute('data-testid');
    await page.getByTestId(pit).click();
    const after = await movesReach(page, id, 3);
    check(after.moves[2].kind === 'awele', `an Awélé move was played: ${after.moves[2].text}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}
