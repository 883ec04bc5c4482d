// Chat: Ada and Kofi talk in their game; what Ada types reaches Kofi as text; a spectator reads
// the spectators' channel, not theirs, and must sign in to write; Kofi reports Ada's line, then
// mutes her (her lines go), then unmutes her.
import { axe, check, newPage, noErrors, screenshot, text, waitText, gameId, base, bothSizes, signUpAll, unique, PHONE } from './lib.mjs';

// Ada and Kofi sign up; Ada leaves an open challenge in the lobby and Kofi takes it: the game's
// id, both on its page.
async function openGameBetween(pa, ada, pb, kofi) {
  await signUpAll([
    [pa, ada],
    [pb, kofi],
  ]);
  await pa.getByTestId('game-awele').click();
  await pa.getByTestId('opponent-open').click();
  await pa.getByTestId('clock-none').click();
  await pa.getByTestId('start').click();
  await pa.waitForURL(/\/game\//);
  const id = gameId(pa);
  await pb.getByTestId(`accept-${id}`).click({ timeout: 10000 });
  await pb.waitForURL(new RegExp(`/game/${id}$`));
  return id;
}

export async function chatInAGame({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE });
  const c = await newPage(browser);
  const ada = unique('ada');
  const kofi = unique('kofi');
  try {
    const id = await openGameBetween(a.page, ada, b.page, kofi);

    // Ada writes; Kofi reads it as she typed it, markup and all, as text.
    await a.page.getByTestId('chat-input').fill('Good luck <b>Kofi</b>!');
    await a.page.getByTestId('chat-send').click();
    await waitText(b.page, 'chat-log', 'Good luck <b>Kofi</b>!');
    check(!(await b.page.locator('[data-testid="chat-log"] b').count()), 'a line is never markup');
    await waitText(a.page, 'chat-log', `${ada} Good luck`);
    await b.page.getByTestId('chat-input').fill('Thanks, you too');
    await b.page.getByTestId('chat-input').press('Enter');
    await waitText(a.page, 'chat-log', 'Thanks, you too');

    // A visitor watching reads the spectators' chat, empty, and is asked to sign in.
    await c.page.goto(`${base()}/game/${id}`);
    await waitText(c.page, 'chat', 'Spectators’ chat');
    await waitText(c.page, 'chat-log', 'No message yet.');
    await waitText(c.page, 'chat-note', 'Sign in to chat.');
    check(!(await c.page.getByTestId('chat-input').isVisible()), 'no input for a visitor');

    // Kofi reports Ada's line, then mutes her.
    const lineId = await b.page.evaluate(() => {
      const li = [...document.querySelectorAll('[data-testid^="chat-line-"]')].find((l) => l.textContent.includes('Good luck'));
      return li.getAttribute('data-testid').replace('chat-line-', '');
    });
    await b.page.locator(`[data-testid="chat-line-${lineId}"] summary`).click();
    await b.page.getByTestId(`chat-report-${lineId}`).click();
    // Why: a reason of the list, chosen.
    await waitText(b.page, `chat-reasons-${lineId}`, 'Insult or harassment');
    await bothSizes(b.page, 'chat-report-reasons');
    await b.page.getByTestId(`chat-reason-${lineId}-insult`).click();
    await waitText(b.page, `chat-reported-${lineId}`, 'Reported');
    await bothSizes(b.page, 'chat-reported');
    await b.page.locator(`[data-testid="chat-line-${lineId}"] summary`).click();
    await b.page.getByTestId(`chat-mute-${lineId}`).click();
    await waitText(b.page, 'chat-muted', `Muted: ${ada}`);
    // The unmute button reads as a link: no pill, no shadow.
    const look = await b.page.getByTestId(`chat-unmute-${ada}`).evaluate((el) => {
      const s = getComputedStyle(el);
      return { shadow: s.boxShadow, background: s.backgroundColor, border: s.borderTopStyle };
    });
    check(look.shadow === 'none' && /rgba\(0, 0, 0, 0\)|transparent/.test(look.background) && look.border === 'none', `the unmute link draws no pill: ${JSON.stringify(look)}`);
    check(!(await b.page.getByTestId(`chat-line-${lineId}`).count()), 'a muted player’s lines go');
    await b.page.getByTestId('lang-fr').click();
    await waitText(b.page, 'chat-muted', `Masqués : ${ada}`);
    await screenshot(b.page, 'chat-muted-fr-phone');
    await b.page.getByTestId('lang-en').click();
    await b.page.getByTestId(`chat-unmute-${ada}`).click();
    await b.page.getByTestId(`chat-line-${lineId}`).waitFor();
    await screenshot(a.page, 'chat-desktop');
    for (const [p, who] of [
      [a.page, 'Ada'],
      [b.page, 'Kofi'],
      [c.page, 'the visitor'],
    ])
      noErrors(p, who);
  } finally {
    await a.context.close();
    await b.context.close();
    await c.context.close();
  }
}

