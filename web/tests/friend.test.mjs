// Two people play through an invitation link while a third watches.
import { check, newGame, newPage, noErrors, screenshot, text, waitText, gameId, base, sleep } from './lib.mjs';

async function legalPits(page) {
  await page.waitForFunction(() => {
    const b = document.querySelector('.awele-board');
    return b && !b.classList.contains('animating') && document.querySelector('.awele-pit[data-legal="true"]');
  });
  return page.evaluate(() => [...document.querySelectorAll('.awele-pit[data-legal="true"]')].map((g) => g.getAttribute('data-testid')));
}

async function moveCount(page) {
  return page.evaluate(() => document.querySelectorAll('[data-testid="move-list"] button.move').length);
}

function seconds(clock) {
  const [m, s] = clock.split(':');
  return Number(m) * 60 + Number(s);
}

export async function friendGameWithSpectator({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: { width: 390, height: 844 } });
  const c = await newPage(browser);
  try {
    const id = await newGame(a.page, { game: 'awele', rules: 'awechec', opponent: 'friend', side: 'first', clock: [5, 3], name: 'Ama' });
    await waitText(a.page, 'status', 'Waiting for your friend');
    const link = await a.page.getByTestId('invite-link').inputValue();
    check(link.startsWith(`${base()}/game/${id}?invite=`), `the invitation link: ${link}`);
    await screenshot(a.page, 'friend-invite');

    // The friend opens the link: asked first (a link opened by the wrong person, or a preview bot,
    // takes nothing), then takes the seat; the address loses its token.
    await b.page.goto(link);
    await waitText(b.page, 'join-what', 'Ama');
    check(/Waiting for your friend/.test(await text(a.page, 'status')), 'the seat is still free while the friend is asked');
    await screenshot(b.page, 'friend-join-question-phone');
    await b.page.getByTestId('join-accept').click();
    await b.page.getByTestId('status').waitFor();
    await b.page.waitForFunction(() => !location.search.includes('invite'));
    await waitText(b.page, 'player-north', '(you)');
    // The spectator opens the game.
    await c.page.goto(`${base()}/game/${id}`);
    await waitText(c.page, 'status', 'South to play');
    check(!(await c.page.getByTestId('resign').count()), 'a spectator has no resign button');
    check(!(await c.page.locator('.awele-pit[data-legal="true"]').count()), 'a spectator is offered no move');
    await waitText(a.page, 'status', 'Your turn');
    for (const p of [a.page, b.page, c.page]) {
      check(await p.getByTestId('clock-south').isVisible(), 'South’s clock is shown');
      check(await p.getByTestId('clock-north').isVisible(), 'North’s clock is shown');
      check((await text(p, 'clock-south')) === '5:00', `the clock starts at 5:00: ${await text(p, 'clock-south')}`);
    }
    check(/Ama/.test(await text(c.page, 'player-south')), 'the creator’s name is shown');

    // A few moves each; everyone sees them.
    const plies = 6;
    for (let k = 0; k < plies; k++) {
      const mover = k % 2 === 0 ? a.page : b.page;
      const other = k % 2 === 0 ? b.page : a.page;
      const pits = await legalPits(mover);
      check(!(await other.locator('.awele-pit[data-legal="true"]').count()), 'the other player is offered no move');
      const pick = pits[Math.floor(Math.random() * pits.length)];
      if (k === 3) {
        // A keyboard player types the move instead.
        const letter = pick.slice(4);
        await mover.getByTestId('move-input').fill(letter);
        await mover.getByTestId('move-input').press('Enter');
      } else {
        await mover.getByTestId(pick).click();
      }
      for (const p of [a.page, b.page, c.page]) await p.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] button.move').length === n, k + 1);
    }
    check((await moveCount(c.page)) === plies, 'the spectator saw every move');

    // Fair play: while two people play, no engine helps anyone, in the page and in the API.
    for (const p of [a.page, b.page, c.page]) {
      await p.getByTestId('fair-play').waitFor();
      check(!(await p.getByTestId('analyse').count()), 'no analysis button during a game between two people');
      check(!(await p.getByTestId('review').count()), 'no review button during a game between two people');
    }
    for (const p of [a.page, c.page]) {
      const answer = await p.evaluate(async (id) => {
        const token = document.cookie.split('; ').find((c) => c.startsWith('awe_csrf='))?.split('=')[1] ?? '';
        const r = await fetch('/api/analysis', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: JSON.stringify({ id }) });
        return [r.status, (await r.json()).code];
      }, id);
      check(answer[0] === 403 && answer[1] === 'fair_play', `the API refuses engine help during the game: ${answer}`);
    }
    const announced = await c.page.getByTestId('announce').innerText();
    check(/^(South|North) sows [A-Fa-f]( and captures \d+ seeds? from .+)?\.$/.test(announced), `moves are announced in words: ${announced}`);
    // The clock of the side to move runs, the other does not.
    await a.page.waitForTimeout(1500);
    const south = await text(c.page, 'clock-south');
    check(seconds(south) < 300 + 3 * 3, `South’s clock ran: ${south}`);
    check(await c.page.getByTestId('clock-south').evaluate((e) => e.classList.contains('running')), 'South’s clock is the running one');

    // An illegal move typed is refused, and the error shown near the board.
    await a.page.getByTestId('move-input').fill('Z');
    await a.page.getByTestId('move-input').press('Enter');
    await a.page.getByTestId('error').waitFor({ state: 'visible' });
    check((await text(a.page, 'error')).length > 0, 'the error is shown');

    // A stop proposed (at Awélé the seeds decide: the ending it would give is shown before it is
    // sent) and declined; a takeback asked and accepted.
    check((await text(a.page, 'draw')) === 'Propose to stop here', `the stop is named for what it does: ${await text(a.page, 'draw')}`);
    await a.page.getByTestId('draw').click();
    await waitText(a.page, 'stop-question', /Stopped now: (South wins|North wins|Draw), score \d+–\d+\. Propose to stop the game here\?/);
    await a.page.getByTestId('stop-confirm').click();
    await waitText(b.page, 'draw-offer', /South proposes to stop here\. Stopped now: .+, score \d+–\d+\./);
    await waitText(c.page, 'draw-offer', 'South proposes to stop here');
    await screenshot(b.page, 'friend-draw-offer-phone');
    await b.page.getByTestId('draw-decline').click();
    await b.page.getByTestId('draw-offer').waitFor({ state: 'detached' });
    await waitText(a.page, 'draw-declined', 'Your proposal to stop was declined.');
    await waitText(c.page, 'draw-declined', 'South’s proposal to stop was declined.');
    const before = await moveCount(a.page);
    await a.page.getByTestId('takeback').click();
    await waitText(b.page, 'takeback-offer', 'South asks to take back');
    await b.page.getByTestId('takeback-accept').click();
    await a.page.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] button.move').length < n, before);
    await screenshot(a.page, 'friend-playing');
    await screenshot(c.page, 'friend-spectator');

    // South resigns (with a confirmation); everyone sees the end; both want a rematch.
    await a.page.getByTestId('resign').click();
    await a.page.getByTestId('resign-confirm').click();
    for (const p of [a.page, b.page, c.page]) await waitText(p, 'status', 'North wins');
    check(/South resigned/.test(await text(c.page, 'status')), 'the resignation is said');
    // Over: analysis opens for everyone.
    for (const p of [a.page, b.page, c.page]) await p.getByTestId('analyse').waitFor();
    check(!(await c.page.getByTestId('fair-play').count()), 'the fair-play note goes when the game ends');
    await c.page.getByTestId('analyse').click();
    await c.page.getByTestId('analysis-best').waitFor();
    await a.page.getByTestId('rematch').click();
    await waitText(b.page, 'rematch-offer', 'South wants a rematch');
    await b.page.getByTestId('rematch').click();
    await a.page.waitForURL((u) => !u.pathname.endsWith(id));
    await b.page.waitForURL((u) => !u.pathname.endsWith(id));
    check(gameId(a.page) === gameId(b.page), 'both players go to the same rematch');
    await c.page.getByTestId('rematch-link').waitFor();
    await a.page.getByTestId('status').waitFor();
    await sleep(300);
    await screenshot(b.page, 'friend-rematch-phone');
    for (const p of [a.page, b.page, c.page]) noErrors(p);
  } finally {
    await a.context.close();
    await b.context.close();
    await c.context.close();
  }
}

