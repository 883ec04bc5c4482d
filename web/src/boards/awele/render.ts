// Drawing: builds the SVG once, then redraws what changed from a Display. No game logic here.
import type { BoardState, Display, Side } from './state';
import { G, pitCentre, pitLetter, storeCentre } from './state';

const SVG = 'http://www.w3.org/2000/svg';
let boards = 0;

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number> = {}, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

const NAMES = {
  fr: { south: 'Sud', north: 'Nord', pit: 'Case', seeds: (n: number) => (n <= 1 ? `${n} graine` : `${n} graines`), captured: 'prises', play: 'jouer', board: 'Plateau d’awélé' },
  en: { south: 'South', north: 'North', pit: 'Pit', seeds: (n: number) => (n === 1 ? '1 seed' : `${n} seeds`), captured: 'captured', play: 'play', board: 'Awélé board' },
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
  // The centre of a pit or a store, for the animation.
  pitXY(pit: number): { x: number; y: number };
  storeXY(side: Side): { x: number; y: number };
}

export function createView(): View {
  const id = `awele${++boards}`;
  const svg = el('svg', { viewBox: `0 0 ${G.width} ${G.height}`, class: 'awele-svg', role: 'group' });
  const defs = el('defs', {}, svg);
  const wood = el('linearGradient', { id: `${id}-wood`, x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
  el('stop', { offset: '0', 'stop-color': '#b9824a' }, wood);
  el('stop', { offset: '1', 'stop-color': '#8e5a2b' }, wood);
  const hole = el('radialGradient', { id: `${id}-hole`, cx: '0.45', cy: '0.4', r: '0.65' }, defs);
  el('stop', { offset: '0', 'stop-color': '#4a2c14' }, hole);
  el('stop', { offset: '0.8', 'stop-color': '#5e3a1c' }, hole);
  el('stop', { offset: '1', 'stop-color': '#7a4d26' }, hole);

  el('rect', { x: 2, y: 36, width: G.width - 4, height: G.height - 72, rx: 40, fill: `url(#${id}-wood)`, stroke: '#5a3516', 'stroke-width': 3 }, svg);

  // Stores: [south, north].
  const stores = (['south', 'north'] as Side[]).map(() => {
    const g = el('g', { class: 'awele-store' }, svg);
    const rect = el('rect', { width: G.storeW, height: G.storeBottom - G.storeTop, rx: 38, fill: `url(#${id}-hole)`, class: 'awele-store-hole' }, g);
    const seeds = el('g', {}, g);
    const count = el('text', { class: 'awele-store-count', 'text-anchor': 'middle' }, g);
    const name = el('text', { class: 'awele-store-name', 'text-anchor': 'middle' }, g);
    return { g, rect, seeds, count, name, drawn: -1 };
  });

  const pits = Array.from({ length: 12 }, (_, p) => {
    const g = el('g', { class: 'awele-pit', 'data-pit': p, 'data-testid': `pit-${pitLetter(p)}` }, svg);
    const ring = el('circle', { r: G.pitR + 5, class: 'awele-ring' }, g);
    const circle = el('circle', { r: G.pitR, fill: `url(#${id}-hole)`, class: 'awele-hole' }, g);
    const seeds = el('g', { class: 'awele-seeds' }, g);
    const badge = el('g', { class: 'awele-badge' }, g);
    el('circle', { r: 17 }, badge);
    const count = el('text', { 'text-anchor': 'middle', dy: '0.35em' }, badge);
    const letter = el('text', { class: 'awele-letter', 'text-anchor': 'middle', dy: '0.35em' }, svg);
    letter.textContent = pitLetter(p);
    return { g, ring, circle, seeds, badge, count, letter, drawn: -1 };
  });
  const fly = el('g', { class: 'awele-fly' }, svg);

  let placedFor: Side | null = null;
  let bottom: Side = 'south';

  function place(b: Side): void {
    if (placedFor === b) return;
    placedFor = b;
    bottom = b;
    pits.forEach((pit, p) => {
      const { x, y } = pitCentre(p, b);
      pit.g.setAttribute('transform', `translate(${x} ${y})`);
      // The count sits on the outer corner, the letter outside the board.
      const top = y < G.height / 2;
      pit.badge.setAttribute('transform', `translate(${G.pitR - 8} ${top ? -G.pitR + 6 : G.pitR - 6})`);
      pit.letter.setAttribute('x', String(x));
      pit.letter.setAttribute('y', String(top ? 18 : G.height - 16));
    });
    (['south', 'north'] as Side[]).forEach((side, i) => {
      const s = stores[i]!;
      const c = storeCentre(side, b);
      s.rect.setAttribute('x', String(c.x - G.storeW / 2));
      s.rect.setAttribute('y', String(G.storeTop));
      s.count.setAttribute('x', String(c.x));
      s.count.setAttribute('y', String(side === b ? G.storeBottom - 14 : G.storeTop + 30));
      s.name.setAttribute('x', String(c.x));
      s.name.setAttribute('y', String(side === b ? G.height - 16 : 18));
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

  function drawStoreSeeds(g: SVGGElement, n: number, side: Side): void {
    while (g.firstChild) g.removeChild(g.firstChild);
    const c = storeCentre(side, bottom);
    // A column of rows of three, from the far end of the store.
    const own = side === bottom;
    const shown = Math.min(n, 48);
    const s = 5.5;
    for (let k = 0; k < shown; k++) {
      const row = Math.floor(k / 4);
      const col = k % 4;
      const x = c.x - 21 + col * 14 + (row % 2) * 4 - 2;
      const y0 = own ? G.storeTop + 22 : G.storeBottom - 22;
      const y = own ? y0 + row * 11 : y0 - row * 11;
      el('circle', { cx: x, cy: y, r: s, fill: SEED_FILLS[k % SEED_FILLS.length]!, class: 'awele-seed' }, g);
    }
  }

  function drawDisplay(d: Display): void {
    pits.forEach((pit, p) => {
      const n = d.pits[p] ?? 0;
      if (pit.drawn !== n) {
        drawSeeds(pit.seeds, n, G.pitR, p);
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
      el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 7, fill: SEED_FILLS[0]!, class: 'awele-seed flying' }, fly);
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
      const label = `${t.pit} ${pitLetter(p)}, ${t.seeds(n)}${legal !== undefined ? `, ${t.play} ${legal}` : ''}`;
      pit.g.setAttribute('aria-label', label);
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
      s.g.setAttribute('aria-label', `${t[side]}: ${t.seeds(state.display.stores[i] ?? 0)} ${t.captured}`);
      s.g.setAttribute('role', 'img');
      s.name.textContent = t[side];
      s.name.setAttribute('aria-hidden', 'true');
    });
    svg.classList.toggle('rotated', state.bottom === 'north');
  }

  return {
    svg,
    draw,
    pitXY: (p) => pitCentre(p, bottom),
    storeXY: (side) => storeCentre(side, bottom),
  };
}
