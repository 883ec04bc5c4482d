// The admins' reports (/admin/reports): each reported chat line among the lines around it in its
// channel, the reporter's reason, and one click to silence the account (no chat for a week),
// close it (with a question first) or dismiss the report. What was done stays written on it.
import { api, type AdminReport } from '../api';
import { user, onAccount } from '../account';
import { fill, h } from '../dom';
import { t } from '../i18n';
import { dateText } from '../names';
import { errorText, refusalOf, type Refusal } from '../errors';
import type { Page } from '../router';
import { timeText } from './tournaments';

type Action = 'silence' | 'close' | 'dismiss';

export function mountReports(root: HTMLElement): Page {
  const box = h('section', { class: 'card list reports', 'aria-labelledby': 'reports-title', 'data-testid': 'reports' });
  root.appendChild(box);
  let reports: AdminReport[] | null = null;
  let error: Refusal | null = null;
  let busy: string | null = null;
  // The report whose account's closing asks first.
  let confirming: string | null = null;

  function channelText(channel: string | null): string {
    if (!channel) return '';
    const d = t();
    const [kind, id, who] = channel.split(':');
    if (kind === 'game') return `${d.reportGame(id ?? '')} (${who === 'spectators' ? d.reportSpectators : d.reportPlayers})`;
    return `${d.reportTournament(id ?? '')}`;
  }

  function when(ms: number): string {
    return `${dateText(ms)} ${timeText(ms)}`;
  }

  function entry(r: AdminReport): HTMLElement {
    const d = t();
    const context = r.context.length
      ? h(
          'ol',
          { class: 'report-context', 'data-testid': `report-context-${r.id}` },
          r.context.map((l) =>
            h('li', { class: l.id === r.line ? 'reported-line' : undefined, 'aria-current': l.id === r.line ? 'true' : undefined }, h('strong', {}, l.name), ' ', h('span', {}, l.text)),
          ),
        )
      : h('p', { class: 'report-context' }, h('strong', {}, r.reported), ' ', r.text ?? '');
    const link = r.channel?.startsWith('game:')
      ? h('a', { href: `/game/${encodeURIComponent(r.channel.split(':')[1] ?? '')}` }, channelText(r.channel))
      : r.channel?.startsWith('tournament:')
        ? h('a', { href: `/tournament/${encodeURIComponent(r.channel.split(':')[1] ?? '')}` }, channelText(r.channel))
        : null;
    const act = (action: Action, label: string, cls = '') =>
      h('button', { type: 'button', class: cls || undefined, disabled: busy === r.id, 'data-testid': `${action}-${r.id}`, onclick: () => void moderate(r, action) }, label);
    const actions = r.action
      ? h('p', {}, h('span', { class: 'result-badge muted', 'data-testid': `report-done-${r.id}` }, `${d.reportDone[r.action] ?? r.action} ${r.handled_at ? when(r.handled_at) : ''}`.trim()))
      : confirming === r.id
        ? h(
            'div',
            { class: 'confirm', role: 'group', 'aria-label': d.closeQuestion(r.reported) },
            h('span', {}, d.closeQuestion(r.reported)),
            act('close', d.closeButton(r.reported), 'danger'),
            h('button', { type: 'button', 'data-testid': `close-cancel-${r.id}`, onclick: () => ((confirming = null), draw()) }, d.cancel),
          )
        : h(
            'div',
            { class: 'actions' },
            act('silence', d.silenceButton(r.reported), 'primary'),
            h(
              'button',
              {
                type: 'button',
                class: 'danger',
                'data-testid': `close-ask-${r.id}`,
                onclick: () => {
                  confirming = r.id;
                  draw();
                  box.querySelector<HTMLElement>(`[data-testid="close-cancel-${CSS.escape(r.id)}"]`)?.focus();
                },
              },
              d.closeButton(r.reported),
            ),
            act('dismiss', d.dismissButton),
          );
    return h(
      'li',
      { class: `report${r.action ? ' handled' : ''}`, 'data-testid': `report-${r.id}` },
      h('p', { class: 'report-head' }, h('span', { class: 'result-badge live', 'data-testid': `report-reason-${r.id}` }, d.reportReasons[r.reason] ?? r.reason), ' ', d.reportBy(r.reporter, r.reported, when(r.at)), link ? [' · ', d.reportChannel(''), link] : null),
      context,
      actions,
    );
  }

  function draw(): void {
    const d = t();
    const open = reports?.filter((r) => !r.action) ?? [];
    fill(
      box,
      h('h1', { id: 'reports-title' }, d.reportsTitle, reports ? h('span', { class: 'count', title: d.reportOpen }, String(open.length)) : null),
      h('p', { class: 'help' }, d.reportsHelp),
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'reports-error' }, errorText(error)) : null,
      reports === null
        ? error
          ? null
          : h('p', { class: 'empty' }, d.loading)
        : reports.length
          ? h('ul', { class: 'report-list', 'data-testid': 'report-list' }, reports.map(entry))
          : h('p', { class: 'empty' }, d.noReports),
    );
  }

  async function load(): Promise<void> {
    if (user() === undefined) return draw();
    try {
      reports = (await api.adminReports()).reports;
      error = null;
    } catch (e) {
      reports = null;
      error = refusalOf(e);
    }
    draw();
  }

  async function moderate(r: AdminReport, action: Action): Promise<void> {
    busy = r.id;
    confirming = null;
    draw();
    try {
      await api.moderate(r.id, action);
      await load();
    } catch (e) {
      error = refusalOf(e);
    }
    busy = null;
    draw();
    box.querySelector<HTMLElement>(`[data-testid="report-done-${CSS.escape(r.id)}"]`)?.setAttribute('tabindex', '-1');
    box.querySelector<HTMLElement>(`[data-testid="report-done-${CSS.escape(r.id)}"]`)?.focus();
  }

  const off = onAccount(() => void load());
  void load();
  return {
    destroy() {
      off();
      box.remove();
    },
    relabel: draw,
    title: () => t().reportsTitle,
  };
}
