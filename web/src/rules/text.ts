// Small builders for the rules' text: paragraphs with **bold** and `code`, lists and tables.
import { h } from '../dom';

// "a **bold** word, *this*, `E(3)` and [a link](/rules)" → nodes.
export function rich(text: string): (Node | string)[] {
  const out: (Node | string)[] = [];
  const re = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)]+)\)|\*([^*]+)\*/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    if (m[1] !== undefined) out.push(h('strong', {}, m[1]));
    else if (m[2] !== undefined) out.push(h('code', {}, m[2]));
    else if (m[3] !== undefined) out.push(h('a', { href: m[4]! }, m[3]));
    else out.push(h('em', {}, m[5]!));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

export const p = (text: string) => h('p', {}, rich(text));
export const h2 = (text: string, id?: string) => h('h2', { id }, text);
export const h3 = (text: string) => h('h3', {}, text);
export const ul = (...items: string[]) => h('ul', {}, items.map((i) => h('li', {}, rich(i))));
export const ol = (...items: string[]) => h('ol', {}, items.map((i) => h('li', {}, rich(i))));
export const pre = (text: string) => h('pre', { class: 'notation' }, text);

export function table(head: string[], rows: string[][]): HTMLElement {
  // A narrow screen scrolls the table sideways: the keyboard may too (it takes the focus), and
  // a screen reader names it by its columns.
  const name = head.filter(Boolean).map((c) => c.replace(/\*\*|`/g, '')).join(' · ');
  return h(
    'div',
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': name },
    h(
      'table',
      {},
      // An empty corner is a plain cell: a header must name something.
      h('thead', {}, h('tr', {}, head.map((c) => (c ? h('th', { scope: 'col' }, rich(c)) : h('td', {}))))),
      h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, rich(c)) : h('td', {}, rich(c))))))),
    ),
  );
}
