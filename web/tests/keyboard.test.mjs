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
    // The score is not the stores': why is said.
    check(/24 and 23 in the stores, and the seed left on the board: South \+0, North \+1/.test(await text(page, 'status')), `the seeds left are explained: ${await text(page, 'status')}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function awithlaknannaiByKeyboard({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    await formByArrows(page, [
      ['game', 'awithlaknannai'],
      ['select:awi-board', 'mosona'],
      ['select:rules', 'wikipedia'],
      ['opponent', 'computer'],
      ['side', 'first'],
      ['clock', 'none'],
    ]);
    await listen(page);
    let moves = 0;
    for (let turn = 0; turn < 40; turn++) {
      await page.waitForFunction(() => /Your turn|wins|Draw/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''));
      if (!/Your turn/.test(await text(page, 'status'))) break;
      // A piece that can move, then where it goes, landing point by landing point (once the
      // computer's move has been shown).
      await page.waitForFunction(() => !document.querySelector('.awithlaknannai-board.animating'));
      if (turn === 0) await tabTo(page, '.serpents .hit[tabindex="0"]');
      else {
        // No Tab after the reply: the keyboard is back on a piece that can move.
        await page.waitForFunction(() => document.activeElement?.matches?.('.serpents .hit[tabindex="0"]'), null, { timeout: 5000 }).catch(() => {});
        check(await page.evaluate(() => !!document.activeElement?.matches?.('.serpents .hit[tabindex="0"]')), `after the reply the keyboard is on a piece (turn ${turn}): ${await page.evaluate(() => document.activeElement?.outerHTML?.slice(0, 80))}`);
      }
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

// Chooses in the new-game form with the arrow keys alone: a radio group takes the arrows, and the
// keyboard stays on the radio chosen (the form is drawn anew on each choice). Returns when the
// game page is open, having started it with Enter on "Start".
async function formByArrows(page, picks) {
  await page.goto(`${base()}/`);
  for (const [name, value] of picks) {
    if (name.startsWith('select:')) {
      // A list: focused by Tab, chosen by the arrows.
      const id = name.slice('select:'.length);
      await tabTo(page, `[data-testid="${id}"]`, 120);
      const now = () => page.evaluate((i2) => document.querySelector(`[data-testid="${i2}"]`)?.value, id);
      for (let i = 0; i < 8 && (await now()) !== value; i++) await page.keyboard.press('ArrowDown');
      for (let i = 0; i < 16 && (await now()) !== value; i++) await page.keyboard.press('ArrowUp');
      check((await page.evaluate((i2) => document.querySelector(`[data-testid="${i2}"]`)?.value, id)) === value, `${id} is ${value}`);
      check(await page.evaluate((i2) => document.activeElement?.getAttribute('data-testid') === i2, id), `the keyboard stays on ${id}`);
      continue;
    }
    // To the group's checked radio, then the arrows until `value` is chosen.
    await tabTo(page, `input[name="${name}"]:checked`, 120);
    for (let i = 0; i < 6; i++) {
      const at = await page.evaluate(() => ({ name: document.activeElement?.getAttribute('name'), value: document.activeElement?.getAttribute('value'), tag: document.activeElement?.tagName }));
      check(at.tag === 'INPUT' && at.name === name, `the keyboard stays on the "${name}" radios: ${JSON.stringify(at)}`);
      if (at.value === value) break;
      await page.keyboard.press('ArrowRight');
    }
    check((await page.evaluate((n) => document.querySelector(`input[name="${n}"]:checked`)?.getAttribute('value'), name)) === value, `${name} is ${value}`);
  }
  await tabTo(page, '[data-testid="start"]', 120);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/game\//);
  await page.getByTestId('status').waitFor();
}

// Whether the keyboard is on the board (on one of its controls, or on the board itself while it
// offers none).
async function onBoard(page) {
  return page.evaluate(() => !!document.activeElement?.closest?.('.board-wrap'));
}

// A whole Awélé game from the form to its end with the keyboard alone: the board is reached by
// Tab once; after each of the computer's replies the keyboard is still on the board, where Tab
// and Shift+Tab only move from pit to pit.
export async function aweleWholeGameByKeyboard({ browser }) {
  const { context, page } = await newPage(browser, { reducedMotion: 'reduce' });
  try {
    await formByArrows(page, [
      ['game', 'awele'],
      ['select:rules', 'abapa'],
      ['opponent', 'computer'],
      ['side', 'first'],
      ['clock', 'none'],
    ]);
    let moves = 0;
    let reached = false;
    for (let turn = 0; turn < 300; turn++) {
      await page.waitForFunction(() => /Your turn|wins|Draw/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), null, { timeout: 30000 });
      if (!/Your turn/.test(await text(page, 'status'))) break;
      await page.waitForFunction(() => document.querySelector('.awele-pit[data-legal="true"]'));
      if (!reached) {
        await tabTo(page, '.awele-pit[data-legal="true"]');
        reached = true;
      } else {
        // No Tab after the reply: the keyboard is still on the board.
        await page.waitForFunction(() => !!document.activeElement?.closest?.('.board-wrap'), null, { timeout: 5000 }).catch(() => {});
        check(await onBoard(page), `after the reply the keyboard is on the board (turn ${turn}): ${await page.evaluate(() => document.activeElement?.tagName)}`);
        await page.waitForFunction(() => document.activeElement?.matches?.('.awele-pit[data-legal="true"]'), null, { timeout: 5000 });
      }
      const played = await page.evaluate(() => document.querySelectorAll('[data-testid="move-list"] button.move').length);
      await page.keyboard.press('Enter');
      moves++;
      // The move is played (then the reply, or the end, comes).
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] button.move').length > n, played, { timeout: 10000 });
    }
    await waitText(page, 'status', /wins|Draw/, 30000);
    console.log(`      Awélé: ${moves} moves by the keyboard: ${await text(page, 'status')}`);
    await screenshot(page, 'keyboard-awele-whole-game');
    noErrors(page);
  } finally {
    await context.close();
  }
}

// A whole Awechec game with a reply, by the keyboard alone: White decides, plays Ra7; Black's
// power lets the computer decide and reply; White's decision comes and the keyboard is taken to
// it, then to the chessboard, without a Tab: Rb8 mates.
export async function awechecGameWithAReplyByKeyboard({ browser }) {
  const { context, page } = await newPage(browser, { reducedMotion: 'reduce' });
  try {
    await open(page, { game: 'awechec' }, '7k/8/8/8/8/8/1R6/R5K1 w - - 0 1 | WBW | -', 'white');
    await tabTo(page, '.awechec-decide[data-decision="normal"]');
    await page.keyboard.press('Enter');
    const cursor = async () => page.evaluate(() => document.querySelector('.awechec-cg')?.getAttribute('data-cursor') ?? '');
    const to = async (square) => {
      for (let i = 0; i < 16 && (await cursor())[0] !== square[0]; i++) await page.keyboard.press((await cursor())[0] < square[0] ? 'ArrowRight' : 'ArrowLeft');
      for (let i = 0; i < 16 && (await cursor())[1] !== square[1]; i++) await page.keyboard.press((await cursor())[1] < square[1] ? 'ArrowUp' : 'ArrowDown');
      check((await cursor()) === square, `the cursor reached ${square}: ${await cursor()}`);
    };
    const onChessboard = () => page.waitForFunction(() => document.activeElement?.matches?.('.awechec-cg[role="application"]'), null, { timeout: 5000 });
    // The decision taken, the keyboard is on the chessboard.
    await onChessboard();
    await to('a1');
    await page.keyboard.press('Enter');
    await to('a7');
    await page.keyboard.press('Enter');
    // Black decides and replies; White's decision comes: the keyboard is on it.
    await page.waitForFunction(() => document.activeElement?.matches?.('.awechec-decide[data-decision="normal"]'), null, { timeout: 15000 });
    await page.keyboard.press('Enter');
    await onChessboard();
    await to('b2');
    await page.keyboard.press('Enter');
    await to('b8');
    await page.keyboard.press(' ');
    await waitText(page, 'status', 'White wins');
    await screenshot(page, 'keyboard-awechec-reply-mate');
    noErrors(page);
  } finally {
    await context.close();
  }
}
