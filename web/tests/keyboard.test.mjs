// Each game played to its end from the keyboard alone (Tab, arrows, Enter, Space), every move
// announced in words. The games start from positions where they end soon (set up through the
// API, as a teacher's link would); the moves are the keyboard's.
import { apiPost, base, check, newPage, noErrors, screenshot, sleep, text, waitText } from './lib.mjs';

// Presses Tab until the focused element matches `selector` (at most `most` presses).
async function tabTo(page, selector, most = 80) {
  for (let i = 0; i < most; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches?.(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  const where = await page.evaluate(() => `${document.activeElement?.tagName} ${document.querySelector('[data-testid="status"]')?.textContent} moves=${document.querySelectorAll('[data-testid="move-list"] button.move').length} hits=${[...document.querySelectorAll('.serpents .hit')].filter((c) => c.getAttribute('tabindex')).map((c) => c.getAttribute('data-point')).join(',')}`);
  throw new Error(`Tab never reached ${selector} (at ${where})`);
}

// Keeps every announcement the page makes (they follow each other quickly).
async function listen(page) {
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="announce"]');
    window.__said = [];
    new MutationObserver(() => window.__said.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
}

async function heard(page) {
  return page.evaluate(() => window.__said);
}

async function open(page, spec, position, side) {
  await page.goto(`${base()}/`);
  const made = await apiPost(page, '/api/games', { spec, opponent: { kind: 'computer', level: 1 }, side, clock: null, position });
  check(made.id, `the game is created: ${JSON.stringify(made)}`);
  await page.goto(`${base()}/game/${made.id}`);
  await page.getByTestId('status').waitFor();
  return made.id;
}

export async function aweleByKeyboard({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    // South sows F into North's empty row; North's only move, a, would not feed South's empty
    // row: the game is over (each side takes its own seeds).
    await open(page, { game: 'awele', rules: 'awechec' }, '0,0,0,0,0,1/0,0,0,0,0,0 S 24 23', 'south');
    await listen(page);
    await waitText(page, 'status', 'Your turn');
    await tabTo(page, '[data-testid="pit-F"]');
    await page.keyboard.press('Enter');
    await waitText(page, 'status', /wins|Draw/);
    const said = await heard(page);
    check(said.some((s) => /^South sows F\. Draw: no move left/.test(s)), `the move and the end said in words: ${said.join(' | ')}`);
    check(/no move left/.test(await text(page, 'status')), `the end is said: ${await text(page, 'status')}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function awithlaknannaiByKeyboard({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    await open(page, { game: 'awithlaknannai', board: 'mosona', rules: 'wikipedia' }, undefined, 'white');
    await listen(page);
    let moves = 0;
    for (let turn = 0; turn < 40; turn++) {
      await page.waitForFunction(() => /Your turn|wins|Draw/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''));
      if (!/Your turn/.test(await text(page, 'status'))) break;
      // A piece that can move, then where it goes, landing point by landing point (once the
      // computer's move has been shown).
      await page.waitForFunction(() => !document.querySelector('.awithlaknannai-board.animating'));
      await tabTo(page, '.serpents .hit[tabindex="0"]');
      const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      check(/: white piece, it can move$/.test(label), `a movable piece is said so: ${label}`);
      await page.keyboard.press('Enter');
      for (let hop = 0; hop < 30; hop++) {
        const focused = await page.evaluate(() => ({
          label: document.activeElement?.getAttribute('aria-label') ?? '',
          chooser: !!document.activeElement?.closest?.('.serpents-chooser'),
        }));
        if (!/: (jump|move) here$/.test(focused.label) && !focused.chooser) break;
        await page.keyboard.press('Enter');
        await sleep(50);
      }
      moves++;
      await page.waitForFunction(() => !/Your turn/.test(document.querySelector('[data-testid="status"]')?.textContent ?? '') || document.querySelector('.serpents')?.getAttribute('aria-label')?.includes('Black to move') === false);
      await sleep(300);
    }
    await waitText(page, 'status', /wins|Draw/, 30000);
    const said = (await heard(page)).map((s) => s.replace(/ (White|Black) wins.*| Draw.*/, '')).filter((s) => !/^(White|Black) wins|^Draw/.test(s));
    check(said.length >= moves && said.every((s) => /^(White|Black) (moves from [tmb]\d+ to [tmb]\d+|jumps from [tmb]\d+ to [tmb]\d+(, then [tmb]\d+)*, taking [tmb]\d+(, [tmb]\d+)*( and [tmb]\d+)?)\.$/.test(s)), `moves are announced in words: ${said.join(' | ')}`);
    console.log(`      ${moves} moves by the keyboard: ${await text(page, 'status')}`);
    await screenshot(page, 'keyboard-awithlaknannai-end');
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function awechecByKeyboard({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    // A back-rank mate, White's power first: White decides a normal move, then Ra8#.
    await open(page, { game: 'awechec' }, '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 | W | -', 'white');
    await tabTo(page, '.awechec-decide[data-decision="normal"]');
    await page.keyboard.press('Enter');
    await waitText(page, 'announce', 'White chooses a normal move.');
    // The chessboard: the cursor to a1, Enter, up to a8, Enter.
    await tabTo(page, '.awechec-cg[role="application"]');
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    check(/White: king g1, rook a1\. Black: king g8, pawns f7, g7 and h7\./.test(label), `the board in words: ${label}`);
    const cursor = async () => page.evaluate(() => document.querySelector('.awechec-cg')?.getAttribute('data-cursor') ?? '');
    for (let i = 0; i < 16 && (await cursor())[0] !== 'a'; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 16 && (await cursor())[1] !== '1'; i++) await page.keyboard.press('ArrowDown');
    check((await cursor()) === 'a1', `the cursor reached a1: ${await cursor()}`);
    await waitText(page, 'chess-cursor', 'a1: white rook');
    await page.keyboard.press('Enter');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowUp');
    await waitText(page, 'chess-cursor', 'a8: empty, a possible move');
    await page.keyboard.press(' ');
    await waitText(page, 'announce', /White rook to a8, checkmate\.|White wins/);
    await waitText(page, 'status', 'White wins');
    await screenshot(page, 'keyboard-awechec-mate');
    noErrors(page);
  } finally {
    await context.close();
  }
}
