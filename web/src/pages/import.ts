// Import: a pasted record is sent to the server, which checks every token; its error (naming the
// first bad token) is shown after a lead-in in the page's language, or the imported game's page
// opens. An empty text is answered here.
import { api } from '../api';
import { h } from '../dom';
import { errorText, refusalOf, type Refusal } from '../errors';
import { t } from '../i18n';
import { navigate, type Page, type Route } from '../router';

// The placeholder: an example, said to be one (and drawn lighter than a text typed).
const SAMPLE = `[Game "awele"]
[Rules "awechec"]
[South "Ama"]
[North "Kofi"]
[Result "*"]

1. E b 2. A c *`;

export function mountImport(root: HTMLElement, _route: Route): Page {
  let busy = false;
  // What went wrong: the server's refusal, or nothing pasted (said again in the page's language).
  let error: Refusal | 'empty' | null = null;
  const area = h('textarea', { id: 'record', 'data-testid': 'import-text', rows: '14', spellcheck: 'false', autocapitalize: 'off' });
  area.addEventListener('input', () => {
    if (error === 'empty' && area.value.trim()) {
      error = null;
      draw();
    }
  });
  const box = h('section', { class: 'card import' });
  root.appendChild(box);

  function draw(): void {
    const d = t();
    area.placeholder = `${d.importExample}\n\n${SAMPLE}`;
    const message = error === 'empty' ? d.importEmpty : error ? errorText(error, 'import') : '';
    const errorBox = h('pre', { class: 'error import-error', role: 'alert', tabindex: '-1', 'data-testid': 'import-error', hidden: !message }, message);
    if (message) area.setAttribute('aria-describedby', 'import-error');
    else area.removeAttribute('aria-describedby');
    errorBox.id = 'import-error';
    const button = h('button', { type: 'submit', class: 'primary big', 'data-testid': 'import-submit', disabled: busy }, busy ? d.importing : d.importButton);
    const form = h(
      'form',
      {},
      h('label', { for: 'record', class: 'field-label' }, d.importLabel),
      area,
      errorBox,
      button,
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void submit();
    });
    box.replaceChildren(h('h1', {}, d.importTitle), h('p', { class: 'help' }, d.importHelp), form);
  }

  async function submit(): Promise<void> {
    if (busy) return;
    const text = area.value;
    if (!text.trim()) {
      error = 'empty';
      draw();
      area.focus();
      return;
    }
    busy = true;
    error = null;
    draw();
    try {
      const { id } = await api.importRecord(text);
      navigate(`/game/${encodeURIComponent(id)}`);
    } catch (e) {
      busy = false;
      error = refusalOf(e);
      draw();
      box.querySelector<HTMLElement>('[data-testid="import-error"]')?.focus();
    }
  }

  draw();
  return { destroy: () => box.remove(), relabel: draw, title: () => t().importTitle };
}
