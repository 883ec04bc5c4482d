// A game's chat (the players' channel for the two players, the spectators' for the others, as the
// server decides) or a tournament's. Lines come over the game's socket; on each (re)connection the latest are read
// again. Text is only ever set as text. A signed-in reader can mute a player (their lines go,
// here and from then on) and report a line.
import { api, REPORT_REASONS, type ChatHistory, type ChatLine, type ReportReason } from '../api';
import { onAccount, user } from '../account';
import { fill, h } from '../dom';
import { t } from '../i18n';
import { dateText } from '../names';
import { errorText, refusalOf, type Refusal } from '../errors';

const KEEP = 100;
const MAX_CHARS = 200;

export class ChatPanel {
  readonly element: HTMLElement;
  private readonly title = h('h2', { id: 'chat-title' });
  // A list of lines (the log's role is its box's: a list with another role is no list).
  private readonly log = h('ol', { class: 'chat-log', 'data-testid': 'chat-log' });
  private readonly form = h('form', { class: 'chat-form', 'data-testid': 'chat-form' });
  private readonly input = h('input', { type: 'text', id: 'chat-input', 'data-testid': 'chat-input', maxlength: String(MAX_CHARS), autocomplete: 'off' });
  private readonly send = h('button', { type: 'submit', 'data-testid': 'chat-send' });
  private readonly note = h('p', { class: 'help chat-note', 'data-testid': 'chat-note' });
  private readonly mutedBox = h('p', { class: 'help chat-muted', 'data-testid': 'chat-muted' });
  private history: ChatHistory | null = null;
  private lines: ChatLine[] = [];
  private muted: string[] = [];
  private reported = new Set<string>();
  // The line whose report asks why (the reasons shown in its menu).
  private reporting: string | null = null;
  private error: Refusal | null = null;
  private sending = false;
  private loaded = false;
  private readonly offAccount: () => void;

