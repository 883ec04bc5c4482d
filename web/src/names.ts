// How games, sides, players and endings are named in the pages' language.
import type { GameState, Seat, Spec } from './api';
import { lang, t } from './i18n';

export function gameName(game: string): string {
  const d = t() as unknown as Record<string, unknown>;
  const v = d[game];
  return typeof v === 'string' ? v : game;
}

export function sideName(side: string | null | undefined): string {
  const d = t();
  switch (side) {
    case 'south':
      return d.south;
    case 'north':
      return d.north;
    case 'white':
      return d.white;
    case 'black':
      return d.black;
    default:
      return side ?? '';
  }
}

export function sidesOf(spec: Spec): [string, string] {
  return spec.game === 'awele' ? ['south', 'north'] : ['white', 'black'];
}

// The game with its settings, the rule set said as such: "Awélé (Awechec rules)",
// "Awithlaknannai · Mosona (Wikipedia rules)", "Awechec (forced variant, handicap White 3/2)".
export function specText(spec: Spec): string {
  const d = t();
  const short = (s: string | undefined) => (s ? s.replace(/ \(.*\)$/, '') : '');
  let head = gameName(spec.game);
  if (spec.game === 'awithlaknannai' && spec.board) head += ` · ${short(d.boards[spec.board]) || spec.board}`;
  const more: string[] = [];
  if (spec.rules) more.push(d.rulesOf(short(d.ruleSets[spec.rules]) || spec.rules));
  if (spec.variant && spec.variant !== 'standard') more.push(d.variantOf(d.variantShort[spec.variant] ?? spec.variant));
  if (spec.handicap) more.push(d.handicapOf(handicapText(String(spec.handicap))));
  if (spec.outer_lines === false) more.push(d.noOuterLines);
  if (spec.end_lines === false) more.push(d.noEndLines);
  return more.length ? `${head} (${more.join(', ')})` : head;
}

// A rating category in words, from the names of the games, boards, rule sets and variants:
// `awele:abapa` "Awélé (Abapa rules)", `awithlaknannai:mosona:wikipedia` "Awithlaknannai · Mosona
// (Wikipedia rules)", `awechec:standard` "Awechec (standard variant)".
export function categoryText(category: string): string {
  const d = t();
  const short = (s: string | undefined) => (s ? s.replace(/ \(.*\)$/, '') : '');
  if (category.startsWith('puzzle:')) return d.puzzleCategory(gameName(category.slice('puzzle:'.length)));
  const suffix = ':correspondence';
  if (category.endsWith(suffix)) return `${categoryText(category.slice(0, -suffix.length))} · ${d.correspondenceCategory}`;
  const [game = '', a, b] = category.split(':');
  let head = gameName(game);
  if (game === 'awele' && a) return `${head} (${d.rulesOf(short(d.ruleSets[a]) || a)})`;
  if (game === 'awithlaknannai' && a && b) {
    head += ` · ${short(d.boards[a]) || a}`;
    return `${head} (${d.rulesOf(short(d.ruleSets[b]) || b)})`;
  }
  if (game === 'awechec' && a) return `${head} (${d.variantOf(d.variantShort[a] ?? a)})`;
  return category;
}

