// Tournaments: Ada makes an arena that starts at once; she and Kofi join; the arena pairs them,
// each page offers its player the game; Kofi resigns it; Ada's page, which she never reloads,
// shows her two points. Their chat; a Swiss tournament's form; the pages in French and on a phone.
import { apiPost, check, newPage, noErrors, screenshot, waitText, base, bothSizes, signUpAll, unique, PHONE } from './lib.mjs';

export async function arenaStandingsMove({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE });
  const ada = unique('ada');
  const kofi = unique('kofi');
  try {
    await signUpAll([
      [a.page, ada],
      [b.page, kofi],
    ]);
    await a.page.getByTestId('nav-tournaments').click();
    await a.page.waitForURL(/\/tournaments$/);
    await a.page.getByTestId('kind').selectOption('swiss');
    await a.page.getByTestId('tgame').selectOption('medley');
    await a.page.getByTestId('trounds').waitFor();
    await bothSizes(a.page, 'tournaments-swiss-form');
    await a.page.getByTestId('kind').selectOption('arena');
    await a.page.getByTestId('tgame').selectOption('awele:abapa');
    await a.page.getByTestId('tlength').fill('10');
    await a.page.getByTestId('tstarts').fill('0');
    await a.page.getByTestId('tname').fill(`Arena of ${ada}`);
    await a.page.getByTestId('tcreate').click();
    await a.page.waitForURL(/\/tournament\//);
    const id = a.page.url().split('/tournament/')[1];
    await waitText(a.page, 'tournament-name', `Arena of ${ada}`);
    await a.page.getByTestId('tjoin').click();
    await waitText(a.page, 'standings', ada);

    // Kofi finds it in the list from his phone. The tournament's chat, live on both pages (while
    // nobody plays in it: a player's game closes it to them).
    await b.page.goto(`${base()}/tournaments`);
    await b.page.getByTestId(`tournament-${id}`).waitFor({ timeout: 10000 });
    await screenshot(b.page, 'tournaments-phone');
    await b.page.getByTestId(`tournament-${id}`).getByRole('link').first().click();
    await b.page.getByTestId('tjoin').waitFor();
    await a.page.getByTestId('chat-input').fill('Good luck, everyone');
    await a.page.getByTestId('chat-send').click();
    await waitText(b.page, 'chat-log', 'Good luck, everyone');
    await waitText(b.page, 'chat', 'The tournament’s chat');
    // He joins.
    await b.page.getByTestId('tjoin').click();

    // The arena pairs them: each page offers its game, without a reload.
    await a.page.getByTestId('tgame-link').waitFor({ timeout: 15000 });
    await b.page.getByTestId('tgame-link').waitFor({ timeout: 15000 });
    await waitText(a.page, 'tournament-when', /Ends in/);
    await bothSizes(a.page, 'tournament-arena');
    await b.page.getByTestId('tgame-link').click();
    await b.page.waitForURL(/\/game\//);
    // A tournament's game has no takeback and no rematch: neither is offered.
    await b.page.getByTestId('resign').waitFor();
    check(!(await b.page.getByTestId('takeback').count()), 'no takeback in a tournament game');
    await b.page.getByTestId('resign').click();
    await b.page.getByTestId('resign-confirm').click();
    await waitText(b.page, 'status', 'wins');
    await b.page.getByTestId('back-to-tournament').waitFor();
    check(!(await b.page.getByTestId('rematch').count()), 'no rematch after a tournament game');
    await screenshot(b.page, 'tournament-game-over-phone');

    // Ada's standings move by themselves: two points for the win.
    await waitText(a.page, `score-${ada}`, /^2$/, 15000);
    await waitText(a.page, `score-${kofi}`, /^0$/);
    // The ratings as they are now, after the rated game, provisional ones marked.
    await waitText(a.page, `rating-${ada}`, /^\d+\?$/);
    check((await a.page.getByTestId(`rating-${ada}`).innerText()).trim() !== '1500?', 'the winner’s rating moved');
    await screenshot(a.page, 'tournament-arena-after-desktop');
    await a.page.getByTestId('lang-fr').click();
    await waitText(a.page, 'tournament-when', /Se termine dans/);
    await screenshot(a.page, 'tournament-arena-fr-desktop');
    await a.page.getByTestId('lang-en').click();
    const csv = await a.page.evaluate(async (path) => (await fetch(path)).text(), `/api/tournaments/${id}/standings.csv`);
    check(csv.includes(ada) && csv.startsWith('rank,name'), `the file has the standings: ${csv.slice(0, 120)}`);
    noErrors(a.page, 'Ada');
    noErrors(b.page, 'Kofi');
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

// A spectator opens a Swiss page just as it begins: the page's answer is held back until the
// first round has been paired (as a slow network would), and must not undo the pairings the
// page's socket brought meanwhile.
export async function spectatorSeesTheFirstRound({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser);
  const c = await newPage(browser, { viewport: PHONE });
  const ada = unique('ada');
  const kofi = unique('kofi');
  try {
    await signUpAll([
      [a.page, ada],
      [b.page, kofi],
    ]);
    const made = await apiPost(a.page, '/api/tournaments', { kind: 'swiss', spec: { game: 'awele', rules: 'abapa' }, clock: { minutes: 5, increment: 3 }, rounds: 2, starts_in: 0.1, name: `Swiss of ${ada}` });
    check(made.id, `the Swiss is made: ${JSON.stringify(made)}`);
    for (const p of [a.page, b.page]) {
      const joined = await apiPost(p, `/api/tournaments/${made.id}/join`, {});
      check(joined.joined, `joined: ${JSON.stringify(joined)}`);
    }
    // The spectator's page: its first answer read at once but given only 9 s later.
    let held = 0;
    await c.page.route(`**/api/tournaments/${made.id}`, async (route) => {
      const response = await route.fetch();
      held += 1;
      if (held === 1) await new Promise((r) => setTimeout(r, 9000));
      await route.fulfill({ response });
    });
    await c.page.goto(`${base()}/tournament/${made.id}`);
    await waitText(c.page, 'pairings', new RegExp(`${ada}|${kofi}`), 20000);
    await waitText(c.page, 'tournament-when', 'Round 1 of 2');
    // The held answer comes: the pairings stay.
    await c.page.waitForTimeout(9500);
    await waitText(c.page, 'pairings', new RegExp(`${ada}|${kofi}`), 1000);
    await waitText(c.page, 'tournament-when', 'Round 1 of 2', 1000);
    await bothSizes(c.page, 'tournament-swiss-spectator');
    noErrors(c.page, 'the spectator');
  } finally {
    await a.context.close();
    await b.context.close();
    await c.context.close();
  }
}
