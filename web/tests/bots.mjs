// A bot on the site, as crates/cli/tests/bots.rs runs it: node tests/bots.mjs, with AWE_URL a
// running `awe serve` and AWE_BIN the `awe` command.
//
// The bot's owner makes a personal API token on her player page; `awe bot` connects `awe engine`
// to her account with it (and makes it a bot). Ada finds the bot online in the lobby, challenges
// it to a rated game of Awélé and plays the whole game against it by clicks. The bot is marked as
// such in the lobby, on the game's page, on its player page and on the leaderboard; once the token
// is revoked on the owner's page, the site refuses it.
import { spawn } from 'node:child_process';
import { base, bothSizes, check, launch, newPage, noErrors, screenshot, signUpAll, text, unique, waitText, apiGet, PHONE } from './lib.mjs';

// Waits until Ada may move (the board still) or the game is over: the pits offered.
async function nextTurn(page, timeout = 30000) {
  const handle = await page.waitForFunction(
    () => {
      const status = document.querySelector('[data-testid="status"]');
      if (status && status.classList.contains('over')) return 'over';
      const board = document.querySelector('.awele-board');
      if (!board || board.classList.contains('animating')) return false;
      const legal = [...document.querySelectorAll('.awele-pit[data-legal="true"]')].map((g) => g.getAttribute('data-testid'));
      return legal.length ? legal : false;
    },
    null,
    { timeout, polling: 50 },
  );
  return handle.jsonValue();
}

