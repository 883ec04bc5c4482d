// The server's HTTP API (docs/server.md), typed as far as the pages need.

export interface Spec {
  game: 'awele' | 'awithlaknannai' | 'awechec' | string;
  rules?: string;
  board?: string;
  variant?: string;
  handicap?: string | null;
  // An Awithlaknannai board drawn without some of its lines (absent: with them).
  outer_lines?: boolean;
  end_lines?: boolean;
  [k: string]: unknown;
}

// A seat: a person, the computer, a free seat (in the lobby, an imported game's players are free
// seats with names), or one of an imported record's players.
// A person's seat may belong to an account (its name then links to the player's page); in a
// rated game it carries the rating (before the game once it is over, with the change `diff`).
export interface HumanSeat {
  kind: 'human';
  name: string | null;
  account?: boolean;
  rating?: number | null;
  provisional?: boolean | null;
  diff?: number | null;
  // A bot account's seat: a program plays it (docs/research.md).
  bot?: boolean;
}

export type Seat =
  | HumanSeat
  | { kind: 'computer'; level: number }
  | { kind: 'empty'; name?: string | null }
  | { kind: 'record'; name: string | null };

export interface Clock {
  initial_ms: number;
  increment_ms: number;
  // A correspondence clock: days a move.
  days?: number | null;
  remaining_ms: number[];
  running: string | null;
}

export interface Outcome {
  winner: string | null;
  score: number[];
  termination: string;
  result: string;
}

export interface GameState {
  id: string;
  spec: Spec;
  kind: 'computer' | 'friend' | 'open' | 'import' | string;
  rated?: boolean;
  status: 'waiting' | 'playing' | 'over' | 'cancelled' | 'aborted' | string;
  sides: string[];
  seats: Seat[];
  board: any;
  position: any;
  before: any | null;
  last: any | null;
  moves: any[];
  ply: number;
  turn: string | null;
  legal: any[];
  clock: Clock | null;
  // `declined`: the side whose draw offer was declined since the last move.
  offers: { draw: string | null; takeback: string | null; rematch: string | null; declined?: string | null };
  rematch: string | null;
  outcome: Outcome | null;
  // How the game would end if the players agreed to stop it now (while it runs).
  agreement?: { winner: string | null; score: number[] } | null;
  thinking: boolean;
  // A tournament's game: its tournament, and who berserked (South, North).
  tournament?: { id: string; arena: boolean } | null;
  berserk?: boolean[];
  // While a side's first move is awaited: whose, and the time left before the game is aborted.
  first_move?: { side: string; remaining_ms: number } | null;
  // The side whose first move did not come, in an aborted game.
  aborted?: string | null;
  // Added by some servers: when the game stopped without an end on the board.
  [k: string]: unknown;
}

export interface Summary {
  id: string;
  spec: Spec;
  kind: string;
  status: string;
  seats: Seat[];
  clock: { initial_ms: number; increment_ms: number } | null;
  rated?: boolean;
  category?: string | null;
  result: string | null;
  updated_at: number;
}

export interface Lobby {
  playing: Summary[];
  open: Summary[];
  finished: Summary[];
  // Bots whose program listens now: they can be challenged.
  bots?: { name: string }[];
}

// A puzzle as the page gets it: the position to solve (`state`, as a board draws it), whose side
// the player takes, the win within `plies` plies; its rating and themes.
export interface PuzzleView {
  id: string;
  game: string;
  spec: Spec;
  color: string;
  plies: number;
  rating: number;
  attempts: number;
  solved: number;
  state: any;
}

// The answer to a move of a puzzle: right or not, the reply and the state after it, the
// solution once the try is over, and the rating change of a first try by an account.
export interface PuzzleStep {
  correct: boolean;
  done: boolean;
  reply: string | null;
  state: any | null;
  solution: string[] | null;
  rating: { before: number; after: number; diff: number; provisional: boolean } | null;
  tried_before: boolean;
  // Why an account's try was not rated: tried before, not offered by "next", or its solution
  // shown to this connection before.
  unrated?: 'tried' | 'not_offered' | 'shown' | null;
  puzzle_rating: number | null;
  // Once the try is over: the puzzle's themes and the game it comes from (null: self-play).
  themes?: string[];
  source?: string | null;
  // Once the try is over: the whole line from the puzzle's position to the game's end (the
  // solution's `solution` moves first), the board after each move, and how the game ends.
  finale?: PuzzleFinale | null;
}

export interface PuzzleFinale {
  moves: string[];
  states: any[];
  end: { winner: string | null; termination: string; score: number[]; theme: string | null } | null;
  solution: number;
}

