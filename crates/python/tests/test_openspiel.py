"""awe's games inside OpenSpiel: registration and parameters, OpenSpiel's random simulation
tests, the agreement of awe_awele(rules=abapa) with OpenSpiel's own oware, the action encodings,
observations, serialization, and OpenSpiel's MCTS."""

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import awe  # noqa: E402
import awe.openspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

GAMES = [
    "awe_awele",
    "awe_awele(rules=abapa)",
    "awe_awele(rules=awari)",
    "awe_awithlaknannai",
    "awe_awithlaknannai(board=kolowis,rules=globejoueur)",
    "awe_awithlaknannai(board=kolowis-ludii,rules=bell)",
    "awe_awithlaknannai(rules=ludii)",
    "awe_awechec",
    "awe_awechec(variant=synchronous,handicap=white:3/2)",
]


def test_registration_and_parameters():
    awele = pyspiel.load_game("awe_awele(rules=abapa)")
    assert awele.get_parameters() == {"rules": "abapa"}
    assert awele.num_distinct_actions() == 6 and awele.num_players() == 2
    assert awele.observation_tensor_shape() == [16]
    kind = awele.get_type()
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert pyspiel.load_game("awe_awele").get_parameters() == {"rules": "awechec"}
    serpents = pyspiel.load_game("awe_awithlaknannai(board=kolowis,rules=bell)")
    assert serpents.num_distinct_actions() == 49 * 49 + 49 + 1
    assert serpents.observation_tensor_shape() == [4 * 49 + 3]
    awechec = pyspiel.load_game("awe_awechec(variant=forced)")
    assert awechec.num_distinct_actions() == awe.Awechec.ACTIONS
    assert awechec.observation_tensor_shape() == [828]
    assert awechec.get_parameters() == {"variant": "forced", "handicap": "none"}


@pytest.mark.parametrize(
    "name", ["awe_awele(rules=oware)", "awe_awithlaknannai(board=go)", "awe_awechec(variant=x)"]
)
def test_bad_parameters_raise(name):
    with pytest.raises(ValueError):
        pyspiel.load_game(name)


@pytest.mark.parametrize("name", GAMES)
def test_random_simulation(name):
    game = pyspiel.load_game(name)
    sims = 2 if "awechec" in name else 10
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_clones_pickles_and_serialization(name):
    """OpenSpiel's games_sim_test checks, on a few states of a random game."""
    game = pyspiel.load_game(name)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 300:
        clone = state.clone()
        assert str(clone) == str(state) and clone.history() == state.history()
        action = rng.choice(state.legal_actions(state.current_player()))
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state)
        if steps in (0, 1, 7, 63, 255):
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
            _, again = pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(game, state))
            assert str(again) == str(state) and again.history() == state.history()
        steps += 1


def test_awele_abapa_agrees_with_openspiel_oware():
    """1,000 random games played in both: the same legal moves and player at every ply, and the
    same returns at the end."""
    ours = pyspiel.load_game("awe_awele(rules=abapa)")
    theirs = pyspiel.load_game("oware")
    rng = random.Random(2026)
    plies = 0
    for number in range(1000):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not b.is_terminal():
            assert not a.is_terminal(), f"game {number}: awe ended first"
            assert a.current_player() == b.current_player()
            legal = b.legal_actions()
            assert a.legal_actions() == legal, f"game {number}, ply {plies}"
            assert [a.action_to_string(a.current_player(), x) for x in legal] == [
                b.action_to_string(b.current_player(), x) for x in legal]
            action = rng.choice(legal)
            a.apply_action(action)
            b.apply_action(action)
            plies += 1
        assert a.is_terminal(), f"game {number}: OpenSpiel ended first"
        assert a.returns() == b.returns(), f"game {number}"
    assert plies > 50_000


def _hops(state, move):
    """The actions the documented encoding plays `move` (an awe move of the state's position)
    with."""
    n = state.n
    points = move.points
    actions = [points[0] * n + points[1]]
    probe = state.clone()
    probe.apply_action(actions[0])
    for k in range(2, len(points)):
        actions.append(points[k - 1] * n + points[k])
        probe.apply_action(actions[-1])
    if probe.game is state.game or len(probe.game) == len(state.game):
        # The move is not whole yet: stop, then pick it among the chains along the same path.
        while len(probe.game) == len(state.game):
            legal = probe.legal_actions()
            here = points[-1]
            if here * n + here in legal:
                action = here * n + here
            else:
                keys = [a - n * n for a in legal]
                taken = set(move.captured_points)
                action = n * n + min(k for k in keys if k == n or k in taken)
            actions.append(action)
            probe.apply_action(action)
    return actions


