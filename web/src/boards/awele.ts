// The Awélé board: SVG pits and seeds, moves by clicking a highlighted pit, sowing animated seed by
// seed. Its parts follow chessground's split: state (awele/state.ts), pure changes (awele/sow.ts),
// input (awele/input.ts), drawing (awele/render.ts) and animation (awele/anim.ts).
//
// Awechec's board embeds it for its Awélé phase: give it the Awélé VIEW (`position.awele`), the
// Awélé MOVEs among the legal ones, and a context whose `bottom` may be 'white' (= South) or 'black'.
import type { BoardContext, GameBoard } from './board';
import type { AweleMove, AweleView, BoardState } from './awele/state';
import { aweleSide } from './awele/state';
import { createView } from './awele/render';
import { bindInput } from './awele/input';
import { frame, plan, run, still } from './awele/anim';
import { consistent } from './awele/sow';

export type { AweleMove, AweleView } from './awele/state';

function isView(v: any): v is AweleView {
  return !!v && Array.isArray(v.pits) && v.pits.length === 12 && Array.isArray(v.captured);
}

type Input = { board: any; position: any; legal: any[]; last: any | null; before: any | null };

function same(a: AweleView, b: AweleView): boolean {
  for (let i = 0; i < 12; i++) if (a.pits[i] !== b.pits[i]) return false;
  return a.captured[0] === b.captured[0] && a.captured[1] === b.captured[1] && (a.turn ?? null) === (b.turn ?? null);
}

const EMPTY: AweleView = { pits: new Array(12).fill(0), captured: [0, 0] };

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function createAweleBoard(): GameBoard {
  const element = document.createElement('div');
  element.className = 'board awele-board';
  element.setAttribute('data-testid', 'board');
  const view = createView();
  element.appendChild(view.svg);

  let state: BoardState | null = null;
  // The animation running, the state it ends on, and a move that came while it ran.
  let running: { stop: () => void; after: AweleView; final: BoardState } | null = null;
  let queued: { s: Input; ctx: BoardContext } | null = null;
  const unbind = bindInput(view.svg, () => playable());
  // Phones get the layout with bigger pits.
  const resize = typeof ResizeObserver === 'function'
    ? new ResizeObserver(() => {
        if (view.fit(element.clientWidth) && state) view.draw(state);
      })
    : null;
  resize?.observe(element);

  function target(s: Input, ctx: BoardContext): { position: AweleView; final: BoardState; last: AweleMove | null } {
    const position: AweleView = isView(s.position) ? s.position : EMPTY;
    const legal = new Map<number, string>();
    if (ctx.interactive) {
      for (const m of (s.legal ?? []) as AweleMove[]) {
        if (m && typeof m.pit === 'number' && typeof m.text === 'string') legal.set(m.pit, m.text);
      }
    }
    const last: AweleMove | null = s.last && typeof s.last.pit === 'number' ? s.last : null;
    const final: BoardState = {
      bottom: aweleSide(ctx.bottom) ?? 'south',
      display: still(position),
      legal,
      last: last ? last.pit : null,
      turn: ctx.outcome ? null : aweleSide(position.turn ?? null), // a finished game: nobody's turn
      lang: ctx.lang,
      onMove: ctx.onMove,
    };
    return { position, final, last };
  }

  // What a click may play: the moves drawn, or while seeds are moving, those of the position the
  // animation ends on (the reply that came during it included). Such a click ends the animation
  // at once, then plays: a move is never dropped for being quick.
  function playable(): BoardState | null {
    if (!running) return state;
    const next = queued ? target(queued.s, queued.ctx).final : running.final;
    return {
      ...next,
      onMove: (text) => {
        finish();
        next.onMove(text);
      },
    };
  }

  // Ends the animation running (and the one queued after it) on its final position.
  function finish(): void {
    const r = running;
    if (!r) return;
    r.stop();
    running = null;
    element.classList.remove('animating');
    const q = queued;
    queued = null;
    if (q) update(q.s, q.ctx, false);
    else {
      state = r.final;
      view.draw(state);
    }
  }

  function update(s: Input, ctx: BoardContext, animate: boolean): void {
    const { position, final, last } = target(s, ctx);
    element.classList.toggle('over', !!ctx.outcome);
    if (running) {
      const sameBottom = running.final.bottom === final.bottom;
      if (sameBottom && same(running.after, position)) {
        // The same position with news (offers, legal moves): the animation goes on.
        running.final = final;
        queued = null;
        return;
      }
      if (sameBottom && animate && isView(s.before) && same(running.after, s.before)) {
        // The next move (the computer's reply): played once the current one is shown.
        queued = { s, ctx };
        return;
      }
      running.stop();
      running = null;
      queued = null;
    }
    state = final;
    view.fit(element.clientWidth);
    const before = s.before;
    if (animate && last && isView(before) && consistent(before, position, last.pit) && !reducedMotion()) {
      const p = plan(before, position, last.pit);
      // No moves while the seeds are moving: the board offers them when the animation ends.
      state = { ...final, legal: new Map(), display: frame(p, 0, view.pitXY, view.storeXY) };
      view.draw(state);
      element.classList.add('animating');
      const r = {
        after: position,
        final,
        stop: () => {},
      };
      running = r;
      r.stop = run(
        p,
        (t) => {
          if (!state) return;
          state.display = frame(p, t, view.pitXY, view.storeXY);
          view.draw(state);
        },
        () => {
          running = null;
          element.classList.remove('animating');
          state = r.final;
          view.draw(r.final);
          const q = queued;
          queued = null;
          if (q) update(q.s, q.ctx, true);
        },
      );
      return;
    }
    element.classList.remove('animating');
    view.draw(state);
  }

  return {
    element,
    update,
    destroy() {
      if (running) running.stop();
      running = null;
      queued = null;
      unbind();
      resize?.disconnect();
      state = null;
      element.remove();
    },
  };
}
