// The list of powers as the rules draw it: 7 × 7 places filled in reading order, each power a
// large disc of its owner's colour (White's light with a dark rim, Black's dark), a place not yet
// won a small dashed ring; used ones pale, the one in use (or next) ringed.
import type { Lang } from '../board';
import { type Side, T } from './texts';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 40;
const N = 7;

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, parent: Element) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.appendChild(e);
  return e;
}

export interface PowersView {
  owners: Side[];
  marked: number;
}

export function drawPowers(svg: SVGSVGElement, powers: PowersView, lang: Lang, active: boolean): void {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${CELL * N} ${CELL * N}`);
  const t = T[lang];
  const { owners, marked } = powers;
  const count = Math.max(N * N, owners.length);
  for (let i = 0; i < count && i < N * N; i++) {
    const x = (i % N) * CELL + CELL / 2;
    const y = Math.floor(i / N) * CELL + CELL / 2;
    const owner = owners[i];
    if (!owner) {
      el('circle', { cx: x, cy: y, r: 6, class: 'slot' }, svg);
      continue;
    }
    const used = i < marked;
    const isMarked = active && i === marked;
    const g = el('g', { class: `power ${owner}${used ? ' used' : ''}${isMarked ? ' marked' : ''}`, 'data-power': i + 1 }, svg);
    const title = el('title', {}, g);
    title.textContent = t.power(i + 1, owner, used, isMarked);
    if (isMarked) el('circle', { cx: x, cy: y, r: 18.5, class: 'ring' }, g);
    el('circle', { cx: x, cy: y, r: 14, class: 'disc' }, g);
    if (isMarked) {
      const n = el('text', { x, y: y + 0.5, class: 'number', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, g);
      n.textContent = String(i + 1);
    }
  }
}
