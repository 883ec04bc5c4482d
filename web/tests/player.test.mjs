// What a demanding player noticed (issue 28), each checked in the browser: the stop proposed to
// the computer answered, the tab's title, a move that would repeat a position, the clocks of a
// replay, what to expect of a rule set, and Awechec on a laptop's screen.
import { apiPost, base, check, gameId, newGame, newPage, noErrors, PHONE, screenshot, sleep, text, waitText } from './lib.mjs';

export async function theComputerAnswersAStop({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    await newGame(page, { game: 'awithlaknannai', board: 'mosona', rules: 'wikipedia', opponent: 'computer', level: 6, side: 'first' });
    await waitText(page, 'status', 'Your turn');
    check((await text(page, 'draw')) === 'Propose to stop here', 'the stop is named for what it does');
    await page.getByTestId('draw').click();
    // The ending it would give, before anything is sent.
    await waitText(page, 'stop-question', 'Stopped now: Draw, score 12–12. Propose to stop the game here?');
    await page.getByTestId('stop-confirm').click();
    await page.waitForFunction(
      () =>
        !!document.querySelector('[data-testid="draw-declined"]') ||
        /by agreement/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''),
      null,
      { timeout: 20000 },
    );
    const declined = await page.getByTestId('draw-declined').count();
    if (declined) check((await text(page, 'draw-declined')) === 'The computer declined your proposal to stop.', await text(page, 'draw-declined'));
    console.log(`      the computer ${declined ? 'declined' : 'accepted'}`);
    await screenshot(page, 'stop-declined');
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function theTabSaysWhichGame({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    const id = await newGame(page, { game: 'awele', rules: 'abapa', opponent: 'computer', level: 1 });
    // Loaded directly, not only after switching languages.
    await page.goto(`${base()}/game/${id}`);
    await page.waitForFunction(() => document.title === 'Awélé (Abapa rules) · awe');
    await page.getByTestId('lang-fr').click();
    await page.waitForFunction(() => document.title === 'Awélé (règles Abapa) · awe' || document.title.startsWith('Awélé (règles'));
    const french = await page.title();
    check(!/Partie d’ ·/.test(french), `no title cut short: ${french}`);
    // Away and back with the browser's button: the game's title again.
    await page.getByTestId('nav-rules').click();
    await page.waitForURL(/\/rules/);
    await page.goBack();
    await page.waitForURL(new RegExp(`/game/${id}$`));
    await page.waitForFunction((t) => document.title === t, french);
    await page.getByTestId('lang-en').click();
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function aMoveThatRepeatsWarnsFirst({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser);
  try {
    // White on b1 and b2, Black on t1 (Bell rules: straight jumps, no capture here): a shuffle
    // brings the start back on the fourth move, which ends the game.
    await a.page.goto(`${base()}/`);
    const made = await apiPost(a.page, '/api/games', {
      spec: { game: 'awithlaknannai', board: 'mosona', rules: 'bell' },
      opponent: { kind: 'friend' },
      side: 'white',
      clock: null,
      position: 'b......./........./ww...... w 0',
    });
    await a.page.goto(`${base()}/game/${made.id}`);
    await b.page.goto(`${base()}/game/${made.id}?invite=${made.invite}`);
    await b.page.getByTestId('join-accept').click();
    await waitText(b.page, 'player-black', '(you)');
    const play = async (page, text) => {
      await page.getByTestId('move-input').fill(text);
      await page.getByTestId('move-input').press('Enter');
    };
    for (const [page, move, n] of [[a.page, 'b2-b3', 1], [b.page, 't1-t2', 2], [a.page, 'b3-b2', 3]]) {
      await waitText(page, 'status', 'Your turn');
      await play(page, move);
      await page.waitForFunction((k) => document.querySelectorAll('[data-testid="move-list"] button.move').length === k, n);
    }
    // Black's t2-t1 brings the start back: asked first, and nothing is sent until then.
    await waitText(b.page, 'status', 'Your turn');
    await play(b.page, 't2-t1');
    await waitText(b.page, 'repeat-warning', 'This move brings back a position seen before: the game ends on it, the side with more pieces winning.');
    await screenshot(b.page, 'repeat-warning');
    await b.page.getByTestId('repeat-cancel').click();
    await sleep(300);
    check((await text(b.page, 'status')) === 'Your turn', 'cancelled: the game goes on');
    await play(b.page, 't2-t1');
    await b.page.getByTestId('repeat-play').click();
    await waitText(a.page, 'status', 'White wins');
    check(/a position came back/.test(await text(a.page, 'status')), await text(a.page, 'status'));
    for (const p of [a.page, b.page]) noErrors(p);
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

export async function aReplayShowsTheClocksOfItsMove({ browser }) {
  const a = await newPage(browser);
  try {
    const id = await newGame(a.page, { game: 'awele', rules: 'awechec', opponent: 'computer', level: 1, side: 'first', clock: [2, 0] });
    for (let k = 0; k < 3; k++) {
      await waitText(a.page, 'status', 'Your turn');
      await a.page.waitForFunction(() => document.querySelector('.awele-pit[data-legal="true"]') && !document.querySelector('.awele-board.animating'));
      // Some time on the clock between moves (the first move is not timed).
      if (k > 0) await sleep(1500);
      await a.page.locator('.awele-pit[data-legal="true"]').first().click();
      await a.page.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] button.move').length >= n, 2 * k + 2);
    }
    const live = await text(a.page, 'clock-south');
    // Back to the position after the first move: South's clock was still full.
    await a.page.getByTestId('replay-first').click();
    await a.page.getByTestId('replay-next').click();
    await waitText(a.page, 'clock-south', '2:00');
    check(live !== '2:00', `the live clock has run: ${live}`);
    await a.page.getByTestId('replay-last').click();
    await a.page.waitForFunction((t) => document.querySelector('[data-testid="clock-south"]')?.textContent !== '2:00', live);
    void id;
    noErrors(a.page);
  } finally {
    await a.context.close();
  }
}

export async function theFormSaysWhatToExpect({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${base()}/`);
    await page.getByTestId('game-awithlaknannai').click();
    await page.getByTestId('rules').selectOption('wikipedia');
    await waitText(page, 'rules-help', 'Mosona under these rules is solved: the second player (Black) wins');
    await page.getByTestId('rules').selectOption('ludii');
    await waitText(page, 'rules-help', '1,250 turns each');
    await page.goto(`${base()}/rules/awithlaknannai`);
    await page.getByRole('heading', { name: 'What to expect' }).waitFor();
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function awechecFitsALaptopScreen({ browser }) {
  for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
    const { context, page } = await newPage(browser, { viewport });
    try {
      await page.goto(`${base()}/`);
      const made = await apiPost(page, '/api/games', { spec: { game: 'awechec' }, opponent: { kind: 'computer', level: 1 }, side: 'white', clock: null });
      await page.goto(`${base()}/game/${made.id}`);
      await page.locator('.awechec-board cg-board').waitFor();
      await sleep(500);
      const phone = viewport.width < 500;
      await screenshot(page, phone ? 'awechec-390x844' : 'awechec-1440x900');
      if (!phone) {
        // Your bar, the board and the move box, whole, without scrolling.
        for (const testid of ['player-white', 'board', 'move-form']) {
          const box = await page.getByTestId(testid).first().boundingBox();
          check(box && box.y >= 0 && box.y + box.height <= viewport.height, `${testid} is on the screen: ${JSON.stringify(box)}`);
        }
      } else {
        // On a phone the game's title comes first.
        const title = await page.locator('.game-title').boundingBox();
        const top = await page.getByTestId('player-black').boundingBox();
        check(title && top && title.y < top.y, 'the title is above the board');
      }
      noErrors(page);
    } finally {
      await context.close();
    }
  }
}
