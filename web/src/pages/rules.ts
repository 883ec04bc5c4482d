// The rules pages: /rules lists the games, /rules/GAME gives the rules of one.
import { h } from '../dom';
import { t } from '../i18n';
import type { Page, Route } from '../router';

export function mountRules(root: HTMLElement, _route: Route): Page {
  const box = h('section', { class: 'card rules' });
  const draw = () => box.replaceChildren(h('h1', {}, t().rulesTitle));
  draw();
  root.appendChild(box);
  return { destroy: () => box.remove(), relabel: draw, title: () => t().rulesTitle };
}
