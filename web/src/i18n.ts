// Every text of the pages, in French and English. The language comes from localStorage, else the
// browser's; the FR/EN toggle changes it and tells whoever listens.
import type { Lang } from './boards/board';
import * as common from './i18n/common';
import * as home from './i18n/home';
import * as game from './i18n/game';
import * as analysis from './i18n/analysis';
import * as rules from './i18n/rules';
import * as accounts from './i18n/accounts';
import * as lobby from './i18n/lobby';
import * as tournaments from './i18n/tournaments';
import * as chat from './i18n/chat';
import * as puzzles from './i18n/puzzles';
import * as learn from './i18n/learn';

export type { Lang };

// Each part of the site keeps its texts in its own file (web/src/i18n/), as lichess keeps its
// translations by module; the dictionary is all of them.
const en = {
  ...common.en,
  ...home.en,
  ...game.en,
  ...analysis.en,
  ...rules.en,
  ...accounts.en,
  ...lobby.en,
  ...tournaments.en,
  ...chat.en,
  ...puzzles.en,
  ...learn.en,
};

export type Dict = typeof en;

const fr: Dict = {
  ...common.fr,
  ...home.fr,
  ...game.fr,
  ...analysis.fr,
  ...rules.fr,
  ...accounts.fr,
  ...lobby.fr,
  ...tournaments.fr,
  ...chat.fr,
  ...puzzles.fr,
  ...learn.fr,
};

const dicts: Record<Lang, Dict> = { en, fr };
const KEY = 'awe.lang';

function initial(): Lang {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'fr' || saved === 'en') return saved;
  } catch {
    // No storage (private mode): the browser's language.
  }
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const l of langs) {
    const code = (l || '').toLowerCase();
    if (code.startsWith('fr')) return 'fr';
    if (code.startsWith('en')) return 'en';
  }
  return 'en';
}

let current: Lang = initial();
const listeners = new Set<() => void>();

// A text the server gives in both languages (a lesson's, a study's), in the page's language (the
// other where it has none).
export function say(text: { en: string; fr: string } | null | undefined): string {
  return text ? text[lang()] || text.en || text.fr : '';
}

export function lang(): Lang {
  return current;
}

export function t(): Dict {
  return dicts[current];
}

// The dictionary of a language, whatever the page's.
export function dictOf(l: Lang): Dict {
  return dicts[l];
}

export function setLang(l: Lang): void {
  if (l === current) return;
  current = l;
  try {
    localStorage.setItem(KEY, l);
  } catch {
    // Not remembered, still switched.
  }
  document.documentElement.lang = l;
  for (const f of [...listeners]) f();
}

export function onLang(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

document.documentElement.lang = current;
