// Import: a pasted record is sent to the server, which checks every token; its error (naming the
// first bad token) is shown, or the imported game's page opens.
import { api } from '../api';
import { h } from '../dom';
import { t } from '../i18n';
import { navigate, type Page, type Route } from '../router';

const SAMPLE = `[Game "awele"]
[Rules "awechec"]
[South "Ama"]
[North "Kofi"]
[Result "*"]

1. E b 2. A c *`;

export function mountImport(root: HTMLElement, _route: Route): Page {
  let busy = false;
  let error = '';
  const area = h('textarea', { id: 'record', 'data-testid': 'import-text', rows: '14', spellcheck: 'false', placeholder: SAMPLE, autocapitalize: 'off' });
  const box = h('section', { class: 'card import' });
  root.appendChild(box);

  function draw(): void {
    const d = t();
    const errorBox = h('pre', { class: 'error import-error', role: 'alert', 'data-testid': 'import-error', hidden: !error }, error);
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
    const text = area.value;
    if (!text.trim() || busy) return;
    busy = true;
    error = '';
    draw();
    try {
      const { id } = await api.importRecord(text);
      navigate(`/game/${encodeURIComponent(id)}`);
    } catch (e) {
      busy = false;
      error = (e as Error).message;
      draw();
      box.querySelector<HTMLElement>('[data-testid="import-error"]')?.focus();
    }
  }

  draw();
  return { destroy: () => box.remove(), relabel: draw, title: () => t().importTitle };
}
