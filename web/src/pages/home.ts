// Home: a new game (which game, its settings, against whom, which side, which clock, rated or
// not), and the lists of games being played, open challenges and finished games, live over the
// lobby's WebSocket (read over HTTP every few seconds only while it is down).
import { QuickPairing } from '../quick';
import { api, type Lobby, type NewGame, type Seat, type Spec, type Summary } from '../api';
import { fill, h, keepFocus, option } from '../dom';
import { lang, t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { botName, clockText, diffText, gameName, seatWithRating, sideName, sidesOf, specText } from '../names';
import { navigate, type Page, type Route } from '../router';
import { rememberInvite, rememberMine, isMine } from '../store';
import { LobbySocket } from '../socket';
import { onAccount, user } from '../account';

const RULES: Record<string, string[]> = {
  awele: ['awechec', 'abapa', 'awari'],
  awithlaknannai: ['wikipedia', 'globejoueur', 'bell', 'ludii'],
};
const BOARDS = ['mosona', 'kolowis', 'kolowis-ludii'];
const VARIANTS = ['standard', 'forced', 'synchronous'];
const HANDICAPS = ['', '3/2', '2/1', '3/1'];
// The lines of an Awithlaknannai board: all, or one published drawing's without some.
const LINES = ['all', 'no-outer', 'no-end', 'none'];
const REFRESH_MS = 4000;
// A newcomer's rating (docs/server.md, "Accounts and ratings").
const NEW_RATING = 1500;
const SHORT = 6;

interface Settings {
  game: string;
  aweleRules: string;
  awiRules: string;
  awiBoard: string;
  awiLines: string;
  variant: string;
  hWhite: string;
  hBlack: string;
  opponent: 'computer' | 'friend' | 'open' | 'bot';
  // The bot to challenge (among those online).
  botName: string;
  level: number;
  side: string; // 'first' | 'second' | 'random'
  clock: boolean;
  minutes: number;
  increment: number;
  // Days a move instead of minutes (against a person only).
  correspondence: boolean;
  days: number;
  name: string;
  rated: boolean;
}

const DEFAULTS: Settings = {
  game: 'awele',
  aweleRules: 'awechec',
  awiRules: 'wikipedia',
  awiBoard: 'mosona',
  awiLines: 'all',
  variant: 'standard',
  hWhite: '',
  hBlack: '',
  opponent: 'computer',
  botName: '',
  level: 3,
  side: 'first',
  clock: false,
  minutes: 10,
  increment: 5,
  correspondence: false,
  days: 3,
  name: '',
  rated: false,
};

const KEY = 'awe.newgame';

function load(): Settings {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { ...DEFAULTS, ...(typeof s === 'object' && s ? s : {}) };
  } catch {
    return { ...DEFAULTS };
  }
}

function save(s: Settings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // Not remembered.
  }
}

export function specOf(s: Settings): Spec {
  if (s.game === 'awele') return { game: 'awele', rules: s.aweleRules };
  if (s.game === 'awithlaknannai') {
    const spec: Spec = { game: 'awithlaknannai', board: s.awiBoard, rules: s.awiRules };
    if (s.awiLines === 'no-outer' || s.awiLines === 'none') spec.outer_lines = false;
    if (s.awiLines === 'no-end' || s.awiLines === 'none') spec.end_lines = false;
    return spec;
  }
  const handicap = [s.hWhite && `white:${s.hWhite}`, s.hBlack && `black:${s.hBlack}`].filter(Boolean).join(',');
  const spec: Spec = { game: 'awechec', variant: s.variant };
  if (handicap) spec.handicap = handicap;
  return spec;
}

// Whether the game set in the form may be rated: between two people, without handicap, on a
// board with all its lines.
function rateable(s: Settings): boolean {
  const spec = specOf(s);
  return s.opponent !== 'computer' && !spec.handicap && spec.outer_lines !== false && spec.end_lines !== false;
}

