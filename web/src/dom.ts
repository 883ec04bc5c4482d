// A small helper to build DOM elements: h('button', {class: 'x', onclick: f}, 'text').

type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props | null = null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') {
        e.addEventListener(k.slice(2), v as EventListener);
      } else if (k === 'class') {
        e.className = String(v);
      } else if (k === 'text') {
        e.textContent = String(v);
      } else if (k === 'value' && 'value' in e) {
        (e as unknown as { value: string }).value = String(v);
      } else if (k === 'checked' || k === 'disabled' || k === 'selected') {
        (e as unknown as Record<string, boolean>)[k] = Boolean(v);
      } else {
        e.setAttribute(k, v === true ? '' : String(v));
      }
    }
  }
  append(e, children);
  return e;
}

export function append(parent: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(parent, c);
    else if (c instanceof Node) parent.appendChild(c);
    else parent.appendChild(document.createTextNode(String(c)));
  }
}

// Replaces the children of `parent`.
export function fill(parent: Node, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

export function option(value: string, label: string, selected = false): HTMLOptionElement {
  const o = h('option', { value }, label);
  if (selected) o.selected = true;
  return o;
}

const ICONS: Record<string, string> = {
  first: 'M5 4h2.5v16H5zM19 4v16L8.5 12z',
  prev: 'M17 4v16L6 12z',
  next: 'M7 4v16l11-8z',
  last: 'M16.5 4H19v16h-2.5zM5 4v16l10.5-8z',
  flip: 'M7 3 3 7h3v10h2V7h3zM17 21l4-4h-3V7h-2v10h-3z',
  signout: 'M17 7l-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4V5z',
};

// A small drawn icon (no icon font is loaded), hidden from screen readers: its button has a label.
export function icon(name: keyof typeof ICONS | string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '20');
  svg.setAttribute('height', '20');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'icon');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', ICONS[name] ?? '');
  path.setAttribute('fill', 'currentColor');
  svg.appendChild(path);
  return svg;
}

// Redraws a part of the page without losing the keyboard's place: the element that had the focus
// is found again by its data-testid (or id) once `draw` has replaced it.
export function keepFocus(container: HTMLElement, draw: () => void): void {
  const active = document.activeElement as HTMLElement | null;
  const inside = !!active && container.contains(active);
  const testid = inside ? active!.getAttribute('data-testid') : null;
  const id = inside ? active!.id : '';
  draw();
  if (!inside || container.contains(active)) return;
  const again = testid
    ? container.querySelector<HTMLElement>(`[data-testid="${CSS.escape(testid)}"]`)
    : id
      ? container.querySelector<HTMLElement>(`#${CSS.escape(id)}`)
      : null;
  again?.focus();
}
