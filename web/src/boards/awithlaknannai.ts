// The Awithlaknannai board ("fighting serpents": Mosona, Kolowis): an SVG of the points and lines
// the server sends (state.board), White and Black pieces, the point names for the notation, the
// last move's path. A move is entered by clicks or by dragging: a piece that starts a legal move,
// then its landing points one by one (a capture chain: after each landing point the next ones are
// shown and the pieces taken so far fade). The board only filters the legal MOVEs the server sent;
// when the points chosen are one whole move, it sends that move's text.
import type { BoardContext, GameBoard } from './board';
import {
  type Adjacency,
  type SerpentsMove,
  adjacency,
  complete,
  isMove,
  jumpedBy,
  matching,
  nextPoints,
  starts,
  takenSoFar,
} from './serpents/chain';
import { type Layout, type PointGeo, type XY, PIECE_R, STEP, isPoint, layout, nearest, spanOf } from './serpents/layout';

type Color = 'white' | 'black';

interface SerpentsView {
  white: string[];
  black: string[];
  turn?: string;
  text?: string;
}

interface Geometry {
  key: string;
  points: PointGeo[];
  lines: [string, string][];
  adj: Adjacency;
}

/** What is drawn at one instant: the pieces, those faded, the piece in the air. */
interface Scene {
  pieces: Map<string, Color>;
  faded: Map<string, Color>; // taken by the chain so far, drawn pale under the others
  mover: { at: XY; color: Color; scale: number } | null;
  hints: boolean;
}

const SVG = 'http://www.w3.org/2000/svg';
const texts = {
  fr: {
    choose: 'Quelle prise\u202f?',
    cancel: 'Annuler',
    board: 'Plateau d’awithlaknannai',
    white: 'Blancs',
    black: 'Noirs',
    none: 'aucun pion',
    toMove: (c: Color) => (c === 'white' ? 'trait aux Blancs' : 'trait aux Noirs'),
    start: (p: string, c: Color) => `${p}\u00a0: pion ${c === 'white' ? 'blanc' : 'noir'}, il peut jouer`,
    dest: (p: string, taking: boolean) => (taking ? `${p}\u00a0: sauter ici` : `${p}\u00a0: aller ici`),
    head: (p: string, whole: boolean) => (whole ? `${p}\u00a0: s’arrêter ici` : `${p}\u00a0: pion choisi, Entrée pour le lâcher`),
    take: (p: string) => `${p}\u00a0: prendre ce pion`,
  },
  en: {
    choose: 'Which capture?',
    cancel: 'Cancel',
    board: 'Awithlaknannai board',
    white: 'White',
    black: 'Black',
    none: 'no piece',
    toMove: (c: Color) => (c === 'white' ? 'White to move' : 'Black to move'),
    start: (p: string, c: Color) => `${p}: ${c} piece, it can move`,
    dest: (p: string, taking: boolean) => (taking ? `${p}: jump here` : `${p}: move here`),
    head: (p: string, whole: boolean) => (whole ? `${p}: stop here` : `${p}: piece chosen, Enter lets it go`),
    take: (p: string) => `${p}: take this piece`,
  },
};

let boards = 0;

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

