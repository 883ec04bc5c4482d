// The analysis page: a position text searched for a chosen game and its settings.
import { api, type Analysis, type Explorer, type Spec } from '../api';
import { boardFor } from '../boards/index';
import type { GameBoard } from '../boards/board';
import { serpentsBoard } from '../rules/diagrams';
import { fill, h, option } from '../dom';
import { lang, t } from '../i18n';
import { gameName } from '../names';
import type { Page, Route } from '../router';
import { analysisView } from '../game/analysis';
import { errorText, refusalOf, type Refusal } from '../errors';

const STARTS: Record<string, string> = {
  awele: '4,4,4,4,4,4/4,4,4,4,4,4 S 0 0',
  mosona: 'bbbbbbbb/bbbb.wwww/wwwwwwww w 0',
  kolowis: 'bbbbbbbbbbbbbbbb/bbbbbbbb.wwwwwwww/wwwwwwwwwwwwwwww w 0',
  'kolowis-ludii': 'bbbbbbbbbbbbbbbb/.wwwwwww.bbbbbbb/wwwwwwwwwwwwwwww w 0',
  awechec: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | - | 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0',
};

// An Awithlaknannai position text read here only to draw it: "bbbbbbbb/bbbb.wwww/wwwwwwww w 0"
// (Mosona and Kolowis; Ludii's Kolowis has a board of its own, not drawn here).
export function parseSerpents(text: string, board: string): { view: any; board: any } | null {
  const n = board === 'mosona' ? 8 : board === 'kolowis' ? 16 : 0;
  const m = /^\s*([wb.]+)\/([wb.]+)\/([wb.]+)\s+([wb])\s+(\d+)\s*$/.exec(text);
  if (!n || !m || m[1]!.length !== n || m[2]!.length !== n + 1 || m[3]!.length !== n) return null;
  const white: string[] = [];
  const black: string[] = [];
  const rows: [string, string][] = [
    [m[1]!, 't'],
    [m[2]!, 'm'],
    [m[3]!, 'b'],
  ];
  for (const [row, prefix] of rows) {
    [...row].forEach((c, i) => {
      if (c === 'w') white.push(`${prefix}${i + 1}`);
      if (c === 'b') black.push(`${prefix}${i + 1}`);
    });
  }
  return { view: { white, black, turn: m[4] === 'w' ? 'white' : 'black', plies_left: 50 }, board: serpentsBoard(board as 'mosona' | 'kolowis', n) };
}

// An Awélé position text read here only to draw it: "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0".
export function parseAwele(text: string): { pits: number[]; captured: number[]; turn: string } | null {
  const m = /^\s*([\d,]+)\/([\d,]+)\s+([SNsn])\s+(\d+)\s+(\d+)\s*$/.exec(text);
  if (!m) return null;
  const south = m[1]!.split(',').map(Number);
  const north = m[2]!.split(',').map(Number);
  if (south.length !== 6 || north.length !== 6 || [...south, ...north].some((n) => !Number.isInteger(n))) return null;
  return { pits: [...south, ...north], captured: [Number(m[4]), Number(m[5])], turn: m[3]!.toUpperCase() === 'S' ? 'south' : 'north' };
}

