// Accounts and ratings: two players sign up, one makes a rated open challenge that the other
// sees arrive in the live lobby and accepts; they play, one resigns, both see the ratings move;
// the player's page and the leaderboard show it; signing out; an open challenge withdrawn.
import { check, newPage, noErrors, screenshot, text, waitText, gameId, base, bothSizes, signUp, unique, PASSWORD, PHONE } from './lib.mjs';

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

export async function ratedChallengeBetweenAccounts({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE });
  const c = await newPage(browser);
  const ada = unique('ada');
  const kofi = unique('kofi');
  // The ratings' directions are checked to the end, the rest of the scenario run anyway: what
  // went wrong is told together at the end.
  const wrong = [];
  const expect = (condition, message) => condition || wrong.push(message);
  try {
    // Ada signs up; the form says what is wrong before asking the server.
    await a.page.goto(`${base()}/`);
    await a.page.getByTestId('signin-link').click();
    await a.page.waitForURL(/\/signin$/);
    await a.page.getByTestId('account-switch').click();
    await a.page.waitForURL(/\/signup$/);
    check((await a.page.getByTestId('account-password').getAttribute('autocomplete')) === 'new-password', 'a new password is asked as such');
    await signUp(a.page, '2ada');
    await waitText(a.page, 'account-error', 'begins with a letter');
    await signUp(a.page, ada, 'short');
    await waitText(a.page, 'account-error', '8 to 128 characters');
    await signUp(a.page, ada);
    await a.page.waitForURL((u) => u.pathname === '/');
    await waitText(a.page, 'account-name', ada);
    check(!(await a.page.getByTestId('signin-link').count()), 'no “Sign in” once signed in');

    // The same name again is refused (whatever its case).
    await c.page.goto(`${base()}/signup`);
    await signUp(c.page, ada.toUpperCase());
    await waitText(c.page, 'account-error', 'This name is taken');

    // Kofi signs in from the leaderboard, has no account, signs up, and comes back to it.
    await b.page.goto(`${base()}/leaderboard`);
    await b.page.getByTestId('signin-link').click();
    await b.page.waitForURL(/\/signin\?next=%2Fleaderboard$/);
    await b.page.getByTestId('account-switch').click();
    await b.page.waitForURL(/\/signup\?next=%2Fleaderboard$/);
    await signUp(b.page, kofi);
    await b.page.waitForURL((u) => u.pathname === '/leaderboard');
    await waitText(b.page, 'account-name', kofi);

    // A wrong password is refused, in the reader's language.
    await c.page.goto(`${base()}/signin`);
    check((await c.page.getByTestId('account-password').getAttribute('autocomplete')) === 'current-password', 'the sign-in password is the current one');
    check((await c.page.getByTestId('account-username').getAttribute('autocomplete')) === 'username', 'the name is a username');
    await signUp(c.page, ada, 'not the password');
    await waitText(c.page, 'account-error', 'Wrong name or password.');
    await bothSizes(c.page, 'signin-wrong-password');
    await c.page.getByTestId('lang-fr').click();
    await waitText(c.page, 'account-error', 'Nom ou mot de passe incorrect.');
    await c.page.getByTestId('lang-en').click();

    // Kofi watches the lobby; no page is reloaded from here on.
    const polled = [];
    b.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/lobby') polled.push(r.url());
    });
    const sockets = [];
    b.page.on('websocket', (ws) => sockets.push(ws.url()));
    await b.page.getByTestId('home-link').click();
    await b.page.getByTestId('list-open').waitFor();

    // Ada makes a rated open challenge at Awélé (Abapa rules), without clock.
    await a.page.getByTestId('game-awele').click();
    await a.page.getByTestId('rules').selectOption('abapa');
    await a.page.getByTestId('opponent-open').click();
    await waitText(a.page, 'playing-as', ada);
    check(!(await a.page.getByTestId('name').count()), 'an account needs no name field');
    check(await a.page.getByTestId('rated').isEnabled(), 'the rated box is there for an account');
    await a.page.getByTestId('rated').check();
    await a.page.getByTestId('side-first').click();
    await a.page.getByTestId('clock-none').click();
    await a.page.getByTestId('start').click();
    await a.page.waitForURL(/\/game\//);
    const id = gameId(a.page);
    await waitText(a.page, 'status', 'Waiting for someone to accept');
    await waitText(a.page, 'rated-label', 'Rated game');
    await waitText(a.page, 'player-south', ada);

    // It arrives in Kofi's lobby by itself, rated, with Ada's provisional rating.
    await b.page.getByTestId(`accept-${id}`).waitFor({ timeout: 10000 });
    const entry = await text(b.page, `game-${id}`);
    check(entry.includes(`${ada} (1500?)`), `the challenger with her rating: ${entry}`);
    check(/rated/i.test(entry) && /Abapa/.test(entry), `the entry says rated, Abapa: ${entry}`);
    check(sockets.some((u) => u.endsWith('/ws/lobby')), `the lobby is a WebSocket: ${sockets.join(', ')}`);
    check(polled.length === 0, `the lobby was not polled while its socket was up: ${polled.length} requests`);
    await screenshot(b.page, 'home-rated-challenge-phone');

    // Someone signed out is sent to sign in to accept it, and comes back home after.
    await c.page.goto(`${base()}/`);
    await c.page.getByTestId(`accept-${id}`).waitFor();
    await waitText(c.page, `accept-${id}`, 'Sign in to accept');
    await screenshot(c.page, 'home-rated-challenge-desktop');
    await c.page.getByTestId(`accept-${id}`).click();
    await c.page.waitForURL(/\/signin\?next=%2F$/);

    // Ada, at home, sees her challenge with “Cancel” rather than “Accept”.
    await a.page.getByTestId('home-link').click();
    await a.page.getByTestId(`cancel-${id}`).waitFor();
    check(!(await a.page.getByTestId(`accept-${id}`).count()), 'no Accept on one’s own challenge');
    await bothSizes(a.page, 'home-own-rated-challenge');
    await a.page.goto(`${base()}/game/${id}`);
    await waitText(a.page, 'status', 'Waiting for someone to accept');

    // Kofi accepts: the game starts, rated, both ratings shown.
    await b.page.getByTestId(`accept-${id}`).click();
    await b.page.waitForURL(new RegExp(`/game/${id}$`));
    await waitText(b.page, 'player-north', '(you)');
    await waitText(a.page, 'status', 'Your turn');
    for (const p of [a.page, b.page]) {
      await waitText(p, 'rating-south', /^1500\?$/);
      await waitText(p, 'rating-north', /^1500\?$/);
      await waitText(p, 'rated-label', 'Rated game');
      check((await p.getByTestId('player-link-south').getAttribute('href')) === `/player/${ada}`, 'Ada’s name links to her page');
      check((await p.getByTestId('player-link-north').getAttribute('href')) === `/player/${kofi}`, 'Kofi’s name links to his page');
    }

    // A few moves each.
    for (let k = 0; k < 4; k++) {
      const mover = k % 2 === 0 ? a.page : b.page;
      const pits = await legalPits(mover);
      await mover.getByTestId(pits[Math.floor(Math.random() * pits.length)]).click();
      for (const p of [a.page, b.page]) await p.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] button.move').length === n, k + 1);
    }
    check((await moveCount(b.page)) === 4, 'four moves played');

    // Ada resigns: both see Kofi win and the ratings move, up for him, down for her.
    await waitText(a.page, 'status', 'Your turn');
    await a.page.getByTestId('resign').click();
    await a.page.getByTestId('resign-confirm').click();
    for (const p of [a.page, b.page]) {
      await waitText(p, 'status', 'North wins');
      await waitText(p, 'diff-south', /^[−+]\d+$/);
      await waitText(p, 'diff-north', /^[−+]\d+$/);
    }
    const [down, up] = [await text(b.page, 'diff-south'), await text(b.page, 'diff-north')];
    expect(/^−\d+$/.test(down) && /^\+\d+$/.test(up), `the loser (South) loses rating, the winner gains: South ${down}, North ${up}`);
    expect(Number(up.slice(1)) < 400, `a first game moves a rating by less than 400: ${up}`);
    await screenshot(a.page, 'rated-game-over-desktop');
    await screenshot(b.page, 'rated-game-over-phone');

    // Ada's page: her rating in Awélé (Abapa rules) and the game, lost, with its change.
    await a.page.getByTestId('account-name').click();
    await a.page.waitForURL(new RegExp(`/player/${ada}$`));
    await waitText(a.page, 'player-name', ada);
    await waitText(a.page, 'member-since', 'Member since');
    const row = await text(a.page, 'rating-awele:abapa');
    check(/Awélé \(Abapa rules\)/.test(row), `the category in words: ${row}`);
    const rating = Number(/(\d{3,4})/.exec(row)?.[1]);
    expect(rating < 1500 && rating > 1100, `Ada's rating went down: ${row}`);
    check(/\?/.test(row), `a first game's rating is provisional: ${row}`);
    await waitText(a.page, `result-${id}`, 'Lost');
    expect(/^−\d+$/.test(await text(a.page, `diff-${id}`)), `the lost game's change is negative: ${await text(a.page, `diff-${id}`)}`);
    check((await text(a.page, `player-game-${id}`)).includes(kofi), 'the opponent is named');
    check((await a.page.getByTestId(`open-${id}`).getAttribute('href')) === `/game/${id}`, 'the game is linked');
    await bothSizes(a.page, 'player-page');

    // An unknown player.
    await b.page.goto(`${base()}/player/nobody${Date.now() % 100000}`);
    await waitText(b.page, 'not-found', 'There is no player named');

    // The leaderboard: both players in Awélé (Abapa rules), Kofi first.
    await a.page.getByTestId('nav-leaderboard').click();
    await a.page.waitForURL(/\/leaderboard$/);
    await a.page.getByTestId('board-awele:abapa').waitFor();
    const overview = await text(a.page, 'board-awele:abapa');
    check(overview.includes(ada) && overview.includes(kofi), `both players in the overview: ${overview}`);
    await bothSizes(a.page, 'leaderboard-overview');
    await a.page.getByTestId('category').selectOption('awele:abapa');
    await a.page.waitForURL(/category=awele%3Aabapa$/);
    await a.page.getByTestId('board-table').waitFor();
    const names = await a.page.evaluate(() => [...document.querySelectorAll('[data-testid="board-table"] tbody th.name')].map((e) => e.textContent));
    check(names.includes(ada) && names.includes(kofi), `both in the category's board: ${names.join(', ')}`);
    expect(names.indexOf(kofi) < names.indexOf(ada), `the winner ranks above the loser: ${names.join(', ')}`);
    await bothSizes(a.page, 'leaderboard-category');
    // In French, on a phone: the header still fits.
    await a.page.getByTestId('lang-fr').click();
    await waitText(a.page, 'nav-leaderboard', 'Classement');
    check(/Awélé \(règles Abapa\)/.test(await text(a.page, 'leaderboard')), 'the category in French');
    await bothSizes(a.page, 'leaderboard-category-fr');
    await a.page.getByTestId('lang-en').click();

    // Signing out: “Sign in” again, and the rated box is offered no more.
    await a.page.getByTestId('signout').click();
    await a.page.getByTestId('signin-link').waitFor();
    check(!(await a.page.getByTestId('account-name').count()), 'the name is gone from the header');
    const me = await a.page.evaluate(async () => (await fetch('/api/account')).json());
    check(me.user === null, `the server forgot the session: ${JSON.stringify(me)}`);
    await a.page.getByTestId('signin-link').click();
    await a.page.getByTestId('account-form').waitFor();
    await bothSizes(a.page, 'signin');

    for (const p of [a.page, b.page, c.page]) noErrors(p);
    check(!wrong.length, `the ratings moved the wrong way:\n${wrong.join('\n')}`);
  } finally {
    await a.context.close();
    await b.context.close();
    await c.context.close();
  }
}

