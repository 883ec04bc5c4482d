// What this browser remembers between pages: the invitation links it made, the games it created or
// joined (to tell its own open challenges apart), and the board's orientation per game.

function read<T>(key: string, fallback: T): T {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : (JSON.parse(v) as T);
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: forgotten.
  }
}

export function rememberInvite(id: string, token: string): void {
  const invites = read<Record<string, string>>('awe.invites', {});
  invites[id] = token;
  // Only the last twenty.
  const keys = Object.keys(invites);
  for (const k of keys.slice(0, Math.max(0, keys.length - 20))) delete invites[k];
  write('awe.invites', invites);
}

export function inviteOf(id: string): string | null {
  return read<Record<string, string>>('awe.invites', {})[id] ?? null;
}

export function rememberMine(id: string): void {
  const mine = read<string[]>('awe.mine', []).filter((x) => x !== id);
  mine.push(id);
  write('awe.mine', mine.slice(-50));
}

export function isMine(id: string): boolean {
  return read<string[]>('awe.mine', []).includes(id);
}
