// Tournaments (/tournaments): those starting soon, under way and finished; and a form to make
// one (an arena or a Swiss tournament, a medley Swiss playing the three games in turn).
import { api, type NewTournament, type Spec, type TournamentSummary } from '../api';
import { user, onAccount } from '../account';
import { fill, h, option } from '../dom';
import { t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { clockText, dateText, specText } from '../names';
import { navigate, type Page, type Route } from '../router';

// The games offered, with their usual rules.
const GAMES: [string, Spec][] = [
  ['awele:abapa', { game: 'awele', rules: 'abapa' }],
  ['awele:awechec', { game: 'awele', rules: 'awechec' }],
  ['awithlaknannai:mosona:wikipedia', { game: 'awithlaknannai', board: 'mosona', rules: 'wikipedia' }],
  ['awithlaknannai:kolowis:wikipedia', { game: 'awithlaknannai', board: 'kolowis', rules: 'wikipedia' }],
  ['awechec:standard', { game: 'awechec', variant: 'standard' }],
  ['medley', { game: 'awele' }],
];

export function timeText(ms: number): string {
  try {
    return new Date(ms).toLocaleTimeString(document.documentElement.lang === 'fr' ? 'fr-FR' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
  } catch {
    return new Date(ms).toISOString().slice(11, 16);
  }
}

export function tournamentGames(s: TournamentSummary): string {
  return s.specs.length > 1 ? t().medley : specText(s.specs[0]!);
}

export function mountTournaments(root: HTMLElement, _route: Route): Page {
  let lists: { created: TournamentSummary[]; started: TournamentSummary[]; finished: TournamentSummary[] } | null = null;
  let error: Refusal | null = null;
  let formError: Refusal | null = null;
  let busy = false;
  let destroyed = false;
  const form = { kind: 'arena' as 'arena' | 'swiss', game: 'awele:abapa', minutes: 3, increment: 2, length: 30, rounds: 5, startsIn: 5, name: '' };
  const formBox = h('section', { class: 'card new-tournament', 'aria-labelledby': 'new-tournament-title', 'data-testid': 'new-tournament' });
  const listsBox = h('div', { class: 'lists', 'aria-live': 'polite' });
  const page = h('div', { class: 'home tournaments-page' }, formBox, listsBox);
  root.appendChild(page);

  function entry(s: TournamentSummary): HTMLElement {
    const d = t();
    const when = s.status === 'created' ? d.startsAt(dateText(s.starts_at), timeText(s.starts_at)) : s.status === 'started' ? d.tournamentRunning : d.tournamentFinished;
    const length = s.kind === 'arena' ? d.arenaMinutes(s.minutes ?? 0) : d.swissRounds(s.rounds ?? 0);
    return h(
      'li',
      { class: 'game-entry', 'data-testid': `tournament-${s.id}` },
      h(
        'div',
        { class: 'entry-text' },
        h('a', { href: `/tournament/${encodeURIComponent(s.id)}`, class: 'entry-spec' }, s.name),
        h('span', { class: 'entry-who' }, `${tournamentGames(s)} · ${clockText(s.clock)} · ${length}`),
        h('span', { class: 'entry-meta' }, [when, s.rated ? d.ratedShort : d.casualShort].join(' · ')),
      ),
      h('a', { href: `/tournament/${encodeURIComponent(s.id)}`, class: 'button' }, d.openTournament),
    );
  }

  function drawLists(): void {
    const d = t();
    if (!lists) {
      fill(listsBox, h('section', { class: 'card' }, error ? h('p', { class: 'error', role: 'alert' }, errorText(error)) : h('p', { class: 'empty' }, d.loading)));
      return;
    }
    const section = (key: 'created' | 'started' | 'finished', title: string) =>
      h(
        'section',
        { class: 'card list', 'aria-labelledby': `t-${key}` },
        h('h2', { id: `t-${key}` }, title, h('span', { class: 'count' }, String(lists![key].length))),
        lists![key].length ? h('ul', { 'data-testid': `tournaments-${key}` }, lists![key].map(entry)) : h('p', { class: 'empty' }, d.none),
      );
    fill(listsBox, section('started', d.tournamentsRunning), section('created', d.tournamentsComing), section('finished', d.tournamentsFinished));
  }

  function drawForm(): void {
    const d = t();
    const me = user();
    const number = (id: string, value: number, min: number, max: number, set: (v: number) => void) => {
      const input = h('input', { id, 'data-testid': id, type: 'number', min: String(min), max: String(max), step: '1', inputmode: 'numeric', value: String(value) });
      input.addEventListener('change', () => set(Math.max(min, Math.min(max, Number(input.value) || min))));
      return input;
    };
    const field = (label: string, control: HTMLElement, id: string) => h('div', { class: 'field' }, h('label', { class: 'field-label', for: id }, label), control);
    const kind = h(
      'select',
      {
        id: 'kind',
        'data-testid': 'kind',
        onchange: (e: Event) => {
          form.kind = (e.target as HTMLSelectElement).value as 'arena' | 'swiss';
          if (form.kind === 'arena' && form.game === 'medley') form.game = 'awele:abapa';
          drawForm();
        },
      },
      option('arena', d.arena, form.kind === 'arena'),
      option('swiss', d.swiss, form.kind === 'swiss'),
    );
    const game = h(
      'select',
      { id: 'tgame', 'data-testid': 'tgame', onchange: (e: Event) => (form.game = (e.target as HTMLSelectElement).value) },
      GAMES.filter(([k]) => k !== 'medley' || form.kind === 'swiss').map(([k, spec]) => option(k, k === 'medley' ? d.medley : specText(spec), k === form.game)),
    );
    const name = h('input', { id: 'tname', 'data-testid': 'tname', type: 'text', maxlength: '60', value: form.name });
    name.addEventListener('change', () => (form.name = name.value));
    const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'tcreate', disabled: busy || !me }, d.makeTournament);
    const body = h(
      'form',
      { novalidate: true },
      h('div', { class: 'field-row' }, field(d.tournamentKind, kind, 'kind'), field(d.gameLabel, game, 'tgame')),
      h(
        'div',
        { class: 'field-row' },
        field(d.minutes, number('tminutes', form.minutes, 0, 60, (v) => (form.minutes = v)), 'tminutes'),
        field(d.increment, number('tincrement', form.increment, 0, 60, (v) => (form.increment = v)), 'tincrement'),
      ),
      h(
        'div',
        { class: 'field-row' },
        form.kind === 'arena'
          ? field(d.arenaLength, number('tlength', form.length, 10, 720, (v) => (form.length = v)), 'tlength')
          : field(d.roundsLabel, number('trounds', form.rounds, 2, 20, (v) => (form.rounds = v)), 'trounds'),
        field(d.startsIn, number('tstarts', form.startsIn, 0, 10080, (v) => (form.startsIn = v)), 'tstarts'),
      ),
      field(d.tournamentName, name, 'tname'),
      h('p', { class: 'help' }, form.kind === 'arena' ? d.arenaHelp : d.swissHelp),
      me === null ? h('p', { class: 'help' }, h('a', { href: '/signin?next=%2Ftournaments' }, d.signInToMake)) : null,
      formError ? h('p', { class: 'error', role: 'alert', 'data-testid': 'terror' }, errorText(formError)) : null,
      submit,
    );
    body.addEventListener('submit', (e) => {
      e.preventDefault();
      void create();
    });
    fill(formBox, h('h1', { id: 'new-tournament-title' }, d.tournamentsTitle), body);
  }

  async function create(): Promise<void> {
    busy = true;
    formError = null;
    drawForm();
    const spec = GAMES.find(([k]) => k === form.game)?.[1];
    const body: NewTournament = {
      kind: form.kind,
      clock: { minutes: form.minutes, increment: form.increment },
      starts_in: form.startsIn,
      rated: true,
    };
    if (form.game === 'medley') body.medley = true;
    else body.spec = spec;
    if (form.kind === 'arena') body.minutes = form.length;
    else body.rounds = form.rounds;
    if (form.name.trim()) body.name = form.name.trim();
    try {
      const { id } = await api.createTournament(body);
      navigate(`/tournament/${encodeURIComponent(id)}`);
      return;
    } catch (e) {
      formError = refusalOf(e);
    }
    busy = false;
    if (!destroyed) drawForm();
  }

  async function load(): Promise<void> {
    try {
      lists = await api.tournaments();
      error = null;
    } catch (e) {
      error = refusalOf(e);
    }
    if (!destroyed) drawLists();
  }

  drawForm();
  drawLists();
  void load();
  const timer = window.setInterval(() => void load(), 15000);
  const off = onAccount(drawForm);
  return {
    destroy() {
      destroyed = true;
      window.clearInterval(timer);
      off();
      page.remove();
    },
    relabel() {
      drawForm();
      drawLists();
    },
    title: () => t().tournamentsTitle,
  };
}
