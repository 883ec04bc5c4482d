// The view for an address that leads nowhere (the server answers 404 itself on a full load).
import { h } from '../dom';
import { t } from '../i18n';
import type { Page, Route } from '../router';

export function mountNotFound(root: HTMLElement, _route: Route, message?: string): Page {
  const box = h('section', { class: 'card not-found-view', 'data-testid': 'not-found' });
  const draw = () => {
    const d = t();
    box.replaceChildren(
      h('h1', {}, '404 · ', d.notFound),
      h('p', {}, message ?? d.notFoundText),
      h('p', {}, h('a', { href: '/', class: 'button primary' }, d.home)),
    );
  };
  draw();
  root.appendChild(box);
  return { destroy: () => box.remove(), relabel: draw, title: () => t().notFound };
}
