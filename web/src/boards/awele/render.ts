// Drawing: builds the SVG once, then redraws what changed from a Display. No game logic here.
import type { BoardState, Display, Layout, Side } from './state';
import { NARROW, WIDE, centre, pitLetter } from './state';

const SVG = 'http://www.w3.org/2000/svg';
let boards = 0;

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number> = {}, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function attrs(e: Element, a: Record<string, string | number>): void {
  for (const [k, v] of Object.entries(a)) e.setAttribute(k, String(v));
}

const NAMES = {
  fr: { south: 'Sud', north: 'Nord', pit: 'Case', seeds: (n: number) => (n <= 1 ? `${n} graine` : `${n} graines`), captured: (n: number) => (n <= 1 ? 'prise' : 'prises'), play: 'jouer', board: 'Plateau d’awélé' },
  en: { south: 'South', north: 'North', pit: 'Pit', seeds: (n: number) => (n === 1 ? '1 seed' : `${n} seeds`), captured: (_n: number) => 'captured', play: 'play', board: 'Awélé board' },
};

// A seed's place in a pit of radius r holding n seeds: a sunflower spiral, the same each time.
function seedSpot(k: number, n: number, r: number): { x: number; y: number; s: number } {
  const s = n <= 10 ? 7.5 : n <= 18 ? 6.5 : n <= 28 ? 5.5 : 4.5;
  const c = Math.min(10, (r - s - 3) / Math.sqrt(Math.max(n, 1)));
  const rad = c * Math.sqrt(k + 0.5);
  const a = k * 2.39996;
  return { x: rad * Math.cos(a), y: rad * Math.sin(a), s };
}

const SEED_FILLS = ['#f4e7c5', '#ead7a8', '#f8eed6', '#e2cb95'];

export interface View {
  svg: SVGSVGElement;
  draw(state: BoardState): void;
  // Chooses the layout for the width the board has, in CSS pixels; true when it changed.
  fit(width: number): boolean;
  // The centre of a pit or a store, for the animation.
  pitXY(pit: number): { x: number; y: number };
  storeXY(side: Side): { x: number; y: number };
}

