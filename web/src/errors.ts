// The server's refusals in the reader's language: each carries a code (docs/server.md) said here
// in words; a move the rules refuse, a record or a position text refused, keep the server's own
// detail (in English: it names the bad token) after a lead-in in the page's language. The text is
// made when it is drawn, so that switching the language says an error already shown again.
import { ApiError } from './api';
import { t } from './i18n';

export interface Refusal {
  code: string;
  message: string;
}

// Where the refusal came from: what the server's detail is about.
export type ErrorContext = 'game' | 'import' | 'position';

export function refusalOf(e: unknown): Refusal {
  if (e instanceof ApiError) return { code: e.code, message: e.message };
  return { code: '', message: e instanceof Error ? e.message : String(e) };
}

export function errorText(r: Refusal, context: ErrorContext = 'game'): string {
  const d = t();
  const detail = r.message.trim();
  if (r.code === 'illegal' && detail) return `${d.illegalLead} ${detail}`;
  if (r.code === 'bad_request' && detail && context === 'import') return `${d.importLead} ${detail}`;
  if (r.code === 'bad_request' && detail && context === 'position') return `${d.positionLead} ${detail}`;
  return d.errors[r.code] ?? (detail || d.error);
}
