// The lessons, as a learner goes through them: every stage of each game's lesson, its solution
// (read from the stage's file) played on the board by clicks and by the keyboard alone, on a
// desktop and on a phone, in English and in French; a wrong move refused with its reason in the page's
// language; the stars and the progress kept in the browser, then with the account; the rule
// watched as an animation; the rules pages linking to the animations; axe on the new pages.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP, PHONE, apiGet, apiPost, axe, base, bothSizes, check, firstLegalPit, newGame, newPage, noErrors, screenshot, signUp, sleep, unique, waitText } from './lib.mjs';

const LESSONS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'crates', 'site-learn', 'lessons');
const GAMES = ['awele', 'awithlaknannai', 'awechec'];

// Each game's stages in order, with the solution its file gives (one line: `solution = [...]`).
async function stagesOf(game) {
  const files = (await readdir(join(LESSONS, game))).filter((f) => f.endsWith('.toml')).sort();
  const out = [];
  for (const f of files) {
    const text = await readFile(join(LESSONS, game, f), 'utf8');
    const line = text.split('\n').find((l) => l.startsWith('solution = '));
    check(line, `${game}/${f} has a solution`);
    out.push({ name: f.replace(/^\d+-/, '').replace(/\.toml$/, ''), solution: JSON.parse(line.slice('solution = '.length)) });
  }
  return out;
}

// The moves the stage has played so far, as its status says.
async function pliesShown(page) {
  return page.evaluate(() => document.querySelector('[data-testid="lesson-status"]')?.getAttribute('data-plies') ?? null);
}

// Waits until the stage answers the move played when it showed `before` moves: passed, refused,
// or waiting for the next one (the replies shown, more moves than before).
async function answered(page, before) {
  await page.waitForFunction(
    (before) => {
      if (document.querySelector('[data-testid="lesson-result"]')) return true;
      if (document.querySelector('[data-testid="lesson-why"]')) return true;
      const status = document.querySelector('[data-testid="lesson-status"]');
      const s = status?.textContent ?? '';
      const board = document.querySelector('.awele-board, .awithlaknannai-board, .awechec-board');
      return /Go on|Continuez/.test(s) && status?.getAttribute('data-plies') !== before && !board?.classList.contains('animating');
    },
    before,
    { timeout: 20000 },
  );
  await sleep(150);
}

