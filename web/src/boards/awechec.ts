// A stand-in until the Awechec board is written (web/src/boards/awechec.ts).
import type { GameBoard } from './board';

export function createAwechecBoard(): GameBoard {
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
