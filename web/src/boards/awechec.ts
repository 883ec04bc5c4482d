// The Awechec board: the chessboard (chessground: moves by drag and drop or by clicks among the
// legal chess MOVEs, a chooser for promotions), beside it (below on a phone) the Awélé board while
// an Awélé game is played (the Awélé board of ./awele), the decision as two buttons when the viewer
// owns the power in use, the list of powers (7 × 7 discs), the phase and the handicaps. The board
// never decides what is legal: it offers the MOVEs the server sent and sends back their `text`.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Config } from '@lichess-org/chessground/config';
import type { Key } from '@lichess-org/chessground/types';
import type { BoardContext, GameBoard, Lang } from './board';
import { createAweleBoard } from './awele';
import { type PowersView, drawPowers } from './awechec/powers';
import { type Side, T } from './awechec/texts';
import { chessWords } from '../game/describe';

interface ChessMove {
  text: string;
  kind: 'chess';
  uci: string;
  from: string;
  to: string;
  promotion: string | null;
  fr?: string;
}
interface DecisionMove {
  text: string;
  kind: 'decision';
  decision: 'normal' | 'null';
}

type Step =
  | { kind: 'awele'; player: Side }
  | { kind: 'decision'; owner: Side; power: number; mover: Side }
  | { kind: 'move'; mover: Side; power: number | null }
  | { kind: 'over'; winner: Side | null; reason: string; reason_fr: string };

interface AwechecView {
  fen: string;
  check: boolean;
  step: Step;
  powers: PowersView;
  awele: any | null;
  awele_game: number;
  handicaps: { white: string | null; black: string | null };
  text?: string;
}

const ROLES: Record<string, 'queen' | 'rook' | 'bishop' | 'knight'> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

function isView(v: any): v is AwechecView {
  return !!v && typeof v.fen === 'string' && !!v.step && typeof v.step.kind === 'string';
}

function div(cls: string, parent?: HTMLElement): HTMLDivElement {
  const d = document.createElement('div');
  d.className = cls;
  if (parent) parent.appendChild(d);
  return d;
}

function boardPart(fen: string): string {
  return fen.split(' ')[0] ?? '';
}

/** The rook's square for a castling move given as the king's two-square step (e1g1 → h1). */
function castleAlias(m: ChessMove): string | null {
  if (!/^O-O/.test(m.text)) return null;
  const rank = m.from[1];
  if (m.from[0] !== 'e' || m.to[1] !== rank) return null;
  if (m.to[0] === 'g') return `h${rank}`;
  if (m.to[0] === 'c') return `a${rank}`;
  return null;
}

