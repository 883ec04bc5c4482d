// Annotated games: /study lists them, /study/NAME reads one: its chapters, each move of the main
// line and of the variations on the game's board, with what is said of it; or, in "guess the
// moves" mode, the reader plays each move of the main line before it is shown. Each chapter
// downloads as a record of its game, in its own notation.
import { api, type StudyChapter, type StudyNode, type StudySource, type StudySourceChapter, type StudySourceNode, type StudyStep, type StudySummary, type StudyView, type StudyWireChapter } from '../api';
import { boardFor } from '../boards/index';
import type { GameBoard } from '../boards/board';
import { fill, h } from '../dom';
import { lang, say, t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { gameName, sideName, specText } from '../names';
import { navigate, type Page, type Route } from '../router';
import { onAccount, user } from '../account';
import { sectionsNav } from './openings';
import { drawShapes } from '../game/shapes';

const GAMES = ['awele', 'awithlaknannai', 'awechec'] as const;

// A chapter as JSON carries it (lines of steps) and as the author edits it (a tree): the main
// move first among a node's children, the variations after it.
function hang(node: StudySourceNode, line: StudyStep[]): void {
  let at = node;
  for (const step of line) {
    const moves: StudySourceNode[] = [{ move: step.move, comment: step.comment ?? null, shapes: step.shapes ?? [], children: [] }];
    for (const variation of step.variations ?? []) {
      const [first, ...rest] = variation;
      if (!first) continue;
      const alternative: StudySourceNode = { move: first.move, comment: first.comment ?? null, shapes: first.shapes ?? [], children: [] };
      hang(alternative, rest);
      moves.push(alternative);
    }
    at.children = [...(at.children ?? []), ...moves];
    at = at.children[0]!;
  }
}

function treeOf(chapter: StudyWireChapter): StudySourceChapter {
  const root: StudySourceNode = { move: '', comment: chapter.root.comment ?? null, shapes: chapter.root.shapes ?? [], children: [] };
  hang(root, chapter.root.line);
  return { title: chapter.title, spec: chapter.spec, position: chapter.position ?? null, root };
}

function lineOf(node: StudySourceNode): StudyStep[] {
  const steps: StudyStep[] = [];
  let at = node;
  while (at.children && at.children.length) {
    const [main, ...others] = at.children;
    steps.push({
      move: main!.move,
      comment: main!.comment ?? null,
      shapes: main!.shapes ?? [],
      variations: others.map((v) => [{ move: v.move, comment: v.comment ?? null, shapes: v.shapes ?? [] }, ...lineOf(v)]),
    });
    at = main!;
  }
  return steps;
}

function wireOf(chapter: StudySourceChapter): StudyWireChapter {
  return { title: chapter.title, spec: chapter.spec, position: chapter.position ?? null, root: { move: '', comment: chapter.root.comment ?? null, shapes: chapter.root.shapes ?? [], line: lineOf(chapter.root) } };
}

// The form that starts a study or a chapter: a title, and where it starts from (a position,
// one of the account's games, a record). Calls `done` with what was asked.
function sourceForm(testid: string, submitLabel: string, withVisibility: boolean, done: (title: string, visibility: string, from: StudySource) => Promise<void>): HTMLElement {
  const d = t();
  const title = h('input', { id: `${testid}-title`, type: 'text', maxlength: '120', required: true, 'data-testid': `${testid}-title` });
  const visibility = h('select', { id: `${testid}-visibility`, 'data-testid': `${testid}-visibility` }, h('option', { value: 'unlisted' }, d.studyUnlisted), h('option', { value: 'public' }, d.studyPublic));
  const from = h('select', { id: `${testid}-from`, 'data-testid': `${testid}-from` }, h('option', { value: 'position' }, d.studyFromPosition), h('option', { value: 'game' }, d.studyFromGame), h('option', { value: 'record' }, d.studyFromRecord));
  const game = h('select', { id: `${testid}-game`, 'data-testid': `${testid}-game` }, GAMES.map((g) => h('option', { value: g }, gameName(g))));
  const position = h('input', { id: `${testid}-position`, type: 'text', 'data-testid': `${testid}-position`, spellcheck: 'false' });
  const gameId = h('input', { id: `${testid}-game-id`, type: 'text', 'data-testid': `${testid}-game-id`, spellcheck: 'false' });
  const record = h('textarea', { id: `${testid}-record`, rows: '5', 'data-testid': `${testid}-record`, spellcheck: 'false' });
  const error = h('p', { class: 'error', role: 'alert', hidden: true, 'data-testid': `${testid}-error` });
  const field = (label: string, input: HTMLElement, id: string) => h('div', { class: 'field', 'data-for': id }, h('label', { for: input.id }, label), input);
  const parts = {
    position: [field(d.studyGameField, game, 'game'), field(d.studyPositionField, position, 'position')],
    game: [field(d.studyGameIdField, gameId, 'game-id')],
    record: [field(d.studyRecordField, record, 'record')],
  };
  const which = h('div', {});
  const show = () => fill(which, parts[from.value as keyof typeof parts]);
  from.addEventListener('change', show);
  show();
  const form = h(
    'form',
    { class: 'study-form', 'data-testid': testid, novalidate: true },
    field(d.studyTitleField, title, 'title'),
    withVisibility ? field(d.studyVisibility, visibility, 'visibility') : null,
    field(d.studyFrom, from, 'from'),
    which,
    error,
    h('button', { type: 'submit', class: 'primary', 'data-testid': `${testid}-submit` }, submitLabel),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const source: StudySource =
      from.value === 'game'
        ? { kind: 'game', id: gameId.value.trim() }
        : from.value === 'record'
          ? { kind: 'record', text: record.value }
          : { kind: 'position', spec: { game: game.value } as any, position: position.value.trim() || null };
    done(title.value, visibility.value, source).catch((err) => {
      error.hidden = false;
      error.textContent = errorText(refusalOf(err));
    });
  });
  return form;
}


