// Capture chains as the board offers them: which legal moves a partial path still allows, where the
// piece may land next, and which pieces the jumps made so far have surely taken. Nothing here
// decides what is legal: it only filters the moves the server sent.

export interface SerpentsMove {
  text: string;
  path: string[];
  captured: string[];
}

export type Adjacency = Map<string, Set<string>>;

export function adjacency(lines: [string, string][]): Adjacency {
  const adj: Adjacency = new Map();
  const add = (a: string, b: string) => {
    let set = adj.get(a);
    if (!set) adj.set(a, (set = new Set()));
    set.add(b);
  };
  for (const [a, b] of lines) {
    add(a, b);
    add(b, a);
  }
  return adj;
}

export function isMove(m: any): m is SerpentsMove {
  return (
    !!m &&
    typeof m.text === 'string' &&
    Array.isArray(m.path) &&
    m.path.length >= 2 &&
    m.path.every((p: unknown) => typeof p === 'string') &&
    Array.isArray(m.captured)
  );
}

/** The moves whose path starts with `prefix`. */
export function matching(moves: SerpentsMove[], prefix: string[]): SerpentsMove[] {
  return moves.filter((m) => m.path.length >= prefix.length && prefix.every((p, i) => m.path[i] === p));
}

/** The points a move may start from. */
export function starts(moves: SerpentsMove[]): Set<string> {
  return new Set(moves.map((m) => m.path[0]!));
}

/** Where the piece may go next after `prefix` (landing points of the matching moves). */
export function nextPoints(moves: SerpentsMove[], prefix: string[]): Set<string> {
  const next = new Set<string>();
  for (const m of matching(moves, prefix)) {
    const p = m.path[prefix.length];
    if (p !== undefined) next.add(p);
  }
  return next;
}

/** The moves whose whole path is `prefix`. */
export function complete(moves: SerpentsMove[], prefix: string[]): SerpentsMove[] {
  return matching(moves, prefix).filter((m) => m.path.length === prefix.length);
}

/**
 * Every way to say which piece each jump of `move` took: a jump from X to Z takes a piece that is
 * a neighbour of both (a straight jump's middle point, or a bent jump's piece), one of `captured`,
 * each piece once. A step (no capture) has one empty assignment. At most `limit` are returned.
 */
export function assignments(move: SerpentsMove, adj: Adjacency, limit = 64): string[][] {
  const jumps = move.path.length - 1;
  if (move.captured.length === 0) return [[]];
  if (move.captured.length !== jumps) return [];
  const out: string[][] = [];
  const used = new Set<string>();
  const current: string[] = [];
  const go = (i: number) => {
    if (out.length >= limit) return;
    if (i === jumps) {
      out.push(current.slice());
      return;
    }
    const from = adj.get(move.path[i]!);
    const to = adj.get(move.path[i + 1]!);
    if (!from || !to) return;
    for (const c of move.captured) {
      if (used.has(c) || !from.has(c) || !to.has(c)) continue;
      used.add(c);
      current.push(c);
      go(i + 1);
      current.pop();
      used.delete(c);
    }
  };
  go(0);
  return out;
}

/** The pieces taken by the jumps of `prefix` in every legal way to go on: those shown as taken. */
export function takenSoFar(moves: SerpentsMove[], prefix: string[], adj: Adjacency): Set<string> {
  const jumps = prefix.length - 1;
  let sure: Set<string> | null = null;
  for (const m of matching(moves, prefix)) {
    if (m.captured.length === 0) return new Set();
    for (const a of assignments(m, adj)) {
      const taken = new Set(a.slice(0, jumps));
      if (sure === null) sure = taken;
      else for (const p of sure) if (!taken.has(p)) sure.delete(p);
    }
  }
  return sure ?? new Set();
}

/** One way to say which piece each jump of `move` took (for the animation), else none. */
export function jumpedBy(move: SerpentsMove, adj: Adjacency): (string | null)[] {
  const a = assignments(move, adj, 1)[0];
  const jumps = move.path.length - 1;
  if (a && a.length === jumps) return a;
  // Not found (a board drawn without some line): take the captured pieces in order.
  return Array.from({ length: jumps }, (_, i) => move.captured[i] ?? null);
}
