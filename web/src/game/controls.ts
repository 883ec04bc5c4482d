// The game page's controls: the invitation link, the offers to answer, the players' buttons
// (resign with a confirmation, draw, takeback, rematch, flip) and the record's download links.
import { api, type GameState } from '../api';
import { fill, h, icon } from '../dom';
import { lang, t } from '../i18n';
import { agreementText, sideName, stopDecides } from '../names';
import { inviteOf } from '../store';

export interface ControlsContext {
  game: GameState;
  you: string | null;
  flipped: boolean;
  send(message: Record<string, unknown>): void;
  flip(): void;
  redraw(): void;
}

// The link to send a friend, for the player who created the game, while the seat is empty.
export function drawInvite(box: HTMLElement, game: GameState): void {
  const d = t();
  const token = inviteOf(game.id);
  if (game.status !== 'waiting' || game.kind !== 'friend' || !token) {
    fill(box);
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const link = `${location.origin}/game/${encodeURIComponent(game.id)}?invite=${encodeURIComponent(token)}`;
  const input = h('input', { type: 'text', readonly: true, value: link, id: 'invite-link', 'data-testid': 'invite-link', onfocus: () => input.select() });
  const copy = h('button', { type: 'button', 'data-testid': 'invite-copy' }, d.copy);
  copy.addEventListener('click', async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      document.execCommand?.('copy');
    }
    copy.textContent = t().copied;
  });
  fill(box, h('label', { for: 'invite-link', class: 'field-label' }, d.inviteLabel), h('div', { class: 'move-row' }, input, copy));
}

// The offers standing (draw, takeback, rematch), with the buttons that answer the other side's.
export function drawOffers(box: HTMLElement, c: ControlsContext): void {
  const d = t();
  const { game, you, send } = c;
  const o = game.offers;
  const lines: HTMLElement[] = [];
  const other = (side: string | null) => side !== null && side !== you;
  // At Awélé and Awithlaknannai an agreed stop is decided by the seeds or pieces: said so.
  const stop = stopDecides(game);
  if (o.draw) {
    const text = stop ? (o.draw === you ? d.youProposedStop : d.stopOffered(sideName(o.draw))) : o.draw === you ? d.youOfferedDraw : d.drawOffered(sideName(o.draw));
    lines.push(h('p', { 'data-testid': 'draw-offer' }, text, stop && game.agreement ? ` ${d.stopWouldGive(agreementText(game))}` : ''));
  }
  if (o.declined && !o.draw && game.status === 'playing') {
    const computer = game.seats.some((s) => s.kind === 'computer');
    const text = o.declined === you ? (computer ? d.computerDeclined(stop) : d.declined(null, stop)) : d.declined(sideName(o.declined), stop);
    lines.push(h('p', { 'data-testid': 'draw-declined' }, text));
  }
  if (o.takeback) lines.push(h('p', { 'data-testid': 'takeback-offer' }, o.takeback === you ? d.youAskedTakeback : d.takebackAsked(sideName(o.takeback))));
  if (o.rematch && !game.rematch) lines.push(h('p', { 'data-testid': 'rematch-offer' }, o.rematch === you ? d.youAskedRematch : d.rematchAsked(sideName(o.rematch))));
  if (you && game.status === 'playing') {
    if (other(o.draw))
      lines.push(
        h('button', { type: 'button', class: 'primary', 'data-testid': 'draw-accept', onclick: () => send({ t: 'draw', offer: true }) }, stop ? d.acceptStop : d.acceptDraw),
        h('button', { type: 'button', 'data-testid': 'draw-decline', onclick: () => send({ t: 'draw', offer: false }) }, d.decline),
      );
    if (other(o.takeback))
      lines.push(
        h('button', { type: 'button', class: 'primary', 'data-testid': 'takeback-accept', onclick: () => send({ t: 'takeback', ask: true }) }, d.acceptTakeback),
        h('button', { type: 'button', 'data-testid': 'takeback-decline', onclick: () => send({ t: 'takeback', ask: false }) }, d.decline),
      );
  }
  if (you && game.status === 'over' && other(o.rematch) && !game.rematch)
    lines.push(h('button', { type: 'button', class: 'primary', 'data-testid': 'rematch-accept', onclick: () => send({ t: 'rematch' }) }, d.rematch));
  if (game.rematch) lines.push(h('a', { class: 'button primary', href: `/game/${encodeURIComponent(game.rematch)}`, 'data-testid': 'rematch-link' }, d.goRematch));
  fill(box, lines);
  box.hidden = lines.length === 0;
}

// The players' buttons; resigning asks first.
export class Actions {
  confirming = false;
  // Asking before proposing a stop the board decides, with the ending it would give.
  confirmingStop = false;

