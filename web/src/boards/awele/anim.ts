// Animation: a plan made from the position before and the move (pure), and a runner that asks for
// a frame at each tick and ends exactly on the final position.
import type { AweleView, Display, Side } from './state';
import { pitSide } from './state';
import { sow, takings } from './sow';

export const SEED_MS = 90;
const PAUSE_MS = 140;
const TAKE_MS = 420;

type XY = { x: number; y: number };

export interface Plan {
  before: AweleView;
  after: AweleView;
  origin: number;
  path: number[];
  sown: number[];
  takes: { pit: number; count: number; to: Side }[];
  duration: number;
}

export function plan(before: AweleView, after: AweleView, origin: number): Plan {
  const { path, sown } = sow(before.pits, origin);
  const mover = pitSide(origin);
  const takes = takings(sown, before, after, mover);
  const sowEnd = path.length * SEED_MS;
  const duration = sowEnd + (takes.length ? PAUSE_MS + TAKE_MS : 0);
  return { before, after, origin, path, sown, takes, duration };
}

// The display at time t (ms) of the plan; positions come from the view's geometry.
export function frame(p: Plan, t: number, pitXY: (pit: number) => XY, storeXY: (side: Side) => XY): Display {
  const sowEnd = p.path.length * SEED_MS;
  if (t < sowEnd) {
    const dropped = Math.floor(t / SEED_MS); // seeds already landed
    const pits = p.before.pits.slice();
    pits[p.origin] = 0;
    for (let k = 0; k < dropped; k++) pits[p.path[k]!] = (pits[p.path[k]!] ?? 0) + 1;
    const from = dropped === 0 ? p.origin : p.path[dropped - 1]!;
    const to = p.path[dropped]!;
    const a = pitXY(from);
    const b = pitXY(to);
    return {
      pits,
      stores: p.before.captured.slice(),
      flying: [{ x0: a.x, y0: a.y, x1: b.x, y1: b.y, t: (t - dropped * SEED_MS) / SEED_MS }],
      origin: p.origin,
    };
  }
  const takeStart = sowEnd + PAUSE_MS;
  if (p.takes.length && t < takeStart + TAKE_MS) {
    if (t < takeStart) return { pits: p.sown.slice(), stores: p.before.captured.slice(), flying: [], origin: p.origin };
    const u = (t - takeStart) / TAKE_MS;
    const pits = p.sown.slice();
    const flying: Display['flying'] = [];
    for (const tk of p.takes) {
      pits[tk.pit] = (pits[tk.pit] ?? 0) - tk.count;
      const a = pitXY(tk.pit);
      const b = storeXY(tk.to);
      for (let k = 0; k < Math.min(tk.count, 6); k++) {
        const jitter = (k - 2.5) * 5;
        flying.push({ x0: a.x + jitter, y0: a.y + jitter / 2, x1: b.x + jitter, y1: b.y, t: Math.min(1, Math.max(0, u * 1.15 - k * 0.03)) });
      }
    }
    return { pits, stores: p.before.captured.slice(), flying, origin: p.origin };
  }
  return still(p.after);
}

export function still(v: AweleView): Display {
  return { pits: v.pits.slice(), stores: v.captured.slice(), flying: [], origin: null };
}

// Runs a plan, calling draw on each frame; returns a function that stops it (the caller then
// draws the final position itself).
export function run(p: Plan, draw: (t: number) => void, done: () => void): () => void {
  let stopped = false;
  let start: number | null = null;
  let timer: number | undefined;
  const tick = (now: number) => {
    if (stopped) return;
    if (start === null) start = now;
    const t = now - start;
    if (t >= p.duration) {
      stopped = true;
      done();
      return;
    }
    draw(t);
    raf = requestAnimationFrame(tick);
  };
  let raf = requestAnimationFrame(tick);
  // A hidden tab gets no animation frames: finish anyway.
  timer = window.setTimeout(() => {
    if (!stopped) {
      stopped = true;
      cancelAnimationFrame(raf);
      done();
    }
  }, p.duration + 1500);
  return () => {
    if (stopped) return;
    stopped = true;
    cancelAnimationFrame(raf);
    window.clearTimeout(timer);
  };
}
