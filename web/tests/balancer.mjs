// Two awe servers behind HAProxy (deploy/haproxy.cfg) with TLS, as crates/cli/tests/balancer.rs
// starts them: node tests/balancer.mjs, with AWE_URL the balancer's https address,
// AWE_HAPROXY_SOCKET its runtime API, and AWE_KILL_PID the first server's process.
//
// Two players sign up and play through the balancer while the second server is out of the
// rotation, so that both pages' sockets are on the first; the second is put back, the first is
// killed (SIGKILL), and the pages reconnect through the balancer to the second, mid-game: every
// move is there and the game goes on. The session cookies are Secure (awe serve
// --secure-cookies) and kept by the browser over TLS.
import { connect } from 'node:net';
import { base, check, firstLegalPit, launch, newGame, newPage, noErrors, screenshot, signUpAll, sleep, unique, waitText, apiGet, PHONE } from './lib.mjs';

// A command to HAProxy's runtime API: its answer.
function haproxy(command) {
  return new Promise((resolve, reject) => {
    const socket = connect(process.env.AWE_HAPROXY_SOCKET);
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(`${command}\n`);
  });
}

// The state HAProxy gives a server of the backend `awe` (UP, DOWN, MAINT…).
async function serverState(name) {
  const stat = await haproxy('show stat');
  const line = stat.split('\n').find((l) => l.startsWith(`awe,${name},`));
  const header = stat.split('\n')[0].replace(/^# /, '').split(',');
  return line ? line.split(',')[header.indexOf('status')] : 'absent';
}

async function until(what, f, ms = 15000) {
  const started = Date.now();
  for (;;) {
    if (await f()) return;
    if (Date.now() - started > ms) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

// A move by the player to move, seen by both pages.
async function move(mover, other, ply) {
  await waitText(mover, 'status', 'Your turn');
  const pit = await firstLegalPit(mover);
  await mover.getByTestId(pit).click();
  for (const p of [mover, other]) {
    await p.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] button.move').length >= n, ply + 1);
  }
}

async function run() {
  check(base().startsWith('https://'), `AWE_URL is the balancer's https address: ${base()}`);
  const killed = Number(process.env.AWE_KILL_PID);
  check(killed > 0, 'AWE_KILL_PID is the first server');
  const browser = await launch();
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE });
  try {
    // Everything on the first server.
    await haproxy('disable server awe/two');
    await until('the second server out of the rotation', async () => (await serverState('two')).startsWith('MAINT'));
    await until('the first server up', async () => (await serverState('one')) === 'UP');

    const [ada, kofi] = [unique('ada'), unique('kofi')];
    await signUpAll([
      [a.page, ada],
      [b.page, kofi],
    ]);
    await waitText(a.page, 'account-name', ada);
    for (const { context } of [a, b]) {
      const session = (await context.cookies()).filter((c) => c.name.startsWith('awe'));
      check(session.length >= 2, `the browser keeps the site's cookies: ${JSON.stringify(session)}`);
      for (const c of session) check(c.secure, `the cookie ${c.name} is Secure`);
    }

    const id = await newGame(a.page, { game: 'awele', rules: 'abapa', opponent: 'friend', side: 'first' });
    const link = await a.page.getByTestId('invite-link').inputValue();
    check(link.startsWith(`${base()}/game/${id}?invite=`), `the invitation is on the balancer's address: ${link}`);
    await b.page.goto(link);
    await b.page.getByTestId('join-accept').click();
    await waitText(b.page, 'player-north', '(you)');
    for (let ply = 0; ply < 4; ply++) {
      await move(ply % 2 ? b.page : a.page, ply % 2 ? a.page : b.page, ply);
    }

    // The second server back; the first killed while both pages' sockets are on it.
    await haproxy('enable server awe/two');
    await until('the second server up', async () => (await serverState('two')) === 'UP');
    const cut = Date.now();
    process.kill(killed, 'SIGKILL');
    // Each page says it lost its connection, then finds the game again through the balancer.
    await Promise.all(
      [a.page, b.page].map(async (p) => {
        await p.waitForFunction(() => document.querySelector('p.connection')?.textContent !== '');
        await p.waitForFunction(() => document.querySelector('p.connection')?.textContent === '');
      }),
    );
    for (let ply = 4; ply < 8; ply++) {
      await move(ply % 2 ? b.page : a.page, ply % 2 ? a.page : b.page, ply);
    }
    const back = Date.now() - cut;
    await until('the first server marked down', async () => (await serverState('one')).startsWith('DOWN'));
    const state = await apiGet(b.page, `/api/games/${id}`);
    check(state.game.ply === 8, `every move is on the second server: ${state.game.ply}`);
    const shown = await a.page.evaluate(() => [...document.querySelectorAll('[data-testid="move-list"] button.move')].map((m) => m.textContent.trim()));
    const kept = state.game.moves.map((m) => m.text);
    check(shown.length === 8 && kept.every((t) => shown.some((s) => s.includes(t))), `the pages show the moves kept: ${shown} / ${kept}`);
    await screenshot(a.page, 'balancer-after-failover');
    noErrors(a.page, 'Ada');
    noErrors(b.page, 'Kofi');
    console.log(`ok    balancer: 8 moves, the first server killed after 4; 4 more through the second (${back} ms)`);
  } finally {
    await a.context.close();
    await b.context.close();
    await browser.close();
  }
}

try {
  await run();
} catch (e) {
  console.log(`FAIL  balancer\n      ${String(e && e.stack ? e.stack : e).split('\n').join('\n      ')}`);
  process.exit(1);
}