  draw(box: HTMLElement, c: ControlsContext): void {
    const d = t();
    const { game, you, send } = c;
    const btns: HTMLElement[] = [];
    const o = game.offers;
    const player = you !== null && game.sides.includes(you);
    const focus = (testid: string) => box.querySelector<HTMLElement>(`[data-testid="${testid}"]`)?.focus();
    if (player && game.status === 'playing') {
      if (this.confirming) {
        btns.push(
          h(
            'div',
            { class: 'confirm', role: 'group', 'aria-label': d.resignQuestion },
            h('span', {}, d.resignQuestion),
            h(
              'button',
              {
                type: 'button',
                class: 'danger',
                'data-testid': 'resign-confirm',
                onclick: () => {
                  this.confirming = false;
                  send({ t: 'resign' });
                  c.redraw();
                },
              },
              d.resignConfirm,
            ),
            h(
              'button',
              {
                type: 'button',
                'data-testid': 'resign-cancel',
                onclick: () => {
                  this.confirming = false;
                  c.redraw();
                  focus('resign');
                },
              },
              d.cancel,
            ),
          ),
        );
      } else {
        btns.push(
          h(
            'button',
            {
              type: 'button',
              'data-testid': 'resign',
              onclick: () => {
                this.confirming = true;
                c.redraw();
                focus('resign-confirm');
              },
            },
            d.resign,
          ),
        );
      }
      // An arena's game: berserk, before one's first move, with a clock.
      const mine = game.sides.indexOf(you);
      const early = game.ply === 0 || (game.ply === 1 && game.turn === you);
      if (game.tournament?.arena && game.clock && early && !game.berserk?.[mine])
        btns.push(h('button', { type: 'button', class: 'berserk', 'data-testid': 'berserk', title: d.berserkHelp, onclick: () => send({ t: 'berserk' }) }, d.berserk));
      // An offer from the other side is answered in the offers box, above.
      const stop = stopDecides(game);
      const offer = stop ? d.proposeStop : d.offerDraw;
      if (stop && this.confirmingStop && !o.draw) {
        btns.push(
          h(
            'div',
            { class: 'confirm', role: 'group', 'aria-label': d.stopQuestion, 'data-testid': 'stop-question' },
            h('span', {}, game.agreement ? `${d.stopWouldGive(agreementText(game))} ${d.stopQuestion}` : d.stopQuestion),
            h(
              'button',
              {
                type: 'button',
                class: 'primary',
                'data-testid': 'stop-confirm',
                onclick: () => {
                  this.confirmingStop = false;
                  send({ t: 'draw', offer: true });
                  c.redraw();
                },
              },
              d.stopConfirm,
            ),
            h(
              'button',
              {
                type: 'button',
                'data-testid': 'stop-cancel',
                onclick: () => {
                  this.confirmingStop = false;
                  c.redraw();
                  focus('draw');
                },
              },
              d.cancel,
            ),
          ),
        );
      } else if (!o.draw || o.draw === you) {
        const label = o.draw === you ? `${d.withdraw}${lang() === 'fr' ? '\u00a0: ' : ': '}${offer.toLowerCase()}` : offer;
        const click = () => {
          if (stop && o.draw !== you) {
            this.confirmingStop = true;
            c.redraw();
            focus('stop-confirm');
          } else send({ t: 'draw', offer: o.draw !== you });
        };
        btns.push(h('button', { type: 'button', 'data-testid': 'draw', onclick: click }, label));
      }
      // A tournament's game has no takeback nor rematch (the server refuses them): not offered.
      if (!game.tournament && (!o.takeback || o.takeback === you)) {
        const label = o.takeback === you ? `${d.withdraw}${lang() === 'fr' ? '\u00a0: ' : ': '}${d.askTakeback.toLowerCase()}` : d.askTakeback;
        btns.push(
          h('button', { type: 'button', 'data-testid': 'takeback', disabled: game.ply === 0 || game.thinking, onclick: () => send({ t: 'takeback', ask: o.takeback !== you }) }, label),
        );
      }
    }
    // A challenge nobody took yet may be withdrawn by its creator.
    if (player && game.status === 'waiting' && game.ply === 0) {
      btns.push(h('button', { type: 'button', 'data-testid': 'cancel-challenge', onclick: () => send({ t: 'cancel' }) }, d.withdrawChallenge));
    }
    if (player && game.status === 'over' && !game.rematch && !game.tournament) {
      btns.push(h('button', { type: 'button', 'data-testid': 'rematch', class: 'primary', disabled: o.rematch === you, onclick: () => send({ t: 'rematch' }) }, d.rematch));
    }
    btns.push(h('button', { type: 'button', 'data-testid': 'flip', 'aria-pressed': c.flipped ? 'true' : 'false', onclick: () => c.flip() }, icon('flip'), d.flip));
    fill(box, btns);
  }
}

// The record to download: Awechec's in either language, the others' once.
export function drawRecord(box: HTMLElement, game: GameState): void {
  const d = t();
  const id = game.id;
  if (game.ply === 0) {
    fill(box);
    return;
  }
  const links =
    game.spec.game === 'awechec'
      ? [
          h('span', { class: 'record-label' }, d.download),
          h('a', { class: 'button', href: api.recordUrl(id, 'fr'), download: `awe-${id}-fr.awe`, 'data-testid': 'download-fr' }, d.downloadFr),
          h('a', { class: 'button', href: api.recordUrl(id, 'en'), download: `awe-${id}-en.awe`, 'data-testid': 'download-en' }, d.downloadEn),
        ]
      : [h('a', { class: 'button', href: api.recordUrl(id, lang()), download: `awe-${id}.awe`, 'data-testid': 'download' }, d.download)];
  fill(box, links);
}
