// Every text of the pages, in French and English. The language comes from localStorage, else the
// browser's; the FR/EN toggle changes it and tells whoever listens.
import type { Lang } from './boards/board';

export type { Lang };

const en = {
  site: 'awe',
  tagline: 'Awélé, Awithlaknannai and Awechec',
  navPlay: 'Play',
  navImport: 'Import',
  navAnalysis: 'Analysis',
  navRules: 'Rules',
  langSwitch: 'Language',
  skip: 'Skip to the content',

  // Games and their settings.
  awele: 'Awélé',
  awithlaknannai: 'Awithlaknannai',
  awechec: 'Awechec',
  south: 'South',
  north: 'North',
  white: 'White',
  black: 'Black',
  gameBlurb: {
    awele: 'The sowing game of West Africa (oware): capture the most seeds.',
    awithlaknannai: '“Fighting serpents”, the Zuni game: jump and take the other side’s pieces.',
    awechec: 'Chess where each move needs a power, won by capturing seeds at Awélé.',
  } as Record<string, string>,
  ruleSets: {
    awechec: 'Awechec (the appendix of the Awechec rules)',
    abapa: 'Abapa (competitions, ends above 24)',
    awari: 'Awari (Romein and Bal’s solved game)',
    wikipedia: 'Wikipedia (French; bent jumps)',
    globejoueur: 'Globejoueur (take the most)',
    bell: 'Bell (straight jumps)',
    ludii: 'Ludii (one jump a turn)',
  } as Record<string, string>,
  boards: {
    mosona: 'Mosona (3 rows, 25 points)',
    kolowis: 'Kolowis (3 rows, 49 points)',
    'kolowis-ludii': 'Kolowis as in Ludii (48 points)',
  } as Record<string, string>,
  variants: {
    standard: 'Standard (powers saved up)',
    forced: 'Forced (the owner has no choice)',
    synchronous: 'Synchronous (powers used at once)',
  } as Record<string, string>,

  // Home.
  newGame: 'New game',
  game: 'Game',
  ruleSet: 'Rule set',
  board: 'Board',
  variant: 'Variant',
  handicapWhite: 'White’s handicap',
  handicapBlack: 'Black’s handicap',
  handicapNone: 'none',
  handicapHelp: '3/2: two powers for every three seeds captured.',
  against: 'Against',
  vsComputer: 'the computer',
  vsFriend: 'a friend (a link to send)',
  vsOpen: 'anyone (an open challenge)',
  level: 'Level',
  levelHelp: '1 looks one move ahead, 10 as far as its time allows.',
  yourSide: 'Your side',
  random: 'Random',
  clock: 'Clock',
  noClock: 'No clock',
  withClock: 'Minutes and increment',
  minutes: 'Minutes',
  increment: 'Increment (seconds)',
  yourName: 'Your name (optional)',
  start: 'Start the game',
  starting: 'Starting…',
  playing: 'Games being played',
  open: 'Open challenges',
  finished: 'Finished games',
  none: 'None at the moment.',
  showAll: (n: number) => `Show all ${n}`,
  showFewer: 'Show fewer',
  watch: 'Watch',
  resume: 'Resume',
  accept: 'Accept',
  replay: 'Replay',
  yourChallenge: 'yours',
  listsFailed: 'The lists could not be read; trying again.',
  rulesLink: 'How to play',

  // People.
  anonymous: 'Anonymous',
  you: 'you',
  computerLevel: (n: number) => `Computer, level ${n}`,
  emptySeat: 'waiting…',
  vs: 'vs',
  noClockShort: 'no clock',
  clockShort: (m: number, s: number) => `${m} min + ${s} s`,

  // Game page.
  gameTitle: (game: string) => `${game} game`,
  waitingFriend: 'Waiting for your friend: send them this link.',
  waitingOpen: 'Waiting for someone to accept your challenge from the home page.',
  waitingOther: 'Waiting for a second player.',
  copy: 'Copy',
  copied: 'Copied',
  inviteLabel: 'Invitation link',
  yourTurn: 'Your turn',
  toPlay: (side: string) => `${side} to play`,
  thinking: 'The computer is thinking…',
  over: 'Game over',
  unfinished: 'An imported game, not finished.',
  imported: 'Imported game',
  wins: (side: string) => `${side} wins`,
  draw: 'Draw',
  score: (a: number, b: number) => `score ${a}–${b}`,
  terminations: {
    'no legal move': 'no move left',
    repetition: 'a position came back',
    agreement: 'by agreement',
    'score limit': 'more than half the seeds captured',
    'ply limit': 'too many moves without a capture',
    resignation: 'by resignation',
    'time forfeit': 'on time',
  } as Record<string, string>,
  resigned: (side: string) => `${side} resigned`,
  timeOut: (side: string) => `${side}’s time ran out`,
  aweleGame: (n: number) => `Awélé game ${n}`,
  decides: (owner: string, power: number, mover: string) =>
    `Power ${power}: ${owner} decides whether ${mover} plays or passes`,
  chessMove: (mover: string) => `${mover} plays at chess`,
  check: 'check',
  resign: 'Resign',
  resignConfirm: 'Yes, resign',
  cancel: 'Cancel',
  resignQuestion: 'Resign this game?',
  offerDraw: 'Offer a draw',
  acceptDraw: 'Accept the draw',
  decline: 'Decline',
  withdraw: 'Withdraw',
  drawOffered: (side: string) => `${side} offers a draw.`,
  youOfferedDraw: 'You offered a draw.',
  askTakeback: 'Take back a move',
  acceptTakeback: 'Accept the takeback',
  takebackAsked: (side: string) => `${side} asks to take back a move.`,
  youAskedTakeback: 'You asked to take back a move.',
  rematch: 'Rematch',
  rematchAsked: (side: string) => `${side} wants a rematch.`,
  youAskedRematch: 'You asked for a rematch: waiting for the answer.',
  goRematch: 'Go to the rematch',
  flip: 'Flip the board',
  typeMove: 'Type a move',
  typeMoveHelp: (example: string) => `In the game’s notation, e.g. ${example}`,
  send: 'Play',
  moves: 'Moves',
  noMoves: 'No move yet.',
  first: 'First position',
  previous: 'Previous move',
  next: 'Next move',
  last: 'Last position',
  backLive: 'Back to the game',
  startPosition: 'Start position',
  atMove: (k: number, n: number) => `After move ${k} of ${n}`,
  atMoveShort: (k: number, n: number) => `${k} / ${n}`,
  replayHelp: 'Arrow keys: ← → step, Home / End.',
  download: 'Download the record',
  downloadFr: 'in French',
  downloadEn: 'in English',
  analyse: 'Analyse this position',
  analysing: 'Analysing…',
  review: 'Review this game',
  reviewing: 'Reviewing… (this takes a moment)',
  evaluation: 'Evaluation',
  forSideToMove: (side: string) => `for ${side}, who is to move`,
  bestMove: 'Best move',
  bestLine: 'Best line',
  depth: (d: number) => `depth ${d}`,
  reviewDone: (n: number) => (n === 0 ? 'No mistake found.' : `${n} move${n > 1 ? 's' : ''} marked in the list.`),
  reviewBest: (played: string, best: string) => `${played}: better was ${best}`,
  reviewScores: (got: string, best: string) => `(${got} instead of ${best})`,
  marks: { '?!': 'inaccuracy', '?': 'mistake', '??': 'blunder' } as Record<string, string>,
  reconnecting: 'Connection lost: reconnecting…',
  played: (side: string, move: string) => `${side} played ${move}.`,
  clockOf: (side: string) => `${side}’s clock`,
  players: 'Players',
  joinFailed: (why: string) => `Could not take the seat: ${why}`,
  gameNotFound: 'There is no such game here.',
  turnOf: (side: string) => `${side}’s turn`,
  boardLabel: 'Board',
  error: 'Error',

  // Import.
  importTitle: 'Import a game',
  importHelp: 'Paste a record (as awe writes them, or by hand): its moves are checked one by one.',
  importLabel: 'Record',
  importButton: 'Import',
  importing: 'Importing…',

  // Analysis page.
  analysisTitle: 'Analyse a position',
  analysisHelp: 'Choose the game and its settings, type a position text, and the computer searches it.',
  positionLabel: 'Position text',
  positionExamples: 'Start position',
  analyseButton: 'Analyse',
  gameOverHere: 'The game is over in this position.',

  // Rules.
  rulesTitle: 'Rules',
  rulesIntro: 'Three games are played here. Each page gives the rules as players tell them, and each rule set the site offers.',
  readRules: 'Read the rules',
  playThis: 'Play this game',

  // 404.
  notFound: 'Page not found',
  notFoundText: 'There is no such page here.',
  home: 'Back to the home page',
};

