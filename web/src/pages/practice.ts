// Endgames to practise: /practice lists them, /practice/GAME/NAME plays one against the
// computer, which defends by the endgame databases. Each move is judged by the databases: the
// try ends at the move that gives the goal away, and the page shows which moves kept it.
import { api, type BoardState, type PracticeEnd, type PracticeView, type Practices } from '../api';
import { boardFor } from '../boards/index';
import type { GameBoard } from '../boards/board';
import { fill, h } from '../dom';
import { lang, say, t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { gameName, specText } from '../names';
import type { Page, Route } from '../router';
import { onAccount } from '../account';
import { pass, passed, syncLessons } from '../lessons';
import { sectionsNav } from './openings';

const GAMES = ['awele', 'awithlaknannai', 'awechec'] as const;


// A move as the page names it: Awechec's decisions in words.
function moveWords(move: string): string {
  const d = t();
  return move === '0' ? d.practiceNull : move === 'normal' ? d.practiceNormal : move;
}

export function mountPracticeList(root: HTMLElement): Page {
  const box = h('section', { class: 'card learn-page', 'data-testid': 'practice-page', 'aria-labelledby': 'practice-title' });
  root.appendChild(box);
  let list: Practices | null = null;
  let error: Refusal | null = null;
  let gone = false;

  function draw(): void {
    const d = t();
    const done = passed();
    fill(
      box,
      sectionsNav('practice'),
      h('h1', { id: 'practice-title' }, d.practiceTitle),
      h('p', { class: 'lead' }, d.practiceIntro),
      error ? h('p', { class: 'error', role: 'alert' }, errorText(error)) : null,
      !list && !error ? h('p', { class: 'empty' }, d.loading) : null,
      list
        ? h(
            'div',
            { class: 'learn-games' },
            GAMES.filter((g) => list!.games[g]?.length).map((game) =>
              h(
                'section',
                { class: 'learn-game', 'data-testid': `practice-${game}`, 'aria-labelledby': `practice-${game}-title` },
                h('h2', { id: `practice-${game}-title` }, gameName(game)),
                h(
                  'ol',
                  { class: 'learn-stages' },
                  list!.games[game].map((p) =>
                    h(
                      'li',
                      { class: done[`practice:${p.id}`] ? 'passed' : '' },
                      h('a', { href: `/practice/${game}/${p.name}`, 'data-testid': `practice-link-${p.id.replace('/', '-')}` }, say(p.title)),
                      ` · ${p.goal === 'win' ? d.practiceWin : d.practiceDraw}`,
                      done[`practice:${p.id}`] ? h('span', { class: 'stars' }, ' ✓') : null,
                    ),
                  ),
                ),
              ),
            ),
          )
        : null,
    );
  }

  async function load(): Promise<void> {
    try {
      const [l] = await Promise.all([api.practices(), syncLessons()]);
      if (gone) return;
      list = l;
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
    }
    draw();
  }

  const stop = onAccount(() => void load());
  draw();
  void load();
  return {
    destroy() {
      gone = true;
      stop();
      box.remove();
    },
    relabel: draw,
    title: () => t().practiceTitle,
  };
}

// How long each of the computer's replies stays on the board before the next.
const REPLY_MS = 700;

export function mountPractice(root: HTMLElement, route: Route): Page {
  const game = route.params.game ?? '';
  const name = route.params.name ?? '';
  const box = h('section', { class: 'card lesson-page', 'data-testid': 'practice-stage', 'aria-labelledby': 'practice-stage-title' });
  const boardBox = h('div', { class: 'lesson-board', 'data-testid': 'practice-board' });
  root.appendChild(box);

  let view: PracticeView | null = null;
  let error: Refusal | null = null;
  let board: GameBoard | null = null;
  let gone = false;
  let line: string[] = [];
  let shown: BoardState | null = null;
  let animate = false;
  let busy = false;
  let end: PracticeEnd | null = null;
  let leftProof: { at: string; proof: string } | null = null;
  let refused: string | null = null;
  let hint: string | null = null;
  let timer = 0;

  function drawBoard(): void {
    if (!view || !shown) return;
    const factory = boardFor(view.game);
    if (!factory) return;
    if (!board) board = factory();
    fill(boardBox, board.element);
    board.update(shown, { lang: lang(), bottom: view.side, interactive: !end && !busy, outcome: null, onMove: (text) => void play(text) }, animate);
    animate = false;
  }

  function endView(v: PracticeView, e: PracticeEnd): HTMLElement[] {
    const d = t();
    if (e.kind === 'reached') {
      const out: HTMLElement[] = [h('p', { class: 'status-main won', 'data-testid': 'practice-result', 'data-end': 'reached' }, d.practiceReached)];
      if (v.next) out.push(h('a', { href: `/practice/${v.game}/${v.next}`, class: 'button primary big', 'data-testid': 'practice-next' }, d.practiceNext));
      return out;
    }
    if (e.kind === 'lost') {
      const was = v.goal === 'win' ? d.practiceWin : d.practiceDraw;
      return [
        h('p', { class: 'status-main lesson-wrong', role: 'alert', 'data-testid': 'practice-result', 'data-end': 'lost' }, v.within ? d.practiceLostWithin(moveWords(e.at)) : d.practiceLost(moveWords(e.at), was, d.practiceResult[e.now] ?? e.now)),
        h('p', { class: 'status-detail', 'data-testid': 'practice-keeping' }, d.practiceKeeping(e.keeping.map(moveWords).join(', '))),
      ];
    }
    const out = [h('p', { class: 'status-main lesson-wrong', role: 'alert', 'data-testid': 'practice-result', 'data-end': e.kind }, e.kind === 'missed' ? d.practiceMissed : d.practiceTooLong)];
    if (leftProof) out.push(h('p', { class: 'status-detail', 'data-testid': 'practice-left-proof' }, d.practiceLeftProof(moveWords(leftProof.at), moveWords(leftProof.proof))));
    return out;
  }

  function draw(): void {
    const d = t();
    if (!view) {
      fill(box, error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'practice-error' }, errorText(error)) : h('p', { class: 'empty' }, d.loading));
      return;
    }
    const v = view;
    const status: HTMLElement[] = end ? endView(v, end) : [];
    if (!end && refused) status.push(h('p', { class: 'status-main lesson-wrong', role: 'alert', 'data-testid': 'practice-why' }, d.learnRefused, ' ', refused));
    if (!end) status.push(h('p', { class: 'status-main yours', 'data-testid': 'practice-status' }, busy ? d.learnReplying : d.learnYourMove));
    fill(
      box,
      h(
        'nav',
        { class: 'lesson-nav', 'aria-label': d.practiceTitle },
        h('a', { href: '/practice' }, d.practiceOf(gameName(v.game))),
        ' · ',
        h('span', {}, `${v.index + 1} / ${v.count}`),
      ),
      h('h1', { id: 'practice-stage-title' }, say(v.title)),
      h('p', { class: 'help' }, specText(v.spec)),
      h('p', { class: 'lesson-intro' }, say(v.intro)),
      h('p', { class: 'lesson-goal', 'data-testid': 'practice-goal' }, v.within ? d.practiceGoalWithin(v.within) : v.goal === 'win' ? d.practiceGoalWin : d.practiceGoalDraw),
      error ? h('p', { class: 'error', role: 'alert' }, errorText(error)) : null,
      h(
        'div',
        { class: 'lesson-area' },
        boardBox,
        h(
          'div',
          { class: 'status lesson-side' },
          h('div', { role: 'status', 'aria-live': 'polite', 'data-testid': 'practice-feedback' }, status),
          hint !== null ? h('p', { class: 'help', 'data-testid': 'practice-hint-text' }, hint ? d.practiceHintIs(moveWords(hint)) : d.practiceNoHint) : null,
          h(
            'div',
            { class: 'controls' },
            h('button', { type: 'button', 'data-testid': 'practice-again', onclick: () => restart() }, d.practiceAgain),
            end ? null : h('button', { type: 'button', 'data-testid': 'practice-hint', disabled: busy, onclick: () => void askHint() }, d.practiceHint),
          ),
          h(
            'p',
            { class: 'lesson-links' },
            v.previous ? h('a', { href: `/practice/${v.game}/${v.previous}` }, `← ${d.practicePrevious}`) : null,
            v.previous && v.next ? ' · ' : null,
            v.next ? h('a', { href: `/practice/${v.game}/${v.next}` }, `${d.practiceNext} →`) : null,
          ),
        ),
      ),
    );
    drawBoard();
  }

  function restart(): void {
    if (!view) return;
    window.clearTimeout(timer);
    line = [];
    shown = view.state;
    busy = false;
    end = null;
    leftProof = null;
    refused = null;
    hint = null;
    error = null;
    draw();
  }

  async function askHint(): Promise<void> {
    if (!view || busy || end) return;
    try {
      const answer = await api.practiceHint(view.game, view.name, line);
      if (gone) return;
      hint = answer.best ?? '';
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
    }
    draw();
  }

  async function play(text: string): Promise<void> {
    if (!view || busy || end) return;
    const v = view;
    busy = true;
    refused = null;
    hint = null;
    error = null;
    drawBoard();
    try {
      const verdict = await api.practiceMove(v.game, v.name, line, text);
      if (gone) return;
      if (!verdict.played) {
        refused = t().learnWhy[verdict.code] ?? verdict.rules ?? verdict.code;
        busy = false;
        draw();
        return;
      }
      line = [...line, ...verdict.moves];
      shown = verdict.states[0] ?? shown;
      animate = true;
      const rest = verdict.states.slice(1);
      const finish = () => {
        end = verdict.end;
        leftProof = verdict.left_proof ?? null;
        if (end?.kind === 'reached') pass(`practice:${v.id}`, 3);
        busy = false;
        draw();
      };
      draw();
      let i = 0;
      const next = () => {
        if (gone) return;
        if (i >= rest.length) return finish();
        shown = rest[i];
        animate = true;
        i += 1;
        drawBoard();
        timer = window.setTimeout(next, REPLY_MS);
      };
      timer = window.setTimeout(next, rest.length ? REPLY_MS : 0);
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
      busy = false;
      draw();
    }
  }

  async function load(): Promise<void> {
    try {
      view = await api.practice(game, name);
      if (gone) return;
      shown = view.state;
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
    }
    draw();
  }

  draw();
  void load();
  return {
    destroy() {
      gone = true;
      window.clearTimeout(timer);
      board?.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => (view ? `${say(view.title)} · ${t().practiceTitle}` : t().practiceTitle),
  };
}
