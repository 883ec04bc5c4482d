// A stand-in until the Awithlaknannai board is written (web/src/boards/awithlaknannai.ts).
import type { GameBoard } from './board';

export function createAwithlaknannaiBoard(): GameBoard {
  const element = document.createElement('div');
  element.className = 'board';
  return {
    element,
    update(state) {
      element.textContent = String(state.position?.text ?? '');
    },
    destroy() {
      element.remove();
    },
  };
}
