// The personal API tokens of the account signed in, on its own player page: listed (never the
// tokens themselves), made with a description and scopes (the new token shown once, to copy),
// and revoked. A token lets a program act for the account: a bot (`awe bot`) or a script
// (docs/research.md).
import { api, type ApiToken } from '../api';
import { fill, h } from '../dom';
import { t } from '../i18n';
import { dateText } from '../names';
import { errorText, refusalOf, type Refusal } from '../errors';

export interface TokensPanel {
  element: HTMLElement;
  // Loads the list the first time, draws it again after.
  show(): void;
}

export function tokensPanel(): TokensPanel {
  const element = h('section', { class: 'card list tokens', 'aria-labelledby': 'tokens-title', 'data-testid': 'tokens' });
  let tokens: ApiToken[] | null = null;
  let scopes: string[] = [];
  let made: ApiToken | null = null;
  let error: Refusal | null = null;
  let busy = false;
  let loaded = false;
  const description = h('input', { type: 'text', id: 'token-description', 'data-testid': 'token-description', maxlength: '60', autocomplete: 'off' });
  // Nothing ticked at first: a token may do only what its maker chose.
  const picked = new Set<string>();
  // Whether the new token was copied (null: not tried yet).
  let copied: boolean | null = null;

  function draw(): void {
    const d = t();
    const list = tokens === null
      ? h('p', { class: 'empty' }, d.loading)
      : tokens.length
        ? h(
            'ul',
            { 'data-testid': 'token-list' },
            tokens.map((k) =>
              h(
                'li',
                { class: `game-entry${k.revoked_at ? ' revoked' : ''}`, 'data-testid': `token-${k.id}` },
                h(
                  'div',
                  { class: 'entry-text' },
                  h('span', { class: 'entry-spec' }, k.description),
                  h('span', { class: 'entry-meta' }, [k.scopes.join(' '), dateText(k.created_at), k.used_at ? d.tokenUsed(dateText(k.used_at)) : null, k.revoked_at ? d.tokenRevoked : null].filter(Boolean).join(' · ')),
                ),
                k.revoked_at ? null : h('button', { type: 'button', 'data-testid': `revoke-${k.id}`, onclick: () => void revoke(k.id) }, d.revokeToken),
              ),
            ),
          )
        : h('p', { class: 'empty', 'data-testid': 'token-list' }, d.noTokens);
    const boxes = scopes.map((scope) => {
      const box = h('input', {
        type: 'checkbox',
        id: `scope-${scope}`,
        'data-testid': `scope-${scope}`,
        checked: picked.has(scope),
        onchange: () => (box.checked ? picked.add(scope) : picked.delete(scope)),
      });
      return h('label', { class: 'check', for: `scope-${scope}` }, box, h('span', {}, d.scopeNames[scope] ?? scope));
    });
    const form = h(
      'form',
      { 'data-testid': 'new-token', novalidate: true },
      h('div', { class: 'field' }, h('label', { class: 'field-label', for: 'token-description' }, d.tokenDescription), description),
      h('fieldset', { class: 'field scopes' }, h('legend', { class: 'field-label' }, d.tokenScopes), boxes),
      h('button', { type: 'submit', class: 'primary', disabled: busy, 'data-testid': 'create-token' }, d.createToken),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void create();
    });
    fill(
      element,
      h('h2', { id: 'tokens-title' }, d.apiTokens),
      h('p', { class: 'help' }, d.tokensHelp),
      // Not a live region: a screen reader does not read the secret aloud; the focus goes to it.
      made?.token
        ? h(
            'div',
            { class: 'new-token' },
            h('p', { id: 'new-token-label' }, d.tokenShownOnce),
            h('code', { 'data-testid': 'new-token-value', tabindex: '-1', 'aria-labelledby': 'new-token-label' }, made.token),
            h('div', { class: 'actions' }, h('button', { type: 'button', 'data-testid': 'copy-token', onclick: () => void copy(made!.token!) }, d.copyToken), copied === null ? null : h('span', { class: 'help', role: 'status', 'data-testid': 'token-copied' }, copied ? d.tokenCopied : d.tokenCopyFailed)),
          )
        : null,
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'token-error' }, errorText(error)) : null,
      list,
      form,
    );
  }

  async function load(): Promise<void> {
    try {
      const answer = await api.tokens();
      tokens = answer.tokens;
      scopes = answer.scopes;
    } catch (e) {
      error = refusalOf(e);
    }
    draw();
  }

  async function copy(token: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(token);
      copied = true;
    } catch {
      copied = false;
    }
    draw();
    if (!copied) {
      // Selected, for the keyboard's own copy.
      const code = element.querySelector('[data-testid="new-token-value"]');
      if (code) window.getSelection()?.selectAllChildren(code);
    }
  }

  async function create(): Promise<void> {
    if (busy) return;
    if (!picked.size) {
      error = { code: 'no_scope', message: '' };
      draw();
      return;
    }
    busy = true;
    error = null;
    copied = null;
    try {
      made = await api.createToken(description.value.trim(), [...picked]);
      description.value = '';
      await load();
    } catch (e) {
      error = refusalOf(e);
    }
    busy = false;
    draw();
    element.querySelector<HTMLElement>('[data-testid="new-token-value"]')?.focus();
  }

  async function revoke(id: string): Promise<void> {
    error = null;
    try {
      await api.revokeToken(id);
      if (made?.id === id) made = null;
      await load();
    } catch (e) {
      error = refusalOf(e);
      draw();
    }
  }

  return {
    element,
    show() {
      if (!loaded) {
        loaded = true;
        draw();
        void load();
      } else draw();
    },
  };
}
