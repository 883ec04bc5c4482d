// Signing in (/signin) and up (/signup): a name and a password, the server's refusals in the
// reader's language, a link from one to the other; then back to `?next=` (a path of this site),
// else home.
import { api } from '../api';
import { fill, h } from '../dom';
import { t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { navigate, type Page, type Route } from '../router';
import { onAccount, safeNext, setUser, user } from '../account';

type Mode = 'signin' | 'signup';

const NAME = /^[A-Za-z][A-Za-z0-9_-]{2,19}$/;

export function mountSignIn(root: HTMLElement, route: Route): Page {
  return mountAccount(root, route, 'signin');
}

export function mountSignUp(root: HTMLElement, route: Route): Page {
  return mountAccount(root, route, 'signup');
}

function mountAccount(root: HTMLElement, route: Route, mode: Mode): Page {
  const next = route.query.get('next');
  const target = safeNext(next);
  const keepNext = target !== '/' ? `?next=${encodeURIComponent(target)}` : '';
  let busy = false;
  let error: Refusal | null = null;
  let done = false;

  const box = h('section', { class: 'card account-page', 'data-testid': `${mode}-page`, 'aria-labelledby': 'account-title' });
  root.appendChild(box);

  // Built once, so that what was typed stays when the language changes.
  const nameInput = h('input', {
    type: 'text',
    id: 'account-name-input',
    name: 'username',
    'data-testid': 'account-username',
    autocomplete: 'username',
    autocapitalize: 'none',
    spellcheck: 'false',
    maxlength: '20',
    required: true,
    'aria-describedby': mode === 'signup' ? 'account-name-help' : undefined,
  });
  const passwordInput = h('input', {
    type: 'password',
    id: 'account-password-input',
    name: 'password',
    'data-testid': 'account-password',
    autocomplete: mode === 'signin' ? 'current-password' : 'new-password',
    maxlength: '128',
    required: true,
    'aria-describedby': mode === 'signup' ? 'account-password-help' : undefined,
  });
  const show = h('input', {
    type: 'checkbox',
    id: 'account-show',
    'data-testid': 'account-show',
    onchange: () => (passwordInput.type = show.checked ? 'text' : 'password'),
  });

  function draw(): void {
    const d = t();
    const u = user();
    const title = mode === 'signin' ? d.signInTitle : d.signUpTitle;
    if (u && !busy && !done) {
      fill(
        box,
        h('h1', { id: 'account-title' }, title),
        h('p', { 'data-testid': 'signed-in-as' }, d.signedInAs(u.name)),
        h(
          'p',
          { class: 'account-actions' },
          h('a', { href: `/player/${encodeURIComponent(u.name)}`, class: 'button' }, d.yourPage),
          h('a', { href: target, class: 'button primary' }, d.home),
        ),
      );
      return;
    }
    const invalid = (field: 'name' | 'password') => {
      if (!error) return false;
      if (field === 'name') return ['bad_name', 'name_taken'].includes(error.code);
      return ['bad_password', 'wrong_password'].includes(error.code);
    };
    for (const [input, field] of [
      [nameInput, 'name'],
      [passwordInput, 'password'],
    ] as const) {
      if (invalid(field)) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    const form = h(
      'form',
      { 'data-testid': 'account-form', novalidate: true, class: 'account-form' },
      h(
        'div',
        { class: 'field' },
        h('label', { class: 'field-label', for: 'account-name-input' }, d.accountName),
        nameInput,
        mode === 'signup' ? h('p', { class: 'help', id: 'account-name-help' }, d.nameHelp) : null,
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { class: 'field-label', for: 'account-password-input' }, d.password),
        passwordInput,
        mode === 'signup' ? h('p', { class: 'help', id: 'account-password-help' }, d.passwordHelp) : null,
        h('label', { class: 'check small', for: 'account-show' }, show, h('span', {}, d.showPassword)),
      ),
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'account-error' }, error.code === 'fill' ? d.fillBoth : errorText(error)) : null,
      h(
        'button',
        { type: 'submit', class: 'primary big', 'data-testid': 'account-submit', disabled: busy },
        busy ? (mode === 'signin' ? d.signingIn : d.signingUp) : mode === 'signin' ? d.signInButton : d.signUpButton,
      ),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void submit();
    });
    const other = mode === 'signin' ? '/signup' : '/signin';
    fill(
      box,
      h('h1', { id: 'account-title' }, title),
      h('p', { class: 'help account-intro' }, d.accountIntro),
      form,
      h(
        'p',
        { class: 'account-switch' },
        mode === 'signin' ? d.noAccount : d.haveAccount,
        ' ',
        h('a', { href: `${other}${keepNext}`, 'data-testid': 'account-switch' }, mode === 'signin' ? d.signUp : d.signIn),
      ),
    );
  }

  // The same checks as the server's, before asking it (signing in only needs both fields).
  function check(name: string, password: string): Refusal | null {
    if (!name || !password) return { code: 'fill', message: '' };
    if (mode === 'signin') return null;
    if (!NAME.test(name)) return { code: 'bad_name', message: '' };
    const length = [...password].length;
    if (length < 8 || length > 128) return { code: 'bad_password', message: '' };
    return null;
  }

  async function submit(): Promise<void> {
    if (busy) return;
    const name = nameInput.value.trim();
    const password = passwordInput.value;
    const refused = check(name, password);
    if (refused) {
      error = refused;
      draw();
      focusBad();
      return;
    }
    busy = true;
    error = null;
    draw();
    try {
      const { user: u } = mode === 'signin' ? await api.signIn(name, password) : await api.signUp(name, password);
      done = true;
      navigate(target, true);
      setUser(u);
    } catch (e) {
      busy = false;
      error = refusalOf(e);
      if (error.code === 'wrong_password') passwordInput.value = '';
      draw();
      focusBad();
    }
  }

  function focusBad(): void {
    if (!error) return;
    if (['bad_name', 'name_taken'].includes(error.code) || !nameInput.value.trim()) nameInput.focus();
    else passwordInput.focus();
  }

  const off = onAccount(() => {
    if (!busy && !done) draw();
  });
  draw();
  // The name first, but on a touch screen the keyboard waits for the player's tap.
  if (!user() && !matchMedia('(pointer: coarse)').matches) nameInput.focus({ preventScroll: true });

  return {
    destroy() {
      off();
      box.remove();
    },
    relabel: draw,
    title: () => (mode === 'signin' ? t().signInTitle : t().signUpTitle),
  };
}
