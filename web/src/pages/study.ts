// Annotated games: /study lists them, /study/NAME reads one: its chapters, each move of the main
// line and of the variations on the game's board, with what is said of it; or, in "guess the
// moves" mode, the reader plays each move of the main line before it is shown. Each chapter
// downloads as a record of its game, in its own notation.
import { api, type Both, type StudyChapter, type StudyNode, type StudySummary, type StudyView } from '../api';
import { boardFor } from '../boards/index';
import type { GameBoard } from '../boards/board';
import { fill, h } from '../dom';
import { lang, t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { gameName, sideName, specText } from '../names';
import type { Page, Route } from '../router';
import { sectionsNav } from './openings';

function say(text: Both | null | undefined): string {
  return text ? text[lang()] || text.en || text.fr : '';
}

export function mountStudies(root: HTMLElement): Page {
  const box = h('section', { class: 'card learn-page', 'data-testid': 'studies-page', 'aria-labelledby': 'studies-title' });
  root.appendChild(box);
  let list: StudySummary[] | null = null;
  let error: Refusal | null = null;
  let gone = false;

  function draw(): void {
    const d = t();
    fill(
      box,
      sectionsNav('studies'),
      h('h1', { id: 'studies-title' }, d.studiesTitle),
      h('p', { class: 'lead' }, d.studiesIntro),
      error ? h('p', { class: 'error', role: 'alert' }, errorText(error)) : null,
      !list && !error ? h('p', { class: 'empty' }, d.loading) : null,
      list
        ? h(
            'ul',
            { class: 'learn-stages studies-list' },
            list.map((s) =>
              h(
                'li',
                {},
                h('a', { href: `/study/${s.name}`, 'data-testid': `study-link-${s.name}` }, say(s.title)),
                ` · ${[...new Set(s.chapters.map((c) => gameName(c.game)))].join(', ')}`,
                h('p', { class: 'help' }, say(s.intro)),
              ),
            ),
          )
        : null,
    );
  }

  void (async () => {
    try {
      list = (await api.studies()).studies;
    } catch (e) {
      error = refusalOf(e);
    }
    if (!gone) draw();
  })();
  draw();
  return {
    destroy() {
      gone = true;
      box.remove();
    },
    relabel: draw,
    title: () => t().studiesTitle,
  };
}

export function mountStudy(root: HTMLElement, route: Route): Page {
  const name = route.params.name ?? '';
  const box = h('section', { class: 'card study-page', 'data-testid': 'study-page', 'aria-labelledby': 'study-title' });
  const boardBox = h('div', { class: 'lesson-board', 'data-testid': 'study-board' });
  root.appendChild(box);
  let study: StudyView | null = null;
  let error: Refusal | null = null;
  let board: GameBoard | null = null;
  let boardGame = '';
  let gone = false;
  let chapterAt = Number(route.query.get('chapter') ?? 0) || 0;
  let at = 0;
  let animate = false;
  // Guessing: on or off, the reply to the last guess, and the score.
  let guessing = false;
  let guess: { right: boolean; move: string } | null = null;
  let missedHere = false;
  let found = 0;
  let asked = 0;

  const chapter = (): StudyChapter | null => study?.chapters[chapterAt] ?? null;
  const node = (): StudyNode | null => chapter()?.nodes[at] ?? null;

  function go(id: number, withAnimation: boolean): void {
    const c = chapter();
    if (!c || id < 0 || id >= c.nodes.length) return;
    animate = withAnimation && c.nodes[id]?.parent === at;
    at = id;
    guess = null;
    missedHere = false;
    draw();
  }

  function drawBoard(): void {
    const c = chapter();
    const n = node();
    if (!c || !n) return;
    const factory = boardFor(c.spec.game);
    if (!factory) return;
    if (!board || boardGame !== c.spec.game) {
      board?.destroy();
      board = factory();
      boardGame = c.spec.game;
    }
    fill(boardBox, board.element);
    const next = n.children.length ? c.nodes[n.children[0]!] : null;
    board.update(n.state, { lang: lang(), bottom: c.side, interactive: guessing && !!next, outcome: null, onMove: (text) => onGuess(text) }, animate);
    animate = false;
  }

  function onGuess(text: string): void {
    const c = chapter();
    const n = node();
    if (!c || !n || !guessing || !n.children.length) return;
    const main = c.nodes[n.children[0]!]!;
    const right = main.move === text || main.move.replace(/\(.*\)$/, '') === text.replace(/\(.*\)$/, '');
    if (right) {
      asked += 1;
      if (!missedHere) found += 1;
      go(main.id, true);
      guess = { right: true, move: text };
      draw();
    } else {
      missedHere = true;
      guess = { right: false, move: text };
      draw();
    }
  }

  // The moves as a tree: the main line, each variation in brackets after the move it replaces.
  function movesView(c: StudyChapter): HTMLElement {
    const button = (n: StudyNode) =>
      h(
        'button',
        {
          type: 'button',
          class: `move${n.id === at ? ' current' : ''}`,
          'aria-current': n.id === at ? 'step' : undefined,
          'data-testid': `study-move-${n.id}`,
          disabled: guessing,
          onclick: () => go(n.id, false),
        },
        n.move,
      );
    const line = (first: StudyNode): HTMLElement[] => {
      const out: HTMLElement[] = [];
      let n: StudyNode | undefined = first;
      while (n) {
        out.push(button(n));
        if (n.comment) out.push(h('span', { class: 'study-comment-inline' }, say(n.comment)));
        const parent: StudyNode | null = n.parent !== null ? c.nodes[n.parent]! : null;
        if (parent && parent.children[0] === n.id) {
          for (const v of parent.children.slice(1)) out.push(h('span', { class: 'study-variation' }, '(', line(c.nodes[v]!), ')'));
        }
        n = n.children.length ? c.nodes[n.children[0]!] : undefined;
      }
      return out;
    };
    const rootNode = c.nodes[0]!;
    return h(
      'div',
      { class: 'study-moves', 'data-testid': 'study-moves', 'aria-label': t().studyMoves, role: 'group' },
      h('button', { type: 'button', class: `move${at === 0 ? ' current' : ''}`, 'data-testid': 'study-move-0', disabled: guessing, onclick: () => go(0, false) }, t().studyStartPosition),
      // The first move's line brings the root's variations with it.
      rootNode.children.length ? line(c.nodes[rootNode.children[0]!]!) : null,
    );
  }

  function draw(): void {
    const d = t();
    if (!study) {
      fill(box, error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'study-error' }, errorText(error)) : h('p', { class: 'empty' }, d.loading));
      return;
    }
    const c = chapter()!;
    const n = node()!;
    const next = n.children.length ? c.nodes[n.children[0]!] : null;
    const status: (HTMLElement | null)[] = [];
    if (guessing) {
      if (guess) status.push(h('p', { class: `status-main ${guess.right ? 'won' : 'lesson-wrong'}`, role: 'alert', 'data-testid': 'study-guess-result' }, guess.right ? d.studyGuessRight : d.studyGuessWrong(guess.move)));
      status.push(h('p', { class: 'status-main yours', 'data-testid': 'study-guess-prompt' }, next ? d.studyGuessPrompt(sideName(n.turn)) : d.studyGuessEnd));
      status.push(h('p', { class: 'help', 'data-testid': 'study-guess-score' }, d.studyGuessScore(found, asked)));
      if (next) status.push(h('button', { type: 'button', 'data-testid': 'study-guess-show', onclick: () => { asked += 1; go(next.id, true); } }, d.studyGuessShow));
    }
    fill(
      box,
      sectionsNav('studies'),
      h('h1', { id: 'study-title' }, say(study.title)),
      h('p', { class: 'lead' }, say(study.intro)),
      study.chapters.length > 1
        ? h(
            'nav',
            { class: 'rules-tabs', 'aria-label': d.studyChapter(chapterAt + 1, study.chapters.length) },
            study.chapters.map((ch, i) => h('a', { href: `/study/${study!.name}?chapter=${i}`, 'aria-current': i === chapterAt ? 'page' : undefined, onclick: (e: Event) => { e.preventDefault(); chapterAt = i; at = 0; guess = null; draw(); } }, say(ch.title))),
          )
        : null,
      h('h2', { 'data-testid': 'study-chapter' }, say(c.title)),
      h('p', { class: 'help' }, specText(c.spec), ' · ', d.studyChapter(chapterAt + 1, study.chapters.length)),
      h(
        'div',
        { class: 'lesson-area' },
        boardBox,
        h(
          'div',
          { class: 'status study-side' },
          h('div', { role: 'status', 'aria-live': 'polite' }, status),
          n.comment ? h('p', { class: 'study-comment', 'data-testid': 'study-comment' }, say(n.comment)) : null,
          n.shapes.length ? h('p', { class: 'help', 'data-testid': 'study-shapes' }, n.shapes.map((s) => (s.kind === 'arrow' ? d.studyArrow(s.from, s.to) : d.studyMark(s.at))).join(', ')) : null,
          h(
            'div',
            { class: 'controls', role: 'group', 'aria-label': d.studyMoves },
            h('button', { type: 'button', 'data-testid': 'study-start', disabled: guessing || at === 0, onclick: () => go(0, false) }, d.studyStart),
            h('button', { type: 'button', 'data-testid': 'study-back', disabled: guessing || n.parent === null, onclick: () => n.parent !== null && go(n.parent, false) }, d.studyBack),
            h('button', { type: 'button', 'data-testid': 'study-forward', disabled: guessing || !next, onclick: () => next && go(next.id, true) }, d.studyForward),
          ),
          h(
            'button',
            {
              type: 'button',
              class: guessing ? '' : 'primary',
              'data-testid': 'study-guess',
              'aria-pressed': guessing ? 'true' : 'false',
              onclick: () => {
                guessing = !guessing;
                guess = null;
                found = 0;
                asked = 0;
                draw();
              },
            },
            guessing ? d.studyGuessStop : d.studyGuess,
          ),
          movesView(c),
          h(
            'p',
            { class: 'lesson-links' },
            h('a', { href: api.studyRecordUrl(study.name, chapterAt, 'en'), download: '', 'data-testid': 'study-export-en' }, d.studyExport('English')),
            ' · ',
            h('a', { href: api.studyRecordUrl(study.name, chapterAt, 'fr'), download: '', 'data-testid': 'study-export-fr' }, d.studyExport('français')),
          ),
        ),
      ),
    );
    drawBoard();
  }

  // ← and → walk the main line, as on the game pages.
  function onKey(e: KeyboardEvent): void {
    if (guessing || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
    const c = chapter();
    const n = node();
    if (!c || !n) return;
    if (e.key === 'ArrowRight' && n.children.length) {
      e.preventDefault();
      go(n.children[0]!, true);
    } else if (e.key === 'ArrowLeft' && n.parent !== null) {
      e.preventDefault();
      go(n.parent, false);
    }
  }
  document.addEventListener('keydown', onKey);

  void (async () => {
    try {
      study = await api.study(name);
      if (chapterAt >= study.chapters.length) chapterAt = 0;
    } catch (e) {
      error = refusalOf(e);
    }
    if (!gone) draw();
  })();
  draw();
  return {
    destroy() {
      gone = true;
      document.removeEventListener('keydown', onKey);
      board?.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => (study ? `${say(study.title)} · ${t().studiesTitle}` : t().studiesTitle),
  };
}
