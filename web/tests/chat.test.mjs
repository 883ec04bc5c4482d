// Chat: Ada and Kofi talk in their game; what Ada types reaches Kofi as text; a spectator reads
// the spectators' channel, not theirs, and must sign in to write; Kofi reports Ada's line, then
// mutes her (her lines go), then unmutes her.
import { check, newPage, noErrors, screenshot, waitText, gameId, base, bothSizes, signUpAll, unique, PHONE } from './lib.mjs';

export async function chatInAGame({ browser }) {
  const a = await newPage(browser);
  const b = await newPage(browser, { viewport: PHONE });
  const c = await newPage(browser);
  const ada = unique('ada');
  const kofi = unique('kofi');
  try {
    await signUpAll([
      [a.page, ada],
      [b.page, kofi],
    ]);
    await a.page.getByTestId('game-awele').click();
    await a.page.getByTestId('opponent-open').click();
    await a.page.getByTestId('clock-none').click();
    await a.page.getByTestId('start').click();
    await a.page.waitForURL(/\/game\//);
    const id = gameId(a.page);
    await b.page.getByTestId(`accept-${id}`).click({ timeout: 10000 });
    await b.page.waitForURL(new RegExp(`/game/${id}$`));

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
    await waitText(b.page, `chat-reported-${lineId}`, 'Reported');
    await bothSizes(b.page, 'chat-reported');
    await b.page.locator(`[data-testid="chat-line-${lineId}"] summary`).click();
    await b.page.getByTestId(`chat-mute-${lineId}`).click();
    await waitText(b.page, 'chat-muted', `Muted: ${ada}`);
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