export async function openChallengeAccepted({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: { width: 390, height: 844 } });
  try {
    const id = await newGame(a.page, { game: 'awele', rules: 'abapa', opponent: 'open', side: 'second', clock: null, name: 'Kofi' });
    await waitText(a.page, 'status', 'Waiting for someone to accept');
    await b.page.goto(`${base()}/`);
    // The lists refresh by themselves: the challenge appears, and is accepted.
    await b.page.getByTestId(`accept-${id}`).waitFor({ timeout: 12000 });
    await screenshot(b.page, 'open-challenge-home-phone');
    await b.page.getByTestId(`accept-${id}`).click();
    await b.page.waitForURL(new RegExp(`/game/${id}$`));
    await waitText(b.page, 'status', 'Your turn');
    await waitText(b.page, 'player-south', '(you)');
    await waitText(a.page, 'status', 'South to play');
    check(/Kofi/.test(await text(b.page, 'player-north')), 'the challenger’s name is shown');
    // The creator, at the top of the list, sees the game being played.
    await a.page.goto(`${base()}/`);
    await a.page.getByTestId(`watch-${id}`).waitFor({ timeout: 12000 });
    for (const p of [a.page, b.page]) noErrors(p);
  } finally {
    await a.context.close();
    await b.context.close();
  }
}
