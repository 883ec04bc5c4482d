// Puzzles (/puzzles?game=awele, /puzzle/ID): a position of a real game where the side to move
// wins within a few plies by one move only. The player finds the move; the server says whether it
// is the one, plays the reply, and so on to the end of the line. The first try at a puzzle rates
// the player (their puzzle rating, apart from their games') and the puzzle, by Glicko-2.
import { api, type PuzzleFinale, type PuzzleStep, type PuzzleView } from '../api';
import { boardFor } from '../boards/index';
import type { GameBoard } from '../boards/board';
import { fill, h } from '../dom';
import { lang, t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { diffText, gameName, ratingText, sideName, specText } from '../names';
import { navigate, type Page, type Route } from '../router';
import { user } from '../account';

const GAMES = ['awele', 'awithlaknannai', 'awechec'] as const;

export function mountPuzzles(root: HTMLElement, route: Route): Page {
  const wanted = route.params.id ?? null;
  let game = GAMES.find((g) => g === route.query.get('game')) ?? 'awele';
  let puzzle: PuzzleView | null = null;
  let step = 0;
  let last: PuzzleStep | null = null;
  let error: Refusal | null = null;
  let busy = false;
  let gone = false;
  let board: { game: string; board: GameBoard } | null = null;
  // The state the board shows: the puzzle's position, then after each reply.
  let shown: any = null;
  let animate = false;
  // Once the try is over, the finale played on the board: how many of its moves are shown, and
  // the timer of the next.
  let finaleAt = 0;
  let finaleTimer = 0;

  const box = h('section', { class: 'card puzzle-page', 'data-testid': 'puzzle-page', 'aria-labelledby': 'puzzle-title' });
  const boardBox = h('div', { class: 'puzzle-board', 'data-testid': 'puzzle-board' });
  root.appendChild(box);

  function done(): boolean {
    return !!last && (last.done || !last.correct);
  }

  function drawBoard(): void {
    if (!puzzle || !shown) return;
    const factory = boardFor(puzzle.game);
    if (!factory) return;
    if (!board || board.game !== puzzle.game) {
      board?.board.destroy();
      board = { game: puzzle.game, board: factory() };
    }
    fill(boardBox, board.board.element);
    const me = puzzle.color;
    const f = last?.finale;
    const atEnd = !!f && finaleAt >= f.moves.length;
    board.board.update(shown, { lang: lang(), bottom: me, interactive: !done() && !busy, outcome: atEnd ? endText(f!) : null, onMove: (text) => void play(text) }, animate);
    animate = false;
  }

  // How the game ends at the end of the finale: "Black wins: White has no move left."
  function endText(f: PuzzleFinale): string | null {
    const d = t();
    const e = f.end;
    if (!e || !puzzle) return null;
    const head = e.winner ? d.wins(sideName(e.winner)) : d.draw;
    const other: Record<string, string> = { south: 'north', north: 'south', white: 'black', black: 'white' };
    const loser = e.winner ? (other[e.winner] ?? null) : null;
    const how =
      e.theme === 'last-piece' && loser
        ? d.noPieceLeft(sideName(loser))
        : e.theme === 'no-move-left' && loser
          ? d.puzzleNoMove(sideName(loser))
          : (d.terminations[e.termination] ?? e.termination);
    return d.puzzleEnd(head, how);
  }

  // Plays the finale on the board from move `from`, one move a second.
  function playFinale(from: number): void {
    const f = last?.finale;
    window.clearTimeout(finaleTimer);
    if (!f || !puzzle) return;
    finaleAt = from;
    shown = from === 0 ? puzzle.state : f.states[from - 1];
    draw();
    const next = () => {
      if (gone || !last?.finale || finaleAt >= f.moves.length) return;
      shown = f.states[finaleAt];
      finaleAt += 1;
      animate = true;
      draw();
      if (finaleAt < f.moves.length) finaleTimer = window.setTimeout(next, 1000);
    };
    finaleTimer = window.setTimeout(next, from === 0 ? 600 : 400);
  }

  // The finale's moves, the solution's and then the rest, the one shown marked.
  function lineView(f: PuzzleFinale): HTMLElement {
    const d = t();
    return h(
      'div',
      { class: 'puzzle-line', 'data-testid': 'puzzle-line' },
      h('p', { class: 'field-label' }, d.puzzleLine),
      h(
        'ol',
        { class: 'move-chips' },
        f.moves.map((m, i) =>
          h('li', { class: [i < f.solution ? 'solution' : 'rest', i === finaleAt - 1 ? 'current' : ''].join(' ').trim(), 'aria-current': i === finaleAt - 1 ? 'step' : undefined }, i === f.solution && i > 0 ? `${d.puzzleThen} ${m}` : m),
        ),
      ),
      finaleAt >= f.moves.length ? h('p', { class: 'status-detail', 'data-testid': 'puzzle-end' }, endText(f) ?? '') : null,
      h('button', { type: 'button', 'data-testid': 'puzzle-replay', onclick: () => playFinale(0) }, d.puzzleReplay),
    );
  }

  function draw(): void {
    const d = t();
    const choices = h(
      'div',
      { class: 'radios games', role: 'group', 'aria-label': d.game },
      GAMES.map((g) =>
        h(
          'a',
          { href: `/puzzles?game=${g}`, class: `button${g === game ? ' primary' : ''}`, 'aria-current': g === game ? 'page' : undefined, 'data-testid': `puzzle-game-${g}` },
          gameName(g),
        ),
      ),
    );
    const me = user();
    const status: (HTMLElement | null)[] = [];
    if (puzzle) {
      const p = puzzle;
      if (!last) {
        // Awechec's turns do not alternate (a power's owner decides for the mover): its win is
        // counted in actions of either side.
        const prompt = p.game === 'awechec' ? d.puzzlePromptPlies(sideName(p.color), p.plies) : d.puzzlePrompt(sideName(p.color), p.plies);
        status.push(h('p', { class: 'status-main yours', 'data-testid': 'puzzle-prompt' }, prompt));
        status.push(h('p', { class: 'help' }, d.puzzleHelp));
      } else if (!last.correct) {
        status.push(h('p', { class: 'status-main over', 'data-testid': 'puzzle-result' }, d.puzzleFailed));
        status.push(h('p', { class: 'status-detail', 'data-testid': 'puzzle-solution' }, d.puzzleSolution((last.solution ?? []).join(' '))));
        if (last.finale) status.push(lineView(last.finale));
      } else if (last.done) {
        status.push(h('p', { class: 'status-main won', 'data-testid': 'puzzle-result' }, d.puzzleSolved));
        if (last.finale) status.push(lineView(last.finale));
      } else {
        status.push(h('p', { class: 'status-main yours', 'data-testid': 'puzzle-prompt' }, d.puzzleGoOn(last.reply ?? '')));
      }
      if (last?.rating) {
        const r = last.rating;
        status.push(h('p', { class: 'help', 'data-testid': 'puzzle-rating-change' }, d.puzzleRatingNow(ratingText(r.after, r.provisional), diffText(r.diff))));
      } else if (done() && !me) {
        status.push(h('p', { class: 'help' }, h('a', { href: `/signin?next=${encodeURIComponent('/puzzles?game=' + game)}` }, d.puzzleSignIn)));
      } else if (done() && (last?.unrated === 'not_offered' || last?.unrated === 'shown')) {
        status.push(h('p', { class: 'help', 'data-testid': 'puzzle-unrated' }, last.unrated === 'shown' ? d.puzzleShownBefore : d.puzzleNotOffered));
      } else if (done() && last?.tried_before) {
        status.push(h('p', { class: 'help', 'data-testid': 'puzzle-unrated' }, d.puzzleTriedBefore));
      }
      if (done()) {
        status.push(
          h(
            'p',
            { class: 'help', 'data-testid': 'puzzle-about' },
            [d.puzzleRating(Math.round(last?.puzzle_rating ?? p.rating)), (last?.themes ?? []).map((x) => d.themes[x] ?? x).join(', '), last?.source ? null : d.selfPlay].filter(Boolean).join(' · '),
          ),
        );
        if (last?.source) status.push(h('p', { class: 'help' }, h('a', { href: `/game/${encodeURIComponent(last.source)}`, 'data-testid': 'puzzle-source' }, d.puzzleSourceGame)));
        const next = h('button', { type: 'button', class: 'primary big', 'data-testid': 'puzzle-next' }, d.puzzleNext);
        next.addEventListener('click', () => {
          if (wanted) navigate(`/puzzles?game=${game}`);
          else void load();
        });
        status.push(next);
      }
    }
    fill(
      box,
      h('h1', { id: 'puzzle-title' }, d.puzzlesTitle),
      choices,
      puzzle ? h('p', { class: 'help', 'data-testid': 'puzzle-spec' }, specText(puzzle.spec)) : null,
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'puzzle-error' }, errorText(error)) : null,
      !puzzle && !error ? h('p', { class: 'empty', 'data-testid': 'puzzle-empty' }, busy ? d.loading : d.noPuzzle) : null,
      puzzle ? h('div', { class: 'puzzle-area' }, boardBox, h('div', { class: 'status', role: 'status', 'data-testid': 'puzzle-status' }, status)) : null,
    );
    drawBoard();
  }

  async function load(): Promise<void> {
    window.clearTimeout(finaleTimer);
    finaleAt = 0;
    busy = true;
    error = null;
    puzzle = null;
    last = null;
    step = 0;
    draw();
    try {
      const answer = wanted && !puzzle ? await api.puzzle(wanted) : await api.nextPuzzle(game);
      if (gone) return;
      puzzle = answer.puzzle;
      if (puzzle) {
        game = puzzle.game as typeof game;
        shown = puzzle.state;
      }
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
    }
    busy = false;
    draw();
  }

  async function play(text: string): Promise<void> {
    if (!puzzle || busy || done()) return;
    busy = true;
    error = null;
    drawBoard();
    try {
      const answer = await api.puzzleMove(puzzle.id, step, text);
      if (gone) return;
      last = answer;
      if (answer.state) {
        shown = answer.state;
        animate = true;
      }
      step += 1;
      // The try is over: its whole line played on the board to the game's end; from the
      // position reached if solved, from the puzzle's position (the solution) if not.
      if (answer.finale) {
        const f = answer.finale;
        finaleAt = answer.correct ? Math.min(f.solution, f.moves.length) : 0;
        if (answer.correct && finaleAt > 0) shown = f.states[finaleAt - 1];
        busy = false;
        playFinale(finaleAt);
        return;
      }
    } catch (e) {
      if (gone) return;
      error = refusalOf(e);
    }
    busy = false;
    draw();
  }

  void load();

  return {
    destroy() {
      gone = true;
      window.clearTimeout(finaleTimer);
      board?.board.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => t().puzzlesTitle,
  };
}