function isView(v: any): v is SerpentsView {
  return !!v && Array.isArray(v.white) && Array.isArray(v.black);
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function piecesOf(view: SerpentsView): Map<string, Color> {
  const m = new Map<string, Color>();
  for (const p of view.white) m.set(p, 'white');
  for (const p of view.black) m.set(p, 'black');
  return m;
}

/** The position after `move`, as the board shows it while the server answers. */
function applied(view: SerpentsView, move: SerpentsMove): SerpentsView {
  const pieces = piecesOf(view);
  const from = move.path[0]!;
  const to = move.path[move.path.length - 1]!;
  const color = pieces.get(from);
  const taken = new Set(move.captured);
  const white: string[] = [];
  const black: string[] = [];
  for (const [p, c] of pieces) {
    if (p === from || taken.has(p)) continue;
    (c === 'white' ? white : black).push(p);
  }
  if (color) (color === 'white' ? white : black).push(to);
  return { white, black };
}

export function createAwithlaknannaiBoard(): GameBoard {
  const id = `aw${++boards}`;
  const element = document.createElement('div');
  element.className = 'board awithlaknannai-board';
  element.setAttribute('data-testid', 'board');
  // A group, not an image: its points are buttons for the keyboard.
  const root = svg('svg', { class: 'serpents', role: 'group' });
  element.appendChild(root);
  const defs = svg('defs', {}, root);
  for (const [color, light, dark] of [
    ['white', '#fffdf6', '#d9cfbd'],
    ['black', '#5a544e', '#141210'],
  ] as const) {
    const g = svg('radialGradient', { id: `${id}-${color}`, cx: '38%', cy: '32%', r: '70%' }, defs);
    svg('stop', { offset: '0%', 'stop-color': light }, g);
    svg('stop', { offset: '100%', 'stop-color': dark }, g);
  }
  const gBoard = svg('g', { class: 'lines' }, root);
  const gLast = svg('g', { class: 'last' }, root);
  const gHints = svg('g', { class: 'hints' }, root);
  const gPieces = svg('g', { class: 'pieces' }, root);
  const gDests = svg('g', { class: 'dests' }, root);
  const gNames = svg('g', { class: 'names' }, root);
  const gTop = svg('g', { class: 'top' }, root);
  const gHit = svg('g', { class: 'hit' }, root);
  const chooser = document.createElement('div');
  chooser.className = 'serpents-chooser';
  chooser.hidden = true;
  element.appendChild(chooser);

  let geo: Geometry | null = null;
  let lay: Layout | null = null;
  let view: SerpentsView = { white: [], black: [] };
  let legal: SerpentsMove[] = [];
  let last: SerpentsMove | null = null;
  let ctx: BoardContext | null = null;
  let prefix: string[] = [];
  let drag: { from: string; start: XY; at: XY; moved: boolean; wasHead: boolean; pointer: number } | null = null;
  let hover: string | null = null;
  let pending: { move: SerpentsMove; timer: number } | null = null;
  let anim: number | null = null;
  // Several moves with the same landing points (bent jumps taking different pieces): the player
  // picks one in the chooser, or clicks the piece to take; `preview` is the one pointed at.
  let choosing: SerpentsMove[] | null = null;
  let preview: SerpentsMove | null = null;
  let destroyed = false;

  // ---- geometry and layout ----

  function setGeometry(board: any): void {
    const points: PointGeo[] = Array.isArray(board?.points) ? board.points.filter(isPoint) : [];
    const lines: [string, string][] = Array.isArray(board?.lines)
      ? board.lines.filter((l: any) => Array.isArray(l) && l.length === 2).map((l: any) => [String(l[0]), String(l[1])])
      : [];
    const key = `${board?.kind}:${points.map((p) => p.name).join(',')}:${lines.length}`;
    if (geo && geo.key === key) return;
    geo = { key, points, lines, adj: adjacency(lines) };
    lay = null;
  }

  /** Pixels between two neighbours of a row if the board is drawn across (0: not known yet). */
  function stepAcross(): number {
    if (!geo) return 0;
    const width = element.clientWidth || element.parentElement?.clientWidth || 0;
    return width / (spanOf(geo.points) + 1.2);
  }

  function relayout(): boolean {
    if (!geo) return false;
    const flipped = ctx?.bottom === 'black';
    const step = stepAcross();
    // Turned a quarter where the rows would not fit across with points at least ~27 px apart;
    // drawn small across, the rows further apart.
    const vertical = step > 0 && step < 27;
    const tall = step > 0 && step < 55;
    if (lay && lay.flipped === flipped && lay.vertical === vertical && lay.tall === (tall && !vertical)) return false;
    lay = layout(geo.points, flipped, vertical, tall);
    drawStatic();
    return true;
  }

  /** The point names about 13 px high on the screen however small the board is drawn, as far as
   * the room beside the points allows (three-letter names fit less of it in a triangle). */
  function fitNames(): void {
    if (!lay || !geo) return;
    const shown = root.getBoundingClientRect().width;
    const scale = shown > 0 ? shown / lay.width : 1;
    const long = geo.points.some((p) => p.name.length > 2);
    const cap = lay.vertical ? 34 : long ? 28 : 34;
    gNames.style.fontSize = `${Math.min(cap, Math.max(16, 13 / scale)).toFixed(1)}px`;
  }

  function drawStatic(): void {
    if (!geo || !lay) return;
    const l = lay;
    root.setAttribute('viewBox', `0 0 ${l.width} ${l.height}`);
    root.classList.toggle('vertical', l.vertical);
    element.classList.toggle('vertical', l.vertical);
    // The size on the screen: at most ~70 px a step across; turned, ~34 px a step down.
    if (l.vertical) {
      const stepPx = Math.max(32, Math.min(40, (window.innerHeight - 140) / (l.span + 1.2)));
      root.style.height = `${(l.height / STEP) * stepPx}px`;
      root.style.width = 'auto';
      root.style.maxWidth = '';
    } else {
      root.style.height = '';
      root.style.width = '100%';
      root.style.maxWidth = `${(l.width / STEP) * 70}px`;
    }
    gBoard.replaceChildren();
    gNames.replaceChildren();
    gHit.replaceChildren();
    svg('rect', { x: 4, y: 4, width: l.width - 8, height: l.height - 8, rx: 26, class: 'ground' }, gBoard);
    for (const [a, b] of geo.lines) {
      const pa = l.pos.get(a);
      const pb = l.pos.get(b);
      if (!pa || !pb) continue;
      svg('line', { x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y, class: 'line' }, gBoard);
    }
    for (const p of geo.points) {
      const at = l.pos.get(p.name)!;
      svg('circle', { cx: at.x, cy: at.y, r: 7, class: 'point' }, gBoard);
      const lab = l.label.get(p.name)!;
      const cls = p.row === 'middle' ? 'name mid' : 'name';
      const t = svg('text', { x: lab.x, y: lab.y, class: cls, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, gNames);
      t.textContent = p.name;
      svg('circle', { cx: at.x, cy: at.y, r: STEP * 0.48, class: 'hit', 'data-point': p.name }, gHit);
    }
    fitNames();
  }

  // ---- what is offered ----

  function offered(): SerpentsMove[] {
    return ctx?.interactive && !pending ? legal : [];
  }

  function head(): string | null {
    return prefix.length ? prefix[prefix.length - 1]! : null;
  }

  // ---- drawing ----

  function baseScene(): Scene {
    const shown = pending ? applied(view, pending.move) : view;
    const pieces = piecesOf(shown);
    const faded = new Map<string, Color>();
    let mover: Scene['mover'] = null;
    if (prefix.length && !pending) {
      const from = prefix[0]!;
      const color = pieces.get(from);
      if (color) {
        pieces.delete(from);
        const taken = choosing ? chosenTaken() : takenSoFar(offered(), prefix, geo!.adj);
        for (const p of taken) {
          const c = pieces.get(p);
          if (c) faded.set(p, c);
          pieces.delete(p);
        }
        if (drag?.moved) mover = { at: drag.at, color, scale: 1.12 };
        else pieces.set(head()!, color);
      }
    }
    return { pieces, faded, mover, hints: true };
  }

  /** The pieces every move in the chooser takes, and the one pointed at's. */
  function chosenTaken(): Set<string> {
    const list = choosing ?? [];
    const all = new Set(list[0]?.captured ?? []);
    for (const m of list) for (const p of all) if (!m.captured.includes(p)) all.delete(p);
    for (const p of preview?.captured ?? []) all.add(p);
    return all;
  }

  /** The pieces that tell the moves in the chooser apart. */
  function distinguishing(): Map<string, SerpentsMove> {
    const out = new Map<string, SerpentsMove>();
    const list = choosing ?? [];
    for (const m of list) {
      for (const p of m.captured) {
        const takers = list.filter((x) => x.captured.includes(p));
        if (takers.length === 1) out.set(p, m);
      }
    }
    return out;
  }

  function render(scene: Scene = baseScene()): void {
    if (!geo || !lay) return;
    const l = lay;
    gLast.replaceChildren();
    gHints.replaceChildren();
    gDests.replaceChildren();
    gPieces.replaceChildren();
    gTop.replaceChildren();
    for (const c of Array.from(gHit.children)) c.classList.remove('grab', 'dest');

    // The last move: its path, where it started, the pieces it took.
    const lastShown = pending ? pending.move : last;
    if (lastShown && scene.hints) {
      const pts = lastShown.path.map((p) => l.pos.get(p)).filter((p): p is XY => !!p);
      if (pts.length >= 2) {
        svg('polyline', { points: pts.map((p) => `${p.x},${p.y}`).join(' '), class: 'last-path' }, gLast);
        svg('circle', { cx: pts[0]!.x, cy: pts[0]!.y, r: PIECE_R + 4, class: 'last-from' }, gLast);
        for (const p of pts.slice(1)) svg('circle', { cx: p.x, cy: p.y, r: 12, class: 'last-stop' }, gLast);
        const end = pts[pts.length - 1]!;
        svg('circle', { cx: end.x, cy: end.y, r: PIECE_R + 5, class: 'last-to' }, gLast);
      }
      for (const c of lastShown.captured) {
        const at = l.pos.get(c);
        if (!at || scene.pieces.has(c)) continue;
        const d = 11;
        svg('path', { d: `M${at.x - d},${at.y - d}L${at.x + d},${at.y + d}M${at.x + d},${at.y - d}L${at.x - d},${at.y + d}`, class: 'last-taken' }, gLast);
      }
    }

    // What the player may do.
    const moves = offered();
    if (scene.hints && moves.length) {
      if (!prefix.length) {
        for (const p of starts(moves)) {
          const at = l.pos.get(p);
          if (at) svg('circle', { cx: at.x, cy: at.y, r: PIECE_R + 6, class: 'movable', 'data-point': p }, gHints);
          gHit.querySelector(`[data-point="${p}"]`)?.classList.add('grab');
        }
      } else {
        const h = head()!;
        if (prefix.length > 1) {
          const pts = prefix.map((p) => l.pos.get(p)!).filter(Boolean);
          svg('polyline', { points: pts.map((p) => `${p.x},${p.y}`).join(' '), class: 'chain' }, gHints);
          for (const p of prefix.slice(0, -1)) {
            const at = l.pos.get(p)!;
            svg('circle', { cx: at.x, cy: at.y, r: 9, class: 'chain-stop' }, gHints);
          }
        }
        const at = l.pos.get(h)!;
        svg('circle', { cx: at.x, cy: at.y, r: PIECE_R + 6, class: 'selected', 'data-point': h }, gHints);
        gHit.querySelector(`[data-point="${h}"]`)?.classList.add('grab');
        if (complete(moves, prefix).length && matching(moves, prefix).length > complete(moves, prefix).length) {
          svg('circle', { cx: at.x, cy: at.y, r: PIECE_R + 12, class: 'finish', 'data-point': h }, gHints);
        }
        for (const p of nextPoints(moves, prefix)) {
          const to = l.pos.get(p);
          if (!to) continue;
          const cls = `target${hover === p ? ' hover' : ''}`;
          svg('circle', { cx: to.x, cy: to.y, r: hover === p ? PIECE_R : 17, class: cls, 'data-point': p }, gDests);
          gHit.querySelector(`[data-point="${p}"]`)?.classList.add('dest');
        }
      }
    }

    if (choosing && scene.hints) {
      for (const [p, m] of distinguishing()) {
        const at = l.pos.get(p);
        if (!at) continue;
        const cls = `choice${preview === m ? ' on' : ''}`;
        svg('circle', { cx: at.x, cy: at.y, r: PIECE_R + 7, class: cls, 'data-point': p }, gDests);
      }
    }

    // The pieces, those taken so far first (a chain may land where it took one).
    for (const [p, color] of scene.faded) {
      const at = l.pos.get(p);
      if (at) drawPiece(gPieces, at, color, 1, 'taken', p);
    }
    for (const [p, color] of scene.pieces) {
      const at = l.pos.get(p);
      if (at) drawPiece(gPieces, at, color, 1, '', p);
    }
    if (scene.mover) drawPiece(gTop, scene.mover.at, scene.mover.color, scene.mover.scale, 'moving', '');
    keyboard(scene);
    const t = texts[ctx?.lang ?? 'fr'];
    const sep = ctx?.lang === 'en' ? ': ' : '\u00a0: ';
    const side = (c: Color) => {
      const points = c === 'white' ? view.white : view.black;
      return `${c === 'white' ? t.white : t.black}${sep}${points.length ? points.join(', ') : t.none}`;
    };
    const turn = view.turn === 'white' || view.turn === 'black' ? `. ${t.toMove(view.turn)}` : '';
    root.setAttribute('aria-label', `${t.board}${sep}${side('white')}. ${side('black')}${turn}.`);
  }

  /** The points a keyboard may act on, in the order of the board: the pieces that can move,
   * then, a piece chosen, where it may go (and itself, to let go or to stop a chain). */
  function keyboard(scene: Scene): void {
    const t = texts[ctx?.lang ?? 'fr'];
    const moves = scene.hints ? offered() : [];
    const dests = prefix.length ? nextPoints(moves, prefix) : new Set<string>();
    const startSet = !prefix.length ? starts(moves) : new Set<string>();
    const choices = choosing ? distinguishing() : new Map<string, SerpentsMove>();
    const whole = prefix.length > 0 && complete(moves, prefix).length > 0;
    for (const c of Array.from(gHit.children)) {
      const p = c.getAttribute('data-point') ?? '';
      let label: string | null = null;
      if (choosing) label = choices.has(p) ? t.take(p) : null;
      else if (startSet.has(p)) label = t.start(p, (view.white.includes(p) ? 'white' : 'black') as Color);
      else if (dests.has(p)) label = t.dest(p, matching(moves, [...prefix, p]).some((m) => m.captured.length > 0));
      else if (prefix.length && p === head()) label = t.head(p, whole);
      if (label) {
        c.setAttribute('tabindex', '0');
        c.setAttribute('role', 'button');
        c.setAttribute('aria-label', label);
      } else {
        c.removeAttribute('tabindex');
        c.removeAttribute('role');
        c.removeAttribute('aria-label');
      }
    }
  }

  /** Puts the keyboard's focus on the first point offered now (a destination first). */
  function focusOffered(): void {
    const hit = gHit.querySelector<SVGElement>('.dest[tabindex="0"]') ?? gHit.querySelector<SVGElement>('[tabindex="0"]');
    hit?.focus();
  }

  /** What Enter or Space does on point `p`: what a click there does. */
  function activate(p: string): void {
    const moves = offered();
    if (choosing) {
      const m = distinguishing().get(p);
      if (m) send(m);
      return;
    }
    if (!prefix.length) {
      if (starts(moves).has(p)) {
        prefix = [p];
        render();
        focusOffered();
      }
      return;
    }
    if (p === head()) {
      if (complete(moves, prefix).length) finishIfWhole(true);
      else if (prefix.length === 1) {
        cancel();
        gHit.querySelector<SVGElement>(`[data-point="${p}"]`)?.focus();
      }
      return;
    }
    if (nextPoints(moves, prefix).has(p)) {
      land(p);
      if (prefix.length) focusOffered();
    }
  }

  function drawPiece(parent: Element, at: XY, color: Color, scale: number, extra: string, point: string): void {
    const r = PIECE_R * scale;
    const attrs: Record<string, string | number> = {
      cx: at.x,
      cy: at.y,
      r,
      class: `piece ${color}${extra ? ' ' + extra : ''}`,
      fill: `url(#${id}-${color})`,
    };
    if (point) attrs['data-point'] = point;
    svg('circle', attrs, parent);
  }

  // ---- choosing a move ----

  function cancel(): void {
    if (!prefix.length && chooser.hidden) return;
    prefix = [];
    choosing = null;
    preview = null;
    hover = null;
    drag = null;
    hideChooser();
    render();
  }

  function send(move: SerpentsMove): void {
    const c = ctx;
    prefix = [];
    choosing = null;
    preview = null;
    hover = null;
    hideChooser();
    if (!c) return;
    // Shown at once; the server's answer replaces it (or, if none comes, the position returns).
    pending = { move, timer: window.setTimeout(() => {
      pending = null;
      render();
    }, 5000) };
    render();
    c.onMove(move.text);
  }

  /** Finishes if the points chosen are one whole move; asks if they are several (bent jumps). */
  function finishIfWhole(force: boolean): void {
    const moves = offered();
    const whole = complete(moves, prefix);
    if (!whole.length) return;
    if (!force && matching(moves, prefix).length > whole.length) return; // it may go on
    if (whole.length === 1) send(whole[0]!);
    else showChooser(whole);
  }

  function land(p: string): void {
    prefix = [...prefix, p];
    hover = null;
    render();
    finishIfWhole(false);
  }

  function showChooser(moves: SerpentsMove[]): void {
    const t = texts[ctx?.lang ?? 'fr'];
    choosing = moves;
    preview = null;
    chooser.replaceChildren();
    const title = document.createElement('span');
    title.textContent = t.choose;
    chooser.appendChild(title);
    for (const m of moves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = m.text;
      b.dataset.move = m.text;
      b.addEventListener('click', () => send(m));
      const point = (on: boolean) => {
        preview = on ? m : preview === m ? null : preview;
        render();
      };
      b.addEventListener('pointerenter', () => point(true));
      b.addEventListener('pointerleave', () => point(false));
      b.addEventListener('focus', () => point(true));
      b.addEventListener('blur', () => point(false));
      chooser.appendChild(b);
    }
    const no = document.createElement('button');
    no.type = 'button';
    no.className = 'cancel';
    no.textContent = t.cancel;
    no.addEventListener('click', cancel);
    chooser.appendChild(no);
    chooser.hidden = false;
    render();
    chooser.querySelector<HTMLElement>('button')?.focus();
  }

  function hideChooser(): void {
    choosing = null;
    preview = null;
    chooser.hidden = true;
    chooser.replaceChildren();
  }

  // ---- input ----

  function toBoard(e: PointerEvent): XY | null {
    const m = root.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  function pointAt(e: PointerEvent): string | null {
    const at = toBoard(e);
    return at && lay ? nearest(lay, at) : null;
  }

  /** May a drag (or a selection) start at `p`? */
  function grabbable(p: string): boolean {
    const moves = offered();
    if (!moves.length) return false;
    if (prefix.length && p === head()) return true;
    return prefix.length <= 1 && starts(moves).has(p);
  }

  function onDown(e: PointerEvent): void {
    if (e.button !== 0 || choosing) return;
    const p = pointAt(e);
    if (!p || !grabbable(p)) return; // a click elsewhere is handled when the pointer is released
    e.preventDefault();
    const wasHead = p === head();
    if (!wasHead) {
      prefix = [p];
      render();
    }
    drag = { from: p, start: toBoard(e)!, at: toBoard(e)!, moved: false, wasHead, pointer: e.pointerId };
    try {
      root.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic pointer: no capture
    }
  }

  function onMoveEvent(e: PointerEvent): void {
    if (!drag || e.pointerId !== drag.pointer) return;
    const at = toBoard(e);
    if (!at) return;
    drag.at = at;
    if (!drag.moved && (at.x - drag.start.x) ** 2 + (at.y - drag.start.y) ** 2 > (STEP * 0.12) ** 2) drag.moved = true;
    if (drag.moved) {
      const p = pointAt(e);
      hover = p && nextPoints(offered(), prefix).has(p) ? p : null;
      render();
    }
  }

  function onUp(e: PointerEvent): void {
    if (e.button !== 0) return;
    const p = pointAt(e);
    if (choosing) {
      // A click on a piece only one of the moves takes chooses that move; elsewhere, none.
      const m = p ? distinguishing().get(p) : undefined;
      if (m) send(m);
      else cancel();
      return;
    }
    if (drag && e.pointerId === drag.pointer) {
      const d = drag;
      drag = null;
      hover = null;
      if (d.moved) {
        if (p && nextPoints(offered(), prefix).has(p)) land(p);
        else render(); // back where it was, still chosen
        return;
      }
      // A click on a piece: choosing it was done on the way down; a second click lets it go, or
      // ends a chain that may stop here.
      if (d.wasHead) {
        if (complete(offered(), prefix).length) finishIfWhole(true);
        else if (prefix.length === 1) cancel();
      }
      return;
    }
    if (!prefix.length) return;
    if (p && nextPoints(offered(), prefix).has(p)) land(p);
    else cancel();
  }

  function onCancel(e: PointerEvent): void {
    if (drag && e.pointerId === drag.pointer) {
      drag = null;
      hover = null;
      render();
    }
  }

  function onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') cancel();
  }

  function onPointKey(e: KeyboardEvent): void {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const p = (e.target as Element | null)?.getAttribute?.('data-point');
    if (!p) return;
    e.preventDefault();
    activate(p);
  }

  function onOutside(e: PointerEvent): void {
    if (!element.contains(e.target as Node)) cancel();
  }

  root.addEventListener('pointerdown', onDown);
  root.addEventListener('pointermove', onMoveEvent);
  root.addEventListener('pointerup', onUp);
  root.addEventListener('pointercancel', onCancel);
  root.addEventListener('contextmenu', (e) => {
    if (prefix.length) e.preventDefault();
  });
  document.addEventListener('keydown', onKey);
  root.addEventListener('keydown', onPointKey);
  document.addEventListener('pointerdown', onOutside, true);
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => {
    if (relayout()) render();
    fitNames();
  }) : null;
  resize?.observe(element);

  // ---- the last move, played again ----

  function stopAnim(): void {
    if (anim !== null) cancelAnimationFrame(anim);
    anim = null;
    element.classList.remove('animating');
  }

  function animateLast(before: SerpentsView, move: SerpentsMove): void {
    if (!geo || !lay) return;
    const l = lay;
    const path = move.path.map((p) => l.pos.get(p));
    if (path.some((p) => !p)) return;
    const start = piecesOf(before);
    const color = start.get(move.path[0]!);
    if (!color) return;
    start.delete(move.path[0]!);
    const jumped = move.captured.length ? jumpedBy(move, geo.adj) : [];
    const capture = jumped.length > 0;
    // A jump about 0.3 s, a long chain at most about 2 s in all.
    const seg = capture ? Math.max(140, Math.min(300, 2000 / (path.length - 1))) : 240;
    const total = seg * (path.length - 1);
    const t0 = performance.now();
    element.classList.add('animating');
    const frame = (now: number) => {
      if (destroyed) return;
      const t = Math.max(0, Math.min(1, (now - t0) / total));
      const s = Math.min(path.length - 2, Math.floor(t * (path.length - 1)));
      const f = t * (path.length - 1) - s;
      const a = path[s]!;
      const b = path[s + 1]!;
      const e = f < 0.5 ? 2 * f * f : 1 - 2 * (1 - f) * (1 - f);
      const pieces = new Map(start);
      const faded = new Map<string, Color>();
      jumped.forEach((p, i) => {
        if (!p) return;
        const c = pieces.get(p);
        if (i < s || (i === s && (t >= 1 || f > 0.5))) pieces.delete(p);
        if (i === s && f > 0.5 && f < 0.85 && c) faded.set(p, c);
      });
      const scale = capture ? 1 + 0.18 * Math.sin(Math.PI * f) : 1;
      render({ pieces, faded, mover: { at: { x: a.x + (b.x - a.x) * e, y: a.y + (b.y - a.y) * e }, color, scale }, hints: false });
      if (t < 1) anim = requestAnimationFrame(frame);
      else {
        anim = null;
        element.classList.remove('animating');
        render();
      }
    };
    anim = requestAnimationFrame(frame);
  }

  // ---- the contract ----

  function update(
    s: { board: any; position: any; legal: any[]; last: any | null; before: any | null },
    c: BoardContext,
    animate: boolean,
  ): void {
    const oldText = view.text;
    const wasPending = pending;
    if (pending) {
      clearTimeout(pending.timer);
      pending = null;
    }
    stopAnim();
    ctx = c;
    element.classList.toggle('over', !!c.outcome);
    setGeometry(s.board);
    const next: SerpentsView = isView(s.position) ? s.position : { white: [], black: [] };
    legal = Array.isArray(s.legal) ? s.legal.filter(isMove) : [];
    last = isMove(s.last) ? s.last : null;
    // A new state of the same position (a clock, an offer) keeps the points chosen so far.
    const same = oldText !== undefined && next.text === oldText;
    view = next;
    if (!same || !c.interactive || (prefix.length && !matching(legal, prefix).length)) {
      prefix = [];
      drag = null;
      hover = null;
      hideChooser();
    }
    relayout();
    const mine = wasPending && last && wasPending.move.text === last.text;
    if (animate && last && isView(s.before) && !mine && !reducedMotion() && !same) animateLast(s.before, last);
    else render();
  }

  function destroy(): void {
    destroyed = true;
    stopAnim();
    if (pending) clearTimeout(pending.timer);
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('pointerdown', onOutside, true);
    resize?.disconnect();
    element.remove();
  }

  return { element, update, destroy };
}
