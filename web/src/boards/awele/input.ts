// Input: a click, a tap or Enter/Space on a highlighted pit plays its move; nothing else reacts.
import type { BoardState } from './state';

export function bindInput(svg: SVGSVGElement, state: () => BoardState | null): () => void {
  const pitOf = (target: EventTarget | null): number | null => {
    const g = (target as Element | null)?.closest?.('[data-pit]');
    if (!g) return null;
    const p = Number(g.getAttribute('data-pit'));
    return Number.isInteger(p) ? p : null;
  };
  const play = (p: number | null): boolean => {
    const s = state();
    if (p === null || !s) return false;
    const text = s.legal.get(p);
    if (text === undefined) return false;
    s.onMove(text);
    return true;
  };
  const onClick = (e: MouseEvent) => {
    if (play(pitOf(e.target))) e.preventDefault();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    if (play(pitOf(e.target))) e.preventDefault();
  };
  svg.addEventListener('click', onClick);
  svg.addEventListener('keydown', onKey);
  return () => {
    svg.removeEventListener('click', onClick);
    svg.removeEventListener('keydown', onKey);
  };
}