const browser = await launch();
let bot;
let failed = false;
const o = await newPage(browser, { viewport: PHONE });
const a = await newPage(browser);
const owner = unique('robota');
const ada = unique('ada');
try {
  await signUpAll([
    [o.page, owner],
    [a.page, ada],
  ]);

  // The owner's token, made on her own page: shown once.
  await o.page.goto(`${base()}/player/${owner}`);
  // Nothing is ticked for her; a token of no scope is refused before it is asked for.
  await o.page.getByTestId('token-description').fill('a script');
  check(!(await o.page.getByTestId('scope-bot:play').isChecked()) && !(await o.page.getByTestId('scope-challenge:write').isChecked()), 'no scope is ticked at first');
  await o.page.getByTestId('create-token').click();
  await waitText(o.page, 'token-error', 'at least one scope');
  // Only what she ticked: challenge:write alone gives a token of that scope alone.
  await o.page.getByTestId('scope-challenge:write').check();
  await o.page.getByTestId('create-token').click();
  await o.page.getByTestId('new-token-value').waitFor();
  const scopesOf = async (what) =>
    o.page.evaluate((w) => [...document.querySelectorAll('[data-testid="token-list"] li')].find((li) => li.textContent.includes(w))?.querySelector('.entry-meta')?.textContent ?? '', what);
  const scriptScopes = await scopesOf('a script');
  check(/challenge:write/.test(scriptScopes) && !/bot:play/.test(scriptScopes), `the token has the scope ticked, alone: ${scriptScopes}`);
  await o.page.getByTestId('scope-challenge:write').uncheck();
  await o.page.getByTestId('token-description').fill('my engine');
  await o.page.getByTestId('scope-bot:play').check();
  await o.page.getByTestId('create-token').click();
  await waitText(o.page, 'token-list', 'my engine');
  const token = (await text(o.page, 'new-token-value')).trim();
  check(/^awe_[0-9a-f]{32}$/.test(token), `a token: ${token}`);
  // The copy button puts it on the clipboard.
  await o.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
  await o.page.getByTestId('copy-token').click();
  await waitText(o.page, 'token-copied', 'Copied.');
  const pasted = await o.page.evaluate(() => navigator.clipboard.readText());
  check(pasted === token, `the clipboard holds the token: ${pasted}`);
  await bothSizes(o.page, 'bot-token');

  // `awe bot`, bridged to `awe engine` over UGI, the account made a bot.
  const awe = process.env.AWE_BIN;
  bot = spawn(awe, ['bot', '--server', base(), '--token', token, '--engine', `ugi:${awe} engine awele --rules abapa`,
    '--game', 'awele', '--rules', 'abapa', '--upgrade', '--movetime', '50', '--games', '1'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const ended = new Promise((resolve) => bot.on('exit', (code) => resolve(code)));

  // Ada finds it online in the lobby, marked a bot, and challenges it to a rated game.
  await a.page.goto(`${base()}/`);
  await a.page.getByTestId('game-awele').click();
  await a.page.getByTestId('rules').selectOption('abapa');
  await a.page.getByTestId('opponent-bot').click();
  await a.page.getByTestId('side-first').click();
  await a.page.getByTestId(`bot-${owner}`).waitFor({ timeout: 20000 });
  await waitText(a.page, `bot-${owner}`, new RegExp(`BOT\\s${owner}`));
  await a.page.getByTestId('bot-name').waitFor();
  await a.page.getByTestId('rated').check();
  await bothSizes(a.page, 'bot-lobby');
  await a.page.getByTestId(`challenge-${owner}`).click();
  await a.page.waitForURL(/\/game\//);
  const id = a.page.url().split('/game/')[1];
  await waitText(a.page, 'status', 'Your turn', 20000);
  const names = await a.page.evaluate(() => document.querySelector('main').textContent);
  check(names.includes(`BOT\u00a0${owner}`), 'the game page marks the bot');
  await screenshot(a.page, 'bot-game-desktop');

  // The whole game, Ada clicking her first pit each turn, the bot answering.
  let moves = 0;
  for (;;) {
    const turn = await nextTurn(a.page);
    if (turn === 'over') break;
    await a.page.getByTestId(turn[0]).click();
    const question = a.page.getByTestId('repeat-play');
    if (await question.isVisible().catch(() => false)) await question.click();
    moves += 1;
    check(moves < 400, 'the game ends');
    await a.page.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] button.move').length >= n || document.querySelector('[data-testid="status"].over'), 2 * moves - 1, { timeout: 30000 });
  }
  const state = await apiGet(a.page, `/api/games/${id}`);
  check(state.game.status === 'over', 'the server has the game over');
  check(state.game.rated && state.game.seats[1].bot === true, 'a rated game against a bot');
  check(typeof state.game.seats[0].diff === 'number', 'Ada\'s rating moved');
  await screenshot(a.page, 'bot-game-over-desktop');
  check((await ended) === 0, '`awe bot` stops after its one game');
  bot = null;

  // Its page and the leaderboard mark it.
  await a.page.goto(`${base()}/player/${owner}`);
  await waitText(a.page, 'player-name', new RegExp(`BOT\\s${owner}`));
  await a.page.getByTestId('player-bot').waitFor();
  await a.page.goto(`${base()}/leaderboard?category=awele:abapa`);
  await waitText(a.page, `row-${owner}`, /BOT/);

  // Revoked on the owner's page, the token is refused.
  await o.page.reload();
  await o.page.locator('[data-testid^="revoke-"]').first().click();
  await o.page.locator('[data-testid^="token-"].revoked').first().waitFor();
  const refused = await fetch(`${base()}/api/bot/account`, { headers: { authorization: `Bearer ${token}` } });
  check(refused.status === 401, `a revoked token is refused: ${refused.status}`);
  await bothSizes(o.page, 'bot-token-revoked');
  noErrors(a.page);
  noErrors(o.page);
  console.log(`ok    bots: a rated game of ${moves} moves against the bot`);
} catch (e) {
  failed = true;
  console.log(`FAIL  bots: ${e && e.stack ? e.stack : e}`);
  await screenshot(a.page, 'bot-failure').catch(() => {});
} finally {
  if (bot) bot.kill();
  await browser.close();
}
process.exit(failed ? 1 : 0);