// The squares of a chess move the board offers in `state` (its `from` and `to`).
function chessSquares(state, game, stage, text) {
  const mv = state.legal.find((m) => m.text === text.replace(/[#+]$/, '') || m.text === text);
  check(mv && mv.from && mv.to, `${game}/${stage}: ${text} is a chess move offered: ${JSON.stringify(state.legal.map((m) => m.text))}`);
  return [mv.from, mv.to];
}

// What the server answers to `move` after `line` (the page asked the same: the stage is the
// server's, and nothing is kept between moves).
async function judged(page, game, stage, line, move) {
  return apiPost(page, `/api/learn/${game}/${stage}/move`, { line, move });
}

// Presses Tab until the focused element matches `selector`.
async function tabTo(page, selector, most = 120) {
  for (let i = 0; i < most; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches?.(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector} (at ${await page.evaluate(() => document.activeElement?.outerHTML?.slice(0, 120))})`);
}

// The centre of a chess square on the screen, White at the bottom.
async function square(page, key) {
  const b = await page.locator('.awechec-board cg-board').boundingBox();
  const file = key.charCodeAt(0) - 97;
  const rank = Number(key[1]) - 1;
  return { x: b.x + ((file + 0.5) * b.width) / 8, y: b.y + ((7 - rank + 0.5) * b.height) / 8 };
}

// Plays one move of the stage's solution on the board, by clicks or by the keyboard.
async function play(page, game, stage, state, text, keyboard) {
  const board = '.awele-board, .awithlaknannai-board, .awechec-board';
  await page.waitForFunction((b) => !document.querySelector(b)?.classList.contains('animating'), board);
  const pit = /^[A-Fa-f](\(\d+\))?$/.test(text);
  if ((game === 'awele' || game === 'awechec') && pit) {
    const sel = `[data-testid="pit-${text[0]}"]`;
    if (keyboard) {
      await tabTo(page, sel);
      await page.keyboard.press('Enter');
    } else await page.locator(sel).click();
    return;
  }
  if (game === 'awithlaknannai') {
    const points = text.split(/[-x]/);
    for (const p of points) {
      const sel = `.serpents .hit[data-point="${p}"]`;
      if (keyboard) {
        await tabTo(page, `${sel}[tabindex="0"]`);
        await page.keyboard.press('Enter');
      } else await page.locator(sel).click();
      await sleep(60);
    }
    return;
  }
  // Awechec's decisions and chess moves.
  if (text === 'normal' || text === '0') {
    const sel = `.awechec-decide[data-decision="${text === '0' ? 'null' : 'normal'}"]`;
    if (keyboard) {
      await tabTo(page, sel);
      await page.keyboard.press('Enter');
    } else await page.locator(sel).click();
    return;
  }
  const [from, to] = chessSquares(state, game, stage, text);
  await page.waitForFunction(() => !!document.querySelector('.awechec-board .awechec-status[data-step="move"]'));
  await sleep(100);
  if (keyboard) {
    await tabTo(page, '.awechec-cg[role="application"]');
    const cursor = async () => page.evaluate(() => document.querySelector('.awechec-cg')?.getAttribute('data-cursor') ?? '');
    const go = async (key) => {
      for (let i = 0; i < 16 && (await cursor())[0] < key[0]; i++) await page.keyboard.press('ArrowRight');
      for (let i = 0; i < 16 && (await cursor())[0] > key[0]; i++) await page.keyboard.press('ArrowLeft');
      for (let i = 0; i < 16 && (await cursor())[1] < key[1]; i++) await page.keyboard.press('ArrowUp');
      for (let i = 0; i < 16 && (await cursor())[1] > key[1]; i++) await page.keyboard.press('ArrowDown');
      check((await cursor()) === key, `the chess cursor reached ${key}: ${await cursor()}`);
    };
    await go(from);
    await page.keyboard.press('Enter');
    await go(to);
    await page.keyboard.press(' ');
    return;
  }
  await page.locator('.awechec-board cg-board').scrollIntoViewIfNeeded();
  const a = await square(page, from);
  const b = await square(page, to);
  await page.mouse.click(a.x, a.y);
  await sleep(80);
  await page.mouse.click(b.x, b.y);
}

// A wrong move of the first stage that has one, refused with the reason in the page's language.
const WRONG = {
  awele: { stage: 'feeding', move: 'A', en: /Not allowed: your opponent has no seed, and this move gives them none/, fr: /Interdit : votre adversaire n’a plus de graine, et ce coup ne lui en donne pas/ },
  awithlaknannai: { stage: 'compulsory', move: 'b2-b3', en: /Not allowed: a capture is on the board, and taking is compulsory/, fr: /Interdit : une prise est possible, et la prise est obligatoire/ },
  awechec: { stage: 'null-move', move: 'normal', en: /Not this one: A normal move would let Black play/, fr: /Pas celui-ci : Un coup normal laisserait jouer les Noirs/ },
};

// Every stage of every game, solved on the board; one wrong move a game first.
async function everyStage(browser, { viewport, locale, keyboard, lang }) {
  const { context, page } = await newPage(browser, { viewport, locale });
  const tag = `${lang}-${viewport.width < 500 ? 'phone' : 'desktop'}`;
  try {
    let total = 0;
    for (const game of GAMES) {
      const stages = await stagesOf(game);
      // From the lessons' list, as a learner starts.
      await page.goto(`${base()}/learn`);
      await page.getByTestId(`learn-go-${game}`).click();
      for (const [i, stage] of stages.entries()) {
        const began = Date.now();
        await page.waitForURL((u) => u.pathname === `/learn/${game}/${stage.name}`);
        await page.getByTestId('lesson-goal').waitFor();
        const step = await page.getByTestId('lesson-stage').textContent();
        check(new RegExp(`${i + 1} (of|sur) ${stages.length}`).test(step), `${game}/${stage.name}: ${step}`);
        const wrong = WRONG[game].stage === stage.name ? WRONG[game] : null;
        let state = (await apiGet(page, `/api/learn/${game}/${stage.name}`)).state;
        if (wrong) {
          await play(page, game, stage.name, state, wrong.move, keyboard);
          await page.getByTestId('lesson-why').waitFor();
          const why = await page.getByTestId('lesson-why').textContent();
          check(wrong[lang].test(why), `${game}/${stage.name}: the wrong move ${wrong.move} is refused with its reason: ${why}`);
          if (game === 'awele' || game === 'awithlaknannai') await screenshot(page, `learn-${tag}-${game}-refused`);
        }
        let line = [];
        for (const [k, text] of stage.solution.entries()) {
          const before = await pliesShown(page);
          await play(page, game, stage.name, state, text, keyboard);
          await answered(page, before);
          const why = await page.evaluate(() => document.querySelector('[data-testid="lesson-why"]')?.textContent ?? null);
          check(!why, `${game}/${stage.name}: ${text} is refused: ${why}`);
          // The replies the server played are on the board: the next move's board is the one
          // after them.
          if (k + 1 < stage.solution.length) {
            const verdict = await judged(page, game, stage.name, line, text);
            check(verdict.played, `${game}/${stage.name}: ${text}: ${JSON.stringify(verdict)}`);
            line = [...line, ...verdict.moves];
            state = verdict.states[verdict.states.length - 1];
          }
        }
        await page.getByTestId('lesson-result').waitFor();
        const stars = await page.locator('[data-testid="lesson-result"] [data-testid="stars"]').getAttribute('data-stars');
        check(stars === (wrong ? '2' : '3'), `${game}/${stage.name}: ${stars} stars (${wrong ? 'one wrong move' : 'none wrong'})`);
        if (i === 1) await screenshot(page, `learn-${tag}-${game}-passed`);
        total += 1;
        if (process.env.AWE_LEARN_TIMES) console.log(`      ${game}/${stage.name}: ${((Date.now() - began) / 1000).toFixed(1)} s`);
        // On to the next stage, by the button the page gives (focused for the keyboard).
        // The last stage of Awélé leads on to Awechec, the others to a game.
        const next = i + 1 < stages.length ? 'lesson-next' : game === 'awele' ? 'lesson-next-game' : 'lesson-play';
        if (keyboard) {
          await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, next);
          await page.keyboard.press('Enter');
        } else await page.getByTestId(next).click();
      }
    }
    // Every stage passed, in this browser.
    await page.goto(`${base()}/learn`);
    for (const game of GAMES) {
      const count = await page.getByTestId(`learn-count-${game}`).textContent();
      const n = (await stagesOf(game)).length;
      check(new RegExp(`^${n} (of|sur) ${n}`).test(count), `${game}: ${count}`);
    }
    console.log(`      ${total} stages passed (${tag}, ${keyboard ? 'keyboard' : 'clicks'})`);
    noErrors(page);
    return { context, page };
  } catch (e) {
    await screenshot(page, `learn-${tag}-failed`).catch(() => {});
    await context.close();
    throw e;
  }
}

export async function everyStageByClicksOnADesktopInEnglish({ browser }) {
  const { context, page } = await everyStage(browser, { viewport: DESKTOP, locale: 'en-GB', keyboard: false, lang: 'en' });
  try {
    // The progress of this browser goes to the account made here, and stays with it.
    const passedHere = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('awe.lessons') ?? '{}')).length);
    await page.goto(`${base()}/signup`);
    await signUp(page, unique('learner'));
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${base()}/learn`);
    await page.getByTestId('learn-kept').waitFor();
    await page.waitForFunction(() => /account/.test(document.querySelector('[data-testid="learn-kept"]')?.textContent ?? ''));
    const kept = await apiGet(page, '/api/learn/progress');
    check(kept.signed_in && Object.keys(kept.stages).length === passedHere, `the account keeps the ${passedHere} stages passed before: ${JSON.stringify(kept)}`);
    // Another browser of the same account sees them.
    await page.evaluate(() => localStorage.removeItem('awe.lessons'));
    await page.reload();
    await page.waitForFunction(() => /account/.test(document.querySelector('[data-testid="learn-kept"]')?.textContent ?? ''));
    const count = await page.getByTestId('learn-count-awele').textContent();
    check(/^(\d+) of \1 passed/.test(count), `the account's progress, without this browser's: ${count}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}

export async function everyStageByKeyboardOnAPhoneInFrench({ browser }) {
  const { context } = await everyStage(browser, { viewport: PHONE, locale: 'fr-FR', keyboard: true, lang: 'fr' });
  await context.close();
}

export async function everyStageByKeyboardOnADesktopInEnglish({ browser }) {
  const { context } = await everyStage(browser, { viewport: DESKTOP, locale: 'en-GB', keyboard: true, lang: 'en' });
  await context.close();
}

export async function everyStageByTouchOnAPhoneInFrench({ browser }) {
  const { context } = await everyStage(browser, { viewport: PHONE, locale: 'fr-FR', keyboard: false, lang: 'fr' });
  await context.close();
}

// The rule watched as an animation: captions step by step, back, forward, from the start; the
// rules page links to it; the pages looked at on a desktop and a phone; axe finds nothing serious.
export async function animationsAndRulesLinks({ browser }) {
  const { context, page } = await newPage(browser, { bypassCSP: true });
  try {
    await page.goto(`${base()}/rules/awele`);
    await page.getByTestId('rules-animations').waitFor();
    await page.locator('[data-testid="rules-animations"] a', { hasText: 'Capture chains' }).click();
    await page.waitForURL((u) => u.pathname === '/learn/awele/chain' && u.search === '?watch');
    await page.getByTestId('lesson-animation').waitFor();
    // It plays by itself: the first frame's caption comes.
    await page.waitForFunction(() => /c holds 2, b 3, a 2/.test(document.querySelector('[data-testid="animation-caption"]')?.textContent ?? ''), null, { timeout: 8000 });
    check(/Step 1 of 1/.test(await page.getByTestId('animation-step').textContent()), 'one frame');
    const seeds = async () => page.evaluate(() => document.querySelector('[data-testid="store-south"]')?.textContent ?? '');
    await sleep(1500);
    await bothSizes(page, 'learn-animation');
    await page.getByTestId('animation-back').click();
    check(/Step 0 of 1/.test(await page.getByTestId('animation-step').textContent()), 'stepped back');
    await page.getByTestId('animation-forward').click();
    check(/Step 1 of 1/.test(await page.getByTestId('animation-step').textContent()), 'stepped forward');
    await page.getByTestId('animation-replay').click();
    await page.waitForFunction(() => /Step 1 of 1/.test(document.querySelector('[data-testid="animation-step"]')?.textContent ?? ''), null, { timeout: 8000 });
    void seeds;
    // Then the learner tries it.
    await page.getByTestId('lesson-try').click();
    await page.getByTestId('lesson-goal').waitFor();
    check(/take 7 seeds, in one move/.test(await page.getByTestId('lesson-goal').textContent()), 'the goal is said');
    const findings = [];
    findings.push(...(await axe(page)).map((f) => `stage: ${f}`));
    await bothSizes(page, 'learn-stage-awele');
    // A stage of each other game, and the lists, looked at and checked.
    for (const [path, name] of [
      ['/learn', 'learn-index'],
      ['/learn/awithlaknannai/chain', 'learn-stage-awithlaknannai'],
      ['/learn/awechec/null-move', 'learn-stage-awechec'],
      ['/learn/awithlaknannai/bent-jump?watch', 'learn-animation-awithlaknannai'],
      ['/learn/awechec/to-chess?watch', 'learn-animation-awechec'],
    ]) {
      await page.goto(`${base()}${path}`);
      await page.locator('[data-testid="learn-page"] .learn-games, [data-testid="lesson-board"] .board, [data-testid="lesson-board"] [data-testid="board"]').first().waitFor();
      await sleep(path.includes('watch') ? 2500 : 300);
      findings.push(...(await axe(page)).map((f) => `${path}: ${f}`));
      await bothSizes(page, name);
    }
    check(findings.length === 0, `axe: ${findings.join(' | ')}`);
    // A stage that is not there says so.
    await page.goto(`${base()}/learn/awele/nothing-here`);
    await page.getByTestId('lesson-error').waitFor();
    noErrors(page);
  } finally {
    await context.close();
  }
}

// A newcomer's path: from the home page to the lessons, through them, to a first game.
export async function fromTheHomePageToTheLessons({ browser }) {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${base()}/`);
    await page.getByTestId('nav-learn').click();
    await page.waitForURL((u) => u.pathname === '/learn');
    await page.getByTestId('learn-go-awechec').click();
    await page.waitForURL((u) => u.pathname === '/learn/awechec/powers');
    await page.getByTestId('lesson-goal').waitFor();
    check(/take 3 powers, in one move/.test(await page.getByTestId('lesson-goal').textContent()), 'the goal');
    await page.goto(`${base()}/`);
    await page.getByTestId('home-learn').click();
    await page.waitForURL((u) => u.pathname.startsWith('/learn/'));
    noErrors(page);
  } finally {
    await context.close();
  }
}

// An endgame practised to its goal against the computer's perfect defence, each move the one the
// databases call best (asked as the hint button asks); then the same endgame lost at its first
// move, and the page's verdict is the databases': the move named, the moves that kept the win.
async function practise(page, game, name) {
  const path = await toTheGoal(page, game, name);
  await lostAtOnce(page, game, name, path);
}

// The endgame played to its goal, each move the hint's, against the computer's defence.
async function toTheGoal(page, game, name) {
  // Awechec's chess moves need the squares of the board offered now.
  let state = null;
  await page.goto(`${base()}/practice/${game}/${name}`);
  await page.getByTestId('practice-goal').waitFor();
  const path = `/api/practice/${game}/${name}`;
  let line = [];
  for (let i = 0; i < 60; i++) {
    if (await page.getByTestId('practice-result').isVisible().catch(() => false)) break;
    await page.waitForFunction(() => /Your move|À vous/.test(document.querySelector('[data-testid="practice-status"]')?.textContent ?? ''));
    const { best } = await apiPost(page, `${path}/hint`, { line });
    check(best, `${game}/${name}: the databases have a move after ${line.join(' ')}`);
    if (!state) state = (await apiGet(page, path)).state;
    await play(page, game, name, state, best.replace(/\(.*\)$/, ''), false);
    const verdict = await apiPost(page, `${path}/move`, { line, move: best });
    check(verdict.played, `${game}/${name}: ${best}: ${JSON.stringify(verdict)}`);
    line = [...line, ...verdict.moves];
    state = verdict.states[verdict.states.length - 1];
    await page.waitForFunction(() => /Your move|À vous/.test(document.querySelector('[data-testid="practice-status"]')?.textContent ?? '') || !!document.querySelector('[data-testid="practice-result"]'), null, { timeout: 20000 });
    await sleep(100);
  }
  await page.getByTestId('practice-result').waitFor();
  check((await page.getByTestId('practice-result').getAttribute('data-end')) === 'reached', `${game}/${name}: the goal is reached: ${await page.getByTestId('practice-result').textContent()}`);
  await screenshot(page, `practice-${game}-${name}-reached`);
  return path;
}

// The same endgame lost at once: a move the databases say gives the goal away.
async function lostAtOnce(page, game, name, path) {
  await page.getByTestId('practice-again').click();
  const { moves } = await apiPost(page, `${path}/hint`, { line: [] });
  const view = await apiGet(page, path);
  const keeps = (r) => (view.goal === 'win' ? r === 'win' : r === 'win' || r === 'draw');
  const bad = moves.find((m) => m.result && !keeps(m.result));
  check(bad, `${game}/${name}: some move gives the goal away: ${JSON.stringify(moves)}`);
  await play(page, game, name, view.state, bad.move.replace(/\(.*\)$/, ''), false);
  await page.getByTestId('practice-result').waitFor();
  check((await page.getByTestId('practice-result').getAttribute('data-end')) === 'lost', `${game}/${name}: lost`);
  const said = await page.getByTestId('practice-result').textContent();
  const now = view.within ? 'no forced win within the actions left' : `a ${bad.result}`;
  const named = bad.move === '0' ? 'the null move (0)' : bad.move === 'normal' ? 'a normal move' : bad.move;
  check(said.includes(named) && said.includes(now), `${game}/${name}: the move and what the databases (or the search) say now: ${said}`);
  const keeping = await page.getByTestId('practice-keeping').textContent();
  for (const m of moves.filter((m) => keeps(m.result))) check(keeping.includes(m.move === 'normal' ? 'a normal move' : m.move === '0' ? 'the null move (0)' : m.move), `${game}/${name}: ${m.move} kept it: ${keeping}`);
  await bothSizes(page, `practice-${game}-lost`);
}

export async function endgamesPractisedToTheGoalAndLost({ browser }) {
  const { context, page } = await newPage(browser, { bypassCSP: true });
  try {
    await page.goto(`${base()}/learn`);
    await page.getByTestId('learn-practice').click();
    await page.waitForURL((u) => u.pathname === '/practice');
    await page.getByTestId('practice-awele').waitFor();
    const findings = await axe(page);
    await bothSizes(page, 'practice-index');
    await practise(page, 'awele', 'behind');
    await practise(page, 'awithlaknannai', 'two-against-two');
    await practise(page, 'awechec', 'two-moves-in-a-row');
    findings.push(...(await axe(page)));
    check(findings.length === 0, `axe: ${findings.join(' | ')}`);
    // Passed in this browser: the list marks them.
    await page.goto(`${base()}/practice`);
    await page.locator('[data-testid="practice-awele"] li.passed').first().waitFor();
    noErrors(page);
  } finally {
    await context.close();
  }
}

// The openings of each game: every first move with the engine's value; a game the site plays is
// counted on the page (the explorer's figures), as the analysis page's explorer counts it.
export async function openingsNamedValuedAndCounted({ browser }) {
  const { context, page } = await newPage(browser, { bypassCSP: true });
  try {
    const findings = [];
    for (const game of GAMES) {
      await page.goto(`${base()}/openings/${game}`);
      await page.getByTestId('openings-table').waitFor({ timeout: 60000 });
      const view = await apiGet(page, `/api/openings/${game}`);
      const rows = await page.locator('[data-testid="openings-table"] tbody tr').count();
      check(rows === view.moves.length && rows >= 4, `${game}: every first move has its row (${rows})`);
      for (const m of view.moves) {
        const value = await page.getByTestId(`openings-engine-${m.move}`).textContent();
        check(value === m.value && /^[+-]?\d|win|loss/.test(value), `${game}: ${m.move}: the engine's value ${value}`);
      }
      check(view.moves.filter((m) => m.name).length >= 4, `${game}: the main first moves are named`);
      findings.push(...(await axe(page)).map((f) => `${game}: ${f}`));
      await bothSizes(page, `openings-${game}`);
    }
    check(findings.length === 0, `axe: ${findings.join(' | ')}`);
    // A game of Awélé (abapa) begun with a move and resigned: counted on the openings page.
    await page.goto(`${base()}/openings/awele`);
    await page.getByTestId('openings-table').waitFor();
    await newGame(page, { game: 'awele', rules: 'abapa', opponent: 'computer', level: 1, side: 'first' });
    const pit = await firstLegalPit(page);
    const move = pit.replace('pit-', '');
    const before = Number(await apiGet(page, `/api/explorer?spec=${encodeURIComponent(JSON.stringify({ game: 'awele', rules: 'abapa' }))}&position=${encodeURIComponent('4,4,4,4,4,4/4,4,4,4,4,4 S 0 0')}`).then((e) => e.moves.find((m) => m.move === move)?.games ?? 0));
    await page.getByTestId(pit).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] button.move').length >= 1);
    await page.getByTestId('resign').click();
    await page.getByTestId('resign-confirm').click();
    await waitText(page, 'status', /wins|won|resign/i);
    let games = 0;
    for (let i = 0; i < 20 && games <= before; i++) {
      await page.goto(`${base()}/openings/awele`);
      await page.getByTestId('openings-table').waitFor();
      await page.waitForFunction((m) => document.querySelector(`[data-testid="openings-games-${m}"]`), move);
      await sleep(300);
      games = Number(await page.getByTestId(`openings-games-${move}`).getAttribute('data-games'));
      if (games <= before) await sleep(1000);
    }
    check(games === before + 1, `the game is counted under ${move}: ${before} then ${games}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}

// Annotated games: read move by move (buttons, the keyboard's arrows, a variation clicked), the
// comments shown; the main line guessed (a wrong guess refused, a right one played, one shown);
// each chapter downloaded as a record, which the site's import (the same code as `awe replay`)
// reads back.
export async function annotatedGamesReadGuessedAndExported({ browser }) {
  const { context, page } = await newPage(browser, { bypassCSP: true });
  try {
    await page.goto(`${base()}/learn`);
    await page.getByTestId('section-studies').click();
    await page.waitForURL((u) => u.pathname === '/study');
    await page.getByTestId('study-link-an-awele-game').waitFor();
    const findings = await axe(page);
    await bothSizes(page, 'studies-index');
    await page.getByTestId('study-link-an-awele-game').click();
    await page.getByTestId('study-moves').waitFor();
    // Forward by the button, then by the keyboard: the first move's comment, then the reply.
    await page.getByTestId('study-forward').click();
    await page.getByTestId('study-comment').waitFor();
    check(/engine prefers F/.test(await page.getByTestId('study-comment').textContent()), 'the first move is commented');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.study-moves .move.current')?.textContent === 'e');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('.study-moves .move.current')?.textContent === 'E');
    // The variation: F instead of E.
    const variation = page.locator('.study-variation .move', { hasText: /^F$/ }).first();
    await variation.click();
    await page.waitForFunction(() => /engine's choice/.test(document.querySelector('[data-testid="study-comment"]')?.textContent ?? ''));
    findings.push(...(await axe(page)));
    await bothSizes(page, 'study-awele');
    // Guessing from the start: a wrong move, then the one played.
    await page.getByTestId('study-start').click();
    await page.getByTestId('study-guess').click();
    await page.getByTestId('study-guess-prompt').waitFor();
    await page.getByTestId('pit-A').click();
    await page.getByTestId('study-guess-result').waitFor();
    check(/Not the move played \(A\)/.test(await page.getByTestId('study-guess-result').textContent()), 'a wrong guess is said');
    await page.getByTestId('pit-E').click();
    await page.waitForFunction(() => /Right/.test(document.querySelector('[data-testid="study-guess-result"]')?.textContent ?? ''));
    await page.getByTestId('study-guess-show').click();
    await page.waitForFunction(() => /0 found at the first try, out of 2 moves/.test(document.querySelector('[data-testid="study-guess-score"]')?.textContent ?? ''));
    await screenshot(page, 'study-guess');
    // Each study's chapters, downloaded and read back by the site's import.
    for (const name of ['the-rules-example', 'an-awele-game', 'an-awithlaknannai-game', 'an-awechec-game']) {
      const study = await apiGet(page, `/api/studies/${name}`);
      for (const [i] of study.chapters.entries()) {
        for (const language of ['en', 'fr']) {
          const text = await page.evaluate(async (u) => (await fetch(u)).text(), `/api/studies/${name}/record?chapter=${i}&language=${language}`);
          check(/^\[Game "/.test(text), `${name}: a record: ${text.slice(0, 80)}`);
          const imported = await apiPost(page, '/api/import', { text });
          check(imported.id, `${name} (${language}): the record is read back: ${JSON.stringify(imported)}`);
        }
      }
    }
    await page.goto(`${base()}/study/the-rules-example`);
    await page.getByTestId('study-moves').waitFor();
    await page.getByTestId('study-move-0').waitFor();
    findings.push(...(await axe(page)));
    await bothSizes(page, 'study-awechec');
    check(findings.length === 0, `axe: ${findings.join(' | ')}`);
    noErrors(page);
  } finally {
    await context.close();
  }
}

// A study written by one account: begun from a position, moves played on the board, a comment,
// a variation; shared by its link (unlisted); opened by another account, who reads it and cannot
// change it; exported as a record that `awe replay` (when the binary is built beside) and the
// site's import both read back, comment and variation included.
export async function aStudyWrittenSharedAndExported({ browser }) {
  const author = await newPage(browser, { bypassCSP: true });
  const reader = await newPage(browser, { viewport: PHONE, locale: 'fr-FR', bypassCSP: true });
  try {
    const page = author.page;
    await page.goto(`${base()}/signup`);
    await signUp(page, unique('author'));
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${base()}/study`);
    await page.getByTestId('study-new').waitFor();
    await page.getByTestId('study-new-title').fill('Two openings of Awélé');
    await page.getByTestId('study-new-game').selectOption('awele');
    await page.getByTestId('study-new-submit').click();
    await page.waitForURL((u) => /^\/study\/[A-Za-z0-9_-]+$/.test(u.pathname) && !u.pathname.endsWith('/study'));
    await page.getByTestId('study-author').waitFor();
    const findings = await axe(page);
    // F, then North's b: the main line.
    const played = async (n) => page.waitForFunction((k) => document.querySelectorAll('.study-moves .move').length === k && !document.querySelector('[data-testid="study-save"][disabled]'), n);
    await page.getByTestId('pit-F').click();
    await played(2);
    await page.getByTestId('study-comment-text').fill('The right-hand opening: four seeds to North.');
    await page.getByTestId('study-comment-save').click();
    await page.getByTestId('study-saved').waitFor();
    // A mark and an arrow on F's position: North's b, and the way F's seeds went.
    await page.getByTestId('study-shape-from').fill('b');
    await page.getByTestId('study-mark').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="study-board"] svg.board-shapes circle').length === 1);
    await page.getByTestId('study-shape-from').fill('F');
    await page.getByTestId('study-shape-to').fill('d');
    await page.getByTestId('study-arrow').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="study-board"] svg.board-shapes line').length === 1);
    await page.getByTestId('pit-b').click();
    await played(3);
    // Back to the start: E, a variation.
    await page.getByTestId('study-start').click();
    await page.getByTestId('pit-E').click();
    await played(4);
    await page.getByTestId('study-comment-text').fill('Or E: one seed stays home.');
    await page.getByTestId('study-comment-save').click();
    await page.waitForFunction(() => /one seed stays home/.test(document.querySelector('.study-variation')?.textContent ?? ''));
    await bothSizes(page, 'study-author');
    // A long game (442 actions, comments kept) brought in from a record, saved again whole.
    const long = await page.evaluate(async () => (await fetch('/api/studies/an-awechec-game/record?chapter=0&language=en')).text());
    const made = await apiPost(page, '/api/studies', { title: 'A long game', from: { kind: 'record', text: long } });
    check(made.id, `a study from a long record: ${JSON.stringify(made)}`);
    const longView = await apiGet(page, `/api/studies/${made.id}`);
    check(longView.chapters[0].nodes.length === 443 && longView.chapters[0].nodes.some((n) => /Mate: White wins/.test(n.comment?.en ?? '')), `all its moves and comments: ${longView.chapters[0].nodes.length}`);
    const resaved = await apiPost(page, `/api/studies/${made.id}`, { title: 'A long game', visibility: 'unlisted', chapters: longView.source });
    check(resaved.id === made.id, `saved again whole: ${JSON.stringify(resaved).slice(0, 200)}`);
    const link = await page.getByTestId('study-link').textContent();
    const id = link.split('/').pop();
    // Unlisted: not in the list of players' studies.
    const list = await apiGet(page, '/api/studies');
    check(!list.public.some((s) => s.id === id), 'an unlisted study is not listed');
    // Another account, by the link, on a phone in French.
    const r = reader.page;
    await r.goto(`${base()}/signup`);
    await signUp(r, unique('reader'));
    await r.waitForURL((u) => u.pathname === '/');
    await r.goto(link);
    await r.getByTestId('study-moves').waitFor();
    check((await r.getByTestId('study-author').count()) === 0, 'the reader cannot change it');
    check(/par author/.test(await r.getByTestId('study-owner').textContent()), 'the author is named');
    await r.getByTestId('study-forward').click();
    await r.getByTestId('study-comment').waitFor();
    check(/right-hand opening/.test(await r.getByTestId('study-comment').textContent()), 'the reader sees the comment');
    await r.waitForFunction(() => document.querySelectorAll('[data-testid="study-board"] svg.board-shapes circle, [data-testid="study-board"] svg.board-shapes line').length === 2);
    check(/arrow F → d/.test(await r.getByTestId('study-shapes').textContent().catch(() => '')) || /flèche F → d/.test(await r.getByTestId('study-shapes').textContent()), 'and the drawings, said in words too');
    check(/one seed stays home/.test(await r.locator('.study-variation').first().textContent()), 'and the variation');
    const saved = await apiPost(r, `/api/studies/${id}`, { title: 'Mine now', visibility: 'public', chapters: [] });
    check(saved.code && !saved.id, `the reader's save is refused: ${JSON.stringify(saved)}`);
    findings.push(...(await axe(r)));
    await screenshot(r, 'study-reader-phone');
    // Exported: the record, its comment and its variation; read back by the site's import and
    // by `awe replay`.
    const text = await r.evaluate(async (u) => (await fetch(u)).text(), `/api/studies/${id}/record?chapter=0&language=en`);
    check(/\[Game "awele"\]/.test(text) && /\{The right-hand opening/.test(text) && /\( 1\. E \{Or E/.test(text), `the record: ${text}`);
    const imported = await apiPost(r, '/api/import', { text });
    check(imported.id, `the import reads it: ${JSON.stringify(imported)}`);
    const awe = process.env.AWE_BIN || join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'target', 'debug', 'awe');
    if (existsSync(awe)) {
      const file = join(tmpdir(), `study-${id}.txt`);
      await writeFile(file, text);
      const out = execFileSync(awe, ['replay', file], { encoding: 'utf8' });
      check(/last move: b\nmoves: 2\nresult: \*/.test(out), `awe replay plays the main line, F then b: ${out}`);
      console.log(`      awe replay: ${out.trim().split('\n').pop()}`);
    } else {
      console.log(`      ${awe} is not built: the record was read back by the site's import alone`);
    }
    check(findings.length === 0, `axe: ${findings.join(' | ')}`);
    noErrors(page);
    noErrors(r);
  } finally {
    await author.context.close();
    await reader.context.close();
  }
}

// The solved Mosona, as Black against the longest defence: won with the proof's moves (the
// hints), in the 34 plies the certificate allows at most; a move off the proof is played on,
// never called lost.
export async function theSolvedMosonaWonByTheProof({ browser }) {
  const { context, page } = await newPage(browser, { locale: 'fr-FR' });
  try {
    const path = await toTheGoal(page, 'awithlaknannai', 'solved-mosona');
    const view = await apiGet(page, path);
    check(view.state && /34/.test(view.intro?.fr ?? ''), 'the intro says the length of the proof');
    await page.getByTestId('practice-again').click();
    const { best, moves } = await apiPost(page, `${path}/hint`, { line: [] });
    const off = moves.find((m) => m.move !== best);
    check(off && !off.result, `a move off the proof is not judged: ${JSON.stringify(off)}`);
    const verdict = await apiPost(page, `${path}/move`, { line: [], move: off.move });
    check(verdict.played && (!verdict.end || verdict.end.kind !== 'lost'), `${off.move}: played on: ${JSON.stringify(verdict.end)}`);
    await bothSizes(page, 'practice-solved-mosona');
    noErrors(page);
  } finally {
    await context.close();
  }
}