@pytest.mark.parametrize(
    "name", ["awe_awithlaknannai", "awe_awithlaknannai(board=kolowis,rules=globejoueur)",
             "awe_awithlaknannai(rules=bell)", "awe_awithlaknannai(rules=ludii)"]
)
def test_awithlaknannai_encoding_reaches_every_move_once(name):
    """In positions of random games, every legal move is played by the actions the encoding gives
    it, each leads to that move's position, and no two moves share their actions."""
    game = pyspiel.load_game(name)
    rng = random.Random(8)
    checked = 0
    for _ in range(12):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.path:
                position = state.game.current
                seen = set()
                for move in position.legal_moves():
                    actions = _hops(state, move)
                    assert awe.openspiel.actions_of(state, move) == actions
                    assert tuple(actions) not in seen
                    seen.add(tuple(actions))
                    probe = state.clone()
                    for action in actions:
                        assert action in probe.legal_actions()
                        assert probe.current_player() == state.current_player()
                        probe.apply_action(action)
                    assert probe.game.moves[-1] == move
                    assert probe.game.current == position.play(move)
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 300


def test_observations_follow_the_positions():
    for name, size in [("awe_awele(rules=abapa)", 16), ("awe_awithlaknannai", 103),
                       ("awe_awechec", 828)]:
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        for action in state.legal_actions()[:1]:
            state.apply_action(action)
        tensor = state.observation_tensor(0)
        assert len(tensor) == size and tensor == state.observation_tensor(1)
        assert all(0.0 <= v <= 1.0 for v in tensor)
        assert state.observation_string(0) == str(state)
        assert len(state.legal_actions_mask()) == game.num_distinct_actions()
    state = pyspiel.load_game("awe_awithlaknannai").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    tensor = state.observation_tensor(0)
    assert sum(tensor[53:78]) == 2 and sum(tensor[78:103]) == 1  # the path so far, where it is


@pytest.mark.parametrize("name", ["awe_awele", "awe_awithlaknannai", "awe_awechec"])
def test_illegal_actions_raise_value_error(name):
    state = pyspiel.load_game(name).new_initial_state()
    for action in (4999, 5000, state.num_distinct_actions() - 1):
        if action not in state.legal_actions():
            with pytest.raises(ValueError, match="not"):
                state.apply_action(action)
    state.apply_action(state.legal_actions()[0])


def test_action_strings():
    state = pyspiel.load_game("awe_awele").new_initial_state()
    assert [state.action_to_string(0, a) for a in range(6)] == list("ABCDEF")
    assert state.action_to_string(1, 2) == "c"
    assert awe.openspiel.awechec_action_text(0, 8 + 5 * (64 * 12 + 28)) == "e2e4"
    assert awe.openspiel.awechec_action_text(0, 8 + 5 * (64 * 52 + 60) + 4) == "e7e8q"
    assert awe.openspiel.awechec_action_text(1, 7) == "0"
    serpents = pyspiel.load_game("awe_awithlaknannai").new_initial_state()
    first = serpents.legal_actions()[0]
    assert ">" in serpents.action_to_string(0, first)


def test_awele_games_longer_than_the_bound_stop_as_agreed(monkeypatch):
    monkeypatch.setattr(awe.openspiel, "AWELE_MAX_LENGTH", 10)
    state = pyspiel.load_game("awe_awele(rules=abapa)").new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) <= 10
    assert state.game.outcome.termination in ("agreement", "score limit", "no legal move")


@pytest.mark.parametrize("name", ["awe_awele(rules=abapa)", "awe_awithlaknannai", "awe_awechec"])
def test_mcts_plays(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    evaluator = awe.openspiel.RustRolloutEvaluator(1, np.random.RandomState(1))
    rust = mcts.MCTSBot(game, 2, 60, evaluator, random_state=np.random.RandomState(1))
    assert rust.step(state) in state.legal_actions()
    if "awechec" not in name:
        plain = mcts.MCTSBot(game, 2, 30, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)),
                             random_state=np.random.RandomState(2))
        assert plain.step(state) in state.legal_actions()


def test_awe_engine_beats_random_through_the_registration():
    game = pyspiel.load_game("awe_awele(rules=abapa)")
    engine = awe.Awele("abapa").engine(level=4, seed=1)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(engine.play(state.game).best.column)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns()[0] == 1.0
