#!/usr/bin/env python3
"""A random game of each of awe's games, played from Python: once with awe's own classes (the
record printed as `awe replay` reads it), once through OpenSpiel's registration.

Usage: python3 crates/python/examples/random_games.py [--seed N]
"""

import argparse
import random

import awe


def with_awe(game, rng):
    history = game.new_game()
    while not history.is_over:
        history.play(rng.choice(history.legal_moves()))
    outcome = history.outcome
    print(f"{game!r}: {len(history)} moves, {outcome.result} by {outcome.termination}, "
          f"score {outcome.score[0]}-{outcome.score[1]}")
    return history


def with_openspiel(name, rng):
    import pyspiel

    import awe.openspiel  # noqa: F401 (registers the games)

    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    print(f"{game}: {len(state.history())} actions, returns {state.returns()}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    awele = with_awe(awe.Awele(rules="abapa"), rng)
    print(awele.record(players=("random", "random")))
    with_awe(awe.Awithlaknannai(board="kolowis", rules="bell"), rng)
    with_awe(awe.Awechec(variant="standard"), rng)
    try:
        for name in ["awe_awele(rules=abapa)", "awe_awithlaknannai", "awe_awechec"]:
            with_openspiel(name, rng)
    except ImportError:
        print("OpenSpiel is not installed (pip install open-spiel): its half is skipped")


if __name__ == "__main__":
    main()
