// The Awélé board's state: what it shows (counts, captured), what it offers, and the geometry.
// Pits are numbered as the server's VIEW: 0..5 = South's A..F, 6..11 = North's a..f.

export type Side = 'south' | 'north';

export interface AweleView {
  pits: number[]; // 12 counts
  captured: number[]; // [south, north]
  turn?: string | null;
}

export interface AweleMove {
  text: string;
  pit: number;
  takes?: number;
}

// What is drawn at one instant (a still position or a frame of an animation).
export interface Display {
  pits: number[];
  stores: number[]; // [south, north]
  // Seeds in flight: from a point to a point, at progress 0..1.
  flying: { x0: number; y0: number; x1: number; y1: number; t: number }[];
  // The pit being emptied by the hand (drawn as the origin of a sowing).
  origin: number | null;
}

export interface BoardState {
  bottom: Side;
  display: Display;
  legal: Map<number, string>; // pit → move text, when interactive
  last: number | null; // the pit of the last move
  turn: Side | null;
  lang: 'fr' | 'en';
  onMove: (text: string) => void;
}

export const LETTERS = 'ABCDEFabcdef';

export function pitLetter(pit: number): string {
  return LETTERS[pit] ?? '?';
}

export function pitSide(pit: number): Side {
  return pit < 6 ? 'south' : 'north';
}

// Awechec and chess-like sides map onto Awélé's: White is South.
export function aweleSide(side: string | null | undefined): Side | null {
  if (side === 'south' || side === 'white') return 'south';
  if (side === 'north' || side === 'black') return 'north';
  return null;
}

// Geometry, in the SVG's user units. Two layouts: WIDE, the stores at the ends of the board; NARROW
// (phones), the stores above and below it so that the pits are bigger.
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Layout {
  name: 'wide' | 'narrow';
  width: number;
  height: number;
  pitR: number;
  wood: Rect;
  pit(pit: number, bottom: Side): { x: number; y: number };
  letter(pit: number, bottom: Side): { x: number; y: number };
  store(side: Side, bottom: Side): Rect;
  // Where the store's count and its side's name are written.
  storeCount(side: Side, bottom: Side): { x: number; y: number };
  storeName(side: Side, bottom: Side): { x: number; y: number; anchor: 'start' | 'middle' | 'end' };
}

// Each row is read from its owner's left: the bottom side's pits left to right, the other's right
// to left above them.
function column(pit: number, bottom: Side): { col: number; own: boolean } {
  const own = pitSide(pit) === bottom;
  const k = pit % 6;
  return { col: own ? k : 5 - k, own };
}

export const WIDE: Layout = {
  name: 'wide',
  width: 800,
  height: 300,
  pitR: 44,
  wood: { x: 2, y: 36, w: 796, h: 228 },
  pit(p, b) {
    const { col, own } = column(p, b);
    return { x: 150 + col * 100, y: own ? 205 : 95 };
  },
  letter(p, b) {
    const { col, own } = column(p, b);
    return { x: 150 + col * 100, y: own ? 284 : 18 };
  },
  // Each side's store at its own right: the bottom side's on the right, the other's on the left.
  store(side, b) {
    return { x: side === b ? 706 : 10, y: 50, w: 84, h: 200 };
  },
  storeCount(side, b) {
    return side === b ? { x: 748, y: 236 } : { x: 52, y: 80 };
  },
  storeName(side, b) {
    return side === b ? { x: 748, y: 284, anchor: 'middle' } : { x: 52, y: 18, anchor: 'middle' };
  },
};

export const NARROW: Layout = {
  name: 'narrow',
  width: 610,
  height: 456,
  pitR: 45,
  wood: { x: 2, y: 98, w: 606, h: 264 },
  pit(p, b) {
    const { col, own } = column(p, b);
    return { x: 55 + col * 100, y: own ? 296 : 164 };
  },
  letter(p, b) {
    const { col, own } = column(p, b);
    return { x: 55 + col * 100, y: own ? 378 : 82 };
  },
  // The top side's store above the board, the bottom side's below it; name and count at one end.
  store(side, b) {
    return side === b ? { x: 2, y: 392, w: 606, h: 62 } : { x: 2, y: 4, w: 606, h: 62 };
  },
  storeCount(side, b) {
    return side === b ? { x: 50, y: 434 } : { x: 560, y: 46 };
  },
  storeName(side, b) {
    return side === b ? { x: 50, y: 409, anchor: 'middle' } : { x: 560, y: 21, anchor: 'middle' };
  },
};

export function centre(r: Rect): { x: number; y: number } {
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}
