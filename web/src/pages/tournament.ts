// A tournament (/tournament/ID): when, what and how long; join or withdraw; the standings, live
// over the tournament's WebSocket; your game under way; every pairing, round by round; the
// standings as a file.
import { api, type Pairing, type Standing, type Tournament } from '../api';
import { user, onAccount } from '../account';
import { fill, h } from '../dom';
import { t } from '../i18n';
import { errorText, refusalOf, type Refusal } from '../errors';
import { clockText, dateText, ratingText } from '../names';
import { retitle, type Page, type Route } from '../router';
import { ListeningSocket } from '../socket';
import { leftText } from './turns';
import { timeText, tournamentGames } from './tournaments';
import { ChatPanel } from '../game/chat';

export function mountTournament(root: HTMLElement, route: Route): Page {
  const id = route.params.id ?? '';
  let tour: Tournament | null = null;
  let error: Refusal | null = null;
  let busy = false;
  let destroyed = false;
  const box = h('div', { class: 'tournament-page', 'data-testid': 'tournament-page' });
  const chat = new ChatPanel(`/api/tournaments/${encodeURIComponent(id)}`);
  root.appendChild(box);

  function scoreText(s: Standing): string {
    return tour?.kind === 'swiss' ? String(s.score / 2).replace('.5', '½').replace(/^0½$/, '½') : String(s.score);
  }

  function standings(lines: Standing[]): HTMLElement {
    const d = t();
    const swiss = tour?.kind === 'swiss';
    const me = user()?.name;
    return h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'data-table', 'data-testid': 'standings' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col', class: 'num rank' }, d.rankCol),
            h('th', { scope: 'col' }, d.playerCol),
            h('th', { scope: 'col', class: 'num' }, d.ratingCol),
            h('th', { scope: 'col', class: 'num' }, d.scoreCol),
            swiss ? h('th', { scope: 'col', class: 'num' }, h('abbr', { title: 'Buchholz' }, 'Bu')) : null,
            swiss ? h('th', { scope: 'col', class: 'num' }, h('abbr', { title: 'Sonneborn–Berger' }, 'SB')) : null,
            h('th', { scope: 'col', class: 'num' }, d.gamesCol),
          ),
        ),
        h(
          'tbody',
          {},
          lines.map((s) =>
            h(
              'tr',
              { 'data-testid': `standing-${s.name}`, class: [s.name === me ? 'me' : '', s.withdrawn ? 'withdrawn' : ''].join(' ').trim() || undefined },
              h('td', { class: 'num rank' }, String(s.rank)),
              h(
                'th',
                { scope: 'row' },
                h('a', { href: `/player/${encodeURIComponent(s.name)}` }, s.name),
                s.fire ? h('abbr', { class: 'fire', title: d.onFire, 'aria-label': d.onFire, 'data-testid': `fire-${s.name}` }, '×2') : null,
                s.playing ? h('a', { class: 'playing-link', href: `/game/${encodeURIComponent(s.playing)}`, 'aria-label': d.watchGameOf(s.name) }, ` ${d.playingNow}`) : null,
                s.withdrawn ? h('span', { class: 'help' }, ` ${d.withdrawnMark}`) : null,
              ),
              h('td', { class: 'num', 'data-testid': `rating-${s.name}`, title: s.provisional ? d.provisionalHelp : undefined }, ratingText(s.rating, s.provisional)),
              h('td', { class: 'num', 'data-testid': `score-${s.name}` }, h('strong', {}, scoreText(s))),
              swiss ? h('td', { class: 'num' }, String(s.buchholz)) : null,
              swiss ? h('td', { class: 'num' }, String(s.berger)) : null,
              h('td', { class: 'num' }, String(s.games)),
            ),
          ),
        ),
      ),
    );
  }

  function rounds(pairings: Pairing[]): HTMLElement | null {
    const d = t();
    if (!pairings.length) return null;
    const byRound = new Map<number, Pairing[]>();
    for (const p of pairings) byRound.set(p.round, [...(byRound.get(p.round) ?? []), p]);
    const rows = (list: Pairing[]) =>
      h(
        'ul',
        { class: 'pairings' },
        list.map((p) =>
          h(
            'li',
            {},
            p.black === null
              ? `${p.white} — ${d.bye}`
              : [p.game ? h('a', { href: `/game/${encodeURIComponent(p.game)}` }, `${p.white} – ${p.black}`) : `${p.white} – ${p.black}`, ` ${p.result ?? d.inProgress}`],
          ),
        ),
      );
    const arena = tour?.kind === 'arena';
    return h(
      'section',
      { class: 'card', 'aria-labelledby': 'pairings-title', 'data-testid': 'pairings' },
      h('h2', { id: 'pairings-title' }, arena ? d.arenaGames : d.pairingsTitle),
      arena
        ? rows([...pairings].reverse().slice(0, 30))
        : [...byRound.entries()].map(([round, list]) => h('div', { class: 'round' }, h('h3', {}, d.roundN(round)), rows(list))),
    );
  }

  function draw(): void {
    const d = t();
    if (!tour) {
      fill(box, h('section', { class: 'card' }, error ? [h('p', { class: 'error', role: 'alert' }, errorText(error)), h('button', { type: 'button', onclick: () => void load() }, d.retryButton)] : h('p', { class: 'empty' }, d.loading)));
      return;
    }
    const s = tour;
    const me = user();
    const joined = !!s.you?.joined;
    const when =
      s.status === 'created'
        ? d.startsAt(dateText(s.starts_at), timeText(s.starts_at))
        : s.status === 'started'
          ? s.kind === 'arena' && s.ends_at
            ? d.endsIn(leftText(s.ends_at - Date.now()))
            : d.roundOf(s.round, s.rounds ?? 0)
          : d.tournamentOver;
    const action =
      s.status === 'finished'
        ? null
        : me === null
          ? h('a', { class: 'button primary', href: `/signin?next=${encodeURIComponent(location.pathname)}`, 'data-testid': 'tjoin-signin' }, d.signInToJoin)
          : me
            ? h(
                'button',
                {
                  type: 'button',
                  class: joined ? '' : 'primary',
                  'data-testid': joined ? 'twithdraw' : 'tjoin',
                  disabled: busy,
                  onclick: () => void (joined ? withdraw() : join()),
                },
                joined ? d.withdrawButton : d.joinTournament,
              )
            : null;
    fill(
      box,
      h(
        'section',
        { class: 'card tournament-head' },
        h('h1', { 'data-testid': 'tournament-name' }, s.name),
        h('p', { class: 'entry-who' }, `${s.kind === 'arena' ? d.arena : d.swiss} · ${tournamentGames(s)} · ${clockText(s.clock)} · ${s.kind === 'arena' ? d.arenaMinutes(s.minutes ?? 0) : d.swissRounds(s.rounds ?? 0)} · ${s.rated ? d.ratedShort : d.casualShort}`),
        h('p', { class: 'help', 'data-testid': 'tournament-when', role: 'status' }, when),
        s.you?.playing ? h('p', {}, h('a', { class: 'button primary', href: `/game/${encodeURIComponent(s.you.playing)}`, 'data-testid': 'tgame-link' }, d.yourGameNow)) : null,
        h('div', { class: 'actions' }, action, h('a', { class: 'button', href: `/api/tournaments/${encodeURIComponent(id)}/standings.csv`, download: '', 'data-testid': 'tdownload' }, d.downloadStandings)),
        h('p', { class: 'help' }, s.kind === 'arena' ? d.arenaHelp : d.swissHelp),
        error ? h('p', { class: 'error', role: 'alert' }, errorText(error)) : null,
      ),
      h(
        'section',
        { class: 'card list', 'aria-labelledby': 'standings-title' },
        h('h2', { id: 'standings-title' }, d.standingsTitle, h('span', { class: 'count' }, String(s.standings.length))),
        s.standings.length ? standings(s.standings) : h('p', { class: 'empty' }, d.noPlayersYet),
      ),
      rounds(s.pairings),
      chat.element,
    );
  }

  // Tournaments the socket brought: an answer asked for before one of them may be older than it
  // (the first round paired between the question and the answer), and must not undo it.
  let pushed = 0;

  async function load(): Promise<void> {
    const before = pushed;
    try {
      const read = await api.tournament(id);
      if (pushed === before || !tour) tour = read;
      else tour.you = read.you;
      error = null;
    } catch (e) {
      error = refusalOf(e);
    }
    if (!destroyed) {
      draw();
      retitle();
    }
  }

  async function join(): Promise<void> {
    busy = true;
    draw();
    try {
      await api.joinTournament(id);
      await load();
    } catch (e) {
      error = refusalOf(e);
    }
    busy = false;
    draw();
  }

  async function withdraw(): Promise<void> {
    busy = true;
    draw();
    try {
      await api.withdrawTournament(id);
      await load();
    } catch (e) {
      error = refusalOf(e);
    }
    busy = false;
    draw();
  }

  // The standings live; "you" (joined, your game) read from them.
  const socket = new ListeningSocket(
    `/ws/tournaments/${encodeURIComponent(id)}`,
    (m) => {
      if (destroyed) return;
      if (m.t === 'chat' && m.line) chat.add(m.line);
      // The standings (their first lines) and the latest games; then the player's own line.
      if (m.t === 'tournament' && m.tournament) {
        const next = m.tournament as Tournament;
        next.you = tour?.you;
        tour = next;
        pushed += 1;
        draw();
      }
      if (m.t === 'you' && m.you && tour) {
        // A game begun or ended: the chat closes to its player for the game, and opens again.
        const playing = !!tour.you?.playing !== !!m.you.playing;
        tour.you = m.you;
        draw();
        if (playing) void chat.load();
      }
    },
    // Lines may have been missed while the connection was down.
    (up) => up && void chat.load(),
  );
  const ticker = window.setInterval(() => tour?.status === 'started' && draw(), 15000);
  const off = onAccount(() => void load());
  void load();
  return {
    destroy() {
      chat.destroy();
      destroyed = true;
      socket.close();
      window.clearInterval(ticker);
      off();
      box.remove();
    },
    relabel() {
      draw();
      chat.relabel();
    },
    title: () => tour?.name ?? t().tournamentsTitle,
  };
}
