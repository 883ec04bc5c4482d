// Board diagrams for the rules pages: the games' own boards, not interactive, drawn from example
// positions (VIEW objects as the server sends them). A diagram with a move shows the position
// before it and plays the move, animated, when asked.
import { boardFor } from '../boards/index';
import type { GameBoard } from '../boards/board';
import { h } from '../dom';
import { lang } from '../i18n';

export interface Diagrams {
  make(game: string, o: { position: any; board?: any; bottom?: string; caption: string; move?: { last: any; after: any; label: string; again: string } }): HTMLElement;
  destroy(): void;
}

export function diagrams(): Diagrams {
  const boards: GameBoard[] = [];
  return {
    make(game, o) {
      const factory = boardFor(game);
      const fig = h('figure', { class: 'diagram', 'data-testid': `diagram-${game}` });
      if (!factory) return fig;
      const board = factory();
      boards.push(board);
      const ctx = { lang: lang(), bottom: o.bottom ?? (game === 'awele' ? 'south' : 'white'), interactive: false, outcome: null, onMove: () => {} };
      const still = (position: any, last: any, before: any, animate: boolean) =>
        board.update({ board: o.board ?? null, position, legal: [], last, before }, ctx, animate);
      fig.appendChild(board.element);
      const caption = h('figcaption', {}, o.caption);
      fig.appendChild(caption);
      // Boards size themselves once in the page.
      requestAnimationFrame(() => still(o.position, null, null, false));
      if (o.move) {
        const m = o.move;
        let played = false;
        const button = h('button', { type: 'button', class: 'diagram-play' }, m.label);
        button.addEventListener('click', () => {
          if (played) {
            still(o.position, null, null, false);
            button.textContent = m.label;
          } else {
            still(m.after, m.last, o.position, true);
            button.textContent = m.again;
          }
          played = !played;
        });
        caption.appendChild(h('span', { class: 'diagram-actions' }, button));
      }
      return fig;
    },
    destroy() {
      for (const b of boards) b.destroy();
      boards.length = 0;
    },
  };
}

// The geometry of an Awithlaknannai board, as the server's state gives it (`board`): n points in
// each outer row, n + 1 in the middle one, lines along the rows and the sides of the triangles.
export function serpentsBoard(kind: 'mosona' | 'kolowis', n: number): any {
  const points: any[] = [];
  const lines: [string, string][] = [];
  for (let k = 1; k <= n; k++) points.push({ name: `b${k}`, row: 'bottom', column: k });
  for (let k = 1; k <= n + 1; k++) points.push({ name: `m${k}`, row: 'middle', column: k });
  for (let k = 1; k <= n; k++) points.push({ name: `t${k}`, row: 'top', column: k });
  for (let k = 1; k <= n; k++) {
    if (k < n) lines.push([`b${k}`, `b${k + 1}`], [`t${k}`, `t${k + 1}`]);
    lines.push([`b${k}`, `m${k}`], [`b${k}`, `m${k + 1}`], [`m${k}`, `t${k}`], [`m${k + 1}`, `t${k}`]);
  }
  for (let k = 1; k <= n; k++) lines.push([`m${k}`, `m${k + 1}`]);
  return { kind, points, lines };
}

// The usual start: White the bottom row and the middle points right of the centre, Black the top
// row and those left of it, the centre empty.
export function serpentsStart(n: number): any {
  const white: string[] = [];
  const black: string[] = [];
  const centre = n / 2 + 1;
  for (let k = 1; k <= n; k++) {
    white.push(`b${k}`);
    black.push(`t${k}`);
  }
  for (let k = 1; k <= n + 1; k++) {
    if (k < centre) black.push(`m${k}`);
    if (k > centre) white.push(`m${k}`);
  }
  return { white, black, turn: 'white', plies_left: 50 };
}
