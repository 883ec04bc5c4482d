#!/usr/bin/env python3
"""Random playouts a second from Python: awe against OpenSpiel's C++ oware, driven the same way.

Awélé under abapa (OpenSpiel's oware rules), uniformly random moves from the start to the end:

- awe, whole playouts in Rust: one call plays them all (`AwelePosition.random_playouts`);
- awe, step by step from Python: `AweleGame.legal_actions()`, `random.choice`,
  `AweleGame.play_action()` until the game is over (every rule applied, repetition included);
- awe through OpenSpiel: the same loop over `pyspiel.load_game("awe_awele(rules=abapa)")`;
- OpenSpiel's C++ oware: the same loop over `pyspiel.load_game("oware")`;

then the cost of one call: a property read and a list of legal moves, in awe and in OpenSpiel.

Usage: python3 crates/python/bench/playouts.py [--seconds S] [--seed N]
"""

import argparse
import random
import time

import awe

try:
    import pyspiel

    import awe.openspiel  # noqa: F401 (registers the games)
except ImportError:
    pyspiel = None


def rate(run, seconds):
    """Games a second of `run` (which plays one game and returns its plies), over `seconds`."""
    games = plies = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        plies += run()
        games += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, plies / max(games, 1)


def per_call(call, count=200_000):
    started = time.perf_counter()
    for _ in range(count):
        call()
    return (time.perf_counter() - started) / count * 1e9


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time for each measure")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    game = awe.Awele(rules="abapa")
    start = game.start()

    batch = 20_000
    stats = start.random_playouts(batch, seed=args.seed)
    runs = max(1, int(args.seconds / max(stats.seconds, 1e-6)))
    started = time.perf_counter()
    plies = sum(start.random_playouts(batch, seed=args.seed + i).plies for i in range(runs))
    elapsed = time.perf_counter() - started
    rust = runs * batch / elapsed
    rows = [("awe, whole playouts in Rust", rust, plies / (runs * batch))]

    def awe_steps():
        history = game.new_game()
        while True:
            actions = history.legal_actions()
            if not actions:
                return len(history)
            history.play_action(rng.choice(actions))

    rows.append(("awe, step by step from Python", *rate(awe_steps, args.seconds)))

    if pyspiel is not None:
        def openspiel_steps(spiel_game):
            def run():
                state = spiel_game.new_initial_state()
                plies = 0
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
                    plies += 1
                return plies
            return run

        rows.append(("awe_awele(rules=abapa) through OpenSpiel",
                     *rate(openspiel_steps(pyspiel.load_game("awe_awele(rules=abapa)")),
                           args.seconds)))
        rows.append(("OpenSpiel's C++ oware, step by step",
                     *rate(openspiel_steps(pyspiel.load_game("oware")), args.seconds)))

    oware = rows[-1][1] if pyspiel is not None else None
    print(f"{'':44} {'playouts/s':>12} {'plies/game':>11} {'vs oware':>9}")
    for name, speed, length in rows:
        ratio = f"{speed / oware:8.1f}x" if oware else ""
        print(f"{name:44} {speed:12,.0f} {length:11.1f} {ratio:>9}")

    print()
    position = start.play("E")
    history = game.new_game()
    calls = [
        ("awe: position.turn", lambda: position.turn),
        ("awe: game.legal_actions()", history.legal_actions),
        ("awe: position.legal_moves()", position.legal_moves),
    ]
    if pyspiel is not None:
        state = pyspiel.load_game("oware").new_initial_state()
        calls += [
            ("OpenSpiel oware: state.current_player()", state.current_player),
            ("OpenSpiel oware: state.legal_actions()", state.legal_actions),
        ]
    for name, call in calls:
        print(f"{name:44} {per_call(call):8.0f} ns a call")


if __name__ == "__main__":
    main()
