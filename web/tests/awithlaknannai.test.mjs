// Awithlaknannai: capture chains entered landing point by landing point, by clicks (desktop) and
// by a drag then taps (Kolowis on a phone, the board turned upright), checked against the legal
// moves the server sends.
import { DESKTOP, PHONE, apiGet, apiPost, base, check, newPage, noErrors, playingThroughRepeats, screenshot, sleep } from './lib.mjs';

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


// A game against the computer, created through the API with the page's cookie; the page opens it.
async function openGame(page, spec, side) {
  await page.goto(`${base()}/`);
  const made = await apiPost(page, '/api/games', { spec, opponent: { kind: 'computer', level: 1 }, side, clock: null });
  check(made.id, `the game is created: ${JSON.stringify(made)}`);
  await page.goto(`${base()}/game/${made.id}`);
  await page.locator('.awithlaknannai-board svg.serpents').waitFor();
  return made.id;
}

// Waits until it is our turn and the board offers moves (pieces ringed, no animation running).
async function ourTurn(page, id) {
  await page.waitForFunction(
    () => {
      const b = document.querySelector('.awithlaknannai-board');
      return !!b && !b.classList.contains('animating') && document.querySelectorAll('.awithlaknannai-board .movable').length > 0;
    },
    null,
    { timeout: 30000, polling: 50 },
  );
  const { game } = await apiGet(page, `/api/games/${id}`);
  return game;
}

const points = (page, selector) =>
  page.$$eval(`.awithlaknannai-board ${selector}`, (els) => els.map((e) => e.getAttribute('data-point')).sort());

const sorted = (xs) => [...new Set(xs)].sort();

// What the server's legal moves allow after the points chosen so far.
function expectedNext(legal, prefix) {
  return sorted(
    legal
      .filter((m) => m.path.length > prefix.length && prefix.every((p, i) => m.path[i] === p))
      .map((m) => m.path[prefix.length]),
  );
}

// Plays the first legal move until a capture chain of at least two jumps is on offer.
async function untilChain(page, id, tap) {
  for (let turn = 0; turn < 12; turn++) {
    const game = await ourTurn(page, id);
    const chain = game.legal.filter((m) => m.path.length >= 3).sort((a, b) => b.path.length - a.path.length)[0];
    if (chain) return { game, chain };
    const m = game.legal[0];
    for (const p of m.path) await tap(p);
    await until(
      page,
      async ([gid, ply]) => (await (await fetch(`/api/games/${gid}`)).json()).game.ply > ply + 1,
      [id, game.ply],
      30000,
      'the computer to answer',
    );
  }
  throw new Error('no capture chain of two jumps came within 12 moves');
}

// Enters `chain` point by point with `choose(point, i)`, checking at each step the landing points
// offered and the pieces shown as taken; then checks the move the server received.
async function enterChain(page, id, game, chain, choose, shots) {
  const start = chain.path[0];
  check((await points(page, '.movable')).includes(start), `${start} is offered as a piece that can move`);
  for (let i = 0; i < chain.path.length; i++) {
    await choose(chain.path[i], i);
    const prefix = chain.path.slice(0, i + 1);
    if (i === chain.path.length - 1) break;
    const shown = await points(page, '.dests .target');
    const expected = expectedNext(game.legal, prefix);
    check(
      JSON.stringify(shown) === JSON.stringify(expected),
      `after ${prefix.join('-')}: landing points shown ${shown.join(' ')}, legal ${expected.join(' ')}`,
    );
    check((await points(page, '.selected')).join() === chain.path[i], `the piece stands on ${chain.path[i]}`);
    const taken = await points(page, '.piece.taken');
    check(taken.length <= i && taken.every((p) => chain.captured.includes(p)), `pieces shown taken after ${i} jumps: ${taken.join(' ')}`);
    if (i >= 1) check(taken.length >= 1, `a piece shown taken after ${i} jumps`);
    if (shots[i]) await screenshot(page, shots[i]);
  }
  // The move is sent (a move that would repeat a position is asked about first): the server has
  // it as the game's next move.
  await playingThroughRepeats(
    page,
    async ([gid, ply]) => (await (await fetch(`/api/games/${gid}`)).json()).game.moves.length > ply,
    [id, game.ply],
  );
  const after = await apiGet(page, `/api/games/${id}`);
  const played = after.game.moves[game.ply];
  check(played.text === chain.text, `the move sent is ${chain.text}, the server has ${played.text}`);
  await page.getByTestId('move-list').getByText(chain.text).first().waitFor();
  return after.game;
}

