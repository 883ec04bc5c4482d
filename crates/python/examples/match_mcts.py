#!/usr/bin/env python3
"""A match of awe's engine against OpenSpiel's MCTS, through the registration of the games.

Both players see the same OpenSpiel state: awe plays the move its engine chooses in the state's
game (`state.game`, awe's game with its history) by its actions (`awe.openspiel.actions_of`),
MCTS searches the state itself with random
rollouts (OpenSpiel's own, step by step in Python, or `awe.openspiel.RustRolloutEvaluator`'s,
played in Rust). Colours alternate; the score is awe's.

Usage: python3 crates/python/examples/match_mcts.py [--game awe_awele(rules=abapa)]
           [--games 10] [--level 3] [--simulations 1000] [--rollouts rust|python]
"""

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import awe.openspiel


def awe_move(engine, state):
    """The move awe's engine plays in the state's game."""
    if isinstance(state, awe.openspiel.AwechecState):
        return engine.play(state.line.position).best
    return engine.play(state.game).best


def play_awe(engine, state):
    for action in awe.openspiel.actions_of(state, awe_move(engine, state)):
        state.apply_action(action)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="awe_awele(rules=abapa)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--rollouts", choices=["rust", "python"], default="rust")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyspiel.load_game(args.game)
    first = game.new_initial_state()
    settings = (first.line.position if isinstance(first, awe.openspiel.AwechecState)
                else first.game).game
    engine = settings.engine(level=args.level, seed=args.seed)
    rng = np.random.RandomState(args.seed)
    evaluator = (awe.openspiel.RustRolloutEvaluator(1, rng) if args.rollouts == "rust"
                 else mcts.RandomRolloutEvaluator(1, rng))
    bot = mcts.MCTSBot(game, 2, args.simulations, evaluator, random_state=rng, solve=True)

    score = 0.0
    started = time.perf_counter()
    for number in range(args.games):
        awe_player = number % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == awe_player:
                play_awe(engine, state)
            else:
                state.apply_action(bot.step(state))
        points = (state.returns()[awe_player] + 1) / 2
        score += points
        side = "first" if awe_player == 0 else "second"
        print(f"game {number + 1}: awe ({side}) scores {points}, "
              f"{len(state.history())} actions")
    print(f"awe level {args.level} against MCTS with {args.simulations} simulations "
          f"({args.rollouts} rollouts) at {args.game}: {score} / {args.games} "
          f"in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
