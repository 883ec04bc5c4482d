// The move list: the game's moves in its notation, each a button that shows the position after it;
// the review's marks (?!, ?, ??) beside the moves they judge.
import type { GameState, History, ReviewMove } from '../api';
import { fill, h } from '../dom';
import { t, type Lang } from '../i18n';
import { tokens, type Token } from './notation';

// A move's text with places to break a long one (an Awithlaknannai chain, "m4xm5xt6xm6xm7xb"):
// after each capture's x and step's hyphen, so that the whole move shows on narrow screens.
function breakable(text: string): HTMLElement {
  const parts = text.split(/(?<=[x\-])/);
  const span = h('span', { class: 'move-text' });
  parts.forEach((part, i) => {
    if (i > 0) span.appendChild(h('wbr'));
    span.appendChild(document.createTextNode(part));
  });
  return span;
}

export class MoveList {
  element: HTMLElement;
  private key = '';

  constructor(private pick: (ply: number | null) => void) {
    this.element = h('div', { class: 'move-list', 'data-testid': 'move-list' });
  }

  update(game: GameState, history: History | null, viewPly: number | null, lang: Lang, marks: Map<number, ReviewMove>): void {
    const synced = !!history && history.moves.length === game.ply;
    const moves = synced ? history!.moves : game.moves;
    const current = (viewPly ?? game.ply) - 1;
    const key = JSON.stringify([game.id, moves.length, game.ply, current, lang, synced, [...marks.keys()]]);
    if (key === this.key) return;
    this.key = key;
    const d = t();
    const list = tokens(game.spec.game, moves, synced ? history!.positions : null, lang, game.sides[0] ?? 'south');
    if (list.length === 0) {
      fill(this.element, h('p', { class: 'empty' }, d.noMoves));
      return;
    }
    const button = (tk: Token) => {
      const mark = marks.get(tk.ply);
      const markText = mark && mark.mark ? mark.mark : '';
      const label = `${tk.number ?? ''} ${tk.text}${markText ? ` ${markText} ${d.marks[markText] ?? ''}` : ''}`.trim();
      return h(
        'button',
        {
          type: 'button',
          class: `move${tk.ply === current ? ' current' : ''}${markText ? ` marked mark-${markText === '??' ? 'blunder' : markText === '?' ? 'mistake' : 'inaccuracy'}` : ''}`,
          'data-testid': `move-${tk.ply}`,
          'data-ply': String(tk.ply),
          'aria-current': tk.ply === current ? 'step' : undefined,
          'aria-label': label,
          title: mark && mark.best && markText ? d.reviewBest(mark.played, mark.best) : undefined,
          onclick: () => this.pick(tk.ply + 1),
        },
        game.spec.game === 'awithlaknannai' ? breakable(tk.text) : tk.text,
        markText ? h('span', { class: 'mark' }, markText) : null,
      );
    };
    const parts: HTMLElement[] = [];
    if (game.spec.game !== 'awechec') {
      // Two sides taking turns: a row a move number, the first side's move then the second's.
      this.element.classList.add('pairs');
      let row: { n: string; a: Token | null; b: Token | null } | null = null;
      const rows: { n: string; a: Token | null; b: Token | null }[] = [];
      for (const tk of list) {
        if (tk.number && tk.number.endsWith('.')) {
          row = { n: tk.number, a: tk, b: null };
          rows.push(row);
        } else if (tk.number || !row) {
          row = { n: tk.number ?? '', a: null, b: tk };
          rows.push(row);
        } else {
          row.b = tk;
        }
      }
      for (const r of rows) {
        parts.push(h('span', { class: 'move-number' }, r.n.replace(/[.…]$/, '')));
        parts.push(r.a ? button(r.a) : h('span', { class: 'move-empty' }, '…'));
        parts.push(r.b ? button(r.b) : h('span', { class: 'move-empty' }));
      }
    } else {
      this.element.classList.remove('pairs');
      let line: HTMLElement | null = null;
      for (const tk of list) {
        if (tk.group || !line) {
          if (tk.group) parts.push(h('h3', { class: 'move-group' }, tk.group));
          line = h('p', { class: 'move-line' });
          parts.push(line);
        }
        // A number stays with its move: they wrap together.
        if (tk.number) line.appendChild(h('span', { class: 'move-unit' }, h('span', { class: 'move-number' }, tk.number), button(tk)));
        else line.appendChild(button(tk));
      }
    }
    fill(this.element, parts);
    const cur = this.element.querySelector<HTMLElement>('.move.current');
    if (cur && viewPly === null) {
      // Keep the last move in sight without scrolling the page.
      this.element.scrollTop = this.element.scrollHeight;
    } else if (cur) {
      const top = cur.offsetTop - this.element.offsetTop;
      if (top < this.element.scrollTop || top > this.element.scrollTop + this.element.clientHeight - 30) this.element.scrollTop = top - 40;
    }
  }
}