// The account's answer comes 1.5 s late: the chat follows it once it comes (its form, the "⋯"
// menus), and never tells a signed-in player to sign in.
export async function chatAfterSlowAccount({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser);
  const ada = unique('ada');
  const kofi = unique('kofi');
  try {
    const id = await openGameBetween(a.page, ada, b.page, kofi);
    await a.page.getByTestId('chat-input').fill('hello from Ada');
    await a.page.getByTestId('chat-send').click();
    await waitText(b.page, 'chat-log', 'hello from Ada');
    // Kofi's page again, its account read slowly.
    await b.page.route('**/api/account', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await b.page.reload();
    await waitText(b.page, 'chat-log', 'hello from Ada');
    const said = await b.page.evaluate(() => document.querySelector('[data-testid="chat-note"]')?.textContent ?? '');
    check(!/Sign in/.test(said), `no "sign in" while the account is read: ${said}`);
    await b.page.getByTestId('chat-input').waitFor({ state: 'visible', timeout: 10000 });
    await b.page.locator('[data-testid^="chat-line-"] summary').first().waitFor({ state: 'visible' });
    check(!/Sign in/.test(await text(b.page, 'chat-note').catch(() => '')), 'the note does not ask to sign in');
    await b.page.getByTestId('chat-input').fill('and from Kofi');
    await b.page.getByTestId('chat-input').press('Enter');
    await waitText(a.page, 'chat-log', 'and from Kofi');
    noErrors(a.page, 'Ada');
    noErrors(b.page, 'Kofi');
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

// An admin's reports page: each report with its reason and the line among those around it;
// one click silences the writer (their page then says so and has no input), another closes an
// account after a question. The admin account is made by crates/server/tests/browser.rs
// (AWE_ADMIN: name and password).
export async function adminReports({ browser }) {
  const [adminName, adminPassword] = (process.env.AWE_ADMIN || ':').split(':');
  check(adminName, 'AWE_ADMIN names an admin account');
  const a = await newPage(browser);
  const b = await newPage(browser);
  const w = await newPage(browser, { bypassCSP: true });
  const ada = unique('ada');
  const kofi = unique('kofi');
  try {
    const id = await openGameBetween(a.page, ada, b.page, kofi);
    for (const line of ['good luck', 'you will lose, idiot', 'whatever']) {
      await a.page.getByTestId('chat-input').fill(line);
      await a.page.getByTestId('chat-send').click();
      await waitText(b.page, 'chat-log', line);
    }
    const lineId = await b.page.evaluate(() => {
      const li = [...document.querySelectorAll('[data-testid^="chat-line-"]')].find((l) => l.textContent.includes('idiot'));
      return li.getAttribute('data-testid').replace('chat-line-', '');
    });
    await b.page.locator(`[data-testid="chat-line-${lineId}"] summary`).click();
    await b.page.getByTestId(`chat-report-${lineId}`).click();
    await b.page.getByTestId(`chat-reason-${lineId}-insult`).click();
    await waitText(b.page, `chat-reported-${lineId}`, 'Reported');

    // The admin signs in: the header offers the reports.
    await w.page.goto(`${base()}/signin`);
    await w.page.getByTestId('account-username').fill(adminName);
    await w.page.getByTestId('account-password').fill(adminPassword);
    await w.page.getByTestId('account-submit').click();
    await w.page.getByTestId('nav-reports').click();
    await w.page.waitForURL(/\/admin\/reports$/);
    const report = w.page.locator('li.report').filter({ hasText: 'idiot' }).first();
    await report.waitFor();
    const rid = (await report.getAttribute('data-testid')).replace('report-', '');
    await waitText(w.page, `report-reason-${rid}`, 'Insult or harassment');
    // The line among those around it, marked.
    await waitText(w.page, `report-context-${rid}`, /good luck.*idiot.*whatever/s);
    check((await w.page.locator(`[data-testid="report-context-${rid}"] .reported-line`).innerText()).includes('idiot'), 'the reported line is marked');
    await bothSizes(w.page, 'admin-reports');
    const findings = await axe(w.page);
    check(findings.length === 0, `axe finds nothing serious on the reports page:\n${findings.join('\n')}`);
    await w.page.getByTestId(`silence-${rid}`).click();
    await waitText(w.page, `report-done-${rid}`, 'Silenced for 7 days.');
    // Ada's page: no input, and why.
    await a.page.reload();
    await waitText(a.page, 'chat-note', /An admin silenced your chat until/);
    check(!(await a.page.getByTestId('chat-input').isVisible()), 'a silenced player has no input');
    await screenshot(a.page, 'chat-silenced-desktop');
    await w.page.getByTestId('lang-fr').click();
    await waitText(w.page, 'reports', 'Signalements');
    await screenshot(w.page, 'admin-reports-fr-desktop');
    await w.page.getByTestId('lang-en').click();
    noErrors(w.page, 'the admin');
    noErrors(a.page, 'Ada');
    // A player who is no admin is refused the page.
    await b.page.goto(`${base()}/admin/reports`);
    await waitText(b.page, 'reports-error', 'For admin accounts only.');
  } finally {
    await a.context.close();
    await b.context.close();
    await w.context.close();
  }
}
