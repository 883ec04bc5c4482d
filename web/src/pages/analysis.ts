// The analysis page: a position text searched for a chosen game and its settings.
import { api, type Analysis, type Spec } from '../api';
import { createAweleBoard } from '../boards/awele';
import { fill, h, option } from '../dom';
import { lang, t } from '../i18n';
import { gameName } from '../names';
import type { Page, Route } from '../router';
import { analysisView } from '../game/analysis';

const STARTS: Record<string, string> = {
  awele: '4,4,4,4,4,4/4,4,4,4,4,4 S 0 0',
  mosona: 'bbbbbbbb/bbbb.wwww/wwwwwwww w 0',
  kolowis: 'bbbbbbbbbbbbbbbb/bbbbbbbb.wwwwwwww/wwwwwwwwwwwwwwww w 0',
  'kolowis-ludii': 'bbbbbbbbbbbbbbbb/.wwwwwww.bbbbbbb/wwwwwwwwwwwwwwww w 0',
  awechec: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | - | 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0',
};

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
  let error = '';
  let busy = false;
  let gone = false;
  const box = h('section', { class: 'card analysis-page' });
  const diagram = createAweleBoard();
  const area = h('textarea', { id: 'position', rows: '3', 'data-testid': 'position-text', spellcheck: 'false', autocapitalize: 'off' });
  area.value = state.position || STARTS.awele!;
  root.appendChild(box);

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
    const view = state.game === 'awele' ? parseAwele(area.value) : null;
    diagram.element.hidden = !view;
    if (view) diagram.update({ board: null, position: view, legal: [], last: null, before: null }, { lang: lang(), bottom: 'south', interactive: false, onMove: () => {} }, false);
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
      error = '';
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
    });
    const submit = h('button', { type: 'submit', class: 'primary big', 'data-testid': 'analysis-submit', disabled: busy }, busy ? d.analysing : d.analyseButton);
    const form = h(
      'form',
      {},
      h('div', { class: 'field-row' }, fields),
      h('div', { class: 'field' }, h('label', { for: 'position', class: 'field-label' }, d.positionLabel), area, h('div', { class: 'actions' }, reset)),
      diagram.element,
      submit,
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void analyse();
    });
    const turn = state.game === 'awele' ? parseAwele(area.value)?.turn ?? null : null;
    fill(
      box,
      h('h1', {}, d.analysisTitle),
      h('p', { class: 'help' }, d.analysisHelp),
      form,
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'analysis-error' }, error) : null,
      result ? analysisView(result, turn) : null,
    );
    drawDiagram();
  }

  area.addEventListener('input', () => drawDiagram());

  async function analyse(): Promise<void> {
    if (busy) return;
    busy = true;
    error = '';
    result = null;
    draw();
    try {
      result = await api.analysePosition(spec(), area.value.trim());
    } catch (e) {
      error = (e as Error).message;
    }
    busy = false;
    if (!gone) draw();
  }

  draw();
  return {
    destroy() {
      gone = true;
      diagram.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => t().analysisTitle,
  };
}