// A personal API token as listed (the token itself is shown once, when made).
export interface ApiToken {
  id: string;
  description: string;
  scopes: string[];
  created_at: number;
  used_at: number | null;
  revoked_at: number | null;
  token?: string;
}

export interface History {
  positions: any[];
  moves: any[];
  // The clocks after each move ([south/white ms, north/black ms]), null without a clock.
  clocks?: (number[] | null)[];
}

// The opening explorer: the moves played from a position in the site's finished games.
export interface ExplorerMove {
  move: string;
  next: string | null; // the position it leads to
  games: number;
  south: number;
  north: number;
  draws: number;
}

export interface Explorer {
  category: string;
  position: string;
  moves: ExplorerMove[];
  book: { move: string; score: string } | null;
}

export interface Analysis {
  depth: number;
  score: string;
  best: string | null;
  line: string[];
  over: string | null;
}

export interface ReviewMove {
  ply: number;
  played: string;
  best: string;
  score: string;
  best_score: string;
  mark: string;
}

export interface NewGame {
  spec: Spec;
  opponent: { kind: 'computer'; level: number } | { kind: 'friend' } | { kind: 'open' } | { kind: 'bot'; name: string };
  side: string;
  clock: { minutes: number; increment: number } | { days: number } | null;
  name?: string;
  rated?: boolean;
}

export interface User {
  name: string;
  // An admin's pages offer the reports.
  admin?: boolean;
}

// Why a chat line is reported (the server's list).
export const REPORT_REASONS = ['insult', 'spam', 'cheat', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

// A report as an admin reads it: the line in its context, and what was done about it.
export interface AdminReport {
  id: string;
  reporter: string;
  reported: string;
  channel: string | null;
  text: string | null;
  reason: string;
  at: number;
  line: string | null;
  context: ChatLine[];
  action: 'silence' | 'close' | 'dismiss' | null;
  handled_at: number | null;
}

// A player's rating in one category (`awele:abapa`, `awithlaknannai:mosona:wikipedia`,
// `awechec:standard`).
export interface Rating {
  name: string;
  bot?: boolean;
  category: string;
  rating: number;
  deviation: number;
  provisional: boolean;
  games: number;
  wins: number;
  draws: number;
  losses: number;
}

export interface PlayerGame {
  id: string;
  spec: Spec;
  status: string;
  result: string | null;
  rated: boolean;
  category: string | null;
  side: 0 | 1 | null;
  opponent: { kind: 'human' | 'empty'; name: string | null; bot?: boolean } | { kind: 'computer'; level: number } | null;
  rating: number | null;
  diff: number | null;
  updated_at: number;
}

export interface Player {
  name: string;
  bot?: boolean;
  created_at: number;
  ratings: Rating[];
  games: PlayerGame[];
}

export interface Board {
  category: string;
  players: Rating[];
}

// A refusal of the server: its CODE (docs/server.md; `network` when the server cannot be reached)
// says it in the reader's language (errors.ts), the message is the server's, in English.
export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public code: string,
  ) {
    super(message);
  }
}

// The token against forgery: the server's `awe_csrf` cookie, sent back with every request that
// changes something (another site can make the browser send the cookies, not read them).
export function csrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === 'awe_csrf') return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = csrfToken();
    if (token) headers['x-csrf-token'] = token;
  }
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('the server cannot be reached', 0, 'network');
  }
  let data: any = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && typeof data.error === 'string' ? data.error : `${response.status} ${response.statusText}`;
    const code = data && typeof data.code === 'string' ? data.code : response.status === 404 ? 'not_found' : response.status >= 500 ? 'retry' : 'bad_request';
    throw new ApiError(message, response.status, code);
  }
  return data as T;
}

