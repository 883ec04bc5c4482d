// Client routes: the address decides the page; links inside the site change it without a reload.

export interface Page {
  destroy(): void;
  // Redraws in the new language; a page without it is mounted again.
  relabel?(): void;
  title?(): string;
}

export interface Route {
  name: string;
  params: Record<string, string>;
  query: URLSearchParams;
}

export type Mount = (root: HTMLElement, route: Route) => Page;

const patterns: [RegExp, string, string[]][] = [
  [/^\/$/, 'home', []],
  [/^\/import\/?$/, 'import', []],
  [/^\/analysis\/?$/, 'analysis', []],
  [/^\/rules\/?$/, 'rules', []],
  [/^\/rules\/(awele|awithlaknannai|awechec)\/?$/, 'rules', ['game']],
  [/^\/game\/([A-Za-z0-9_-]+)\/?$/, 'game', ['id']],
  [/^\/signin\/?$/, 'signin', []],
  [/^\/signup\/?$/, 'signup', []],
  [/^\/leaderboard\/?$/, 'leaderboard', []],
  [/^\/player\/([^/]+)\/?$/, 'player', ['name']],
  [/^\/turns\/?$/, 'turns', []],
  [/^\/tournaments\/?$/, 'tournaments', []],
  [/^\/puzzles\/?$/, 'puzzles', []],
  [/^\/puzzle\/([A-Za-z0-9_-]+)\/?$/, 'puzzles', ['id']],
  [/^\/learn\/?$/, 'learn', []],
  [/^\/learn\/(awele|awithlaknannai|awechec)\/?$/, 'learn', ['game']],
  [/^\/learn\/(awele|awithlaknannai|awechec)\/([a-z0-9-]+)\/?$/, 'lesson', ['game', 'stage']],
  [/^\/practice\/?$/, 'practice', []],
  [/^\/openings\/?$/, 'openings', []],
  [/^\/study\/?$/, 'studies', []],
  [/^\/study\/([A-Za-z0-9_-]+)\/?$/, 'study', ['name']],
  [/^\/openings\/(awele|awithlaknannai|awechec)\/?$/, 'openings', ['game']],
  [/^\/practice\/(awele|awithlaknannai|awechec)\/([a-z0-9-]+)\/?$/, 'practise', ['game', 'name']],
  [/^\/tournament\/([A-Za-z0-9_-]+)\/?$/, 'tournament', ['id']],
  [/^\/admin\/reports\/?$/, 'reports', []],
];

export function match(path: string, search: string): Route {
  for (const [re, name, keys] of patterns) {
    const m = re.exec(path);
    if (m) {
      const params: Record<string, string> = {};
      keys.forEach((k, i) => {
        const raw = m[i + 1] ?? '';
        try {
          params[k] = decodeURIComponent(raw);
        } catch {
          params[k] = raw; // a malformed escape: the page says nothing is there
        }
      });
      return { name, params, query: new URLSearchParams(search) };
    }
  }
  return { name: 'notfound', params: {}, query: new URLSearchParams(search) };
}

// The router of the page, for `retitle`.
let active: Router | null = null;

// The tab's title made again from the page shown (a page whose title depends on what it loaded
// calls it once it has).
export function retitle(): void {
  active?.retitle();
}

export class Router {
  private page: Page | null = null;
  private route: Route | null = null;

  constructor(
    private root: HTMLElement,
    private pages: Record<string, Mount>,
    private changed: (route: Route) => void,
  ) {
    active = this;
    window.addEventListener('popstate', () => this.render());
    document.addEventListener('click', (e) => this.onClick(e));
  }

  private onClick(e: MouseEvent): void {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a');
    if (!a || a.target || a.hasAttribute('download')) return;
    const href = a.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
    e.preventDefault();
    this.go(href);
  }

  go(href: string, replace = false): void {
    if (replace) history.replaceState(null, '', href);
    else history.pushState(null, '', href);
    this.render();
    if (!replace) window.scrollTo(0, 0);
  }

  render(): void {
    this.page?.destroy();
    this.page = null;
    while (this.root.firstChild) this.root.removeChild(this.root.firstChild);
    const route = match(location.pathname, location.search);
    this.route = route;
    const mount = this.pages[route.name] ?? this.pages['notfound']!;
    this.page = mount(this.root, route);
    this.changed(route);
    this.retitle();
  }

  relabel(): void {
    if (this.page?.relabel) this.page.relabel();
    else this.render();
    this.retitle();
  }

  retitle(): void {
    const title = this.page?.title?.();
    document.title = title ? `${title} · awe` : 'awe';
  }

  current(): Route | null {
    return this.route;
  }
}

// Goes to another page of the site (the router listening to popstate draws it).
export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
  if (!replace) window.scrollTo(0, 0);
}
