// The contract every game board keeps: the game page gives it the state and a context, and it
// calls back with the text of a legal move. Boards know nothing of sockets, pages or clocks.

export type Lang = 'fr' | 'en';

export interface BoardContext {
  lang: Lang;
  bottom: string; // the side drawn at the bottom: 'south'|'north'|'white'|'black'
  interactive: boolean; // the viewer may move now (legal moves are offered)
  // The game's ending in words when the position drawn is the end of a finished game (however it
  // ended: on the board, on time, by resignation or agreement), else null. The board then shows
  // the game as over: no side to move, no move offered.
  outcome: string | null;
  onMove(text: string): void; // called with the `text` of one of the legal moves offered
}

export interface GameBoard {
  element: HTMLElement;
  // Draws `position` (a VIEW of docs/server.md); offers `legal` (MOVEs) when ctx.interactive;
  // `last` is the last move and `before` the position before it, to show and to animate from
  // (animate only when `animate` is true: a live move, or stepping forward in a replay).
  update(
    state: { board: any; position: any; legal: any[]; last: any | null; before: any | null },
    ctx: BoardContext,
    animate: boolean,
  ): void;
  destroy(): void;
}

export type BoardFactory = () => GameBoard;