export function createAwechecBoard(): GameBoard {
  // A grid: the chessboard on the left, the rest on its right; in one column where the board is
  // narrow (a phone), the phase and the decision first, and the Awélé board above the chessboard
  // while an Awélé game is played.
  const element = div('board awechec-board');
  element.setAttribute('data-testid', 'board');
  const grid = div('awechec-grid', element);
  const head = div('awechec-head', grid);
  const phase = div('awechec-phase', head);
  const status = div('awechec-status', head);
  status.setAttribute('aria-live', 'polite');
  const decision = div('awechec-decision', head);
  const chessBox = div('awechec-chess', grid);
  const cgEl = div('awechec-cg', chessBox);
  // The keyboard's way onto the board: the board takes the focus, a cursor moves on it.
  cgEl.tabIndex = 0;
  cgEl.setAttribute('role', 'application');
  const keysHelp = div('sr-only', chessBox);
  keysHelp.id = `awechec-keys-${Math.random().toString(36).slice(2, 8)}`;
  cgEl.setAttribute('aria-describedby', keysHelp.id);
  const cursorSay = div('sr-only', chessBox);
  cursorSay.setAttribute('aria-live', 'polite');
  cursorSay.setAttribute('data-testid', 'chess-cursor');
  const promo = div('awechec-promotion', chessBox);
  promo.hidden = true;
  const aweleBox = div('awechec-awele', grid);
  const powersBox = div('awechec-powers', grid);
  const powersTitle = div('awechec-powers-title', powersBox);
  const powersSvg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  powersSvg.setAttribute('class', 'awechec-powers-grid');
  powersSvg.setAttribute('role', 'img');
  powersBox.appendChild(powersSvg);
  const powersLegend = div('awechec-powers-legend', powersBox);
  const handicaps = div('awechec-handicaps', grid);

  let cg: Api | null = null;
  let awele: GameBoard | null = null;
  let ctx: BoardContext | null = null;
  let view: AwechecView | null = null;
  let chessMoves: ChessMove[] = [];
  let lastChess: { move: [Key, Key]; board: string } | null = null;
  let shownDecision = '';
  let updates = 0; // to know whether the server answered a move
  let resyncTimer = 0;

  // ---- the chessboard ----

  /** Sends a move; if no new state comes (the move refused), the pieces go back after a while. */
  function send(text: string): void {
    const c = ctx;
    if (!c) return;
    const seen = updates;
    window.clearTimeout(resyncTimer);
    resyncTimer = window.setTimeout(() => {
      if (updates === seen) resync();
    }, 5000);
    c.onMove(text);
  }

  function onChessMove(orig: Key, dest: Key): void {
    const found = chessMoves.filter((m) => m.from === orig && (m.to === dest || castleAlias(m) === dest));
    if (found.length === 1) {
      send(found[0]!.text);
    } else if (found.length > 1) {
      choosePromotion(found, found[0]!.to as Key);
    } else {
      resync();
    }
  }

  /** Puts the pieces back as the position has them (after a move not sent). */
  function resync(): void {
    if (cg && view) cg.set({ fen: view.fen, lastMove: lastChess?.move });
  }

  function choosePromotion(moves: ChessMove[], dest: Key): void {
    const lang: Lang = ctx?.lang ?? 'fr';
    const color: Side = view?.step.kind === 'move' ? view.step.mover : 'white';
    const orientation = cg?.state.orientation ?? 'white';
    const file = dest.charCodeAt(0) - 97;
    const col = orientation === 'white' ? file : 7 - file;
    const fromTop = (dest[1] === '8') === (orientation === 'white');
    promo.replaceChildren();
    promo.className = 'awechec-promotion cg-wrap';
    const label = document.createElement('span');
    label.className = 'awechec-promotion-label';
    label.textContent = T[lang].promotion;
    promo.appendChild(label);
    const order = ['q', 'n', 'r', 'b'];
    const offered = order.filter((r) => moves.some((m) => m.promotion === r));
    offered.forEach((role, i) => {
      const m = moves.find((x) => x.promotion === role)!;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'awechec-promotion-choice';
      b.dataset.promotion = role;
      b.title = T[lang].pieces[role] ?? role;
      b.setAttribute('aria-label', b.title);
      b.style.left = `${col * 12.5}%`;
      b.style.top = fromTop ? `${i * 12.5}%` : `${(7 - i) * 12.5}%`;
      const piece = document.createElement('piece');
      piece.className = `${ROLES[role]} ${color}`;
      b.appendChild(piece);
      b.addEventListener('click', (e) => {
        e.stopPropagation();
        closePromotion();
        send(m.text);
      });
      promo.appendChild(b);
    });
    promo.hidden = false;
    promo.querySelector<HTMLElement>('button')?.focus();
  }

  // ---- the keyboard: a cursor, Enter or Space as a click on its square ----

  let cursor: Key | null = null;

  function describeSquare(sq: Key): string {
    const lang: Lang = ctx?.lang ?? 'fr';
    const t = T[lang];
    const piece = cg?.state.pieces.get(sq);
    const selected = cg?.state.selected;
    const dest = !!selected && (cg?.state.movable.dests?.get(selected) ?? []).includes(sq);
    return t.square(sq, piece ? t.piece(piece.color, piece.role) : null, dest, selected === sq);
  }

  function showCursor(): void {
    if (!cg || !cursor) return;
    cg.setAutoShapes([{ orig: cursor, brush: 'blue' }]);
    cursorSay.textContent = describeSquare(cursor);
    cgEl.dataset.cursor = cursor;
  }

  function firstCursor(): Key {
    const dests = cg?.state.movable.dests;
    const from = dests && dests.size ? dests.keys().next().value : undefined;
    if (from) return from as Key;
    return (cg?.state.orientation === 'black' ? 'e8' : 'e1') as Key;
  }

  function onBoardKey(e: KeyboardEvent): void {
    if (!cg) return;
    const white = cg.state.orientation === 'white';
    const steps: Record<string, [number, number]> = {
      ArrowUp: [0, white ? 1 : -1],
      ArrowDown: [0, white ? -1 : 1],
      ArrowLeft: [white ? -1 : 1, 0],
      ArrowRight: [white ? 1 : -1, 0],
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      const at = cursor ?? firstCursor();
      const file = Math.max(0, Math.min(7, at.charCodeAt(0) - 97 + step[0]));
      const rank = Math.max(1, Math.min(8, Number(at[1]) + step[1]));
      cursor = `${String.fromCharCode(97 + file)}${rank}` as Key;
      showCursor();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      cursor ??= firstCursor();
      cg.selectSquare(cursor);
      showCursor();
    } else if (e.key === 'Escape') {
      cg.selectSquare(null);
      showCursor();
    }
  }

  cgEl.addEventListener('keydown', onBoardKey);
  cgEl.addEventListener('focus', () => {
    cursor ??= firstCursor();
    showCursor();
  });
  cgEl.addEventListener('blur', () => cg?.setAutoShapes([]));

  function closePromotion(): void {
    promo.hidden = true;
    promo.replaceChildren();
  }

  promo.addEventListener('click', () => {
    // A click beside the choices takes the move back.
    closePromotion();
    resync();
  });

  // Chessground keeps the board's place on the screen until a scroll or a resize; the decision box
  // or the Awélé board coming and going moves it without either: forget it before every touch.
  const freshBounds = () => cg?.state.dom.bounds.clear();
  for (const type of ['mousedown', 'touchstart'] as const) {
    chessBox.addEventListener(type, freshBounds, { capture: true, passive: true });
  }

  function onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape' && !promo.hidden) {
      closePromotion();
      resync();
    }
  }
  document.addEventListener('keydown', onKey);

  function drawChess(v: AwechecView, c: BoardContext, last: any, animate: boolean): void {
    const legal = chessMoves;
    const board = boardPart(v.fen);
    if (last && last.kind === 'chess' && typeof last.from === 'string' && typeof last.to === 'string') {
      lastChess = { move: [last.from as Key, last.to as Key], board };
    } else if (lastChess && lastChess.board !== board) {
      lastChess = null; // a null move keeps the pieces (and the highlight); anything else drops it
    }
    const turnColor: Side = v.fen.split(' ')[1] === 'b' ? 'black' : 'white';
    const mover = v.step.kind === 'move' ? v.step.mover : null;
    const canMove = c.interactive && mover !== null && legal.length > 0;
    const dests = new Map<Key, Key[]>();
    if (canMove) {
      for (const m of legal) {
        const list = dests.get(m.from as Key) ?? [];
        if (!list.includes(m.to as Key)) list.push(m.to as Key);
        const alias = castleAlias(m);
        if (alias && !list.includes(alias as Key)) list.push(alias as Key);
        dests.set(m.from as Key, list);
      }
    }
    const config: Config = {
      fen: v.fen,
      orientation: c.bottom === 'black' ? 'black' : 'white',
      turnColor,
      check: !!v.check,
      lastMove: lastChess?.move,
      coordinates: true,
      autoCastle: true,
      animation: { enabled: animate, duration: 220 },
      highlight: { lastMove: true, check: true },
      movable: {
        free: false,
        color: canMove ? (mover as Side) : undefined,
        dests,
        showDests: true,
        rookCastle: true,
        events: { after: (orig, dest) => onChessMove(orig, dest) },
      },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
      selectable: { enabled: true },
      drawable: { enabled: true },
    };
    if (!cg) cg = Chessground(cgEl, config);
    else {
      if (!canMove) cg.cancelMove();
      cg.set(config);
    }
    cgEl.setAttribute('aria-label', `${T[c.lang].board}. ${chessWords(v.fen, c.lang)}`);
    keysHelp.textContent = T[c.lang].keys;
    if (document.activeElement === cgEl) showCursor();
  }

  // ---- the rest: phase, status, decision, Awélé, powers ----

  function drawSide(v: AwechecView, s: { legal: any[]; last: any; before: any }, c: BoardContext, animate: boolean): void {
    const t = T[c.lang];
    const step = v.step;
    const inAwele = !!v.awele;
    // A game ended off the board (a flag, a resignation, an agreement) keeps the step it stopped
    // at: the page's words for the ending replace the step's.
    const ended = c.outcome;
    phase.textContent = ended ? t.gameOver : inAwele ? t.awele(v.awele_game) : t.chess;
    phase.classList.toggle('awele', inAwele && !ended);
    phase.classList.toggle('over', !!ended);
    let line = '';
    if (ended) line = ended;
    else switch (step.kind) {
      case 'awele':
        // The hint that seeds become powers stands under the powers while none is won.
        line = v.powers?.owners?.length ? `${t.aweleTurn(step.player)} ${t.aweleHint}` : t.aweleTurn(step.player);
        break;
      case 'decision':
        line = t.decision(step.power, step.owner, step.mover);
        break;
      case 'move':
        line = t.move(step.mover, step.power); // a move without power is a reply to check
        break;
      case 'over':
        line = t.over(step.winner, c.lang === 'fr' ? step.reason_fr : step.reason);
        break;
    }
    status.textContent = line;
    status.dataset.step = ended ? 'over' : step.kind;

    // The decision: two buttons when the viewer owns the power in use.
    const decisions: DecisionMove[] = c.interactive && !ended
      ? (s.legal ?? []).filter((m: any) => m && m.kind === 'decision' && typeof m.text === 'string')
      : [];
    const key = step.kind === 'decision' && decisions.length
      ? `${c.lang}|${v.text}|${decisions.map((d) => d.text).join(',')}`
      : '';
    if (key !== shownDecision) {
      shownDecision = key;
      decision.replaceChildren();
      if (key && step.kind === 'decision') {
        const head = div('awechec-decision-title', decision);
        head.textContent = t.yourDecision(step.power, step.owner);
        if (decisions.length === 1) {
          const note = div('awechec-decision-note', decision);
          note.textContent = t.forced;
        }
        // The usual choice first: a normal move when power and turn are the same colour.
        const usual = step.owner === step.mover ? 'normal' : 'null';
        const ordered = [...decisions].sort((a, b) => (a.decision === usual ? -1 : b.decision === usual ? 1 : 0));
        for (const d of ordered) {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = `awechec-decide ${d.decision}${d.decision === usual ? ' usual' : ''}`;
          b.dataset.decision = d.decision;
          // The control the keyboard is taken to when the decision comes (the page's focus).
          if (d === ordered[0]) b.dataset.focusFirst = '';
          b.textContent = d.decision === 'normal' ? t.normal(step.mover) : t.nullMove(step.mover);
          b.addEventListener('click', () => {
            for (const x of Array.from(decision.querySelectorAll('button'))) x.disabled = true;
            ctx?.onMove(d.text);
          });
          decision.appendChild(b);
        }
      }
    }
    for (const b of Array.from(decision.querySelectorAll('button'))) b.disabled = false;
    decision.hidden = !shownDecision;
    status.hidden = !!shownDecision; // the decision box says it already

    // The Awélé board, while an Awélé game is played.
    if (inAwele) {
      if (!awele) {
        awele = createAweleBoard();
        aweleBox.appendChild(awele.element);
      }
      const last = s.last && s.last.kind === 'awele' ? s.last : null;
      const before = last && s.before && s.before.awele ? s.before.awele : null;
      awele.update(
        {
          board: null,
          position: v.awele,
          legal: (s.legal ?? []).filter((m: any) => m && m.kind === 'awele'),
          last,
          before,
        },
        { lang: c.lang, bottom: c.bottom, interactive: c.interactive && step.kind === 'awele', outcome: ended, onMove: c.onMove },
        animate && !!before,
      );
    } else if (awele) {
      awele.destroy();
      awele = null;
    }
    aweleBox.hidden = !inAwele;
    grid.classList.toggle('in-awele', inAwele);

    // The powers.
    const owners = (v.powers?.owners ?? []).filter((o): o is Side => o === 'white' || o === 'black');
    const marked = typeof v.powers?.marked === 'number' ? v.powers.marked : 0;
    const active = !ended && (step.kind === 'decision' || step.kind === 'move' || step.kind === 'awele');
    drawPowers(powersSvg, { owners, marked }, c.lang, active && marked < owners.length);
    const left = owners.length - Math.min(marked, owners.length);
    const w = owners.filter((o) => o === 'white').length;
    // No power won yet (the first Awélé game): said, rather than "left 0".
    const counts = owners.length ? t.counts(w, owners.length - w, left) : t.noneYet;
    powersTitle.textContent = `${t.powers} — ${counts}`;
    powersLegend.textContent = owners.length ? t.legend : t.noPowers;
    powersSvg.setAttribute('aria-label', `${t.powers}${c.lang === 'fr' ? '\u00a0: ' : ': '}${counts}`);

    // The handicaps.
    handicaps.replaceChildren();
    for (const s2 of ['white', 'black'] as const) {
      const h = v.handicaps?.[s2];
      if (typeof h === 'string' && h) {
        const d = div('awechec-handicap', handicaps);
        d.textContent = t.handicap(s2, h);
      }
    }
    handicaps.hidden = !handicaps.childElementCount;
  }

  // ---- the contract ----

  function update(
    s: { board: any; position: any; legal: any[]; last: any | null; before: any | null },
    c: BoardContext,
    animate: boolean,
  ): void {
    ctx = c;
    updates++;
    if (!isView(s.position)) return;
    const v = s.position;
    if (view?.text !== v.text) closePromotion();
    view = v;
    chessMoves = c.interactive
      ? (s.legal ?? []).filter(
          (m: any): m is ChessMove => !!m && m.kind === 'chess' && typeof m.from === 'string' && typeof m.to === 'string',
        )
      : [];
    drawChess(v, c, s.last, animate);
    drawSide(v, s, c, animate);
  }

  function destroy(): void {
    window.clearTimeout(resyncTimer);
    document.removeEventListener('keydown', onKey);
    cg?.destroy();
    cg = null;
    awele?.destroy();
    awele = null;
    element.remove();
  }

  return { element, update, destroy };
}
