// The live game: WebSocket /ws/games/ID, and the live lobby: /ws/lobby; each reconnected with a
// growing delay when it drops. The server sends everything again on each connection, so nothing
// is kept here.
import type { ChatLine, GameState, Lobby } from './api';

export interface SocketHandlers {
  hello(you: string | null): void;
  state(game: GameState): void;
  error(code: string, message: string): void; // a refusal of this client's message (errors.ts)
  connection(up: boolean): void;
  chat?(line: ChatLine): void; // a line of the game's chat, for this reader's channel
}

// A server that stops says so (1012, "service restart"): another is there at once, behind a
// balancer, so the page comes back within half a second (spread, so that a server's pages do not
// all come at the same instant); otherwise it waits longer each time.
function reconnectDelay(e: CloseEvent, delay: number): number {
  return e.code === 1012 ? 100 + Math.random() * 400 : delay;
}

export class GameSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private delay = 500;
  private retry: number | undefined;
  private ping: number | undefined;

  constructor(
    private id: string,
    private on: SocketHandlers,
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${scheme}//${location.host}/ws/games/${encodeURIComponent(this.id)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.on.connection(true);
      window.clearInterval(this.ping);
      this.ping = window.setInterval(() => this.send({ t: 'ping' }), 25000);
    };
    ws.onmessage = (e) => {
      let m: any;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (m.t === 'hello') this.on.hello(m.you ?? null);
      else if (m.t === 'state' && m.game) this.on.state(m.game as GameState);
      else if (m.t === 'error') this.on.error(String(m.code ?? ''), String(m.message ?? ''));
      else if (m.t === 'chat' && m.line) this.on.chat?.(m.line as ChatLine);
    };
    ws.onclose = (e) => {
      window.clearInterval(this.ping);
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      this.on.connection(false);
      this.retry = window.setTimeout(() => this.connect(), reconnectDelay(e, this.delay));
      this.delay = Math.min(this.delay * 2, 10000);
    };
    ws.onerror = () => ws.close();
  }

  // Sends a message; false when the connection is down (the caller says so).
  send(message: unknown): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.retry);
    window.clearInterval(this.ping);
    this.ws?.close();
    this.ws = null;
  }
}

export interface LobbyHandlers {
  lobby(lists: Lobby): void;
  connection(up: boolean): void;
}

// A socket that only listens (the lobby, a tournament): each message as JSON, reconnected with a
// growing delay when it drops, kept open by a ping (the server lets a silent one go).
export class ListeningSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private delay = 500;
  private retry: number | undefined;
  private ping: number | undefined;

  constructor(
    private path: string,
    private onMessage: (m: any) => void,
    private onConnection: (up: boolean) => void,
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${scheme}//${location.host}${this.path}`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onConnection(true);
      window.clearInterval(this.ping);
      this.ping = window.setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ t: 'ping' }));
      }, 25000);
    };
    ws.onmessage = (e) => {
      let m: any;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      this.onMessage(m);
    };
    ws.onclose = (e) => {
      window.clearInterval(this.ping);
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      this.onConnection(false);
      this.retry = window.setTimeout(() => this.connect(), reconnectDelay(e, this.delay));
      this.delay = Math.min(this.delay * 2, 10000);
    };
    ws.onerror = () => ws.close();
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.retry);
    window.clearInterval(this.ping);
    this.ws?.close();
    this.ws = null;
  }
}

// The lobby's lists as they change: sent at once, then whenever a game is created, taken,
// finished or withdrawn.
export class LobbySocket extends ListeningSocket {
  constructor(on: LobbyHandlers) {
    super(
      '/ws/lobby',
      (m) => {
        if (m.t === 'lobby' && m.lobby) on.lobby(m.lobby as Lobby);
      },
      (up) => on.connection(up),
    );
  }
}