export function createView(): View {
  const id = `awele${++boards}`;
  let layout: Layout = WIDE;
  const svg = el('svg', { class: 'awele-svg', role: 'group' });
  const defs = el('defs', {}, svg);
  const wood = el('linearGradient', { id: `${id}-wood`, x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
  el('stop', { offset: '0', 'stop-color': '#b9824a' }, wood);
  el('stop', { offset: '1', 'stop-color': '#8e5a2b' }, wood);
  const hole = el('radialGradient', { id: `${id}-hole`, cx: '0.45', cy: '0.4', r: '0.65' }, defs);
  el('stop', { offset: '0', 'stop-color': '#4a2c14' }, hole);
  el('stop', { offset: '0.8', 'stop-color': '#5e3a1c' }, hole);
  el('stop', { offset: '1', 'stop-color': '#7a4d26' }, hole);

  const woodRect = el('rect', { rx: 40, fill: `url(#${id}-wood)`, stroke: '#5a3516', 'stroke-width': 3 }, svg);

  // Stores: [south, north].
  const stores = (['south', 'north'] as Side[]).map(() => {
    const g = el('g', { class: 'awele-store' }, svg);
    const rect = el('rect', { rx: 34, fill: `url(#${id}-hole)`, class: 'awele-store-hole', stroke: '#5a3516', 'stroke-width': 2 }, g);
    const seeds = el('g', {}, g);
    const count = el('text', { class: 'awele-store-count', 'text-anchor': 'middle', dy: '0.35em' }, g);
    const name = el('text', { class: 'awele-store-name', 'text-anchor': 'middle', dy: '0.35em' }, g);
    return { g, rect, seeds, count, name, drawn: -1 };
  });

  const pits = Array.from({ length: 12 }, (_, p) => {
    const g = el('g', { class: 'awele-pit', 'data-pit': p, 'data-testid': `pit-${pitLetter(p)}` }, svg);
    const ring = el('circle', { class: 'awele-ring' }, g);
    const circle = el('circle', { fill: `url(#${id}-hole)`, class: 'awele-hole' }, g);
    const seeds = el('g', { class: 'awele-seeds' }, g);
    const badge = el('g', { class: 'awele-badge' }, g);
    el('circle', { r: 18 }, badge);
    const count = el('text', { 'text-anchor': 'middle', dy: '0.35em' }, badge);
    const letter = el('text', { class: 'awele-letter', 'text-anchor': 'middle', dy: '0.35em' }, svg);
    letter.textContent = pitLetter(p);
    return { g, ring, circle, seeds, badge, count, letter, drawn: -1 };
  });
  const fly = el('g', { class: 'awele-fly' }, svg);

  let placed: string | null = null;
  let bottom: Side = 'south';

  function place(b: Side): void {
    const key = `${layout.name}/${b}`;
    if (placed === key) return;
    placed = key;
    bottom = b;
    const L = layout;
    svg.setAttribute('viewBox', `0 0 ${L.width} ${L.height}`);
    svg.classList.toggle('narrow', L.name === 'narrow');
    attrs(woodRect, { x: L.wood.x, y: L.wood.y, width: L.wood.w, height: L.wood.h });
    pits.forEach((pit, p) => {
      const { x, y } = L.pit(p, b);
      pit.g.setAttribute('transform', `translate(${x} ${y})`);
      pit.ring.setAttribute('r', String(L.pitR + 5));
      pit.circle.setAttribute('r', String(L.pitR));
      // The count sits on the pit's outer corner.
      const top = y < L.height / 2;
      pit.badge.setAttribute('transform', `translate(${L.pitR - 13} ${top ? -L.pitR + 8 : L.pitR - 8})`);
      const at = L.letter(p, b);
      attrs(pit.letter, { x: at.x, y: at.y });
    });
    (['south', 'north'] as Side[]).forEach((side, i) => {
      const s = stores[i]!;
      const r = L.store(side, b);
      attrs(s.rect, { x: r.x, y: r.y, width: r.w, height: r.h });
      const c = L.storeCount(side, b);
      attrs(s.count, { x: c.x, y: c.y });
      const n = L.storeName(side, b);
      attrs(s.name, { x: n.x, y: n.y, 'text-anchor': n.anchor });
      s.drawn = -1;
    });
    pits.forEach((p) => (p.drawn = -1));
  }

  function drawSeeds(g: SVGGElement, n: number, r: number, salt: number): void {
    while (g.firstChild) g.removeChild(g.firstChild);
    for (let k = 0; k < n; k++) {
      const { x, y, s } = seedSpot(k, n, r);
      el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: s, fill: SEED_FILLS[(k + salt) % SEED_FILLS.length]!, class: 'awele-seed' }, g);
    }
  }

  // The seeds of a store, in rows along its length from its far end.
  function drawStoreSeeds(g: SVGGElement, n: number, side: Side): void {
    while (g.firstChild) g.removeChild(g.firstChild);
    const r = layout.store(side, bottom);
    const horizontal = r.w > r.h;
    const shown = Math.min(n, 48);
    const s = 5.5;
    const across = horizontal ? Math.max(1, Math.floor((r.h - 14) / 12)) : Math.max(1, Math.floor((r.w - 18) / 14));
    const own = side === bottom;
    for (let k = 0; k < shown; k++) {
      const along = Math.floor(k / across);
      const at = k % across;
      let x: number;
      let y: number;
      if (horizontal) {
        const x0 = own ? r.x + r.w - 30 : r.x + 30;
        x = own ? x0 - along * 13 - (at % 2) * 5 : x0 + along * 13 + (at % 2) * 5;
        y = r.y + 13 + at * 12 + (r.h - 14 - across * 12) / 2;
      } else {
        const y0 = own ? r.y + 24 : r.y + r.h - 24;
        y = own ? y0 + along * 11 : y0 - along * 11;
        x = r.x + 16 + at * 14 + (along % 2) * 4 + (r.w - 18 - across * 14) / 2;
      }
      el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: s, fill: SEED_FILLS[k % SEED_FILLS.length]!, class: 'awele-seed' }, g);
    }
  }

  function drawDisplay(d: Display): void {
    pits.forEach((pit, p) => {
      const n = d.pits[p] ?? 0;
      if (pit.drawn !== n) {
        drawSeeds(pit.seeds, n, layout.pitR, p);
        pit.count.textContent = String(n);
        pit.drawn = n;
      }
      pit.g.classList.toggle('origin', d.origin === p);
    });
    (['south', 'north'] as Side[]).forEach((side, i) => {
      const s = stores[i]!;
      const n = d.stores[i] ?? 0;
      if (s.drawn !== n) {
        drawStoreSeeds(s.seeds, n, side);
        s.count.textContent = String(n);
        s.drawn = n;
      }
    });
    while (fly.firstChild) fly.removeChild(fly.firstChild);
    for (const f of d.flying) {
      const t = f.t;
      const x = f.x0 + (f.x1 - f.x0) * t;
      // A small arc: seeds are lifted, not slid.
      const y = f.y0 + (f.y1 - f.y0) * t - Math.sin(Math.PI * t) * 22;
      el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 7.5, fill: SEED_FILLS[0]!, class: 'awele-seed flying' }, fly);
    }
  }

  function draw(state: BoardState): void {
    place(state.bottom);
    const t = NAMES[state.lang];
    svg.setAttribute('aria-label', t.board);
    drawDisplay(state.display);
    pits.forEach((pit, p) => {
      const legal = state.legal.get(p);
      const n = state.display.pits[p] ?? 0;
      pit.g.classList.toggle('legal', legal !== undefined);
      pit.g.classList.toggle('last', state.last === p);
      pit.g.setAttribute('data-legal', legal !== undefined ? 'true' : 'false');
      pit.g.setAttribute('data-count', String(n));
      pit.g.setAttribute('aria-label', `${t.pit} ${pitLetter(p)}, ${t.seeds(n)}${legal !== undefined ? `, ${t.play} ${legal}` : ''}`);
      if (legal !== undefined) {
        pit.g.setAttribute('role', 'button');
        pit.g.setAttribute('tabindex', '0');
      } else {
        pit.g.setAttribute('role', 'img');
        pit.g.removeAttribute('tabindex');
      }
    });
    (['south', 'north'] as Side[]).forEach((side, i) => {
      const s = stores[i]!;
      s.g.classList.toggle('turn', state.turn === side);
      s.g.setAttribute('data-testid', `store-${side}`);
      s.g.setAttribute('data-count', String(state.display.stores[i] ?? 0));
      s.g.setAttribute('aria-label', `${t[side]}${state.lang === 'fr' ? '\u00a0: ' : ': '}${t.seeds(state.display.stores[i] ?? 0)} ${t.captured(state.display.stores[i] ?? 0)}`);
      s.g.setAttribute('role', 'img');
      s.name.textContent = t[side];
      s.name.setAttribute('aria-hidden', 'true');
    });
  }

  return {
    svg,
    draw,
    fit(width) {
      const next = width > 0 && width < 560 ? NARROW : WIDE;
      if (next === layout) return false;
      layout = next;
      placed = null;
      return true;
    },
    pitXY: (p) => layout.pit(p, bottom),
    storeXY: (side) => centre(layout.store(side, bottom)),
  };
}