const g = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  create: (n: NewGame) => call<{ id: string; invite: string | null; you: string }>('POST', '/api/games', n),
  state: (id: string) => call<{ game: GameState; you: string | null }>('GET', g(id)),
  join: (id: string, invite?: string) => call<{ you: string }>('POST', `${g(id)}/join`, invite ? { invite } : {}),
  act: (id: string, action: unknown) => call<{}>('POST', `${g(id)}/act`, action),
  history: (id: string) => call<History>('GET', `${g(id)}/history`),
  recordUrl: (id: string, language: 'fr' | 'en') => `${g(id)}/record?language=${language}`,
  review: (id: string) => call<{ moves: ReviewMove[] }>('POST', `${g(id)}/review`),
  analyseGame: (id: string, ply: number) => call<Analysis>('POST', '/api/analysis', { id, ply }),
  analysePosition: (spec: Spec, position: string) => call<Analysis>('POST', '/api/analysis', { spec, position }),
  explorer: (spec: Spec, position: string) =>
    call<Explorer>('GET', `/api/explorer?spec=${encodeURIComponent(JSON.stringify(spec))}&position=${encodeURIComponent(position)}`),
  importRecord: (text: string) => call<{ id: string }>('POST', '/api/import', { text }),
  lobby: () => call<Lobby>('GET', '/api/lobby'),
  account: () => call<{ user: User | null }>('GET', '/api/account'),
  signUp: (name: string, password: string) => call<{ user: User }>('POST', '/api/account/signup', { name, password }),
  signIn: (name: string, password: string) => call<{ user: User }>('POST', '/api/account/signin', { name, password }),
  signOut: () => call<{ user: null }>('POST', '/api/account/signout'),
  player: (name: string) => call<Player>('GET', `/api/players/${encodeURIComponent(name)}`),
  turns: () => call<Turns>('GET', '/api/turns'),
  pools: () => call<{ pools: Record<string, number> }>('GET', '/api/seeks'),
  seek: (s: { spec: Spec; clock: { minutes: number; increment: number } | { days: number }; rated: boolean }) => call<{ id: string; pool: string }>('POST', '/api/seeks', s),
  seekStatus: (id: string) => call<{ status: 'waiting' | 'paired'; game: string | null; window: number }>('GET', `/api/seeks/${encodeURIComponent(id)}`),
  cancelSeek: (id: string) => call<{ cancelled: boolean }>('POST', `/api/seeks/${encodeURIComponent(id)}/cancel`),
  tournaments: () => call<{ created: TournamentSummary[]; started: TournamentSummary[]; finished: TournamentSummary[] }>('GET', '/api/tournaments'),
  tournament: (id: string) => call<Tournament>('GET', `/api/tournaments/${encodeURIComponent(id)}`),
  createTournament: (t: NewTournament) => call<{ id: string }>('POST', '/api/tournaments', t),
  joinTournament: (id: string) => call<{ joined: boolean }>('POST', `/api/tournaments/${encodeURIComponent(id)}/join`),
  withdrawTournament: (id: string) => call<{ withdrawn: boolean }>('POST', `/api/tournaments/${encodeURIComponent(id)}/withdraw`),
  // `path`: a game's (`/api/games/ID`) or a tournament's (`/api/tournaments/ID`).
  chat: (path: string) => call<ChatHistory>('GET', `${path}/chat`),
  say: (path: string, text: string) => call<{ line: ChatLine }>('POST', `${path}/chat`, { text }),
  mutes: () => call<{ names: string[] }>('GET', '/api/chat/mutes'),
  mute: (name: string, mute: boolean) => call<{ names: string[] }>('POST', '/api/chat/mute', { name, mute }),
  report: (line: string, reason: ReportReason) => call<{ reported: boolean }>('POST', '/api/chat/report', { line, reason }),
  adminReports: () => call<{ reports: AdminReport[] }>('GET', '/api/admin/reports'),
  moderate: (id: string, action: 'silence' | 'close' | 'dismiss') => call<{ action: string }>('POST', `/api/admin/reports/${encodeURIComponent(id)}`, { action }),
  nextPuzzle: (game: string) => call<{ puzzle: PuzzleView | null; you: { rating: number; provisional: boolean } | null }>('GET', `/api/puzzles/next?game=${encodeURIComponent(game)}`),
  puzzle: (id: string) => call<{ puzzle: PuzzleView }>('GET', `/api/puzzles/${encodeURIComponent(id)}`),
  puzzleMove: (id: string, step: number, move: string) => call<PuzzleStep>('POST', `/api/puzzles/${encodeURIComponent(id)}/move`, { step, move }),
  tokens: () => call<{ tokens: ApiToken[]; scopes: string[]; bot: boolean }>('GET', '/api/account/tokens'),
  createToken: (description: string, scopes: string[]) => call<ApiToken>('POST', '/api/account/tokens', { description, scopes }),
  revokeToken: (id: string) => call<{ revoked: string }>('POST', `/api/account/tokens/${encodeURIComponent(id)}/revoke`),
  lessons: () => call<Lessons>('GET', '/api/learn'),
  lesson: (game: string, stage: string) => call<Lesson>('GET', `/api/learn/${encodeURIComponent(game)}/${encodeURIComponent(stage)}`),
  lessonMove: (game: string, stage: string, line: string[], move: string, mistakes: number) =>
    call<LessonVerdict>('POST', `/api/learn/${encodeURIComponent(game)}/${encodeURIComponent(stage)}/move`, { line, move, mistakes }),
  practices: () => call<Practices>('GET', '/api/practice'),
  practice: (game: string, name: string) => call<PracticeView>('GET', `/api/practice/${encodeURIComponent(game)}/${encodeURIComponent(name)}`),
  practiceMove: (game: string, name: string, line: string[], move: string) =>
    call<PracticeVerdict>('POST', `/api/practice/${encodeURIComponent(game)}/${encodeURIComponent(name)}/move`, { line, move }),
  practiceHint: (game: string, name: string, line: string[]) =>
    call<{ best: string | null; moves: { move: string; result: string | null }[] }>('POST', `/api/practice/${encodeURIComponent(game)}/${encodeURIComponent(name)}/hint`, { line }),
  openings: (game: string) => call<Openings>('GET', `/api/openings/${encodeURIComponent(game)}`),
  studies: () => call<{ studies: StudySummary[]; public: { id: string; title: string; owner: string }[] }>('GET', '/api/studies'),
  createStudy: (title: string, visibility: string, from: StudySource) => call<{ id: string }>('POST', '/api/studies', { title, visibility, from }),
  // The title and visibility; the chapters are saved one at a time (`saveChapter`).
  saveStudy: (id: string, title: string, visibility: string) => call<{ id: string }>('POST', `/api/studies/${encodeURIComponent(id)}`, { title, visibility }),
  saveChapter: (id: string, n: number, chapter: StudyWireChapter) => call<{ id: string; chapter: number }>('POST', `/api/studies/${encodeURIComponent(id)}/chapters/${n}`, { chapter }),
  addChapter: (id: string, title: string, from: StudySource) => call<{ id: string; chapter: number }>('POST', `/api/studies/${encodeURIComponent(id)}/chapters`, { title, from }),
  study: (name: string) => call<StudyView>('GET', `/api/studies/${encodeURIComponent(name)}`),
  studyRecordUrl: (name: string, chapter: number, language: 'fr' | 'en') => `/api/studies/${encodeURIComponent(name)}/record?chapter=${chapter}&language=${language}`,
  lessonProgress: () => call<LessonProgress>('GET', '/api/learn/progress'),
  keepLessons: (stages: Record<string, number>) => call<LessonProgress>('POST', '/api/learn/progress', { stages }),
  leaderboards: () => call<{ categories: string[]; boards: Board[] }>('GET', '/api/leaderboard'),
  leaderboard: (category: string) => call<Board>('GET', `/api/leaderboard?category=${encodeURIComponent(category)}`),
};

