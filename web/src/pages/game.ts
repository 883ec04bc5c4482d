// The game page /game/ID: the live game over the WebSocket (board, players, clocks, moves, offers,
// buttons, a move typed in notation), the replay of its positions, analysis and review.
import { api, ApiError, type GameState, type History } from '../api';
import { boardFor } from '../boards/index';
import type { BoardContext, GameBoard } from '../boards/board';
import { fill, h, icon, keepFocus } from '../dom';
import { lang, t } from '../i18n';
import { botName, diffText, outcomeParts, outcomeText, ratingText, seatText, sideName, specText, gameName } from '../names';
import { errorText, refusalOf } from '../errors';
import { navigate, retitle, type Page, type Route } from '../router';
import { GameSocket } from '../socket';
import { inviteOf, rememberMine } from '../store';
import { Clocks } from '../game/clocks';
import { example, tokens } from '../game/notation';
import { describeMove } from '../game/describe';
import { MoveList } from '../game/movelist';
import { AnalysisPanel } from '../game/analysis';
import { Actions, drawInvite, drawOffers, drawRecord, type ControlsContext } from '../game/controls';
import { mountNotFound } from './notfound';
import { refreshTurns } from '../turns';
import { ChatPanel } from '../game/chat';

export function mountGame(root: HTMLElement, route: Route): Page {
  const id = route.params.id ?? '';
  const invite = route.query.get('invite');

  // The model: what the server said, and what this viewer chose to look at.
  let game: GameState | null = null;
  let you: string | null = null;
  let history: History | null = null;
  let historyLoading = false;
  let viewPly: number | null = null; // null: the live position
  let flipped = false;
  // The error shown near the board, made in the page's language each time it is drawn.
  let error: (() => string) | null = null;
  let errorTimer: number | undefined;
  let connected = true;
  const controls = new Actions();
  let destroyed = false;
  // Where the keyboard was last on the board (a selector, '' for a control without one), null
  // once it left the board; and the wait for a control to come back (restoreBoardFocus).
  let boardFocus: string | null = null;
  let focusRetry = 0;
  let offeredFirst: Element | null = null;
  let socket: GameSocket | null = null;
  let board: GameBoard | null = null;
  let shown: { ply: number; live: boolean; id: string } | null = null;
  let rematchSeen: string | null | undefined = undefined;
  let inner: Page | null = null;

  const clocks = new Clocks();
  const moveList = new MoveList((ply) => view(ply));
  // The chat, shown once the game is known not to be an imported record.
  const chat = new ChatPanel(`/api/games/${encodeURIComponent(id)}`);
  chat.element.hidden = true;
  const analysis = new AnalysisPanel(
    id,
    () => (game ? { game, ply: viewPly ?? game.ply, history } : null),
    () => render(false),
    (ply) => {
      if (!game) return '';
      const synced = !!history && history.moves.length === game.ply;
      const list = tokens(game.spec.game, synced ? history!.moves : game.moves, synced ? history!.positions : null, lang(), game.sides[0] ?? 'south');
      let number = '';
      for (const tk of list) {
        if (tk.number) number = tk.number;
        if (tk.ply === ply) return `${tk.number ?? (number.endsWith('.') ? number.replace('.', '…') : number)} ${tk.text}`;
      }
      return '';
    },
    (ply) => view(ply),
  );

  // The skeleton, built once.
  const topBar = h('div', { class: 'player top' });
  const bottomBar = h('div', { class: 'player bottom' });
  // Focusable by the script only: where the keyboard waits while the board offers nothing.
  const boardWrap = h('div', { class: 'board-wrap', role: 'region', tabindex: '-1' });
  const errorBox = h('p', { class: 'error board-error', role: 'alert', 'data-testid': 'error' });
  // A rated friend game's invitation opened while signed out: the way to sign in and come back.
  const signInBox = h('p', { class: 'board-error sign-in-needed', role: 'alert', 'data-testid': 'sign-in-needed' });
  let signInNext: string | null = null;
  const watchingBox = h('p', { class: 'watching', 'data-testid': 'watching' });
  const replayNav = h('div', { class: 'replay-nav', role: 'group' });
  const moveForm = h('form', { class: 'move-form', 'data-testid': 'move-form' });
  const statusBox = h('div', { class: 'status', 'data-testid': 'status', role: 'status' });
  const inviteBox = h('div', { class: 'invite' });
  const offersBox = h('div', { class: 'offers', 'aria-live': 'polite' });
  const actions = h('div', { class: 'actions' });
  const movesTitle = h('h2', { id: 'moves-title' });
  const movesSection = h('section', { class: 'card moves', 'aria-labelledby': 'moves-title' }, movesTitle, moveList.element);
  const recordBox = h('div', { class: 'record' });
  const heading = h('h1', { class: 'game-title' });
  const ratedBox = h('p', { class: 'rated-label', 'data-testid': 'rated-label' });
  // A tournament's game: the way back to it, and who berserked.
  const tournamentBox = h('p', { class: 'tournament-label', 'data-testid': 'tournament-label' });
  const announcer = h('div', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'announce' });
  const connBox = h('p', { class: 'connection', role: 'status' });
  // An invitation opened: the seat is taken only once the player says so.
  const joinBox = h('section', { class: 'card join', 'data-testid': 'join-box', 'aria-labelledby': 'join-title' });
  joinBox.hidden = true;
  // A move that would end the game by a repetition: played only once the player says so.
  const repeatBox = h('div', { class: 'confirm repeat', role: 'alertdialog', 'data-testid': 'repeat-warning' });
  repeatBox.hidden = true;
  let repeating: string | null = null;

  const moveInput = h('input', {
    type: 'text',
    id: 'move-input',
    'data-testid': 'move-input',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    enterkeyhint: 'send',
  });
  const moveLabel = h('label', { for: 'move-input', class: 'field-label' });
  const moveHelp = h('span', { class: 'help', id: 'move-help' });
  const moveSend = h('button', { type: 'submit', 'data-testid': 'move-send' });
  moveInput.setAttribute('aria-describedby', 'move-help');
  fill(moveForm, moveLabel, h('div', { class: 'move-row' }, moveInput, moveSend), moveHelp);
  moveForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = moveInput.value.trim();
    if (!text || !game) return;
    sendMove(text);
    moveInput.value = '';
  });

  const page = h(
    'div',
    { class: 'game-page' },
    heading,
    h('div', { class: 'board-col' }, joinBox, topBar, boardWrap, bottomBar, watchingBox, repeatBox, errorBox, signInBox, connBox, replayNav, moveForm),
    h('div', { class: 'side-col' }, ratedBox, tournamentBox, statusBox, inviteBox, offersBox, actions, movesSection, chat.element, analysis.element, recordBox),
    announcer,
  );
  root.appendChild(page);

  // The clocks as the state has them; a game lost on time shows the loser's at 0 (a restarted
  // server sends the time that loser had before the flag fell).
  function shownClock(g: GameState): GameState['clock'] {
    const c = g.clock;
    const o = g.outcome;
    if (!c || !o || o.termination !== 'time forfeit' || !o.winner) return c;
    const loser = g.sides.findIndex((s) => s !== o.winner);
    if (loser < 0) return c;
    const remaining = c.remaining_ms.slice();
    remaining[loser] = 0;
    return { ...c, remaining_ms: remaining };
  }

  // The clocks of the position shown: in a replay, as they were after its move.
  function clockShown(g: GameState): GameState['clock'] {
    const c = shownClock(g);
    if (!c || viewPly === null || viewPly >= g.ply) return c;
    const after = viewPly > 0 ? history?.clocks?.[viewPly - 1] : null;
    const remaining = after && after.length === 2 ? after.slice() : [c.initial_ms, c.initial_ms];
    return { ...c, remaining_ms: remaining, running: null };
  }

  // Talking to the server.
  function send(message: Record<string, unknown>): void {
    if (socket?.send(message)) return;
    api.act(id, message).catch((e: unknown) => {
      const r = refusalOf(e);
      showError(() => errorText(r));
    });
  }

  function sendMove(text: string, confirmed = false): void {
    if (!game) return;
    if (viewPly !== null) view(null);
    // A move that brings a position back ends the game: the player is asked first.
    const repeats = game.legal.some((m: any) => m && m.text === text && m.repeats === true);
    if (repeats && !confirmed) {
      repeating = text;
      drawRepeat();
      return;
    }
    repeating = null;
    drawRepeat();
    send({ t: 'move', ply: game.ply, move: text });
  }

  function drawRepeat(): void {
    const d = t();
    if (!repeating || !game) {
      fill(repeatBox);
      repeatBox.hidden = true;
      return;
    }
    const text = repeating;
    fill(
      repeatBox,
      h('span', {}, d.repeatsWarning(game.spec.game)),
      h('button', { type: 'button', class: 'danger', 'data-testid': 'repeat-play', onclick: () => sendMove(text, true) }, `${d.playAnyway} (${text})`),
      h(
        'button',
        {
          type: 'button',
          'data-testid': 'repeat-cancel',
          onclick: () => {
            repeating = null;
            drawRepeat();
            // The board shows the position again, the move not played.
            drawBoard(false);
          },
        },
        d.cancel,
      ),
    );
    repeatBox.hidden = false;
    repeatBox.querySelector<HTMLElement>('[data-testid="repeat-play"]')?.focus();
  }

  function showError(message: () => string): void {
    error = message;
    window.clearTimeout(errorTimer);
    errorTimer = window.setTimeout(() => {
      error = null;
      drawError();
    }, 12000);
    drawError();
  }

  function drawError(): void {
    const text = error ? error() : '';
    errorBox.textContent = text;
    errorBox.hidden = !text;
    const d = t();
    const signIn = signInNext && game?.status === 'waiting' ? signInNext : null;
    if (signIn) fill(signInBox, d.errors.sign_in ?? '', ' ', h('a', { href: `/signin?next=${encodeURIComponent(signIn)}`, class: 'button primary', 'data-testid': 'sign-in-to-join' }, d.signIn));
    signInBox.hidden = !signIn;
  }

  // The side of this viewer at the bottom (spectators: the first side), unless flipped.
  function bottomSide(): string {
    if (!game) return 'south';
    const [a, b] = game.sides as [string, string];
    const base = you && game.sides.includes(you) ? you : a;
    return flipped ? (base === a ? b : a) : base;
  }

  function canMove(): boolean {
    return !!game && !!you && game.status === 'playing' && game.turn === you && viewPly === null && !game.thinking;
  }

  function ensureBoard(): void {
    if (!game || board) return;
    const factory = boardFor(game.spec.game);
    if (!factory) return;
    board = factory();
    boardWrap.appendChild(board.element);
  }

  // `ended`: the position shown is the end of a finished game (its ending then given in words).
  function ctx(ended: boolean): BoardContext {
    const outcome = ended && game?.outcome ? outcomeText(game) : null;
    return { lang: lang(), bottom: bottomSide(), interactive: canMove(), outcome, onMove: (text) => sendMove(text) };
  }

  function drawBoard(animate: boolean): void {
    if (!game) return;
    ensureBoard();
    if (!board) return;
    boardWrap.setAttribute('aria-label', `${t().boardLabel}: ${gameName(game.spec.game)}`);
    let live = viewPly === null;
    let k = viewPly ?? game.ply;
    if (!live && (!history || !history.positions[k])) {
      live = true;
      k = game.ply;
    }
    const state = live
      ? { board: game.board, position: game.position, legal: game.legal, last: game.last, before: game.before }
      : {
          board: game.board,
          position: history!.positions[k],
          legal: [],
          last: k > 0 ? (history!.moves[k - 1] ?? null) : null,
          before: k > 0 ? (history!.positions[k - 1] ?? null) : null,
        };
    const forward = animate && shown !== null && shown.id === game.id && k === shown.ply + 1;
    shown = { ply: k, live, id: game.id };
    board.update(state, ctx(k === game.ply && game.status === 'over'), forward);
    restoreBoardFocus();
  }

  // The keyboard's place on the board survives its redraws. A board takes its controls away
  // while the other side plays (a pit, a point, a decision no longer offered) and the browser
  // then drops the focus to the page's top, where a keyboard player had to Tab through the
  // whole page again. While the keyboard was last on the board, it stays there: on the same
  // control when it comes back, else the board's first, else the board itself until one comes
  // (a move's animation ends, the reply is played).
  function focusKey(el: Element): string {
    for (const attr of ['data-testid', 'data-point', 'data-decision']) {
      const v = el.getAttribute(attr);
      if (v !== null) return `[${attr}="${CSS.escape(v)}"]`;
    }
    return '';
  }
  function usable(el: Element | null): el is HTMLElement {
    if (!el || (el as HTMLButtonElement).disabled || el.closest('[hidden]')) return false;
    const tab = el.getAttribute('tabindex');
    return tab !== null ? tab !== '-1' : el.tagName === 'BUTTON';
  }
  boardWrap.addEventListener('focusin', (e) => {
    if (e.target !== boardWrap) boardFocus = focusKey(e.target as Element);
  });
  function onFocusIn(e: FocusEvent): void {
    if (!boardWrap.contains(e.target as Node)) boardFocus = null;
  }
  document.addEventListener('focusin', onFocusIn);
  function restoreBoardFocus(tries = 0): void {
    window.clearTimeout(focusRetry);
    if (boardFocus === null || destroyed) return;
    const active = document.activeElement;
    // A control the board asks the keyboard to go to when it comes (Awechec's decision), once.
    const first = boardWrap.querySelector('[data-focus-first]');
    const arrived = first !== offeredFirst;
    offeredFirst = first;
    if (arrived && usable(first) && (!active || active === document.body || boardWrap.contains(active))) {
      first.focus({ preventScroll: true });
      return;
    }
    if (active && active !== document.body && active !== boardWrap) return;
    const same = boardFocus ? boardWrap.querySelector(boardFocus) : null;
    const target = usable(same) ? same : [...boardWrap.querySelectorAll('button, [tabindex="0"]')].find(usable);
    if (target) {
      target.focus({ preventScroll: true });
      return;
    }
    if (active !== boardWrap) boardWrap.focus({ preventScroll: true });
    if (tries < 50) focusRetry = window.setTimeout(() => restoreBoardFocus(tries + 1), 100);
  }

  function playerBar(el: HTMLElement, side: string): void {
    if (!game) return;
    const d = t();
    const i = game.sides.indexOf(side);
    const seat = game.seats[i];
    const toMove = game.status === 'playing' && game.turn === side;
    const clock = h('div', { class: 'clock', 'data-testid': `clock-${side}`, 'aria-label': d.clockOf(sideName(side)), role: 'timer' });
    clocks.bind(side, clock);
    el.className = `player ${el === topBar ? 'top' : 'bottom'}${toMove ? ' to-move' : ''}`;
    el.setAttribute('data-testid', `player-${side}`);
    // An account's name leads to its page; a rated game shows the rating, and once over its change.
    const human = seat?.kind === 'human' ? seat : null;
    const name =
      human?.account && human.name
        ? h('a', { href: `/player/${encodeURIComponent(human.name)}`, class: 'player-link', 'data-testid': `player-link-${side}` }, botName(human.name, human.bot))
        : game.status === 'cancelled' && seat?.kind === 'empty'
          ? d.nobody
          : seatText(seat, game.kind);
    const rating =
      human && typeof human.rating === 'number'
        ? h('span', { class: 'player-rating', 'data-testid': `rating-${side}`, title: d.ratingOf(ratingText(human.rating, human.provisional)) }, ratingText(human.rating, human.provisional))
        : null;
    const diff =
      human && typeof human.diff === 'number'
        ? h(
            'span',
            { class: `diff ${human.diff > 0 ? 'up' : human.diff < 0 ? 'down' : ''}`, 'data-testid': `diff-${side}`, title: d.ratingChange(diffText(human.diff)) },
            diffText(human.diff),
          )
        : null;
    fill(
      el,
      h('span', { class: `side-dot side-${side}`, 'aria-hidden': 'true' }),
      h(
        'div',
        { class: 'player-text' },
        h('span', { class: 'player-side' }, sideName(side)),
        h('span', { class: 'player-name' }, name, you === side ? h('span', { class: 'you' }, ` (${d.you})`) : null),
        rating || diff ? h('span', { class: 'player-ratings' }, rating, diff) : null,
      ),
      toMove && game.thinking && seat?.kind === 'computer' ? h('span', { class: 'thinking-dots', 'aria-hidden': 'true' }, '•••') : null,
      clock,
    );
  }

  // The first move's countdown, in the status (the server aborts the game when it ends).
  let firstMoveTimer: number | undefined;

  function firstMoveNotice(first: { side: string; remaining_ms: number }): HTMLElement {
    const d = t();
    const el = h('p', { class: 'status-detail first-move', 'data-testid': 'first-move', role: 'timer' });
    const until = performance.now() + first.remaining_ms;
    const tick = () => {
      const seconds = `${Math.max(0, Math.ceil((until - performance.now()) / 1000))} s`;
      const text = first.side === you ? d.firstMoveYours(seconds) : d.firstMove(sideName(first.side), seconds);
      if (el.textContent !== text) el.textContent = text;
    };
    tick();
    firstMoveTimer = window.setInterval(tick, 250);
    return el;
  }

  function statusText(): HTMLElement[] {
    const d = t();
    window.clearInterval(firstMoveTimer);
    if (!game) return [];
    const out: HTMLElement[] = [];
    const ending = game.status === 'over' ? outcomeParts(game) : null;
    if (ending) {
      out.push(h('p', { class: 'status-main over' }, ending.head));
      out.push(h('p', { class: 'status-detail' }, ending.detail));
    } else if (game.status === 'over') {
      out.push(h('p', { class: 'status-main over' }, game.kind === 'import' ? d.unfinished : d.over));
    } else if (game.status === 'aborted') {
      out.push(h('p', { class: 'status-main over', 'data-testid': 'aborted' }, d.aborted));
      out.push(h('p', { class: 'status-detail' }, d.abortedDetail(sideName(String(game.aborted ?? game.turn ?? '')))));
    } else if (game.status === 'cancelled') {
      out.push(h('p', { class: 'status-main over' }, d.withdrawn));
      out.push(h('p', { class: 'status-detail' }, game.kind === 'bot' ? d.botDeclined : d.withdrawnDetail));
    } else if (game.status === 'waiting') {
      const mine = !!inviteOf(game.id) || (you !== null && game.kind === 'open');
      out.push(h('p', { class: 'status-main' }, game.kind === 'friend' && mine ? d.waitingFriend : game.kind === 'open' && mine ? d.waitingOpen : game.kind === 'bot' ? d.waitingBot : d.waitingOther));
    } else if (game.status === 'playing') {
      const main = game.thinking ? d.thinking : game.turn && game.turn === you ? d.yourTurn : game.turn ? d.toPlay(sideName(game.turn)) : '';
      out.push(h('p', { class: `status-main${game.turn === you ? ' yours' : ''}` }, main));
      if (game.first_move) out.push(firstMoveNotice(game.first_move));
      const step = game.position?.step;
      if (game.spec.game === 'awechec' && step) {
        let detail = '';
        if (step.kind === 'awele') detail = d.aweleGame(Number(game.position.awele_game) || 1);
        else if (step.kind === 'decision') detail = d.decides(sideName(step.owner), step.power, sideName(step.mover));
        else if (step.kind === 'move') detail = d.chessMove(sideName(step.mover)) + (game.position.check ? ` (${d.check})` : '');
        if (detail) out.push(h('p', { class: 'status-detail' }, detail));
      }
    }
    return out;
  }

  function drawStatus(): void {
    if (!game) return;
    fill(statusBox, statusText());
    statusBox.classList.toggle('over', ['over', 'cancelled', 'aborted'].includes(game.status));
  }

  function controlsContext(): ControlsContext {
    return {
      game: game!,
      you,
      flipped,
      send,
      flip: () => {
        flipped = !flipped;
        render(false);
      },
      redraw: () => keepFocus(actions, () => controls.draw(actions, controlsContext())),
    };
  }

  function drawReplayNav(): void {
    const d = t();
    if (!game) return;
    const n = history ? history.moves.length : game.ply;
    const k = viewPly ?? game.ply;
    const mk = (testid: string, label: string, glyph: string, to: number | null, disabled: boolean) =>
      h('button', { type: 'button', class: 'nav', 'data-testid': testid, 'aria-label': label, title: label, disabled, onclick: () => view(to) }, icon(glyph));
    const where = k === 0 ? d.startPosition : d.atMove(k, n);
    fill(
      replayNav,
      mk('replay-first', d.first, 'first', 0, k === 0 || n === 0),
      mk('replay-prev', d.previous, 'prev', Math.max(0, k - 1), k === 0),
      h('span', { class: 'replay-where', 'data-testid': 'replay-where', title: where, 'aria-label': where }, k === 0 ? d.startPosition : d.atMoveShort(k, n)),
      mk('replay-next', d.next, 'next', k + 1 >= n ? null : k + 1, viewPly === null),
      mk('replay-last', d.last, 'last', null, viewPly === null),
      viewPly !== null && game.status !== 'over'
        ? h('button', { type: 'button', class: 'primary', 'data-testid': 'replay-live', onclick: () => view(null) }, d.backLive)
        : null,
    );
    replayNav.setAttribute('aria-label', d.replayHelp);
    replayNav.hidden = game.ply === 0;
  }

  function drawMoveForm(): void {
    const d = t();
    if (!game) return;
    moveLabel.textContent = d.typeMove;
    moveHelp.textContent = d.typeMoveHelp(example(game.spec.game, lang()));
    moveSend.textContent = d.send;
    const player = you !== null && game.status === 'playing';
    moveForm.hidden = !player;
  }

  function render(animate: boolean): void {
    if (!game || destroyed) return;
    const d = t();
    const bottom = bottomSide();
    const top = game.sides.find((s) => s !== bottom) ?? game.sides[1]!;
    heading.textContent = specText(game.spec);
    retitle();
    ratedBox.textContent = d.ratedGame;
    ratedBox.hidden = !game.rated;
    const tour = game.tournament;
    tournamentBox.hidden = !tour;
    if (tour) {
      const berserked = game.sides.filter((_, i) => game!.berserk?.[i]).map((s) => `${sideName(s)}: ${d.berserked}`);
      fill(tournamentBox, h('a', { href: `/tournament/${encodeURIComponent(tour.id)}`, 'data-testid': 'back-to-tournament' }, d.backToTournament), berserked.length ? ` · ${berserked.join(' · ')}` : '');
    }
    // A spectator is told so, near the players (an imported record has no players to watch).
    watchingBox.textContent = d.watching;
    watchingBox.hidden = !!(you && game.sides.includes(you)) || game.kind === 'import' || game.status === 'cancelled' || game.status === 'aborted';
    playerBar(topBar, top);
    playerBar(bottomBar, bottom);
    clocks.update(clockShown(game), game.sides, game.status === 'playing' && viewPly === null);
    drawStatus();
    const c = controlsContext();
    keepFocus(inviteBox, () => drawInvite(inviteBox, game!));
    keepFocus(offersBox, () => drawOffers(offersBox, c));
    keepFocus(actions, () => controls.draw(actions, c));
    movesTitle.textContent = d.moves;
    keepFocus(moveList.element, () => moveList.update(game!, history, viewPly, lang(), analysis.marks()));
    keepFocus(analysis.element, () => analysis.draw());
    keepFocus(replayNav, drawReplayNav);
    drawMoveForm();
    drawRecord(recordBox, game);
    drawError();
    connBox.textContent = connected ? '' : d.reconnecting;
    connBox.hidden = connected;
    boardWrap.classList.toggle('over', ['over', 'cancelled', 'aborted'].includes(game.status) && viewPly === null);
    drawBoard(animate);
  }

  // Shows the position after `k` moves (null: the live one).
  function view(k: number | null): void {
    if (!game) return;
    const n = history ? history.moves.length : game.ply;
    if (k !== null && (k >= n && k >= game.ply)) k = null;
    if (k !== null && !history) {
      void loadHistory().then(() => view(k));
      return;
    }
    if (k !== null) k = Math.max(0, Math.min(k, n));
    viewPly = k;
    render(true);
  }

  async function loadHistory(): Promise<void> {
    if (historyLoading) return;
    historyLoading = true;
    try {
      const h = await api.history(id);
      if (!destroyed) history = h;
    } catch {
      // The replay waits for the next state.
    } finally {
      historyLoading = false;
    }
  }

  // Keeps the history in step with the live state: one move more is added here; anything else
  // (a takeback, a gap) is fetched again.
  function followHistory(g: GameState): void {
    if (!history) {
      void loadHistory().then(() => render(false));
      return;
    }
    const n = history.moves.length;
    const lastText = history.positions[n]?.text;
    if (g.ply === n && lastText === g.position?.text) return;
    if (g.ply === n + 1 && g.before && lastText === g.before.text && g.last) {
      history.moves.push(g.last);
      history.positions.push(g.position);
      return;
    }
    if (g.ply < n && history.positions[g.ply]?.text === g.position?.text) {
      history.moves.length = g.ply;
      history.positions.length = g.ply + 1;
      return;
    }
    history = null;
    void loadHistory().then(() => render(false));
  }

  function onState(g: GameState): void {
    const previous = game;
    if (previous && previous.id !== g.id) return;
    game = g;
    if (viewPly !== null && viewPly > g.ply) viewPly = null;
    followHistory(g);
    // What is said to a screen reader: the move, and the end if it came with it.
    const said: string[] = [];
    if (previous && g.ply !== previous.ply) {
      controls.confirming = false;
      controls.confirmingStop = false;
      if (repeating) {
        repeating = null;
        drawRepeat();
      }
      if (g.ply > previous.ply) {
        if (error) {
          error = null;
          window.clearTimeout(errorTimer);
        }
        // The last move, by the side that was to play before it (states may be skipped).
        const m = g.last;
        const mover = (g.before && typeof g.before.turn === 'string' ? g.before.turn : null) ?? previous.turn;
        if (m && mover) said.push(describeMove(g.spec.game, m, sideName(mover), lang()));
      }
    }
    if (previous && previous.status !== 'over' && g.status === 'over') said.push(outcomeText(g));
    // A seat's turn came or went: the header's count of games waiting follows.
    if (you && previous && (g.turn !== previous.turn || g.status !== previous.status)) void refreshTurns();
    if (said.length) announcer.textContent = said.join(' ');
    // A rematch both players wanted: they go to it.
    if (rematchSeen !== undefined && rematchSeen === null && g.rematch && you) {
      navigate(`/game/${encodeURIComponent(g.rematch)}`);
      return;
    }
    rematchSeen = g.rematch;
    render(viewPly === null);
  }

  function onKey(e: KeyboardEvent): void {
    if (!game || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable)) return;
    // A board that takes the arrow keys itself (the chessboard's cursor) keeps them.
    if (target?.closest?.('[role="application"]')) return;
    const n = history ? history.moves.length : game.ply;
    const k = viewPly ?? game.ply;
    let to: number | null | undefined;
    if (e.key === 'ArrowLeft') to = Math.max(0, k - 1);
    else if (e.key === 'ArrowRight') to = k + 1 >= n ? null : k + 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = null;
    if (to === undefined) return;
    e.preventDefault();
    if (to === viewPly) return;
    view(to);
  }
  document.addEventListener('keydown', onKey);

  // Shows what the invitation is for and waits for the player's answer: true to take the seat.
  async function askToJoin(): Promise<boolean> {
    let peek: GameState | null = null;
    try {
      peek = (await api.state(id)).game;
    } catch {
      return true; // the join says what is wrong
    }
    // Taken already, or not waiting: nothing to ask (the join, or watching, says the rest).
    if (destroyed || peek.status !== 'waiting') return peek.status === 'waiting';
    const d = t();
    const creator = peek.seats.find((s) => s.kind === 'human');
    const who = creator ? seatText(creator, peek.kind) : d.anonymous;
    return new Promise((resolve) => {
      const answer = (yes: boolean) => {
        joinBox.hidden = true;
        fill(joinBox);
        resolve(yes);
      };
      fill(
        joinBox,
        h('h2', { id: 'join-title' }, d.joinTitle),
        h('p', { 'data-testid': 'join-what' }, d.joinWhat(specText(peek!.spec), who)),
        peek!.rated ? h('p', { class: 'rated-label' }, d.joinRated) : null,
        h(
          'div',
          { class: 'actions' },
          h('button', { type: 'button', class: 'primary', 'data-testid': 'join-accept', onclick: () => answer(true) }, d.joinButton),
          h('button', { type: 'button', 'data-testid': 'join-watch', onclick: () => answer(false) }, d.justWatch),
        ),
      );
      joinBox.hidden = false;
      joinBox.querySelector<HTMLElement>('[data-testid="join-accept"]')?.focus();
    });
  }

  async function start(): Promise<void> {
    if (invite && inviteOf(id) !== invite && (await askToJoin()) && !destroyed) {
      try {
        await api.join(id, invite);
        rememberMine(id);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return showNotFound();
        const r = refusalOf(e);
        // Signed in, the invitation is opened again and the seat taken.
        if (r.code === 'sign_in') signInNext = `/game/${encodeURIComponent(id)}?invite=${encodeURIComponent(invite)}`;
        else showError(() => t().joinFailed(errorText(r)));
      }
    }
    if (invite) window.history.replaceState(null, '', `/game/${encodeURIComponent(id)}`);
    try {
      const first = await api.state(id);
      if (destroyed) return;
      you = first.you;
      if (you) rememberMine(id);
      onState(first.game);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return showNotFound();
      const r = refusalOf(e);
      showError(() => errorText(r));
    }
    if (destroyed) return;
    socket = new GameSocket(id, {
      hello: (y) => {
        you = y;
      },
      state: (g) => {
        onState(g);
        const talk = g.kind !== 'import';
        if (talk && chat.element.hidden) {
          chat.element.hidden = false;
          void chat.load();
        }
      },
      error: (code, message) => showError(() => errorText({ code, message })),
      chat: (line) => chat.add(line),
      connection: (up) => {
        connected = up;
        // Lines may have been missed while the connection was down.
        if (up && !chat.element.hidden) void chat.load();
        if (game) {
          connBox.textContent = up ? '' : t().reconnecting;
          connBox.hidden = up;
        }
      },
    });
  }

  function showNotFound(): void {
    page.remove();
    inner = mountNotFound(root, route, t().gameNotFound);
  }

  drawError();
  connBox.hidden = true;
  watchingBox.hidden = true;
  void start();

  return {
    destroy() {
      chat.destroy();
      destroyed = true;
      socket?.close();
      clocks.destroy();
      window.clearInterval(firstMoveTimer);
      board?.destroy();
      analysis.destroy();
      inner?.destroy();
      window.clearTimeout(errorTimer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      window.clearTimeout(focusRetry);
    },
    relabel() {
      if (inner) {
        inner.relabel?.();
        return;
      }
      render(false);
      chat.relabel();
    },
    title: () => (game ? specText(game.spec) : t().gameTitle('')),
  };
}
