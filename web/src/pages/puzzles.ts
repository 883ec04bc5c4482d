// Puzzles (/puzzles?game=awele, /puzzle/ID): a position of a real game where the side to move
// wins within a few plies by one move only. The player finds the move; the server says whether it
// is the one, plays the reply, and so on to the end of the line. The first try at a puzzle rates
// the player (their puzzle rating, apart from their games') and the puzzle, by Glicko-2.
import { api, type PuzzleStep, type PuzzleView } from '../api';
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
    board.board.update(shown, { lang: lang(), bottom: me, interactive: !done() && !busy, outcome: null, onMove: (text) => void play(text) }, animate);
    animate = false;
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
      } else if (last.done) {
        status.push(h('p', { class: 'status-main won', 'data-testid': 'puzzle-result' }, d.puzzleSolved));
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
      board?.board.destroy();
      box.remove();
    },
    relabel: draw,
    title: () => t().puzzlesTitle,
  };
}
