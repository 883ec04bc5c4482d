// The boards, game by game. The game page asks here for the board of a game.
import type { BoardFactory } from './board';
import { createAweleBoard } from './awele';
import { createAwithlaknannaiBoard } from './awithlaknannai';
import { createAwechecBoard } from './awechec';

const factories: Record<string, BoardFactory> = {
  awele: createAweleBoard,
  awithlaknannai: createAwithlaknannaiBoard,
  awechec: createAwechecBoard,
};

export function boardFor(game: string): BoardFactory | null {
  return factories[game] ?? null;
}
