"""The examples and the benchmark script run to their end (with small settings)."""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_random_games():
    out = run(os.path.join(HERE, "examples", "random_games.py"), "--seed", "3")
    assert '[Game "awele"]' in out and "Awechec(variant='standard')" in out


@pytest.mark.parametrize("game", ["awe_awele(rules=abapa)", "awe_awithlaknannai", "awe_awechec"])
def test_match_against_mcts(game):
    pytest.importorskip("pyspiel")
    out = run(os.path.join(HERE, "examples", "match_mcts.py"), "--game", game, "--games", "2",
              "--simulations", "20", "--level", "1")
    assert f"at {game}:" in out.splitlines()[-1]


@pytest.mark.parametrize("game", ["awe_awele(rules=abapa)", "awe_awithlaknannai"])
def test_alphazero_style_loop(game):
    pytest.importorskip("pyspiel")
    out = run(os.path.join(HERE, "examples", "alphazero_style.py"), "--game", game,
              "--iterations", "1", "--games", "1", "--simulations", "10")
    assert "iteration 1:" in out and f"at {game}:" in out


def test_playout_benchmark():
    out = run(os.path.join(HERE, "bench", "playouts.py"), "--seconds", "0.2")
    assert "awe, whole playouts in Rust" in out and "ns a call" in out
