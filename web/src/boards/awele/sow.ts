// Pure changes: the steps of a sowing, and what the captures took. No DOM here.
import type { AweleView, Side } from './state';
import { pitSide } from './state';

export interface Sowing {
  origin: number;
  path: number[]; // the pits receiving a seed, in order
  sown: number[]; // the counts once every seed is dropped, before any capture
}

// Sow the seeds of `origin` counter-clockwise, one a pit, skipping the origin on laps.
export function sow(pits: number[], origin: number): Sowing {
  const sown = pits.slice();
  let hand = sown[origin] ?? 0;
  sown[origin] = 0;
  const path: number[] = [];
  let at = origin;
  while (hand > 0) {
    at = (at + 1) % 12;
    if (at === origin) continue;
    sown[at] = (sown[at] ?? 0) + 1;
    path.push(at);
    hand--;
  }
  return { origin, path, sown };
}

// The seeds that leave each pit after the sowing to reach the final position, and the store
// they go to. Usually the capture by the mover; at the end of a game, what each side collects.
export function takings(sown: number[], before: AweleView, after: AweleView, mover: Side): { pit: number; count: number; to: Side }[] {
  const gained = [
    (after.captured[0] ?? 0) - (before.captured[0] ?? 0),
    (after.captured[1] ?? 0) - (before.captured[1] ?? 0),
  ];
  const out: { pit: number; count: number; to: Side }[] = [];
  for (let p = 0; p < 12; p++) {
    const lost = (sown[p] ?? 0) - (after.pits[p] ?? 0);
    if (lost <= 0) continue;
    const owner = pitSide(p);
    let to: Side;
    if (owner !== mover && gained[mover === 'south' ? 0 : 1]! > 0) to = mover;
    else if (gained[owner === 'south' ? 0 : 1]! > 0) to = owner;
    else to = gained[0]! >= gained[1]! ? 'south' : 'north';
    out.push({ pit: p, count: lost, to });
  }
  return out;
}

// Whether `after` can follow from sowing `origin` in `before` (so an animation is honest).
export function consistent(before: AweleView, after: AweleView, origin: number): boolean {
  if (!before || !after || !Array.isArray(before.pits) || before.pits.length !== 12) return false;
  if ((before.pits[origin] ?? 0) === 0) return false;
  const { sown } = sow(before.pits, origin);
  for (let p = 0; p < 12; p++) if ((after.pits[p] ?? 0) > (sown[p] ?? 0)) return false;
  return true;
}