export function mountHome(root: HTMLElement, route: Route): Page {
  const settings = load();
  // A link may choose the game (`/?game=awechec`, as the lessons' last stage gives it).
  const asked = route.query.get('game');
  if (asked === 'awele' || asked === 'awithlaknannai' || asked === 'awechec') settings.game = asked;
  let busy = false;
  let error: Refusal | null = null;
  let listError: Refusal | null = null;
  let timer: number | undefined;
  let lobbyFailed = false;
  let lobby: Lobby | null = null;
  let socket: LobbySocket | null = null;
  let socketUp = false;
  let destroyed = false;
  const expanded = new Set<string>();

  const formBox = h('section', { class: 'card new-game', 'aria-labelledby': 'new-game-title' });
  const listsBox = h('div', { class: 'lists' });
  // Quick pairing, for the game and rules the form shows (its other settings do not apply).
  const quick = new QuickPairing(() => specOf(settings));
  const layout = h('div', { class: 'home' }, formBox, h('div', { class: 'lists home-side' }, quick.element, listsBox));
  root.appendChild(layout);

  function set<K extends keyof Settings>(k: K, v: Settings[K]): void {
    settings[k] = v;
    save(settings);
    drawForm();
  }

  function radios(name: string, current: string, items: [string, string, string?][], onPick: (v: string) => void, cls = ''): HTMLElement {
    return h(
      'div',
      { class: `choices ${cls}`, role: 'radiogroup' },
      items.map(([value, label, hint]) =>
        h(
          'label',
          { class: `choice${value === current ? ' on' : ''}`, 'data-testid': `${name}-${value}` },
          h('input', { type: 'radio', name, value, id: `radio-${name}-${value}`, checked: value === current, onchange: () => onPick(value) }),
          h('span', { class: 'choice-label' }, label),
          hint ? h('span', { class: 'choice-hint' }, hint) : null,
        ),
      ),
    );
  }

  function field(label: string, control: HTMLElement, help?: string, id?: string): HTMLElement {
    const lab = h('label', { class: 'field-label', for: id }, label);
    const helpId = help && id ? `${id}-help` : undefined;
    if (helpId) control.setAttribute('aria-describedby', helpId);
    return h('div', { class: 'field' }, lab, control, help ? h('p', { class: 'help', id: helpId, 'data-testid': helpId }, help) : null);
  }

  function select(id: string, values: string[], labels: Record<string, string>, current: string, onPick: (v: string) => void): HTMLSelectElement {
    const s = h('select', { id, 'data-testid': id, onchange: () => onPick(s.value) }, values.map((v) => option(v, labels[v] ?? v, v === current)));
    return s;
  }

  function drawForm(): void {
    const d = t();
    const game = settings.game;
    const [first, second] = sidesOf({ game });
    const rows: HTMLElement[] = [];
    rows.push(
      h(
        'fieldset',
        { class: 'field' },
        h('legend', { class: 'field-label' }, d.game),
        radios(
          'game',
          game,
          (['awele', 'awithlaknannai', 'awechec'] as const).map((g) => [g, gameName(g), d.gameBlurb[g]] as [string, string, string]),
          (v) => set('game', v),
          'games',
        ),
      ),
    );
    if (game === 'awele') {
      rows.push(field(d.ruleSet, select('rules', RULES.awele!, d.ruleSets, settings.aweleRules, (v) => set('aweleRules', v)), undefined, 'rules'));
    } else if (game === 'awithlaknannai') {
      rows.push(
        h(
          'div',
          { class: 'field-row' },
          field(d.board, select('awi-board', BOARDS, d.boards, settings.awiBoard, (v) => set('awiBoard', v)), undefined, 'awi-board'),
          field(d.ruleSet, select('rules', RULES.awithlaknannai!, d.ruleSets, settings.awiRules, (v) => set('awiRules', v)), d.expect[settings.awiRules], 'rules'),
        ),
      );
      rows.push(field(d.lines, select('awi-lines', LINES, d.linesNames, settings.awiLines, (v) => set('awiLines', v)), d.linesHelp, 'awi-lines'));
    } else {
      const hl: Record<string, string> = { '': d.handicapNone, '3/2': '3/2', '2/1': '2/1', '3/1': '3/1' };
      rows.push(field(d.variant, select('variant', VARIANTS, d.variants, settings.variant, (v) => set('variant', v)), undefined, 'variant'));
      rows.push(
        h(
          'div',
          { class: 'field-row' },
          field(d.handicapWhite, select('handicap-white', HANDICAPS, hl, settings.hWhite, (v) => set('hWhite', v)), undefined, 'handicap-white'),
          field(d.handicapBlack, select('handicap-black', HANDICAPS, hl, settings.hBlack, (v) => set('hBlack', v)), undefined, 'handicap-black'),
        ),
      );
      rows.push(h('p', { class: 'help' }, d.handicapHelp));
    }
    rows.push(
      h(
        'p',
        { class: 'help' },
        h('a', { href: `/learn/${game}`, 'data-testid': 'home-learn' }, d.learnNew(gameName(game))),
        ' · ',
        h('a', { href: `/rules/${game}` }, `${d.rulesLink}${lang() === 'fr' ? '\u00a0: ' : ': '}${gameName(game)}`),
      ),
    );
    rows.push(
      h(
        'fieldset',
        { class: 'field' },
        h('legend', { class: 'field-label' }, d.against),
        radios(
          'opponent',
          settings.opponent,
          [
            ['computer', d.vsComputer],
            ['friend', d.vsFriend],
            ['open', d.vsOpen],
            ['bot', d.vsBot],
          ],
          (v) => set('opponent', v as Settings['opponent']),
        ),
      ),
    );
    if (settings.opponent === 'bot') {
      const bots = (lobby?.bots ?? []).map((b) => b.name);
      if (bots.length) {
        if (!bots.includes(settings.botName)) settings.botName = bots[0]!;
        const labels = Object.fromEntries(bots.map((b) => [b, botName(b, true)]));
        rows.push(field(d.botToChallenge, select('bot-name', bots, labels, settings.botName, (v) => set('botName', v)), undefined, 'bot-name'));
      } else {
        rows.push(h('p', { class: 'help', 'data-testid': 'no-bot' }, d.noBotOnline));
      }
    }
    const me = user();
    if (rateable(settings)) {
      const signedIn = !!me;
      const box = h('input', {
        type: 'checkbox',
        id: 'rated',
        'data-testid': 'rated',
        checked: signedIn && settings.rated,
        disabled: !signedIn,
        'aria-describedby': 'rated-help',
        onchange: () => {
          settings.rated = box.checked;
          save(settings);
        },
      });
      rows.push(
        h(
          'div',
          { class: `field rated-field${signedIn ? '' : ' off'}` },
          h('label', { class: 'check', for: 'rated' }, box, h('span', {}, d.rated)),
          signedIn
            ? h('p', { class: 'help', id: 'rated-help' }, d.ratedHelp)
            : h('p', { class: 'help', id: 'rated-help', 'data-testid': 'rated-hint' }, h('a', { href: '/signin?next=%2F', 'data-testid': 'rated-signin' }, d.ratedSignIn)),
        ),
      );
    }
    if (settings.opponent === 'computer') {
      const levels = Array.from({ length: 10 }, (_, i) => String(i + 1));
      const labels = Object.fromEntries(levels.map((l) => [l, l]));
      rows.push(field(d.level, select('level', levels, labels, String(settings.level), (v) => set('level', Number(v))), d.levelHelp, 'level'));
    }
    rows.push(
      h(
        'fieldset',
        { class: 'field' },
        h('legend', { class: 'field-label' }, d.yourSide),
        radios(
          'side',
          settings.side,
          [
            ['first', sideName(first)],
            ['second', sideName(second)],
            ['random', d.random],
          ],
          (v) => set('side', v),
        ),
      ),
    );
    const minutes = h('input', { id: 'minutes', 'data-testid': 'minutes', type: 'number', min: '0', max: '180', step: '1', inputmode: 'numeric', value: String(settings.minutes) });
    const increment = h('input', { id: 'increment', 'data-testid': 'increment', type: 'number', min: '0', max: '180', step: '1', inputmode: 'numeric', value: String(settings.increment) });
    minutes.addEventListener('change', () => {
      settings.minutes = Math.max(0, Math.min(180, Number(minutes.value) || 0));
      save(settings);
    });
    increment.addEventListener('change', () => {
      settings.increment = Math.max(0, Math.min(180, Number(increment.value) || 0));
      save(settings);
    });
    // Correspondence is between two people.
    const days = settings.opponent !== 'computer' && settings.correspondence;
    const daysSelect = h(
      'select',
      {
        id: 'days',
        'data-testid': 'days',
        onchange: (e: Event) => {
          settings.days = Number((e.target as HTMLSelectElement).value) || 3;
          save(settings);
        },
      },
      [1, 2, 3, 5, 7, 14].map((n) => h('option', { value: String(n), selected: n === settings.days }, String(n))),
    );
    const clockChoices: [string, string][] = [
      ['none', d.noClock],
      ['on', d.withClock],
    ];
    if (settings.opponent !== 'computer') clockChoices.push(['days', d.withDays]);
    rows.push(
      h(
        'fieldset',
        { class: 'field' },
        h('legend', { class: 'field-label' }, d.clock),
        radios('clock', days ? 'days' : settings.clock ? 'on' : 'none', clockChoices, (v) => {
          settings.correspondence = v === 'days';
          set('clock', v !== 'none');
        }),
        days
          ? h('div', { class: 'field-row clock-fields' }, field(d.daysPerMove, daysSelect, d.correspondenceHelp, 'days'))
          : settings.clock
            ? h('div', { class: 'field-row clock-fields' }, field(d.minutes, minutes, undefined, 'minutes'), field(d.increment, increment, undefined, 'increment'))
            : null,
      ),
    );
    if (settings.opponent !== 'computer') {
      if (me) {
        // An account plays under its name.
        rows.push(h('p', { class: 'help playing-as', 'data-testid': 'playing-as' }, d.playingAs(me.name)));
      } else {
        const name = h('input', { id: 'name', 'data-testid': 'name', type: 'text', maxlength: '30', autocomplete: 'nickname', value: settings.name });
        name.addEventListener('change', () => {
          settings.name = name.value.trim();
          save(settings);
        });
        rows.push(field(d.yourName, name, undefined, 'name'));
      }
    }
    const submit = h('button', { type: 'submit', class: 'primary big', 'data-testid': 'start', disabled: busy }, busy ? d.starting : d.start);
    const form = h(
      'form',
      { 'data-testid': 'new-game', novalidate: true },
      rows,
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'error' }, errorText(error)) : null,
      submit,
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (settings.clock && !settings.correspondence) {
        settings.minutes = Math.max(0, Math.min(180, Number(minutes.value) || 0));
        settings.increment = Math.max(0, Math.min(180, Number(increment.value) || 0));
      }
      const nameInput = form.querySelector<HTMLInputElement>('#name');
      if (nameInput) settings.name = nameInput.value.trim();
      save(settings);
      void start();
    });
    // The form is drawn anew on each choice: the keyboard stays on the control it was on (the
    // radio an arrow key chose, the select), not dropped to the page's top.
    keepFocus(formBox, () => fill(formBox, h('h1', { id: 'new-game-title' }, d.newGame), form));
    // Quick pairing follows the game and rules chosen.
    quick.draw();
  }

  async function start(): Promise<void> {
    if (busy) return;
    busy = true;
    error = null;
    drawForm();
    const spec = specOf(settings);
    const [first, second] = sidesOf(spec);
    const side = settings.side === 'first' ? first : settings.side === 'second' ? second : 'random';
    const opponent: NewGame['opponent'] =
      settings.opponent === 'computer'
        ? { kind: 'computer', level: settings.level }
        : settings.opponent === 'bot'
          ? { kind: 'bot', name: settings.botName }
          : { kind: settings.opponent };
    const body: NewGame = {
      spec,
      opponent,
      side,
      clock:
        settings.opponent !== 'computer' && settings.correspondence
          ? { days: settings.days }
          : settings.clock
            ? { minutes: settings.minutes, increment: settings.increment }
            : null,
    };
    const me = user();
    if (settings.opponent !== 'computer' && settings.name && !me) body.name = settings.name;
    if (me && rateable(settings) && settings.rated) body.rated = true;
    try {
      const made = await api.create(body);
      rememberMine(made.id);
      if (made.invite) rememberInvite(made.id, made.invite);
      navigate(`/game/${encodeURIComponent(made.id)}`);
    } catch (e) {
      busy = false;
      error = refusalOf(e);
      if (!destroyed) drawForm();
    }
  }

  async function accept(id: string, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    listError = null;
    try {
      await api.join(id);
      rememberMine(id);
      navigate(`/game/${encodeURIComponent(id)}`);
    } catch (e) {
      button.disabled = false;
      listError = refusalOf(e);
      if (!destroyed) drawLists();
    }
  }

  // Withdraws one's own open challenge; the lobby then drops it.
  async function cancel(id: string, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    listError = null;
    try {
      await api.act(id, { t: 'cancel' });
      if (lobby) lobby = { ...lobby, open: lobby.open.filter((s) => s.id !== id) };
    } catch (e) {
      button.disabled = false;
      listError = refusalOf(e);
    }
    if (!destroyed) drawLists();
  }

  // Whether this browser made the challenge, or its account holds the challenger's seat.
  function ownChallenge(s: Summary): boolean {
    if (isMine(s.id)) return true;
    const me = user();
    return !!me && s.seats.some((x) => x.kind === 'human' && x.account && (x.name ?? '').toLowerCase() === me.name.toLowerCase());
  }

  // A seat in a list: its name, its rating where the game is rated, its change once over.
  function seatLine(seat: Seat | undefined, s: Summary): string {
    // An account not yet rated in the category is rated as a newcomer (docs/server.md: 1500,
    // provisional), as the game's page shows it; the lobby's summary may leave it out.
    if (s.status === 'waiting' && s.rated && seat?.kind === 'human' && seat.account && typeof seat.rating !== 'number') {
      seat = { ...seat, rating: NEW_RATING, provisional: true };
    }
    const text = seatWithRating(seat, s.kind);
    return seat?.kind === 'human' && typeof seat.diff === 'number' ? `${text} ${diffText(seat.diff)}` : text;
  }

  function entry(s: Summary, list: 'playing' | 'open' | 'finished'): HTMLElement {
    const d = t();
    const href = `/game/${encodeURIComponent(s.id)}`;
    const [a, b] = s.seats;
    const who = list === 'open' ? seatLine(s.seats.find((x) => x.kind !== 'empty'), s) : `${seatLine(a, s)} ${d.vs} ${seatLine(b, s)}`;
    let action: HTMLElement;
    if (list === 'open') {
      if (ownChallenge(s)) {
        const btn = h('button', { type: 'button', 'data-testid': `cancel-${s.id}` }, d.cancelChallenge);
        btn.addEventListener('click', () => void cancel(s.id, btn));
        action = btn;
      } else if (s.rated && !user()) {
        // A rated challenge is for accounts: sign in, then come back here.
        action = h('a', { href: '/signin?next=%2F', class: 'button primary', 'data-testid': `accept-${s.id}` }, d.signInToAccept);
      } else {
        const btn = h('button', { type: 'button', class: 'primary', 'data-testid': `accept-${s.id}` }, d.accept);
        btn.addEventListener('click', () => void accept(s.id, btn));
        action = btn;
      }
    } else {
      const mine = isMine(s.id);
      const label = list === 'finished' ? d.replay : mine ? d.resume : d.watch;
      action = h('a', { href, class: 'button', 'data-testid': `${list === 'finished' ? 'replay' : 'watch'}-${s.id}` }, label);
    }
    // Open challenges say whether they are rated or casual; the other lists mark rated games.
    const meta = [clockText(s.clock), list === 'open' && !s.rated ? d.casualShort : null, s.result].filter(Boolean).join(' · ');
    return h(
      'li',
      { class: `game-entry${s.rated ? ' rated' : ''}`, 'data-testid': `game-${s.id}` },
      h(
        'div',
        { class: 'entry-text' },
        h('a', { href, class: 'entry-spec' }, specText(s.spec)),
        h('span', { class: 'entry-who' }, who),
        h('span', { class: 'entry-meta' }, s.rated ? h('span', { class: 'rated-tag', 'data-testid': `rated-${s.id}` }, d.ratedShort) : null, meta),
      ),
      action,
    );
  }

  function drawLists(): void {
    const d = t();
    const section = (key: 'playing' | 'open' | 'finished', title: string) => {
      const items = lobby?.[key] ?? [];
      const shown = expanded.has(key) ? items : items.slice(0, SHORT);
      const more =
        items.length > SHORT
          ? h(
              'button',
              {
                type: 'button',
                class: 'subtle',
                'data-testid': `more-${key}`,
                'aria-expanded': expanded.has(key) ? 'true' : 'false',
                onclick: () => {
                  if (expanded.has(key)) expanded.delete(key);
                  else expanded.add(key);
                  drawLists();
                },
              },
              expanded.has(key) ? d.showFewer : d.showAll(items.length),
            )
          : null;
      return h(
        'section',
        { class: 'card list', 'aria-labelledby': `list-${key}-title` },
        h('h2', { id: `list-${key}-title` }, title, lobby ? h('span', { class: 'count' }, String(items.length)) : null),
        items.length
          ? h('ul', { 'data-testid': `list-${key}` }, shown.map((s) => entry(s, key)))
          : h('p', { class: 'empty', 'data-testid': `list-${key}` }, lobby ? d.none : '…'),
        more,
      );
    };
    fill(
      listsBox,
      lobbyFailed ? h('p', { class: 'error', role: 'status' }, d.listsFailed) : null,
      listError ? h('p', { class: 'error', role: 'alert', 'data-testid': 'list-error' }, errorText(listError)) : null,
      section('open', d.open),
      bots(),
      section('playing', d.playing),
      section('finished', d.finished),
    );
  }

  // The bots online, each challenged in one click with the form's game, rules and clock.
  function bots(): HTMLElement | null {
    const d = t();
    const online = lobby?.bots ?? [];
    if (!online.length) return null;
    return h(
      'section',
      { class: 'card list', 'aria-labelledby': 'list-bots-title' },
      h('h2', { id: 'list-bots-title' }, d.botsOnline, h('span', { class: 'count' }, String(online.length))),
      h('p', { class: 'help' }, d.botsHelp),
      h(
        'ul',
        { 'data-testid': 'list-bots' },
        online.map((b) => {
          const btn = h('button', { type: 'button', class: 'primary', 'data-testid': `challenge-${b.name}`, 'aria-label': d.challengeBot(b.name) }, d.challenge);
          btn.addEventListener('click', () => {
            settings.opponent = 'bot';
            settings.botName = b.name;
            save(settings);
            void start();
          });
          return h(
            'li',
            { class: 'game-entry', 'data-testid': `bot-${b.name}` },
            h('div', { class: 'entry-text' }, h('a', { href: `/player/${encodeURIComponent(b.name)}`, class: 'entry-spec' }, botName(b.name, true))),
            btn,
          );
        }),
      ),
    );
  }

  // New lists: drawn again, the focus kept where it was if it was on a list's button.
  function showLobby(l: Lobby): void {
    const before = (lobby?.bots ?? []).map((b) => b.name).join(' ');
    lobby = l;
    // The form's list of bots follows those online.
    if (settings.opponent === 'bot' && before !== (l.bots ?? []).map((b) => b.name).join(' ')) drawForm();
    lobbyFailed = false;
    redrawLists();
  }

  function redrawLists(): void {
    const focused = listsBox.contains(document.activeElement) ? document.activeElement?.getAttribute('data-testid') : null;
    drawLists();
    if (focused) listsBox.querySelector<HTMLElement>(`[data-testid="${focused}"]`)?.focus();
  }

  // The lists over HTTP, every few seconds, only while the lobby's socket is down.
  async function poll(): Promise<void> {
    timer = undefined;
    if (destroyed || socketUp) return;
    try {
      const l = await api.lobby();
      if (destroyed || socketUp) return;
      showLobby(l);
    } catch {
      if (destroyed || socketUp) return;
      lobbyFailed = true;
      redrawLists();
    }
    timer = window.setTimeout(() => void poll(), document.hidden ? REFRESH_MS * 3 : REFRESH_MS);
  }

  drawForm();
  drawLists();
  socket = new LobbySocket({
    lobby: (l) => {
      if (!destroyed) showLobby(l);
    },
    connection: (up) => {
      socketUp = up;
      if (up) {
        window.clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined) {
        void poll();
      }
    },
  });
  // Signing in or out changes the form (rated, the name) and the lists' buttons.
  const off = onAccount(() => {
    if (destroyed) return;
    drawForm();
    redrawLists();
  });

  return {
    destroy() {
      destroyed = true;
      quick.destroy();
      window.clearTimeout(timer);
      socket?.close();
      off();
    },
    relabel() {
      drawForm();
      drawLists();
      quick.draw();
    },
    title: () => t().newGame,
  };
}