// A rating: "1523", or "1523?" while it is provisional.
export function ratingText(rating: number, provisional?: boolean | null): string {
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

// A rating's change: "+12", "−8" (a true minus sign), "±0".
export function diffText(diff: number): string {
  const n = Math.round(diff);
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '±0';
}

// A person's seat with their rating where the game is rated: "kofi (1523?)".
export function seatWithRating(seat: Seat | undefined, gameKind?: string): string {
  const name = seatText(seat, gameKind);
  if (seat?.kind === 'human' && typeof seat.rating === 'number') return `${name} (${ratingText(seat.rating, seat.provisional)})`;
  return name;
}

// A date in the reader's language: "3 March 2026", "3 mars 2026".
export function dateText(ms: number): string {
  try {
    const s = new Date(ms).toLocaleDateString(lang() === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' }); return lang() === 'fr' ? s.replace(/^1 /, '1er ') : s;
  } catch {
    return new Date(ms).toISOString().slice(0, 10);
  }
}

export function handicapText(h: string): string {
  return h
    .split(',')
    .map((part) => {
      const [side, ratio] = part.includes(':') ? part.split(':') : ['', part];
      return side ? `${sideName(side)} ${ratio}` : ratio;
    })
    .join(', ');
}

// A seat in words. An imported record's players (seats of kind `record`; in the lobby's
// summaries, free seats of a game of kind `import`) are named, or "?": nobody is awaited.
export function seatText(seat: Seat | undefined, gameKind?: string): string {
  const d = t();
  if (!seat) return '';
  if (seat.kind === 'computer') return d.computerLevel(seat.level);
  if (seat.kind === 'human') return botName(seat.name || d.anonymous, seat.bot);
  if (seat.kind === 'record' || gameKind === 'import') return seat.name || d.unnamed;
  return seat.name || d.emptySeat;
}

// A name, marked as a bot's where a program plays it: "BOT robota", as lichess marks them.
export function botName(name: string, bot?: boolean | null): string {
  return bot ? `${t().botMark}\u00a0${name}` : name;
}

export function clockText(c: { initial_ms: number; increment_ms: number; days?: number | null } | null): string {
  const d = t();
  if (!c) return d.noClockShort;
  if (c.days) return d.daysPerMoveShort(c.days);
  return d.clockShort(Math.round((c.initial_ms / 60000) * 100) / 100, Math.round(c.increment_ms / 1000));
}

// The ending in words: who won, how, the score.
export function outcomeParts(g: GameState): { head: string; detail: string } | null {
  const d = t();
  const o = g.outcome;
  if (!o) return null;
  const head = o.winner ? d.wins(sideName(o.winner)) : d.draw;
  let how = d.terminations[o.termination] ?? o.termination;
  const loser = o.winner ? g.sides.find((s) => s !== o.winner) : null;
  if (o.termination === 'resignation' && loser) how = d.resigned(sideName(loser));
  else if (o.termination === 'no legal move' && loser && g.spec.game === 'awithlaknannai') {
    // No piece left is said as such; a side blocked has no move left.
    const pieces = g.position?.[loser === 'white' ? 'white' : 'black'];
    if (Array.isArray(pieces) && pieces.length === 0) how = d.noPieceLeft(sideName(loser));
  }
  else if (o.termination === 'time forfeit') {
    // The side whose flag fell: the loser, or at Awechec's draw the one whose clock shows 0.
    const fell = loser ?? g.sides.find((_, i) => (g.clock?.remaining_ms[i] ?? 1) <= 0) ?? null;
    if (fell) how = d.timeOut(sideName(fell));
  } else if (g.spec.game === 'awechec') {
    const step = g.position?.step;
    if (step && step.kind === 'over') {
      const reason = (lang() === 'fr' ? step.reason_fr : step.reason) as string | undefined;
      if (reason) how = reason;
    }
  }
  // The seeds or pieces count when the board decided, not when a player resigned or ran out of time.
  const stopped = o.termination === 'resignation' || o.termination === 'time forfeit';
  const score = g.spec.game === 'awechec' || stopped ? '' : d.score(o.score[0] ?? 0, o.score[1] ?? 0);
  return { head, detail: [how, score, stopped ? '' : seedsLeft(g), o.result].filter(Boolean).join(' · ') };
}

// Why an Awélé score is not the stores': the seeds left on the board when it ended went to the
// sides as the rules say (each its own row, or all to one side), and are counted.
function seedsLeft(g: GameState): string {
  const o = g.outcome;
  const p = g.position as { pits?: number[]; captured?: number[] } | null;
  if (!o || g.spec.game !== 'awele' || !p?.pits || !p.captured) return '';
  const stores = [p.captured[0] ?? 0, p.captured[1] ?? 0];
  const added = [(o.score[0] ?? 0) - stores[0]!, (o.score[1] ?? 0) - stores[1]!];
  const left = p.pits.reduce((a, b) => a + b, 0);
  if (left === 0 || (added[0] === 0 && added[1] === 0)) return '';
  return t().seedsLeftTaken(stores[0]!, stores[1]!, left, added[0]!, added[1]!, sideName(g.sides[0]!), sideName(g.sides[1]!));
}

// How an agreed stop would end the game now: "White wins, score 8–3".
export function agreementText(g: GameState): string {
  const d = t();
  const a = g.agreement;
  if (!a) return '';
  const head = a.winner ? d.wins(sideName(a.winner)) : d.draw;
  return g.spec.game === 'awechec' ? head : `${head}, ${d.score(a.score[0] ?? 0, a.score[1] ?? 0)}`;
}

// Whether an agreed stop is decided by the board (the seeds or pieces), not a plain draw.
export function stopDecides(g: GameState): boolean {
  return g.spec.game !== 'awechec';
}

export function outcomeText(g: GameState): string {
  const p = outcomeParts(g);
  return p ? `${p.head}${lang() === 'fr' ? '\u00a0: ' : ': '}${p.detail}` : '';
}