export type Dict = typeof en;

const fr: Dict = {
  site: 'awe',
  tagline: 'Awélé, Awithlaknannai et Awechec',
  navPlay: 'Jouer',
  navImport: 'Importer',
  navAnalysis: 'Analyse',
  navRules: 'Règles',
  langSwitch: 'Langue',
  skip: 'Aller au contenu',

  awele: 'Awélé',
  awithlaknannai: 'Awithlaknannai',
  awechec: 'Awechec',
  south: 'Sud',
  north: 'Nord',
  white: 'Blancs',
  black: 'Noirs',
  gameBlurb: {
    awele: 'Le jeu de semailles d’Afrique de l’Ouest : prendre le plus de graines.',
    awithlaknannai: '« Les serpents qui se battent », jeu zuñi : sauter et prendre les pions adverses.',
    awechec: 'Des échecs où chaque coup demande un pouvoir, gagné en prenant des graines à l’awélé.',
  },
  ruleSets: {
    awechec: 'Awechec (l’annexe des règles de l’Awechec)',
    abapa: 'Abapa (compétitions, fin au-delà de 24)',
    awari: 'Awari (le jeu résolu de Romein et Bal)',
    wikipedia: 'Wikipédia (sauts coudés)',
    globejoueur: 'Globejoueur (prendre le plus)',
    bell: 'Bell (sauts en ligne droite)',
    ludii: 'Ludii (un saut par tour)',
  },
  boards: {
    mosona: 'Mosona (3 rangées, 25 points)',
    kolowis: 'Kolowis (3 rangées, 49 points)',
    'kolowis-ludii': 'Kolowis selon Ludii (48 points)',
  },
  variants: {
    standard: 'Standard (pouvoirs mis de côté)',
    forced: 'Forcée (le propriétaire n’a pas le choix)',
    synchronous: 'Synchrone (pouvoirs joués aussitôt)',
  },

  newGame: 'Nouvelle partie',
  game: 'Jeu',
  ruleSet: 'Règles',
  board: 'Plateau',
  variant: 'Variante',
  handicapWhite: 'Handicap des Blancs',
  handicapBlack: 'Handicap des Noirs',
  handicapNone: 'aucun',
  handicapHelp: '3/2 : deux pouvoirs pour trois graines prises.',
  against: 'Contre',
  vsComputer: 'l’ordinateur',
  vsFriend: 'un ami (un lien à envoyer)',
  vsOpen: 'n’importe qui (un défi ouvert)',
  level: 'Niveau',
  levelHelp: '1 voit un coup à l’avance, 10 aussi loin que son temps le permet.',
  yourSide: 'Votre camp',
  random: 'Au hasard',
  clock: 'Pendule',
  noClock: 'Sans pendule',
  withClock: 'Minutes et incrément',
  minutes: 'Minutes',
  increment: 'Incrément (secondes)',
  yourName: 'Votre nom (facultatif)',
  start: 'Commencer la partie',
  starting: 'Création…',
  playing: 'Parties en cours',
  open: 'Défis ouverts',
  finished: 'Parties terminées',
  none: 'Aucune pour l’instant.',
  showAll: (n: number) => `Les voir toutes (${n})`,
  showFewer: 'En voir moins',
  watch: 'Regarder',
  resume: 'Reprendre',
  accept: 'Accepter',
  replay: 'Revoir',
  yourChallenge: 'le vôtre',
  listsFailed: 'Les listes n’ont pas pu être lues ; nouvel essai.',
  rulesLink: 'Comment jouer',

  anonymous: 'Anonyme',
  you: 'vous',
  computerLevel: (n: number) => `Ordinateur, niveau ${n}`,
  emptySeat: 'en attente…',
  vs: 'contre',
  noClockShort: 'sans pendule',
  clockShort: (m: number, s: number) => `${m} min + ${s} s`,

  gameTitle: (game: string) => `Partie d’${game}`,
  waitingFriend: 'En attente de votre ami : envoyez-lui ce lien.',
  waitingOpen: 'En attente de quelqu’un qui accepte votre défi depuis la page d’accueil.',
  waitingOther: 'En attente d’un second joueur.',
  copy: 'Copier',
  copied: 'Copié',
  inviteLabel: 'Lien d’invitation',
  yourTurn: 'À vous de jouer',
  toPlay: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Aux ${side} de jouer` : `À ${side} de jouer`),
  thinking: 'L’ordinateur réfléchit…',
  over: 'Partie terminée',
  unfinished: 'Une partie importée, non terminée.',
  imported: 'Partie importée',
  wins: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Les ${side} gagnent` : `${side} gagne`),
  draw: 'Partie nulle',
  score: (a: number, b: number) => `score ${a}–${b}`,
  terminations: {
    'no legal move': 'plus aucun coup possible',
    repetition: 'une position est revenue',
    agreement: 'd’un commun accord',
    'score limit': 'plus de la moitié des graines prises',
    'ply limit': 'trop de coups sans prise',
    resignation: 'par abandon',
    'time forfeit': 'au temps',
  },
  resigned: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Les ${side} abandonnent` : `${side} abandonne`),
  timeOut: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Le temps des ${side} est écoulé` : `Le temps de ${side} est écoulé`),
  aweleGame: (n: number) => `Partie d’awélé n° ${n}`,
  decides: (owner: string, power: number, mover: string) =>
    `Pouvoir ${power} : ${owner === 'Blancs' || owner === 'Noirs' ? `les ${owner}` : owner} décident si ${mover === 'Blancs' || mover === 'Noirs' ? `les ${mover}` : mover} jouent ou passent`,
  chessMove: (mover: string) => (mover === 'Blancs' || mover === 'Noirs' ? `Les ${mover} jouent aux échecs` : `${mover} joue aux échecs`),
  check: 'échec',
  resign: 'Abandonner',
  resignConfirm: 'Oui, abandonner',
  cancel: 'Annuler',
  resignQuestion: 'Abandonner cette partie ?',
  offerDraw: 'Proposer la nulle',
  acceptDraw: 'Accepter la nulle',
  decline: 'Refuser',
  withdraw: 'Retirer',
  drawOffered: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Les ${side} proposent la nulle.` : `${side} propose la nulle.`),
  youOfferedDraw: 'Vous avez proposé la nulle.',
  askTakeback: 'Reprendre un coup',
  acceptTakeback: 'Accepter la reprise',
  takebackAsked: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Les ${side} demandent à reprendre un coup.` : `${side} demande à reprendre un coup.`),
  youAskedTakeback: 'Vous avez demandé à reprendre un coup.',
  rematch: 'Revanche',
  rematchAsked: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Les ${side} veulent une revanche.` : `${side} veut une revanche.`),
  youAskedRematch: 'Vous avez demandé une revanche : en attente de la réponse.',
  goRematch: 'Aller à la revanche',
  flip: 'Retourner le plateau',
  typeMove: 'Saisir un coup',
  typeMoveHelp: (example: string) => `Dans la notation du jeu, par exemple ${example}`,
  send: 'Jouer',
  moves: 'Coups',
  noMoves: 'Aucun coup pour l’instant.',
  first: 'Position de départ',
  previous: 'Coup précédent',
  next: 'Coup suivant',
  last: 'Dernière position',
  backLive: 'Revenir à la partie',
  startPosition: 'Position de départ',
  atMove: (k: number, n: number) => `Après le coup ${k} sur ${n}`,
  atMoveShort: (k: number, n: number) => `${k} / ${n}`,
  replayHelp: 'Flèches ← → pour avancer ou reculer, Début / Fin.',
  download: 'Télécharger la partie',
  downloadFr: 'en français',
  downloadEn: 'en anglais',
  analyse: 'Analyser cette position',
  analysing: 'Analyse en cours…',
  review: 'Analyser toute la partie',
  reviewing: 'Analyse de la partie… (un instant)',
  evaluation: 'Évaluation',
  forSideToMove: (side: string) => `pour ${side === 'Blancs' || side === 'Noirs' ? `les ${side}` : side}, qui ont le trait`,
  bestMove: 'Meilleur coup',
  bestLine: 'Meilleure suite',
  depth: (d: number) => `profondeur ${d}`,
  reviewDone: (n: number) => (n === 0 ? 'Aucune erreur trouvée.' : `${n} coup${n > 1 ? 's' : ''} marqué${n > 1 ? 's' : ''} dans la liste.`),
  reviewBest: (played: string, best: string) => `${played} : mieux valait ${best}`,
  reviewScores: (got: string, best: string) => `(${got} au lieu de ${best})`,
  marks: { '?!': 'imprécision', '?': 'erreur', '??': 'grosse erreur' },
  reconnecting: 'Connexion perdue : reconnexion…',
  played: (side: string, move: string) => (side === 'Blancs' || side === 'Noirs' ? `Les ${side} ont joué ${move}.` : `${side} a joué ${move}.`),
  clockOf: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Pendule des ${side}` : `Pendule de ${side}`),
  players: 'Joueurs',
  joinFailed: (why: string) => `Impossible de prendre la place : ${why}`,
  gameNotFound: 'Il n’y a pas de telle partie ici.',
  turnOf: (side: string) => (side === 'Blancs' || side === 'Noirs' ? `Trait aux ${side}` : `Trait à ${side}`),
  boardLabel: 'Plateau',
  error: 'Erreur',

  importTitle: 'Importer une partie',
  importHelp: 'Collez une partie (telle qu’awe les écrit, ou à la main) : chaque coup est vérifié.',
  importLabel: 'Partie',
  importButton: 'Importer',
  importing: 'Import en cours…',

  analysisTitle: 'Analyser une position',
  analysisHelp: 'Choisissez le jeu et ses réglages, saisissez une position, et l’ordinateur la cherche.',
  positionLabel: 'Texte de la position',
  positionExamples: 'Position de départ',
  analyseButton: 'Analyser',
  gameOverHere: 'La partie est finie dans cette position.',

  rulesTitle: 'Règles',
  rulesIntro: 'On joue ici à trois jeux. Chaque page en donne les règles telles que les joueurs les racontent, et chaque jeu de règles que le site propose.',
  readRules: 'Lire les règles',
  playThis: 'Jouer à ce jeu',

  notFound: 'Page introuvable',
  notFoundText: 'Il n’y a pas de telle page ici.',
  home: 'Revenir à l’accueil',
};

const dicts: Record<Lang, Dict> = { en, fr };
const KEY = 'awe.lang';

function initial(): Lang {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'fr' || saved === 'en') return saved;
  } catch {
    // No storage (private mode): the browser's language.
  }
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const l of langs) {
    const code = (l || '').toLowerCase();
    if (code.startsWith('fr')) return 'fr';
    if (code.startsWith('en')) return 'en';
  }
  return 'en';
}

let current: Lang = initial();
const listeners = new Set<() => void>();

export function lang(): Lang {
  return current;
}

export function t(): Dict {
  return dicts[current];
}

export function setLang(l: Lang): void {
  if (l === current) return;
  current = l;
  try {
    localStorage.setItem(KEY, l);
  } catch {
    // Not remembered, still switched.
  }
  document.documentElement.lang = l;
  for (const f of [...listeners]) f();
}

export function onLang(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

document.documentElement.lang = current;