// A game in the account's "your turn" list.
export interface TurnGame {
  id: string;
  spec: Spec;
  side: number;
  your_turn: boolean;
  opponent: { kind: 'computer'; level: number } | { kind: 'human'; name: string | null; account: boolean; bot?: boolean };
  plies: number;
  deadline_at: number | null;
  correspondence: boolean;
  clock: { initial_ms: number; increment_ms: number; days: number | null } | null;
  rated: boolean;
  updated_at: number;
}

export interface Turns {
  count: number;
  games: TurnGame[];
}

// A line of a game's chat.
export interface ChatLine {
  id: string;
  name: string;
  text: string;
  at: number;
}

export interface ChatHistory {
  channel: 'players' | 'spectators' | 'tournament';
  can_write: boolean;
  // Closed to this reader while they play a game between people (fair play): no lines come.
  closed?: boolean;
  // Until when an admin silenced the reader (ms), if they are silenced.
  silenced_until?: number | null;
  lines: ChatLine[];
}

export interface TournamentSummary {
  id: string;
  kind: 'arena' | 'swiss';
  name: string;
  specs: Spec[];
  clock: { initial_ms: number; increment_ms: number };
  rated: boolean;
  starts_at: number;
  ends_at: number | null;
  minutes: number | null;
  rounds: number | null;
  round: number;
  status: 'created' | 'started' | 'finished';
  finished_at: number | null;
  scheduled: boolean;
  players: number | null;
}

export interface Standing {
  rank: number;
  name: string;
  // The player's rating now, in the game of the round under way.
  rating: number;
  provisional?: boolean;
  score: number;
  games: number;
  streak: number;
  fire: boolean;
  buchholz: number;
  berger: number;
  withdrawn: boolean;
  playing: string | null;
}

export interface Pairing {
  round: number;
  game: string | null;
  white: string | null;
  black: string | null;
  result: string | null;
  counted: boolean;
}

export interface Tournament extends TournamentSummary {
  standings: Standing[];
  pairings: Pairing[];
  you?: { joined: boolean; playing: string | null; rank?: number; score?: number };
}

