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

// Geometry, in the SVG's user units.
export const G = {
  width: 800,
  height: 300,
  pitR: 44,
  pitStep: 100,
  firstX: 150,
  topY: 95,
  bottomY: 205,
  storeW: 84,
  storeTop: 50,
  storeBottom: 250,
};

// Where pit `pit` stands when `bottom` sits at the bottom. Each row is read from its owner's
// left: South's A..F left to right at the bottom; North's a..f right to left on top.
export function pitCentre(pit: number, bottom: Side): { x: number; y: number } {
  const own = pitSide(pit) === bottom;
  const k = pit % 6;
  const col = own ? k : 5 - k;
  return { x: G.firstX + col * G.pitStep, y: own ? G.bottomY : G.topY };
}

// Each side's store stands at its own right: the bottom side's on the right, the other's on the left.
export function storeCentre(side: Side, bottom: Side): { x: number; y: number } {
  const right = side === bottom;
  const x = right ? G.width - 10 - G.storeW / 2 : 10 + G.storeW / 2;
  return { x, y: (G.storeTop + G.storeBottom) / 2 };
}
