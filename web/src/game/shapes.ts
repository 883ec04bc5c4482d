// Arrows and marks drawn over any of the three boards (a study's drawings): an SVG laid on the
// board's box, each place found where the board draws it (an Awélé pit, an Awithlaknannai point,
// a chess square), so the boards need not know of them.
import type { StudyShape } from '../api';

const NS = 'http://www.w3.org/2000/svg';

// The centre of a place on the screen: a pit (`A`…`f`), a point (`m5`), or a square (`e4`, on
// the chessboard, White at the bottom).
function centre(box: HTMLElement, place: string): { x: number; y: number; r: number } | null {
  const pit = /^[A-Fa-f]$/.test(place) ? box.querySelector(`[data-testid="pit-${place}"]`) : null;
  const point = pit ? null : box.querySelector(`.serpents .hit[data-point="${place}"]`);
  const el = pit ?? point;
  if (el) {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, r: Math.max(r.width, r.height) / 2 };
  }
  const square = /^([a-h])([1-8])$/.exec(place);
  const cg = square ? box.querySelector('cg-board') : null;
  if (square && cg) {
    const b = cg.getBoundingClientRect();
    const file = square[1]!.charCodeAt(0) - 97;
    const rank = Number(square[2]) - 1;
    return { x: b.left + ((file + 0.5) * b.width) / 8, y: b.top + ((7 - rank + 0.5) * b.height) / 8, r: b.width / 16 };
  }
  return null;
}

// Draws `shapes` over the board in `box` (drawn again whenever called; nothing when empty).
export function drawShapes(box: HTMLElement, shapes: StudyShape[]): void {
  box.querySelector(':scope > svg.board-shapes')?.remove();
  if (!shapes.length) return;
  const frame = box.getBoundingClientRect();
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'board-shapes');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', String(frame.width));
  svg.setAttribute('height', String(frame.height));
  svg.innerHTML = `<defs><marker id="shape-head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f7a3a"/></marker></defs>`;
  for (const shape of shapes) {
    if (shape.kind === 'mark') {
      const c = centre(box, shape.at);
      if (!c) continue;
      const circle = document.createElementNS(NS, 'circle');
      circle.setAttribute('cx', String(c.x - frame.left));
      circle.setAttribute('cy', String(c.y - frame.top));
      circle.setAttribute('r', String(c.r * 0.92));
      circle.setAttribute('class', 'shape-mark');
      svg.appendChild(circle);
    } else {
      const a = centre(box, shape.from);
      const b = centre(box, shape.to);
      if (!a || !b) continue;
      const line = document.createElementNS(NS, 'line');
      line.setAttribute('x1', String(a.x - frame.left));
      line.setAttribute('y1', String(a.y - frame.top));
      line.setAttribute('x2', String(b.x - frame.left));
      line.setAttribute('y2', String(b.y - frame.top));
      line.setAttribute('class', 'shape-arrow');
      line.setAttribute('marker-end', 'url(#shape-head)');
      svg.appendChild(line);
    }
  }
  box.appendChild(svg);
}
