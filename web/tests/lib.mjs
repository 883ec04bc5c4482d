// Helpers for the browser tests: the site's address, a Chromium that must start, pages that
// remember their errors, screenshots in web/test-output/, and small waiting helpers.
import { chromium } from 'playwright-core';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output');

export function base() {
  const url = process.env.AWE_URL;
  if (!url) throw new Error('AWE_URL is not set: the address of a running `awe serve`, e.g. http://127.0.0.1:8080');
  return url.replace(/\/$/, '');
}

// Chromium, or an error: a browser that cannot start fails the run.
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

// Each context is a player at an address of their own, as a balancer in front tells it
// (X-Forwarded-For, which the tests' server trusts): on loopback every page would otherwise
// share one, and the fair-play rules go by address.
let contexts = 0;
function nextAddress() {
  contexts += 1;
  return `10.${(contexts >> 16) & 255}.${(contexts >> 8) & 255}.${contexts & 255}`;
}

// A page in a fresh context (its own cookie: its own player). Errors of the page's script are
// kept in page.errors and fail the scenario when checked with noErrors().
export async function newPage(browser, { viewport = DESKTOP, locale = 'en-GB', reducedMotion = 'no-preference', bypassCSP = false } = {}) {
  // Over HTTPS, the tests' certificate is one they made (tests/balancer.mjs).
  const ignoreHTTPSErrors = base().startsWith('https:');
  const extraHTTPHeaders = { 'x-forwarded-for': nextAddress() };
  const context = await browser.newContext({ viewport, locale, reducedMotion, bypassCSP, ignoreHTTPSErrors, extraHTTPHeaders, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.errors.push(`console: ${m.text()}`);
  });
  page.setDefaultTimeout(15000);
  return { context, page };
}

export async function screenshot(page, name) {
  await mkdir(OUT, { recursive: true });
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

export function noErrors(page, what = 'page') {
  check(page.errors.length === 0, `${what} had script errors:\n${page.errors.join('\n')}`);
}

// The text of the element with this data-testid.
export async function text(page, testid) {
  return (await page.getByTestId(testid).first().innerText()).trim();
}

export async function waitText(page, testid, pattern, timeout = 15000) {
  const re = pattern instanceof RegExp ? pattern : new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await page.waitForFunction(
    ([id, src, flags]) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      return !!el && new RegExp(src, flags).test(el.textContent || '');
    },
    [testid, re.source, re.flags],
    { timeout },
  );
}

// The game's id from the page's address (/game/ID).
export function gameId(page) {
  const m = /\/game\/([^/?#]+)/.exec(page.url());
  return m ? m[1] : null;
}

// Creates a game from the home page's form. `o`: {game, rules, board, variant, opponent, level,
// side ('first'|'second'|'random'), clock: [minutes, increment] | null, name}.
export async function newGame(page, o = {}) {
  await page.goto(`${base()}/`);
  await page.getByTestId(`game-${o.game ?? 'awele'}`).click();
  if (o.board) await page.getByTestId('awi-board').selectOption(o.board);
  if (o.rules) await page.getByTestId('rules').selectOption(o.rules);
  if (o.variant) await page.getByTestId('variant').selectOption(o.variant);
  if (o.handicapWhite !== undefined) await page.getByTestId('handicap-white').selectOption(o.handicapWhite);
  if (o.handicapBlack !== undefined) await page.getByTestId('handicap-black').selectOption(o.handicapBlack);
  await page.getByTestId(`opponent-${o.opponent ?? 'computer'}`).click();
  if ((o.opponent ?? 'computer') === 'computer') await page.getByTestId('level').selectOption(String(o.level ?? 1));
  await page.getByTestId(`side-${o.side ?? 'first'}`).click();
  if (o.clock) {
    await page.getByTestId('clock-on').click();
    await page.getByTestId('minutes').fill(String(o.clock[0]));
    await page.getByTestId('increment').fill(String(o.clock[1]));
  } else {
    await page.getByTestId('clock-none').click();
  }
  if (o.name !== undefined && (o.opponent ?? 'computer') !== 'computer') await page.getByTestId('name').fill(o.name);
  await page.getByTestId('start').click();
  await page.waitForURL(/\/game\//);
  await page.getByTestId('status').waitFor();
  return gameId(page);
}

// Fetches JSON from the site's API with the page's cookie.
export async function apiGet(page, path) {
  return page.evaluate(async (p) => (await fetch(p)).json(), path);
}

// Posts JSON to the site's API as the pages do: with the page's cookies and the token against
// forgery (the `awe_csrf` cookie's value in X-CSRF-Token).
export async function apiPost(page, path, body) {
  return page.evaluate(
    async ([p, b]) => {
      const token = /(?:^|;\s*)awe_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: JSON.stringify(b) });
      return r.json();
    },
    [path, body],
  );
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// axe-core (web/node_modules), run in the page: its serious and critical findings, each as
// "rule: what is wrong (how many elements)". The page's context must bypass the site's
// Content-Security-Policy (newPage(…, { bypassCSP: true })) for the script to be added.
const AXE = await readFile(new URL('../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

export async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE });
  const results = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} element(s): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

// A move that would bring a position back is asked about first (the game would end): played.
// Waits for `done` (run in the page) or the question, whichever comes; answers the question.
export async function playingThroughRepeats(page, done, arg) {
  for (let i = 0; i < 300; i++) {
    if (await page.evaluate(done, arg)) return;
    const question = page.getByTestId('repeat-play');
    if (await question.isVisible().catch(() => false)) await question.click();
    await sleep(50);
  }
  throw new Error('the move was never played');
}

// Accounts in the scenarios.
export const PASSWORD = 'seeds and serpents';

// Names unique to this run (the database may keep those of earlier runs).
export function unique(stem) {
  return `${stem}${Date.now() % 100000}${Math.floor(Math.random() * 90 + 10)}`;
}

export async function signUp(page, name, password = PASSWORD) {
  await page.getByTestId('account-username').fill(name);
  await page.getByTestId('account-password').fill(password);
  await page.getByTestId('account-submit').click();
}

// The page as a desktop and as a phone shows it (the viewport changed, then put back).
export async function bothSizes(page, name) {
  const size = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await screenshot(page, `${name}-phone`);
  // Nothing is wider than the phone's screen.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= PHONE.width, `${name}: the page is ${wide} px wide on a ${PHONE.width} px phone`);
  await page.setViewportSize(size);
}

// Signs each page up under its name ([page, name] pairs), each back on the home page after.
export async function signUpAll(pairs) {
  for (const [page, name] of pairs) {
    await page.goto(`${base()}/signup`);
    await signUp(page, name);
    await page.waitForURL((u) => u.pathname === '/');
  }
}

// The first pit an Awélé board offers to sow, once the board is still.
export async function firstLegalPit(page) {
  await page.waitForFunction(() => {
    const b = document.querySelector('.awele-board');
    return b && !b.classList.contains('animating') && document.querySelector('.awele-pit[data-legal="true"]');
  });
  return page.evaluate(() => document.querySelector('.awele-pit[data-legal="true"]').getAttribute('data-testid'));
}