export function mountStudies(root: HTMLElement): Page {
  const box = h('section', { class: 'card learn-page', 'data-testid': 'studies-page', 'aria-labelledby': 'studies-title' });
  root.appendChild(box);
  let list: StudySummary[] | null = null;
  let community: { id: string; title: string; owner: string }[] = [];
  let error: Refusal | null = null;
  let gone = false;

  function draw(): void {
    const d = t();
    const form = user()
      ? h(
          'section',
          { class: 'learn-game', 'aria-labelledby': 'study-new-title' },
          h('h2', { id: 'study-new-title' }, d.studyNew),
          h('p', { class: 'help' }, d.studyNewHelp),
          sourceForm('study-new', d.studyCreate, true, async (title, visibility, from) => {
            const made = await api.createStudy(title, visibility, from);
            navigate(`/study/${made.id}`);
          }),
        )
      : h('p', { class: 'help' }, h('a', { href: '/signin?next=%2Fstudy', 'data-testid': 'study-signin' }, d.studySignIn));
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
      community.length
        ? h(
            'section',
            { 'aria-labelledby': 'study-community' },
            h('h2', { id: 'study-community' }, d.studyCommunity),
            h(
              'ul',
              { class: 'learn-stages', 'data-testid': 'study-community-list' },
              community.map((c) => h('li', {}, h('a', { href: `/study/${c.id}` }, c.title), ` · ${d.studyBy(c.owner)}`)),
            ),
          )
        : null,
      form,
    );
  }

  async function load(): Promise<void> {
    try {
      const answer = await api.studies();
      list = answer.studies;
      community = answer.public;
    } catch (e) {
      error = refusalOf(e);
    }
    if (!gone) draw();
  }
  const stop = onAccount(draw);
  void load();
  draw();
  return {
    destroy() {
      gone = true;
      stop();
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
  // The author's editing: what is being saved, and what the last save said.
  let saving = false;
  let saved: string | null = null;

  // A node's place in the chapter's tree: the index of each child taken from the root.
  function pathOf(c: StudyChapter, id: number): number[] {
    const path: number[] = [];
    let n = c.nodes[id];
    while (n && n.parent !== null) {
      const parent: StudyNode = c.nodes[n.parent]!;
      path.unshift(parent.children.indexOf(n.id));
      n = parent;
    }
    return path;
  }

  function idOf(c: StudyChapter, path: number[]): number {
    let id = 0;
    for (const i of path) id = c.nodes[id]?.children[i] ?? id;
    return id;
  }

  // The author's chapters as trees, made from the study as loaded.
  let trees: StudySourceChapter[] | null = null;
  function loaded(view: StudyView): void {
    study = view;
    trees = view.source ? view.source.map(treeOf) : null;
  }

  function sourceAt(path: number[]): StudySourceNode | null {
    let n: StudySourceNode | undefined = trees?.[chapterAt]?.root;
    for (const i of path) n = n?.children?.[i];
    return n ?? null;
  }

  // Saves the chapter shown (or, for `'study'`, the title and visibility), reads the study back
  // (the server checked every move), and goes to `path`. A chapter is saved alone: a long game,
  // commented, is more than the site takes in one ordinary request.
  async function persist(path: number[], what: 'chapter' | 'study' = 'chapter'): Promise<void> {
    if (!study || !trees) return;
    const tree = trees[chapterAt];
    saving = true;
    saved = null;
    draw();
    try {
      if (what === 'study') await api.saveStudy(study.name, study.title.en, study.visibility);
      else if (tree) await api.saveChapter(study.name, chapterAt, wireOf(tree));
      const view = await api.study(name);
      loaded(view);
      at = idOf(view.chapters[chapterAt]!, path);
      saved = t().studySaved;
    } catch (e) {
      error = refusalOf(e);
      const again = await api.study(name).catch(() => null);
      if (again) loaded(again);
    }
    saving = false;
    if (!gone) draw();
  }

  // The author plays a move: the one there is gone to, a new one added (a variation where a
  // move is already there).
  function edit(text: string): void {
    const c = chapter();
    if (!c || !study?.editable) return;
    const path = pathOf(c, at);
    const here = sourceAt(path);
    if (!here) return;
    here.children ??= [];
    const known = here.children.findIndex((ch) => ch.move === text);
    if (known >= 0) {
      go(idOf(c, [...path, known]), true);
      return;
    }
    here.children.push({ move: text, children: [] });
    void persist([...path, here.children.length - 1]);
  }

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
    const editing = !!study?.editable && !guessing && !saving;
    board.update(n.state, { lang: lang(), bottom: c.side, interactive: (guessing && !!next) || editing, outcome: null, onMove: (text) => (guessing ? onGuess(text) : edit(text)) }, animate);
    animate = false;
    // The drawings once the board is laid out (and again after an animation has settled).
    const shapes = n.shapes;
    requestAnimationFrame(() => drawShapes(boardBox, shapes));
    window.setTimeout(() => !gone && node() === n && drawShapes(boardBox, shapes), 900);
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
      study.intro ? h('p', { class: 'lead' }, say(study.intro)) : null,
      study.owner ? h('p', { class: 'help', 'data-testid': 'study-owner' }, d.studyBy(study.owner)) : null,
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'study-error' }, errorText(error)) : null,
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
          study.editable && !guessing ? authorView(c, n) : null,
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

  // The author's tools: the comment of the move shown, deleting it, the title, who finds the
  // study, its link, and a new chapter.
  function authorView(c: StudyChapter, n: StudyNode): HTMLElement {
    const d = t();
    const s = study!;
    const comment = h('textarea', { id: 'study-comment-text', rows: '3', maxlength: '2000', 'data-testid': 'study-comment-text' });
    comment.value = n.comment ? say(n.comment) : '';
    const title = h('input', { id: 'study-title-text', type: 'text', maxlength: '120', 'data-testid': 'study-title-text' });
    title.value = s.title.en;
    const visibility = h('select', { id: 'study-visibility', 'data-testid': 'study-visibility' }, h('option', { value: 'unlisted', selected: s.visibility === 'unlisted' }, d.studyUnlisted), h('option', { value: 'public', selected: s.visibility === 'public' }, d.studyPublic));
    const link = `${location.origin}/study/${s.name}`;
    return h(
      'section',
      { class: 'study-author', 'data-testid': 'study-author' },
      h('p', { class: 'help' }, d.studyEditHelp),
      h('label', { for: 'study-comment-text' }, d.studyComment),
      comment,
      h(
        'div',
        { class: 'controls' },
        h('button', { type: 'button', 'data-testid': 'study-comment-save', disabled: saving, onclick: () => {
          const node = sourceAt(pathOf(c, at));
          if (!node) return;
          const text = comment.value.trim();
          node.comment = text ? { en: text, fr: text } : null;
          void persist(pathOf(c, at));
        } }, d.studySaveComment),
        n.parent !== null
          ? h('button', { type: 'button', 'data-testid': 'study-delete', disabled: saving, onclick: () => {
              const path = pathOf(c, at);
              const parent = sourceAt(path.slice(0, -1));
              parent?.children?.splice(path[path.length - 1]!, 1);
              void persist(path.slice(0, -1));
            } }, d.studyDelete)
          : null,
      ),
      shapesEditor(c, n),
      h('div', { class: 'field' }, h('label', { for: 'study-title-text' }, d.studyTitleField), title),
      h('div', { class: 'field' }, h('label', { for: 'study-visibility' }, d.studyVisibility), visibility),
      h('button', { type: 'button', class: 'primary', 'data-testid': 'study-save', disabled: saving, onclick: () => {
        s.title = { en: title.value.trim(), fr: title.value.trim() };
        s.visibility = visibility.value;
        void persist(pathOf(c, at), 'study');
      } }, d.studySave),
      saved ? h('p', { class: 'help', role: 'status', 'data-testid': 'study-saved' }, saved) : null,
      h('p', { class: 'help' }, d.studyShare, ' ', h('a', { href: link, 'data-testid': 'study-link' }, link)),
      h('details', {}, h('summary', {}, d.studyAddChapter), sourceForm('study-chapter', d.studyAddChapter, false, async (t2, _v, from) => {
        const added = await api.addChapter(s.name, t2, from);
        loaded(await api.study(name));
        chapterAt = added.chapter;
        at = 0;
        draw();
      })),
    );
  }

  // Drawings on the move shown: a mark on a place, or an arrow from one to another (pit letters,
  // point names, squares), and clearing them.
  function shapesEditor(c: StudyChapter, n: StudyNode): HTMLElement {
    const d = t();
    const from = h('input', { id: 'study-shape-from', type: 'text', maxlength: '4', size: '4', 'data-testid': 'study-shape-from', spellcheck: 'false' });
    const to = h('input', { id: 'study-shape-to', type: 'text', maxlength: '4', size: '4', 'data-testid': 'study-shape-to', spellcheck: 'false' });
    const add = (shape: { kind: 'arrow'; from: string; to: string } | { kind: 'mark'; at: string }) => {
      const node = sourceAt(pathOf(c, at));
      if (!node) return;
      node.shapes = [...(node.shapes ?? []), shape];
      void persist(pathOf(c, at));
    };
    return h(
      'fieldset',
      { class: 'field study-shapes-editor' },
      h('legend', {}, d.studyDraw),
      h('label', { for: 'study-shape-from' }, d.studyDrawFrom),
      from,
      h('label', { for: 'study-shape-to' }, d.studyDrawTo),
      to,
      h('div', { class: 'controls' },
        h('button', { type: 'button', 'data-testid': 'study-mark', disabled: saving, onclick: () => from.value.trim() && add({ kind: 'mark', at: from.value.trim() }) }, d.studyAddMark),
        h('button', { type: 'button', 'data-testid': 'study-arrow', disabled: saving, onclick: () => from.value.trim() && to.value.trim() && add({ kind: 'arrow', from: from.value.trim(), to: to.value.trim() }) }, d.studyAddArrow),
        n.shapes.length
          ? h('button', { type: 'button', 'data-testid': 'study-clear-shapes', disabled: saving, onclick: () => {
              const node = sourceAt(pathOf(c, at));
              if (!node) return;
              node.shapes = [];
              void persist(pathOf(c, at));
            } }, d.studyClearShapes)
          : null,
      ),
    );
  }

  // ← and → walk the main line, as on the game pages.
  function onKey(e: KeyboardEvent): void {
    if (guessing || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
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
      const view = await api.study(name);
      loaded(view);
      if (chapterAt >= view.chapters.length) chapterAt = 0;
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
