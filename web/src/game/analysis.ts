// Analysis on the game page: the shown position searched by the computer (score, best line), and
// the whole game reviewed, its mistakes marked in the move list.
import { api, type Analysis, type GameState, type History, type ReviewMove } from '../api';
import { fill, h } from '../dom';
import { t } from '../i18n';
import { sideName } from '../names';
import { errorText, refusalOf, type Refusal } from '../errors';

// A score as the server writes it ("win in 5", "loss in 3", "known win +120", "-48": in the
// evaluation's units, hundredths of a seed, of a piece or of a pawn) in the page's words, with
// its unit: "−0.48 seed", "win in 5 plies".
export function scoreText(score: string, game: string): string {
  const d = t();
  const unit = d.units[game] ?? d.units.awele!;
  const amount = (n: string) => d.amount(Number(n) / 100, unit);
  let m: RegExpExecArray | null;
  if ((m = /^win in (\d+)$/.exec(score))) return d.winIn(Number(m[1]));
  if ((m = /^loss in (\d+)$/.exec(score))) return d.lossIn(Number(m[1]));
  if ((m = /^known win ([+-]?\d+)$/.exec(score))) return d.knownWin(amount(m[1]!));
  if ((m = /^known loss ([+-]?\d+)$/.exec(score))) return d.knownLoss(amount(m[1]!));
  if (score === 'draw') return d.drawScore;
  if ((m = /^([+-]?\d+)$/.exec(score))) return amount(m[1]!);
  return score;
}

export function analysisView(a: Analysis, sideToMove: string | null, game: string): HTMLElement {
  const d = t();
  return h(
    'dl',
    { class: 'analysis-result', 'data-testid': 'analysis-result' },
    h('dt', {}, d.evaluation),
    h(
      'dd',
      {},
      h('strong', { class: 'score', 'data-testid': 'analysis-score', title: d.scoreHelp }, scoreText(a.score, game)),
      sideToMove ? h('span', { class: 'help' }, ` ${d.forSideToMove(sideName(sideToMove))}`) : null,
      h('span', { class: 'help' }, ` · ${d.depth(a.depth)}`),
    ),
    a.best ? [h('dt', {}, d.bestMove), h('dd', { 'data-testid': 'analysis-best' }, a.best)] : null,
    a.line && a.line.length ? [h('dt', {}, d.bestLine), h('dd', { class: 'line', 'data-testid': 'analysis-line' }, a.line.join(' '))] : null,
    a.over ? h('dd', { class: 'help' }, d.gameOverHere) : null,
  );
}

interface Context {
  game: GameState;
  ply: number;
  history: History | null;
}

export class AnalysisPanel {
  element: HTMLElement;
  private result: { ply: number; analysis: Analysis | null; error: Refusal | null; busy: boolean } | null = null;
  private review: { moves: ReviewMove[] | null; error: Refusal | null; busy: boolean } | null = null;
  private gone = false;

  constructor(
    private id: string,
    private context: () => Context | null,
    private changed: () => void,
    // The move's label in the list ("12. E(3)") and going to the position before it.
    private label: (ply: number) => string,
    private goto: (ply: number) => void,
  ) {
    this.element = h('section', { class: 'card analysis', 'aria-live': 'polite' });
  }

  marks(): Map<number, ReviewMove> {
    const m = new Map<number, ReviewMove>();
    for (const r of this.review?.moves ?? []) m.set(r.ply, r);
    return m;
  }

  private async analyse(): Promise<void> {
    const c = this.context();
    if (!c) return;
    const ply = c.ply;
    this.result = { ply, analysis: null, error: null, busy: true };
    this.changed();
    try {
      const a = await api.analyseGame(this.id, ply);
      if (this.gone || this.result?.ply !== ply) return;
      this.result = { ply, analysis: a, error: null, busy: false };
    } catch (e) {
      if (this.gone) return;
      this.result = { ply, analysis: null, error: refusalOf(e), busy: false };
    }
    this.changed();
  }

  private async reviewGame(): Promise<void> {
    this.review = { moves: null, error: null, busy: true };
    this.changed();
    try {
      const r = await api.review(this.id);
      if (this.gone) return;
      this.review = { moves: r.moves, error: null, busy: false };
    } catch (e) {
      if (this.gone) return;
      this.review = { moves: null, error: refusalOf(e), busy: false };
    }
    this.changed();
  }

  draw(): void {
    const d = t();
    const c = this.context();
    if (!c) return;
    const { game, ply, history } = c;
    const sideToMove = history?.positions[ply]?.turn ?? (ply === game.ply ? game.turn : null);
    const parts: (HTMLElement | null)[] = [];
    // Fair play: while two people play, no engine helps anyone with the game (the server refuses
    // it too); it opens when the game ends.
    const live = game.status === 'playing' && game.seats.every((s) => s.kind === 'human');
    if (live) {
      fill(this.element, [h('p', { class: 'help', 'data-testid': 'fair-play' }, d.fairPlay)]);
      return;
    }
    parts.push(
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', 'data-testid': 'analyse', disabled: this.result?.busy, onclick: () => void this.analyse() }, d.analyse),
        game.ply > 0 ? h('button', { type: 'button', 'data-testid': 'review', disabled: this.review?.busy, onclick: () => void this.reviewGame() }, d.review) : null,
      ),
    );
    const r = this.result;
    if (r && r.ply === ply) {
      if (r.busy) parts.push(h('p', { class: 'help' }, d.analysing));
      else if (r.error) parts.push(h('p', { class: 'error' }, errorText(r.error)));
      else if (r.analysis) parts.push(analysisView(r.analysis, sideToMove, game.spec.game));
    }
    const rv = this.review;
    if (rv) {
      if (rv.busy) parts.push(h('p', { class: 'help' }, d.reviewing));
      else if (rv.error) parts.push(h('p', { class: 'error' }, errorText(rv.error)));
      else if (rv.moves) {
        const marked = rv.moves.filter((m) => m.mark);
        parts.push(h('p', { 'data-testid': 'review-summary' }, d.reviewDone(marked.length)));
        if (marked.length)
          parts.push(
            h(
              'ul',
              { class: 'review-list', 'data-testid': 'review-list' },
              marked.map((m) =>
                h(
                  'li',
                  {},
                  h(
                    'button',
                    { type: 'button', class: 'review-item', 'data-testid': `review-${m.ply}`, onclick: () => this.goto(m.ply) },
                    h('span', { class: `mark mark-${m.mark === '??' ? 'blunder' : m.mark === '?' ? 'mistake' : 'inaccuracy'}` }, m.mark),
                    ' ',
                    d.reviewBest(this.label(m.ply) || m.played, m.best),
                  ),
                  h('span', { class: 'help' }, ` ${d.reviewScores(scoreText(m.score, game.spec.game), scoreText(m.best_score, game.spec.game))}`),
                ),
              ),
            ),
          );
      }
    }
    fill(this.element, parts);
  }

  destroy(): void {
    this.gone = true;
  }
}
