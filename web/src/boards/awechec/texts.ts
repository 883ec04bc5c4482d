// The Awechec board's words, in French (the rules' language) and English.
import type { Lang } from '../board';

export type Side = 'white' | 'black';

const SIDES = {
  fr: { white: 'les Blancs', black: 'les Noirs' },
  en: { white: 'White', black: 'Black' },
};
const SIDES_CAP = {
  fr: { white: 'Les Blancs', black: 'Les Noirs' },
  en: { white: 'White', black: 'Black' },
};
const SIDE_SHORT = {
  fr: { white: 'Blancs', black: 'Noirs' },
  en: { white: 'White', black: 'Black' },
};

export function side(lang: Lang, s: Side, capital = false): string {
  return (capital ? SIDES_CAP : SIDES)[lang][s];
}

export function sideShort(lang: Lang, s: Side): string {
  return SIDE_SHORT[lang][s];
}

export const T = {
  fr: {
    chess: 'Échecs',
    gameOver: 'Partie terminée',
    awele: (n: number) => (n > 0 ? `Partie d’awélé n°\u00a0${n}` : 'Awélé'),
    aweleTurn: (s: Side) => `${side('fr', s, true)} (${s === 'white' ? 'Sud' : 'Nord'}) jouent à l’awélé.`,
    aweleHint: 'Chaque graine prise devient un pouvoir de sa couleur.',
    decision: (power: number, owner: Side, mover: Side) =>
      `Pouvoir n°\u00a0${power} (${sideShort('fr', owner)})\u00a0: ${side('fr', owner)} décident si ${side('fr', mover)} jouent.`,
    yourDecision: (power: number, owner: Side) =>
      `Pouvoir n°\u00a0${power} (${sideShort('fr', owner)})\u00a0: à vous de décider.`,
    normal: (mover: Side) => `Coup normal\u00a0: ${side('fr', mover)} jouent un coup d’échecs`,
    nullMove: (mover: Side) => `Coup nul (0)\u00a0: ${side('fr', mover)} passent`,
    move: (mover: Side, power: number | null) =>
      power === null
        ? `${side('fr', mover, true)} parent l’échec (sans pouvoir).`
        : `${side('fr', mover, true)} jouent (pouvoir n°\u00a0${power}).`,
    over: (winner: Side | null, reason: string) =>
      winner ? `${side('fr', winner, true)} gagnent\u00a0: ${reason}.` : `Partie nulle\u00a0: ${reason}.`,
    powers: 'Pouvoirs',
    counts: (w: number, b: number, left: number) => `Blancs ${w} · Noirs ${b} · ${left} restant${left > 1 ? 's' : ''}`,
    power: (i: number, owner: Side, used: boolean, marked: boolean) =>
      `Pouvoir n°\u00a0${i}\u00a0: ${sideShort('fr', owner)}${marked ? ' (en cours)' : used ? ' (utilisé)' : ''}`,
    handicap: (s: Side, h: string) => {
      const [seeds, powers] = h.split('/');
      return `Handicap des ${sideShort('fr', s)}\u00a0: ${h} (${powers} pouvoir${powers === '1' ? '' : 's'} pour ${seeds} graines)`;
    },
    promotion: 'Promotion',
    pieces: { q: 'Dame', r: 'Tour', b: 'Fou', n: 'Cavalier' } as Record<string, string>,
    board: 'Échiquier',
    keys: 'Les flèches déplacent le curseur, Entrée ou Espace prend une pièce puis la pose, Échap la lâche.',
    square: (sq: string, piece: string | null, dest: boolean, selected: boolean) =>
      `${sq}\u00a0: ${piece ?? 'vide'}${selected ? ', choisie' : ''}${dest ? ', coup possible' : ''}`,
    piece: (colour: Side, role: string) => {
      const name = ({ king: 'roi', queen: 'dame', rook: 'tour', bishop: 'fou', knight: 'cavalier', pawn: 'pion' } as Record<string, string>)[role] ?? role;
      const feminine = name === 'dame' || name === 'tour';
      return `${name} ${colour === 'white' ? (feminine ? 'blanche' : 'blanc') : feminine ? 'noire' : 'noir'}`;
    },
    noneYet: 'aucun pour l’instant',
    noPowers: 'Chaque graine prise à l’awélé devient un pouvoir de sa couleur.',
    forced: 'Variante forcée\u00a0: un seul choix.',
    legend: 'Dans l’ordre des prises. Pâles\u00a0: déjà utilisés. Cerclé\u00a0: celui qui décide maintenant, ou le prochain.',
  },
  en: {
    chess: 'Chess',
    gameOver: 'Game over',
    awele: (n: number) => (n > 0 ? `Awélé game ${n}` : 'Awélé'),
    aweleTurn: (s: Side) => `${side('en', s, true)} (${s === 'white' ? 'South' : 'North'}) to play at Awélé.`,
    aweleHint: 'Every seed captured becomes a power of its colour.',
    decision: (power: number, owner: Side, mover: Side) =>
      `Power ${power} (${sideShort('en', owner)}’s): ${side('en', owner)} decides whether ${side('en', mover)} moves.`,
    yourDecision: (power: number, owner: Side) => `Power ${power} (${sideShort('en', owner)}’s): your decision.`,
    normal: (mover: Side) => `Normal move: ${side('en', mover)} plays a chess move`,
    nullMove: (mover: Side) => `Null move (0): ${side('en', mover)} passes`,
    move: (mover: Side, power: number | null) =>
      power === null
        ? `${side('en', mover, true)} answers the check (no power used).`
        : `${side('en', mover, true)} to move (power ${power}).`,
    over: (winner: Side | null, reason: string) =>
      winner ? `${side('en', winner, true)} wins: ${reason}.` : `Draw: ${reason}.`,
    powers: 'Powers',
    counts: (w: number, b: number, left: number) => `White ${w} · Black ${b} · left ${left}`,
    power: (i: number, owner: Side, used: boolean, marked: boolean) =>
      `Power ${i}: ${sideShort('en', owner)}${marked ? ' (in use)' : used ? ' (used)' : ''}`,
    handicap: (s: Side, h: string) => {
      const [seeds, powers] = h.split('/');
      return `${sideShort('en', s)}’s handicap: ${h} (${powers} power${powers === '1' ? '' : 's'} for each ${seeds} seeds)`;
    },
    promotion: 'Promotion',
    pieces: { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight' } as Record<string, string>,
    board: 'Chessboard',
    keys: 'Arrow keys move the cursor, Enter or Space takes a piece and puts it down, Escape lets go.',
    square: (sq: string, piece: string | null, dest: boolean, selected: boolean) =>
      `${sq}: ${piece ?? 'empty'}${selected ? ', chosen' : ''}${dest ? ', a possible move' : ''}`,
    piece: (colour: Side, role: string) => `${colour} ${role}`,
    noneYet: 'none yet',
    noPowers: 'Every seed captured at Awélé becomes a power of its colour.',
    forced: 'Forced-powers variant: one choice only.',
    legend: 'In the order they were captured. Faded: already used. Circled: the one deciding now, or the next.',
  },
};