export interface NewTournament {
  kind: 'arena' | 'swiss';
  name?: string;
  spec?: Spec;
  medley?: boolean;
  clock: { minutes: number; increment: number };
  starts_in: number;
  minutes?: number;
  rounds?: number;
  rated: boolean;
}

// A text in both of the site's languages (the lessons' own texts).
export interface Both {
  en: string;
  fr: string;
}

// The stages of each game (/api/learn).
export interface Lessons {
  order: string[];
  games: Record<string, { id: string; name: string; title: Both }[]>;
}

// A board's input: a position, its legal moves (and, in a lesson, the tries the rules refuse).
export interface BoardState {
  board: any;
  position: any;
  legal: any[];
  last: any | null;
  before: any | null;
}

// A stage (/api/learn/GAME/NAME).
export interface Lesson {
  id: string;
  game: string;
  name: string;
  index: number;
  count: number;
  next: string | null;
  previous: string | null;
  title: Both;
  intro: Both;
  success: Both;
  spec: Spec;
  goal: { moves: number; capture: number | null; win: boolean; chess: boolean; within: number };
  side: string;
  state: BoardState;
  animation: { intro: Both | null; start: BoardState; frames: { move: string; caption: Both; state: BoardState }[] };
}

// What became of a move at a stage.
export type LessonVerdict =
  | { played: false; code: string; rules: string | null; why: Both | null }
  | { played: true; moves: string[]; states: BoardState[]; done: boolean; stars: number | null };

export interface LessonProgress {
  signed_in: boolean;
  stages: Record<string, number>;
}

// The endgames to practise (/api/practice).
export interface Practices {
  order: string[];
  games: Record<string, { id: string; name: string; title: Both; goal: 'win' | 'draw' }[]>;
}

export interface PracticeView {
  id: string;
  game: string;
  name: string;
  index: number;
  count: number;
  next: string | null;
  previous: string | null;
  title: Both;
  intro: Both;
  goal: 'win' | 'draw';
  within: number | null;
  spec: Spec;
  side: string;
  state: BoardState;
}

export type PracticeEnd =
  | { kind: 'reached' | 'missed' | 'too-long' }
  | { kind: 'lost'; at: string; now: 'win' | 'draw' | 'loss'; keeping: string[] };

export type PracticeVerdict =
  | { played: false; code: string; rules: string | null }
  // `left_proof`: where a try that ended short of the goal left a solved game's proof.
  | { played: true; moves: string[]; states: BoardState[]; end: PracticeEnd | null; left_proof?: { at: string; proof: string } | null };

// A game's first moves, named, with the engine's value of each (/api/openings/GAME).
export interface Openings {
  game: string;
  spec: Spec;
  intro: Both;
  position: string;
  state: BoardState;
  depth: number;
  moves: { move: string; name: Both | null; about: Both | null; score: number; value: string }[];
}

// Annotated games (/api/studies).
export interface StudySummary {
  name: string;
  title: Both;
  intro: Both;
  chapters: { title: Both; game: string }[];
}

export type StudyShape = { kind: 'arrow'; from: string; to: string } | { kind: 'mark'; at: string };

export interface StudyNode {
  id: number;
  parent: number | null;
  move: string;
  comment: Both | null;
  shapes: StudyShape[];
  children: number[];
  state: BoardState;
  turn: string;
}

export interface StudyChapter {
  title: Both;
  spec: Spec;
  side: string;
  nodes: StudyNode[];
}

export interface StudyView {
  name: string;
  title: Both;
  intro: Both | null;
  chapters: StudyChapter[];
  owner: string | null;
  editable: boolean;
  visibility: string;
  // An account's study: its chapters as kept (each a line of steps, variations nested).
  source?: StudyWireChapter[];
}

// A move as JSON carries it, with the lines that could replace it (a line is a list: JSON readers
// stop at a depth of 128, and a game is longer).
export interface StudyStep {
  move: string;
  comment?: Both | null;
  shapes?: StudyShape[];
  variations?: StudyStep[][];
}

export interface StudyWireChapter {
  title: Both;
  spec: Spec;
  position?: string | null;
  root: { move: string; comment?: Both | null; shapes?: StudyShape[]; line: StudyStep[] };
}

export interface StudySourceNode {
  move: string;
  comment?: Both | null;
  shapes?: StudyShape[];
  children?: StudySourceNode[];
}

export interface StudySourceChapter {
  title: Both;
  spec: Spec;
  position?: string | null;
  root: StudySourceNode;
}

export type StudySource = { kind: 'position'; spec: Spec; position?: string | null } | { kind: 'game'; id: string } | { kind: 'record'; text: string };