export async function openChallengeCancelled({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE });
  try {
    // Signed out, the rated box is there but off, with the way to sign in.
    await a.page.goto(`${base()}/`);
    await a.page.getByTestId('game-awechec').click();
    await a.page.getByTestId('opponent-open').click();
    check(await a.page.getByTestId('rated').isDisabled(), 'rated needs an account');
    await waitText(a.page, 'rated-hint', 'Sign in to play rated games');
    await bothSizes(a.page, 'home-rated-signed-out');
    // A handicap is never rated: no box.
    await a.page.getByTestId('handicap-white').selectOption('3/2');
    check(!(await a.page.getByTestId('rated').count()), 'no rated box with a handicap');
    await a.page.getByTestId('handicap-white').selectOption('');
    await a.page.getByTestId('opponent-computer').click();
    check(!(await a.page.getByTestId('rated').count()), 'no rated box against the computer');

    // An open challenge, casual, seen by another player's lobby.
    await b.page.goto(`${base()}/`);
    await b.page.getByTestId('list-open').waitFor();
    await a.page.getByTestId('game-awele').click();
    await a.page.getByTestId('opponent-open').click();
    await a.page.getByTestId('name').fill('Ama');
    await a.page.getByTestId('clock-on').click();
    await a.page.getByTestId('minutes').fill('5');
    await a.page.getByTestId('increment').fill('3');
    await a.page.getByTestId('start').click();
    await a.page.waitForURL(/\/game\//);
    const id = gameId(a.page);
    await waitText(a.page, 'status', 'Waiting for someone to accept');
    check(await a.page.getByTestId('rated-label').isHidden(), 'a casual game is not labelled rated');
    await b.page.getByTestId(`accept-${id}`).waitFor({ timeout: 10000 });
    const entry = await text(b.page, `game-${id}`);
    check(/Ama/.test(entry) && /casual/.test(entry) && /5 min \+ 3 s/.test(entry), `the challenge: ${entry}`);

    // Its creator withdraws it from the home page: it leaves the other's lobby by itself.
    await a.page.getByTestId('home-link').click();
    await a.page.getByTestId(`cancel-${id}`).click();
    await a.page.getByTestId(`game-${id}`).waitFor({ state: 'detached' });
    await b.page.getByTestId(`game-${id}`).waitFor({ state: 'detached', timeout: 10000 });
    // Its page says so, to anyone.
    await b.page.goto(`${base()}/game/${id}`);
    await waitText(b.page, 'status', 'Challenge withdrawn');
    check(!(await b.page.getByTestId('resign').count()), 'nothing to play in a withdrawn challenge');

    // A challenge withdrawn from its own page.
    await a.page.getByTestId('opponent-open').click();
    await a.page.getByTestId('start').click();
    await a.page.waitForURL((u) => u.pathname.startsWith('/game/') && !u.pathname.endsWith(id));
    const second = gameId(a.page);
    await a.page.getByTestId('cancel-challenge').click();
    await waitText(a.page, 'status', 'Challenge withdrawn');
    await b.page.goto(`${base()}/game/${second}`);
    await waitText(b.page, 'status', 'Challenge withdrawn');
    await screenshot(b.page, 'challenge-withdrawn-phone');
    for (const p of [a.page, b.page]) noErrors(p);
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

export async function ratedFriendGameNeedsAccounts({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE, locale: 'fr-FR' });
  const ama = unique('ama');
  const yaw = unique('yaw');
  try {
    await a.page.goto(`${base()}/signup`);
    await signUp(a.page, ama);
    await a.page.waitForURL((u) => u.pathname === '/');
    await waitText(a.page, 'account-name', ama);
    // A rated game with a friend, at Awithlaknannai (Kolowis, Bell rules).
    await a.page.getByTestId('game-awithlaknannai').click();
    await a.page.getByTestId('awi-board').selectOption('kolowis');
    await a.page.getByTestId('rules').selectOption('bell');
    await a.page.getByTestId('opponent-friend').click();
    await a.page.getByTestId('rated').check();
    await a.page.getByTestId('side-second').click();
    await a.page.getByTestId('clock-none').click();
    await a.page.getByTestId('start').click();
    await a.page.waitForURL(/\/game\//);
    const id = gameId(a.page);
    await waitText(a.page, 'status', 'Waiting for your friend');
    const link = await a.page.getByTestId('invite-link').inputValue();

    // The friend, signed out, is asked to sign in (in French), then comes back and takes the seat.
    await b.page.goto(link);
    // Nothing is taken before the friend says so.
    await waitText(b.page, 'join-what', 'Kolowis');
    await b.page.getByTestId('join-accept').click();
    await waitText(b.page, 'sign-in-needed', 'Une partie classée demande un compte');
    await screenshot(b.page, 'rated-friend-sign-in-needed-phone');
    await b.page.getByTestId('sign-in-to-join').click();
    await b.page.waitForURL(/\/signin\?next=/);
    await b.page.getByTestId('account-switch').click();
    await b.page.waitForURL(/\/signup\?next=/);
    await signUp(b.page, yaw);
    await b.page.getByTestId('join-accept').click();
    await b.page.waitForURL(new RegExp(`/game/${id}$`));
    await waitText(b.page, 'player-white', '(vous)');
    await waitText(b.page, 'rated-label', 'Partie classée');
    await waitText(b.page, 'rating-white', /^1500\?$/);
    await waitText(a.page, 'player-white', yaw);
    await waitText(a.page, 'rating-black', /^1500\?$/);
    await screenshot(b.page, 'rated-friend-game-fr-phone');
    for (const p of [a.page, b.page]) noErrors(p);
  } finally {
    await a.context.close();
    await b.context.close();
  }
}
