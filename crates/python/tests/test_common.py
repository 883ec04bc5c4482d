"""What the three games share: sides, outcomes, records of any game, the cache folder, copies
and pickles, and the GIL released by long calls."""

import copy
import pickle
import threading
import time

import pytest

import awe
from conftest import play_randomly


def test_sides():
    assert awe.Side.WHITE == awe.Side.SOUTH and awe.Side.BLACK == awe.Side.NORTH
    assert awe.Side.SOUTH.opponent() == awe.Side.NORTH
    assert awe.Side.NORTH.opponent() == awe.Side.SOUTH
    assert (awe.Side.SOUTH.index, awe.Side.NORTH.index) == (0, 1)
    assert int(awe.Side.NORTH) == 1
    assert awe.Side.SOUTH.name == "South" and awe.Side.NORTH.colour == "Black"
    assert len({awe.Side.SOUTH, awe.Side.NORTH, awe.Side.WHITE}) == 2
    assert pickle.loads(pickle.dumps(awe.Side.NORTH)) == awe.Side.NORTH


def test_outcome_of_a_resignation():
    game = awe.Awele().new_game()
    game.resign(awe.Side.NORTH)
    outcome = game.outcome
    assert outcome.winner == awe.Side.SOUTH
    assert outcome.result == "1-0"
    assert outcome.termination == "resignation"
    assert outcome.returns() == (1.0, -1.0)
    assert "resignation" in repr(outcome)


@pytest.mark.parametrize(
    "game", [awe.Awele("abapa"), awe.Awithlaknannai(), awe.Awechec()], ids=repr
)
def test_read_record_dispatches_on_the_game_tag(game, rng):
    history = play_randomly(game.new_game(), rng, max_moves=60)
    again = awe.read_record(history.record())
    assert type(again) is type(history)
    assert [m.text for m in again.moves] == [m.text for m in history.moves]
    assert again.game == game


def test_read_record_refuses_unknown_games():
    with pytest.raises(ValueError, match="unknown game `go`"):
        awe.read_record('[Game "go"]\n\n*\n')
    with pytest.raises(ValueError, match="no Game tag"):
        awe.read_record("1. E b *\n")


def test_cache_dir_follows_the_environment(cache_dir):
    assert awe.cache_dir() == cache_dir


@pytest.mark.parametrize(
    "game", [awe.Awele("awari"), awe.Awithlaknannai(board="kolowis"), awe.Awechec("forced")],
    ids=repr,
)
def test_game_objects_pickle_and_compare(game):
    again = pickle.loads(pickle.dumps(game))
    assert again == game and hash(again) == hash(game) and repr(again) == repr(game)


@pytest.mark.parametrize("game", [awe.Awele(), awe.Awithlaknannai(), awe.Awechec()], ids=repr)
def test_positions_are_immutable_values(game):
    start = game.start()
    assert copy.copy(start) is start and copy.deepcopy(start) is start
    after = start.play(start.legal_moves()[0])
    assert after != start and start == game.start()
    assert {start: 1}[game.start()] == 1


@pytest.mark.parametrize("game", [awe.Awele(), awe.Awithlaknannai(), awe.Awechec()], ids=repr)
def test_games_copy_apart(game, rng):
    history = game.new_game()
    history.play(history.legal_moves()[0])
    other = copy.deepcopy(history)
    other.play(other.legal_moves()[0])
    assert len(history) == 1 and len(other) == 2
    assert len(history.copy()) == 1


def test_long_calls_release_the_gil():
    """A search in a thread lets Python run meanwhile."""
    engine = awe.Awele("abapa").engine(level=10)
    start = awe.Awele("abapa").start()
    counted = [0]
    done = threading.Event()

    def search():
        engine.search(start, time=0.6)
        done.set()

    thread = threading.Thread(target=search)
    began = time.perf_counter()
    thread.start()
    while not done.is_set() and time.perf_counter() - began < 5:
        counted[0] += 1
    thread.join()
    # Held for the whole search, the GIL would let this loop run only between switches.
    assert counted[0] > 10_000


def test_playouts_release_the_gil_and_run_in_parallel():
    start = awe.Awele("abapa").start()
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(start.random_playouts(2000, seed=1)))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 2
    assert results[0].plies == results[1].plies
