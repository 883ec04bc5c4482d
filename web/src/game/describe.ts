// Moves and positions in words, for screen readers: "South sows E and captures 3 seeds from c and
// b", "White jumps from b3 to m5, taking m4", "White knight takes e5". The page announces every
// move so; the chess board's label lists the pieces.
import type { Lang } from '../boards/board';

const PITS = 'ABCDEFabcdef';

// Whether a French side's name takes a plural verb (les Blancs, les Noirs; Sud and Nord do not).
function plural(side: string): boolean {
  return side === 'Blancs' || side === 'Noirs';
}

function list(items: string[], lang: Lang): string {
  const and = lang === 'fr' ? 'et' : 'and';
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

function aweleMove(m: any, side: string, lang: Lang): string {
  const pit = PITS[Number(m.pit)] ?? String(m.text ?? '?');
  const takes = Number(m.takes) || 0;
  const from: string[] = Array.isArray(m.from) ? m.from.map((i: number) => PITS[i] ?? '?') : [];
  if (lang === 'fr') {
    const head = plural(side) ? `Les ${side} sèment ${pit}` : `${side} sème ${pit}`;
    if (!takes) return `${head}.`;
    const seeds = takes > 1 ? `${takes} graines` : '1 graine';
    return `${head} et ${plural(side) ? 'prennent' : 'prend'} ${seeds}${from.length ? ` en ${list(from, lang)}` : ''}.`;
  }
  const head = `${side} sows ${pit}`;
  if (!takes) return `${head}.`;
  return `${head} and captures ${takes} seed${takes > 1 ? 's' : ''}${from.length ? ` from ${list(from, lang)}` : ''}.`;
}

function serpentsMove(m: any, side: string, lang: Lang): string {
  const path: string[] = Array.isArray(m.path) ? m.path.map(String) : [];
  const taken: string[] = Array.isArray(m.captured) ? m.captured.map(String) : [];
  const [from, ...to] = path;
  if (!from || !to.length) return `${side}: ${m.text ?? ''}`;
  if (lang === 'fr') {
    const verb = plural(side) ? (taken.length ? 'sautent' : 'vont') : taken.length ? 'saute' : 'va';
    const head = `${plural(side) ? `Les ${side}` : side} ${verb} de ${from} à ${to.join(', puis ')}`;
    return taken.length ? `${head}, et ${plural(side) ? 'prennent' : 'prend'} ${list(taken, lang)}.` : `${head}.`;
  }
  if (!taken.length) return `${side} moves from ${from} to ${to[0]}.`;
  return `${side} jumps from ${from} to ${to.join(', then ')}, taking ${list(taken, lang)}.`;
}

const PIECES: Record<Lang, Record<string, string>> = {
  en: { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' },
  fr: { K: 'roi', Q: 'dame', R: 'tour', B: 'fou', N: 'cavalier', P: 'pion' },
};

function chessMove(m: any, side: string, lang: Lang): string {
  const san: string = String(m.text ?? '');
  const white = side === 'White' || side === 'Blancs';
  const colour = lang === 'fr' ? (white ? 'blanc' : 'noir') : white ? 'White' : 'Black';
  const check = san.endsWith('#') ? (lang === 'fr' ? ', échec et mat' : ', checkmate') : san.endsWith('+') ? (lang === 'fr' ? ', échec' : ', check') : '';
  if (san.startsWith('O-O')) {
    const long = san.startsWith('O-O-O');
    if (lang === 'fr') return `${plural(side) ? `Les ${side} roquent` : `${side} roque`} côté ${long ? 'dame' : 'roi'}${check}.`;
    return `${side} castles ${long ? 'queenside' : 'kingside'}${check}.`;
  }
  const letter = /^[KQRBN]/.test(san) ? san[0]! : 'P';
  const piece = PIECES[lang][letter] ?? '';
  const takes = san.includes('x');
  const to = String(m.to ?? '');
  const promotion = typeof m.promotion === 'string' && m.promotion ? PIECES[lang][m.promotion.toUpperCase()] : null;
  if (lang === 'fr') {
    const feminine = piece === 'dame' || piece === 'tour';
    const adjective = feminine ? (white ? 'blanche' : 'noire') : colour;
    const label = `${piece.charAt(0).toUpperCase()}${piece.slice(1)} ${adjective}`;
    return `${label} ${takes ? 'prend en' : 'en'} ${to}${promotion ? `, promu${feminine ? 'e' : ''} en ${promotion}` : ''}${check}.`;
  }
  return `${colour} ${piece} ${takes ? 'takes' : 'to'} ${to}${promotion ? `, promoted to ${promotion}` : ''}${check}.`;
}

function decision(m: any, side: string, lang: Lang): string {
  const normal = m.decision === 'normal' || m.text === 'normal';
  if (lang === 'fr') {
    const verb = plural(side) ? `Les ${side} choisissent` : `${side} choisit`;
    return `${verb} ${normal ? 'un coup normal' : 'le coup nul'}.`;
  }
  return `${side} chooses ${normal ? 'a normal move' : 'the null move'}.`;
}

// A move in words, `side` the mover's name in the page's language.
export function describeMove(game: string, m: any, side: string, lang: Lang): string {
  if (!m) return '';
  if (game === 'awele' || m.kind === 'awele') return aweleMove(m, side, lang);
  if (game === 'awithlaknannai') return serpentsMove(m, side, lang);
  if (m.kind === 'decision') return decision(m, side, lang);
  if (m.kind === 'chess') return chessMove(m, side, lang);
  return `${side}: ${m.text ?? ''}`;
}

// The pieces of a chess position (a FEN) in words: "White: king e1, queen d1, rooks a1 and h1…".
export function chessWords(fen: string, lang: Lang): string {
  const rows = (fen.split(' ')[0] ?? '').split('/');
  const found: Record<'w' | 'b', Record<string, string[]>> = { w: {}, b: {} };
  rows.forEach((row, r) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const colour = ch === ch.toUpperCase() ? 'w' : 'b';
      const square = `${'abcdefgh'[file] ?? '?'}${8 - r}`;
      (found[colour][ch.toUpperCase()] ??= []).push(square);
      file++;
    }
  });
  const order = ['K', 'Q', 'R', 'B', 'N', 'P'];
  const part = (colour: 'w' | 'b') =>
    order
      .filter((p) => found[colour][p]?.length)
      .map((p) => {
        const squares = found[colour][p]!;
        const name = PIECES[lang][p]!;
        const names = squares.length > 1 ? (lang === 'fr' ? `${name}s` : `${name}s`) : name;
        return `${names} ${list(squares, lang)}`;
      })
      .join(', ');
  const [white, black] = lang === 'fr' ? ['Blancs', 'Noirs'] : ['White', 'Black'];
  const sep = lang === 'fr' ? '\u00a0: ' : ': ';
  return `${white}${sep}${part('w') || '—'}. ${black}${sep}${part('b') || '—'}.`;
}
