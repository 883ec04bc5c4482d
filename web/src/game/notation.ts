// The move list in each game's notation: one token a ply (to click in a replay), with move
// numbers, and at Awechec the Awélé games and chess sequences as the records write them.
import type { Lang } from '../i18n';

export interface Token {
  ply: number; // the move's index: clicking shows the position after it (ply + 1)
  number: string | null; // "12." or "12…" written before it
  text: string;
  group: string | null; // a heading starting a new part (Awechec)
}

function fullmove(fen: string | undefined): { n: number; white: boolean } {
  const parts = (fen ?? '').split(' ');
  return { n: Number(parts[5]) || 1, white: parts[1] !== 'b' };
}

// `positions[i]` is the position before move i (when known).
export function tokens(game: string, moves: any[], positions: any[] | null, lang: Lang, first: string): Token[] {
  if (game === 'awechec') return awechec(moves, positions, lang);
  const out: Token[] = [];
  let n = 1;
  for (let i = 0; i < moves.length; i++) {
    const side = positions?.[i]?.turn ?? (i % 2 === 0 ? first : null);
    const isFirst = positions ? side === first : i % 2 === 0;
    let number: string | null = null;
    if (isFirst) number = `${n}.`;
    else if (i === 0) number = `${n}…`;
    out.push({ ply: i, number, text: String(moves[i]?.text ?? '?'), group: null });
    if (!isFirst) n++;
  }
  return out;
}

function awechec(moves: any[], positions: any[] | null, lang: Lang): Token[] {
  const out: Token[] = [];
  const W = lang === 'fr' ? 'B' : 'W';
  const B = lang === 'fr' ? 'N' : 'B';
  let part = '';
  // Move numbers of each Awélé game: a synchronous game comes back to the same one after chess.
  const counters = new Map<number, { n: number; count: number }>();
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i] ?? {};
    const pos = positions?.[i];
    const kind = m.kind === 'awele' ? 'awele' : 'chess';
    let group: string | null = null;
    if (kind === 'awele') {
      const k = Number(pos?.awele_game) || 0;
      const key = `awele${k}`;
      const c = counters.get(k) ?? { n: 1, count: 0 };
      counters.set(k, c);
      let resumed = false;
      if (part !== key) {
        part = key;
        resumed = c.count > 0;
        group = k ? `Awélé ${k}` : 'Awélé';
      }
      // White (South) starts every Awélé game: pairs, numbered from 1.
      const south = pos?.awele?.turn ? pos.awele.turn === 'south' : c.count % 2 === 0;
      const number = south ? `${c.n}.` : c.count === 0 || resumed ? `${c.n}…` : null;
      if (!south) c.n++;
      c.count++;
      out.push({ ply: i, number, text: String(m.text ?? '?'), group });
      continue;
    }
    if (part !== 'chess') {
      part = 'chess';
      group = lang === 'fr' ? 'Échecs' : 'Chess';
    }
    const prev = moves[i - 1];
    const startsUnit = m.kind === 'decision' || !(prev && prev.kind === 'decision');
    let number: string | null = null;
    if (startsUnit) {
      const { n, white } = fullmove(pos?.fen);
      if (white) number = `${n}.`;
      else if (group) number = `${n}…`;
    }
    let text: string;
    if (m.kind === 'decision') {
      const step = pos?.step;
      const power = step && step.kind === 'decision' ? step.power : '?';
      const owner = step && step.kind === 'decision' ? (step.owner === 'white' ? W : B) : '?';
      const mark = lang === 'fr' ? `(${power}=${owner})` : `(${power}=${owner})`;
      text = m.decision === null || m.text === '0' ? `${mark} 0` : mark;
    } else {
      text = String((lang === 'fr' ? m.fr : m.text) ?? m.text ?? '?');
    }
    out.push({ ply: i, number, text, group });
  }
  return out;
}

// A move's text in the language of the page (Awechec's chess moves have a French form).
export function moveText(m: any, lang: Lang): string {
  if (!m) return '';
  if (m.kind === 'chess' && lang === 'fr' && m.fr) return String(m.fr);
  if (m.kind === 'decision') return m.text === '0' ? (lang === 'fr' ? 'coup nul' : 'null move') : lang === 'fr' ? 'coup normal' : 'normal move';
  return String(m.text ?? '');
}

// An example of a move to type, for the input's help.
export function example(game: string, lang: Lang): string {
  if (game === 'awele') return 'E, b, E(3)';
  if (game === 'awithlaknannai') return 'b4-m5, m6xm4xb3';
  return lang === 'fr' ? 'A, Cf3, e4, 0, normal' : 'A, Nf3, e4, 0, normal';
}