export function mountAnalysis(root: HTMLElement, route: Route): Page {
  const q = route.query;
  const state = {
    game: q.get('game') ?? 'awele',
    rules: q.get('rules') ?? '',
    board: q.get('board') ?? 'mosona',
    variant: q.get('variant') ?? 'standard',
    position: q.get('position') ?? '',
  };
  let result: Analysis | null = null;
  let error: Refusal | null = null;
  let busy = false;
  let gone = false;
  const box = h('section', { class: 'card analysis-page' });
  // The position drawn by the game's own board, when the text can be read here.
  const diagramBox = h('div', { class: 'analysis-diagram' });
  let diagram: { game: string; board: GameBoard } | null = null;
  const area = h('textarea', { id: 'position', rows: '3', 'data-testid': 'position-text', spellcheck: 'false', autocapitalize: 'off' });
  area.value = state.position || STARTS.awele!;
  root.appendChild(box);
  // The opening explorer: the moves played from the position in the site's games, asked again
  // (a moment after the last keystroke) when the position or the game's settings change.
  const explorerBox = h('section', { class: 'explorer', 'data-testid': 'explorer', 'aria-live': 'polite' });
  explorerBox.hidden = true;
  let explored: Explorer | null = null;
  let exploreTimer: number | undefined;
  let asked = '';

  function explore(): void {
    const question = JSON.stringify([spec(), area.value.trim()]);
    if (question === asked) return;
    window.clearTimeout(exploreTimer);
    exploreTimer = window.setTimeout(async () => {
      asked = question;
      let answer: Explorer | null = null;
      try {
        answer = await api.explorer(spec(), area.value.trim());
      } catch {
        answer = null; // a position the game cannot read: nothing to show
      }
      if (gone || question !== JSON.stringify([spec(), area.value.trim()])) return;
      explored = answer;
      drawExplorer();
    }, 250);
  }

  function drawExplorer(): void {
    const d = t();
    explorerBox.hidden = !explored;
    if (!explored) return;
    const rows = explored.moves.map((m) => {
      const share = (n: number) => (m.games ? Math.round((100 * n) / m.games) : 0);
      const part = (cls: string, n: number) => {
        const span = h('span', { class: cls }, share(n) >= 12 ? `${share(n)} %` : '');
        span.style.width = `${share(n)}%`;
        return span;
      };
      const label = `${share(m.south)} % · ${share(m.draws)} % · ${share(m.north)} %`;
      // The move follows to the position it leads to (its games, and an analysis of it).
      const follow = h('button', { type: 'button', class: 'link', 'data-testid': `explorer-follow-${m.move}`, disabled: !m.next }, m.move);
      follow.addEventListener('click', () => {
        if (!m.next) return;
        area.value = m.next;
        result = null;
        draw();
      });
      return h(
        'tr',
        { 'data-testid': `explorer-move-${m.move}` },
        h('td', {}, follow),
        h('td', { 'data-testid': `explorer-games-${m.move}` }, String(m.games)),
        h('td', {}, h('div', { class: 'explorer-bar', role: 'img', 'aria-label': label }, part('south', m.south), part('draws', m.draws), part('north', m.north))),
      );
    });
    const results = state.game === 'awechec' ? d.explorerResultsWhite : d.explorerResults;
    fill(
      explorerBox,
      h('h2', {}, d.explorerTitle),
      rows.length
        ? h(
            'table',
            { class: 'explorer-table' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, d.explorerMove), h('th', { scope: 'col' }, d.explorerGames), h('th', { scope: 'col' }, results))),
            h('tbody', {}, rows),
          )
        : h('p', { class: 'help', 'data-testid': 'explorer-none' }, d.explorerNone),
      explored.book ? h('p', { 'data-testid': 'explorer-book' }, d.explorerBook(explored.book.move, explored.book.score)) : null,
    );
  }

  function startText(): string {
    if (state.game === 'awithlaknannai') return STARTS[state.board] ?? STARTS.mosona!;
    return STARTS[state.game] ?? '';
  }

  function spec(): Spec {
    if (state.game === 'awele') return { game: 'awele', rules: state.rules || 'awechec' };
    if (state.game === 'awithlaknannai') return { game: 'awithlaknannai', board: state.board, rules: state.rules || 'wikipedia' };
    return { game: 'awechec', variant: state.variant };
  }

  function drawDiagram(): void {
    let drawn: { board: any; position: any } | null = null;
    if (state.game === 'awele') {
      const v = parseAwele(area.value);
      if (v) drawn = { board: null, position: v };
    } else if (state.game === 'awithlaknannai') {
      const v = parseSerpents(area.value, state.board);
      if (v) drawn = { board: v.board, position: v.view };
    }
    if (diagram && (!drawn || diagram.game !== state.game)) {
      diagram.board.destroy();
      diagram = null;
    }
    diagramBox.hidden = !drawn;
    if (!drawn) return;
    if (!diagram) {
      const factory = boardFor(state.game);
      if (!factory) return;
      diagram = { game: state.game, board: factory() };
      diagramBox.replaceChildren(diagram.board.element);
    }
    const bottom = state.game === 'awele' ? 'south' : 'white';
    const d = diagram;
    const position = drawn;
    requestAnimationFrame(() =>
      d.board.update({ board: position.board, position: position.position, legal: [], last: null, before: null }, { lang: lang(), bottom, interactive: false, outcome: null, onMove: () => {} }, false),
    );
  }

  function draw(): void {
    const d = t();
    const gameSel = h(
      'select',
      { id: 'an-game', 'data-testid': 'analysis-game' },
      ['awele', 'awithlaknannai', 'awechec'].map((g) => option(g, gameName(g), g === state.game)),
    );
    gameSel.addEventListener('change', () => {
      const before = startText();
      state.game = gameSel.value;
      state.rules = '';
      if (!area.value.trim() || area.value.trim() === before || Object.values(STARTS).includes(area.value.trim())) area.value = startText();
      result = null;
      error = null;
      draw();
    });
    const fields: HTMLElement[] = [h('div', { class: 'field' }, h('label', { for: 'an-game', class: 'field-label' }, d.game), gameSel)];
    const sel = (id: string, label: string, values: string[], labels: Record<string, string>, current: string, set: (v: string) => void) => {
      const s = h('select', { id, 'data-testid': id }, values.map((v) => option(v, labels[v] ?? v, v === current)));
      s.addEventListener('change', () => {
        set(s.value);
        draw();
      });
      return h('div', { class: 'field' }, h('label', { for: id, class: 'field-label' }, label), s);
    };
    if (state.game === 'awele') fields.push(sel('an-rules', d.ruleSet, ['awechec', 'abapa', 'awari'], d.ruleSets, state.rules || 'awechec', (v) => (state.rules = v)));
    if (state.game === 'awithlaknannai') {
      fields.push(
        sel('an-board', d.board, ['mosona', 'kolowis', 'kolowis-ludii'], d.boards, state.board, (v) => {
          const before = startText();
          state.board = v;
          if (area.value.trim() === before) area.value = startText();
        }),
      );
      fields.push(sel('an-rules', d.ruleSet, ['wikipedia', 'globejoueur', 'bell', 'ludii'], d.ruleSets, state.rules || 'wikipedia', (v) => (state.rules = v)));
    }
    if (state.game === 'awechec') fields.push(sel('an-variant', d.variant, ['standard', 'forced', 'synchronous'], d.variants, state.variant, (v) => (state.variant = v)));
    const reset = h('button', { type: 'button', class: 'subtle', 'data-testid': 'position-start' }, d.positionExamples);
    reset.addEventListener('click', () => {
      area.value = startText();
      drawDiagram();
      explore();
    });
    const submit = h('button', { type: 'submit', class: 'primary big', 'data-testid': 'analysis-submit', disabled: busy }, busy ? d.analysing : d.analyseButton);
    const form = h(
      'form',
      {},
      h('div', { class: 'field-row' }, fields),
      h('div', { class: 'field' }, h('label', { for: 'position', class: 'field-label' }, d.positionLabel), area, h('div', { class: 'actions' }, reset)),
      diagramBox,
      submit,
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void analyse();
    });
    const turn =
      state.game === 'awele'
        ? (parseAwele(area.value)?.turn ?? null)
        : state.game === 'awithlaknannai'
          ? (parseSerpents(area.value, state.board)?.view.turn ?? null)
          : null;
    fill(
      box,
      h('h1', {}, d.analysisTitle),
      h('p', { class: 'help' }, d.analysisHelp),
      form,
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'analysis-error' }, errorText(error, 'position')) : null,
      result ? analysisView(result, turn, state.game) : null,
      explorerBox,
    );
    drawDiagram();
    drawExplorer();
    explore();
  }

  area.addEventListener('input', () => {
    drawDiagram();
    explore();
  });

  async function analyse(): Promise<void> {
    if (busy) return;
    busy = true;
    error = null;
    result = null;
    draw();
    try {
      result = await api.analysePosition(spec(), area.value.trim());
    } catch (e) {
      error = refusalOf(e);
    }
    busy = false;
    if (!gone) draw();
  }

  draw();
  return {
    destroy() {
      gone = true;
      window.clearTimeout(exploreTimer);
      diagram?.board.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => t().analysisTitle,
  };
}