  // `path`: the game's or the tournament's, `/api/games/ID`, `/api/tournaments/ID`.
  constructor(private readonly path: string) {
    this.element = h(
      'section',
      { class: 'card chat', 'aria-labelledby': 'chat-title', 'data-testid': 'chat' },
      this.title,
      h('div', { role: 'log', 'aria-live': 'polite' }, this.log),
      this.form,
      this.note,
      this.mutedBox,
    );
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.say();
    });
    // The account may be known only after the panel was drawn (a slow answer), or change (signed
    // in or out in another page): whether one may write, the menus and the muted list follow it.
    this.offAccount = onAccount(() => {
      if (this.loaded) void this.load();
      else this.draw();
    });
    this.draw();
  }

  destroy(): void {
    this.offAccount();
  }

  // The latest lines (at the start, and after a reconnection: lines may have been missed).
  async load(): Promise<void> {
    this.loaded = true;
    try {
      const [history, mutes] = await Promise.all([api.chat(this.path), user() ? api.mutes().catch(() => ({ names: [] as string[] })) : Promise.resolve({ names: [] as string[] })]);
      this.history = history;
      this.muted = mutes.names;
      // A line the socket brought while the history was asked for may be missing from it (read
      // before the line was written, answered after it came): kept.
      const known = new Set(history.lines.map((l) => l.id));
      const since = history.lines.length ? history.lines[history.lines.length - 1]!.at : 0;
      const arrived = this.lines.filter((l) => !known.has(l.id) && l.at >= since);
      this.lines = [...history.lines, ...arrived].slice(-KEEP);
      this.error = null;
    } catch (e) {
      this.error = refusalOf(e);
    }
    this.draw();
  }

  // A line from the socket.
  add(line: ChatLine): void {
    if (this.lines.some((l) => l.id === line.id)) return;
    this.lines = [...this.lines, line].slice(-KEEP);
    this.drawLines();
  }

  private isMuted(name: string): boolean {
    return this.muted.some((m) => m.toLowerCase() === name.toLowerCase());
  }

  private async say(): Promise<void> {
    const text = this.input.value.trim();
    if (!text || this.sending) return;
    this.sending = true;
    this.error = null;
    this.draw();
    try {
      const { line } = await api.say(this.path, text);
      this.input.value = '';
      this.add(line);
    } catch (e) {
      this.error = refusalOf(e);
    }
    this.sending = false;
    this.draw();
    this.input.focus();
  }

  private async mute(name: string, on: boolean): Promise<void> {
    try {
      this.muted = (await api.mute(name, on)).names;
      this.error = null;
      // Unmuted: their lines that were hidden come back.
      if (!on) await this.load();
    } catch (e) {
      this.error = refusalOf(e);
    }
    this.draw();
  }

  private async report(line: ChatLine, reason: ReportReason): Promise<void> {
    try {
      await api.report(line.id, reason);
      this.reported.add(line.id);
      this.reporting = null;
      this.error = null;
    } catch (e) {
      this.error = refusalOf(e);
    }
    this.draw();
  }

  private lineView(line: ChatLine): HTMLElement {
    const d = t();
    const me = user();
    const mine = !!me && me.name.toLowerCase() === line.name.toLowerCase();
    const actions =
      me && !mine
        ? h(
            'details',
            { class: 'chat-actions', open: this.reporting === line.id ? true : undefined },
            h('summary', { 'aria-label': d.chatActionsOf(line.name), title: d.chatActionsOf(line.name) }, '⋯'),
            h('button', { type: 'button', class: 'small', 'data-testid': `chat-mute-${line.id}`, onclick: () => void this.mute(line.name, true) }, d.chatMute(line.name)),
            this.reported.has(line.id)
              ? h('span', { class: 'help', 'data-testid': `chat-reported-${line.id}` }, d.chatReported)
              : this.reporting === line.id
                ? h(
                    'div',
                    { class: 'chat-reasons', role: 'group', 'aria-label': d.chatReportWhy, 'data-testid': `chat-reasons-${line.id}` },
                    h('span', { class: 'help' }, d.chatReportWhy),
                    REPORT_REASONS.map((r) => h('button', { type: 'button', class: 'small', 'data-testid': `chat-reason-${line.id}-${r}`, onclick: () => void this.report(line, r) }, d.reportReasons[r] ?? r)),
                  )
                : h(
                    'button',
                    {
                      type: 'button',
                      class: 'small',
                      'data-testid': `chat-report-${line.id}`,
                      onclick: () => {
                        this.reporting = line.id;
                        this.drawLines();
                        // The line and its reasons in sight in the log.
                        this.log.querySelector(`[data-testid="chat-line-${CSS.escape(line.id)}"]`)?.scrollIntoView({ block: 'nearest' });
                        this.log.querySelector<HTMLElement>(`[data-testid="chat-reason-${CSS.escape(line.id)}-insult"]`)?.focus();
                      },
                    },
                    d.chatReport,
                  ),
          )
        : null;
    return h('li', { class: 'chat-line', 'data-testid': `chat-line-${line.id}` }, h('strong', { class: 'chat-name' }, line.name), ' ', h('span', { class: 'chat-text' }, line.text), actions);
  }

  private drawLines(): void {
    const d = t();
    const shown = this.lines.filter((l) => !this.isMuted(l.name));
    const atEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 30;
    fill(this.log, shown.length ? shown.map((l) => this.lineView(l)) : h('li', { class: 'empty' }, d.chatEmpty));
    if (atEnd) this.log.scrollTop = this.log.scrollHeight;
  }

  private draw(): void {
    const d = t();
    const channel = this.history?.channel;
    this.title.textContent = channel === 'spectators' ? d.chatSpectators : channel === 'tournament' ? d.chatTournament : d.chatPlayers;
    this.drawLines();
    // A channel closed to the reader (while they play between people) takes no line from them.
    const canWrite = !!this.history?.can_write && !!user() && !this.history?.closed;
    this.form.hidden = !canWrite;
    this.input.setAttribute('aria-label', d.chatInput);
    this.input.placeholder = d.chatPlaceholder;
    this.input.disabled = this.sending;
    this.send.textContent = d.chatSend;
    fill(this.form, this.input, this.send);
    const closed = !!this.history?.closed;
    const silenced = this.history?.silenced_until;
    this.note.textContent = this.error
      ? errorText(this.error)
      : closed
        ? d.chatClosed
        : canWrite
          ? ''
          : silenced && user()
            ? d.chatSilenced(dateText(silenced))
            : user() === undefined
              ? ''
              : d.chatSignIn;
    this.note.classList.toggle('error', !!this.error);
    this.note.setAttribute('role', this.error ? 'alert' : 'note');
    this.note.hidden = !this.note.textContent;
    this.mutedBox.hidden = !this.muted.length;
    fill(
      this.mutedBox,
      this.muted.length
        ? [
            d.chatMutedList,
            ' ',
            this.muted.map((name, i) => [i ? ', ' : '', name, ' (', h('button', { type: 'button', class: 'link', 'data-testid': `chat-unmute-${name}`, onclick: () => void this.mute(name, false) }, d.chatUnmute), ')']),
          ]
        : [],
    );
  }

  relabel(): void {
    this.draw();
  }
}
