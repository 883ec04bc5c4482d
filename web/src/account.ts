// Who the browser is signed in as: asked of the server once when the pages load, changed by
// signing in, up or out; whoever draws something that depends on it listens.
import { api, type User } from './api';

// undefined: not known yet (the answer has not come); null: signed out.
let current: User | null | undefined = undefined;
const listeners = new Set<() => void>();

export function user(): User | null | undefined {
  return current;
}

export function setUser(u: User | null): void {
  const same = (current?.name ?? null) === (u?.name ?? null) && current !== undefined;
  current = u;
  if (same) return;
  for (const f of [...listeners]) f();
}

export function onAccount(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

// Asks the server; a server that cannot say leaves the browser signed out for now.
export async function loadAccount(): Promise<void> {
  try {
    const { user: u } = await api.account();
    setUser(u);
  } catch {
    setUser(null);
  }
}

export async function signOut(): Promise<void> {
  await api.signOut();
  setUser(null);
}

// Where to go after signing in: a path of this site only (`/…`, not `//host` nor `/\host`),
// never back to the sign-in pages themselves.
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f\\]/.test(next)) return '/';
  if (/^\/(signin|signup)(\/|\?|#|$)/.test(next)) return '/';
  return next;
}