export async function chainByClicks({ browser }) {
  const { context, page } = await newPage(browser, { viewport: DESKTOP, locale: 'fr-FR' });
  try {
    const id = await openGame(page, { game: 'awithlaknannai', board: 'mosona', rules: 'wikipedia' }, 'black');
    const tap = (p) => page.locator(`.awithlaknannai-board .hit[data-point="${p}"]`).click();
    const { game, chain } = await untilChain(page, id, tap);
    await screenshot(page, 'awithlaknannai-desktop-turn');
    // A click on a piece then Escape: nothing chosen any more.
    await tap(chain.path[0]);
    check((await points(page, '.selected')).join() === chain.path[0], 'a click chooses the piece');
    await page.keyboard.press('Escape');
    check((await points(page, '.selected')).length === 0, 'Escape lets it go');
    check((await points(page, '.movable')).length > 0, 'the pieces that can move are ringed again');
    // The chain, landing point by landing point.
    await enterChain(page, id, game, chain, (p) => tap(p), { 1: 'awithlaknannai-desktop-chain-1', 2: 'awithlaknannai-desktop-chain-2' });
    console.log(`      chain of ${chain.path.length - 1} jumps: ${chain.text}`);
    // The computer answers; its move is shown (the last move's path drawn).
    await ourTurn(page, id).catch(() => null);
    await page.waitForTimeout(300);
    check((await page.locator('.awithlaknannai-board .last-path').count()) === 1, 'the last move is drawn');
    await screenshot(page, 'awithlaknannai-desktop-after');
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function kolowisOnPhoneByDrag({ browser }) {
  const { context, page } = await newPage(browser, { viewport: PHONE, locale: 'en-GB' });
  try {
    const id = await openGame(page, { game: 'awithlaknannai', board: 'kolowis', rules: 'wikipedia' }, 'black');
    check(await page.locator('.awithlaknannai-board svg.serpents.vertical').count(), 'Kolowis stands upright on a phone');
    const box = await page.locator('.awithlaknannai-board svg.serpents').boundingBox();
    check(box.width <= PHONE.width, `the board fits the phone's width (${box.width} px)`);
    const centre = async (p) => {
      const b = await page.locator(`.awithlaknannai-board .hit[data-point="${p}"]`).boundingBox();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    // Points far enough apart to tap: at least 24 px between neighbours.
    const [m1, m2] = [await centre('m1'), await centre('m2')];
    check(Math.hypot(m1.x - m2.x, m1.y - m2.y) >= 24, 'neighbouring points are at least 24 px apart');
    const tap = async (p) => {
      await page.locator(`.awithlaknannai-board .hit[data-point="${p}"]`).scrollIntoViewIfNeeded();
      await page.locator(`.awithlaknannai-board .hit[data-point="${p}"]`).tap();
    };
    const { game, chain } = await untilChain(page, id, tap);
    await screenshot(page, 'awithlaknannai-phone-turn');
    // The first jump by dragging the piece, the rest by taps.
    const drag = async (from, to) => {
      await page.locator(`.awithlaknannai-board .hit[data-point="${from}"]`).scrollIntoViewIfNeeded();
      const a = await centre(from);
      const b = await centre(to);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 6 });
      check((await page.locator('.awithlaknannai-board .piece.moving').count()) === 1, 'the piece follows the pointer');
      await screenshot(page, 'awithlaknannai-phone-dragging');
      await page.mouse.move(b.x, b.y, { steps: 6 });
      await page.mouse.up();
    };
    await enterChain(
      page,
      id,
      game,
      chain,
      async (p, i) => {
        if (i === 1) return drag(chain.path[0], p); // the piece chosen by a tap, then dragged
        return tap(p);
      },
      { 1: 'awithlaknannai-phone-chain' },
    );
    console.log(`      chain of ${chain.path.length - 1} jumps on Kolowis: ${chain.text}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}

// A game played on by clicks, any legal move each turn (steps and chains), until it ends or for
// 20 moves, at Bell's rules (straight jumps): the board keeps offering exactly the server's moves.
export async function playsOnByClicks({ browser }) {
  const { context, page } = await newPage(browser, { viewport: DESKTOP, locale: 'en-GB' });
  try {
    const id = await openGame(page, { game: 'awithlaknannai', board: 'mosona', rules: 'bell' }, 'white');
    const tap = (p) => page.locator(`.awithlaknannai-board .hit[data-point="${p}"]`).click();
    let played = 0;
    for (; played < 20; played++) {
      const over = await until(
        page,
        async (gid) => {
          const s = (await (await fetch(`/api/games/${gid}`)).json()).game;
          if (s.status === 'over') return 'over';
          const b = document.querySelector('.awithlaknannai-board');
          return s.turn === 'white' && !s.thinking && b && !b.classList.contains('animating') && document.querySelectorAll('.awithlaknannai-board .movable').length > 0 ? 'turn' : false;
        },
        id,
        30000,
        'our turn',
      );
      if (over === 'over') break;
      const { game } = await apiGet(page, `/api/games/${id}`);
      const starts = sorted(game.legal.map((m) => m.path[0]));
      const shown = await points(page, '.movable');
      if (JSON.stringify(shown) !== JSON.stringify(starts)) {
        await screenshot(page, 'awithlaknannai-played-on-fail');
        const dom = await page.evaluate(() => document.querySelector('.awithlaknannai-board').className + ' ' + document.querySelectorAll('.awithlaknannai-board .piece').length);
        console.log('played', played, 'ply', game.ply, dom, JSON.stringify(game.last), game.thinking, game.turn);
      }
      check(JSON.stringify(shown) === JSON.stringify(starts), `pieces ringed ${shown.join(' ')}, legal starts ${starts.join(' ')}`);
      const m = game.legal[Math.floor(Math.random() * game.legal.length)];
      await enterChain(page, id, game, m, (p) => tap(p), {});
      if (played === 3) await page.emulateMedia({ reducedMotion: 'reduce' });
    }
    await screenshot(page, 'awithlaknannai-played-on');
    console.log(`      ${played} moves played by clicks`);
    noErrors(page);
  } finally {
    await context.close();
  }
}

// A board drawn without its outer lines, chosen on the home page: the game says so, the board
// draws no line along the outer rows, and the moves offered follow the lines there are (a piece
// of an outer row steps only into the middle row). Not rated: the checkbox is off.
export async function aBoardWithoutOuterLines({ browser }) {
  const { page, context } = await newPage(browser, { viewport: DESKTOP });
  try {
    await page.goto(`${base()}/`);
    await page.getByTestId('game-awithlaknannai').click();
    await page.getByTestId('awi-lines').selectOption('no-outer');
    await page.getByTestId('opponent-computer').click();
    await page.getByTestId('side-first').click();
    await page.getByTestId('start').click();
    await page.waitForURL(/\/game\//);
    const id = page.url().split('/game/')[1].split(/[?#]/)[0];
    await page.locator('.awithlaknannai-board svg.serpents').waitFor();
    const { game } = await apiGet(page, `/api/games/${id}`);
    check(game.spec.outer_lines === false && game.spec.end_lines === undefined, `the spec: ${JSON.stringify(game.spec)}`);
    const lines = game.board?.lines ?? game.state?.board?.lines ?? [];
    const row = (p) => p[0];
    check(lines.length > 0 && !lines.some(([a, b]) => row(a) === row(b) && row(a) !== 'm'), `no line along an outer row: ${JSON.stringify(lines).slice(0, 200)}`);
    check(lines.some(([a, b]) => row(a) === 'm' && row(b) === 'm'), 'the middle row keeps its line');
    const drawn = await page.locator('.awithlaknannai-board line.line').count();
    check(drawn === lines.length, `every line drawn, and no other: ${drawn} of ${lines.length}`);
    const said = await page.locator('body').textContent();
    check(/no outer lines/.test(said), 'the page says which board');
    await screenshot(page, 'awithlaknannai-no-outer-lines-desktop');
    noErrors(page);
  } finally {
    await context.close();
  }
}
