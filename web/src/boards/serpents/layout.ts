// Where the points of an Awithlaknannai board stand on the screen. Three rows; the middle row is
// offset by half a step, so that each outer point stands between two middle points (bk and tk are
// joined to mk and m(k+1)) and the triangles are equilateral. The board is drawn across the
// screen, or, where it is too narrow for its points to stay easy to tap (Kolowis on a phone),
// turned a quarter clockwise: the bottom row on the left, b1 at the top.

export type Row = 'bottom' | 'middle' | 'top';

export interface PointGeo {
  name: string;
  row: Row;
  column: number;
}

export interface XY {
  x: number;
  y: number;
}

export interface Layout {
  vertical: boolean;
  tall: boolean; // rows further apart than equilateral triangles would have them (a narrow board)
  flipped: boolean;
  width: number; // the viewBox
  height: number;
  span: number; // points along a row, counted in steps (the middle row's length)
  pos: Map<string, XY>;
  label: Map<string, XY>;
}

/** Distance between neighbours along a row, in SVG units. */
export const STEP = 100;
/** Radius of a piece. */
export const PIECE_R = 31;

const ROW_H = 87; // equilateral triangles across the screen
const ROW_H_TALL = 112; // where the board is drawn small: more room for the names and the fingers
const ROW_V = 210; // wider when turned: the rows become columns of a narrow screen
const PAD_ALONG = 58;
const PAD_ACROSS = 72; // room for the outer rows' names
const PAD_ACROSS_V = 110; // the same, turned (the names are wider than high)
// The names: an outer row's outside the board, beside its point; a middle point's inside the
// triangle it makes with its two neighbours of the row drawn below (left, turned), a little
// nearer its point than the triangle's centre, where the triangle is wide enough: clear of every
// line and piece.
const LABEL = 49; // an outer name's distance from its point
const LABEL_V = 70; // the same, turned
const LABEL_MID_V = 100; // the same, turned

function rowIndex(row: Row): number {
  return row === 'top' ? 0 : row === 'middle' ? 1 : 2;
}

export function isPoint(p: any): p is PointGeo {
  return (
    !!p &&
    typeof p.name === 'string' &&
    typeof p.column === 'number' &&
    (p.row === 'bottom' || p.row === 'middle' || p.row === 'top')
  );
}

/** The span of a board in steps: from the first middle point to the last. */
export function spanOf(points: PointGeo[]): number {
  const us = points.map(along);
  return us.length ? Math.max(...us) - Math.min(...us) : 0;
}

function along(p: PointGeo): number {
  return p.row === 'middle' ? p.column - 0.5 : p.column;
}

export function layout(points: PointGeo[], flipped: boolean, vertical: boolean, tall = false): Layout {
  const us = points.map(along);
  const umin = us.length ? Math.min(...us) : 0;
  const umax = us.length ? Math.max(...us) : 0;
  const span = umax - umin;
  tall = tall && !vertical;
  const across = vertical ? ROW_V : tall ? ROW_H_TALL : ROW_H;
  const LABEL_MID = 0.6 * across; // a middle name's distance, across the screen: near the triangle's centre
  const pos = new Map<string, XY>();
  const label = new Map<string, XY>();
  for (const p of points) {
    let u = along(p);
    let v = rowIndex(p.row);
    if (flipped) {
      u = umin + umax - u;
      v = 2 - v;
    }
    const a = PAD_ALONG + (u - umin) * STEP; // along the rows
    const pad = vertical ? PAD_ACROSS_V : PAD_ACROSS;
    const c = pad + v * across; // across them, from the top row as drawn
    // The name, away from the point: up for the top row, down for the others (turned: right and
    // left).
    const out = vertical ? (v === 0 ? -LABEL_V : v === 1 ? LABEL_MID_V : LABEL_V) : v === 0 ? -LABEL : v === 1 ? LABEL_MID : LABEL;
    if (vertical) {
      // A quarter clockwise: down becomes left, right becomes down.
      const x = pad + (2 * across - (c - pad));
      pos.set(p.name, { x, y: a });
      label.set(p.name, { x: x - out, y: a });
    } else {
      pos.set(p.name, { x: a, y: c });
      label.set(p.name, { x: a, y: c + out });
    }
  }
  const long = 2 * PAD_ALONG + span * STEP;
  const short = 2 * (vertical ? PAD_ACROSS_V : PAD_ACROSS) + 2 * across;
  return {
    vertical,
    tall,
    flipped,
    width: vertical ? short : long,
    height: vertical ? long : short,
    span,
    pos,
    label,
  };
}

/** The point nearest to `at`, if it is within reach (about half a step). */
export function nearest(l: Layout, at: XY): string | null {
  let best: string | null = null;
  let bestD = (STEP * 0.62) ** 2;
  for (const [name, p] of l.pos) {
    const d = (p.x - at.x) ** 2 + (p.y - at.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = name;
    }
  }
  return best;
}
