"""Awechec from Python: variants and handicaps, positions and their steps (Awélé moves, power
decisions, chess moves), action numbers, games with their history, records, the engine, and the
Awélé endgame databases of its Awélé games."""

import pickle
import random

import pytest

import awe
from conftest import play_randomly

FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
START = FEN + " | - | 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0"


def test_settings():
    assert awe.Awechec.VARIANTS == ["standard", "forced", "synchronous"]
    assert awe.Awechec.ACTIONS == 8 + 64 * 64 * 5
    game = awe.Awechec()
    assert (game.name, game.variant, game.handicap) == ("awechec", "standard", "none")
    assert repr(game) == "Awechec(variant='standard')"
    handicapped = awe.Awechec(variant="synchronous", handicap="white:3/2")
    assert handicapped.handicap == "white:3/2"
    assert repr(handicapped) == "Awechec(variant='synchronous', handicap='white:3/2')"
    with pytest.raises(ValueError, match="variant"):
        awe.Awechec(variant="blitz")
    with pytest.raises(ValueError, match="white:3/2"):
        awe.Awechec(handicap="white")
    with pytest.raises(ValueError, match="unknown handicap"):
        awe.Awechec(handicap="white:5/1")


def test_start_is_an_awele_game():
    start = awe.Awechec().start()
    assert start.text == START and start.step == "awele" and start.turn == awe.Side.WHITE
    assert start.awele_running and start.awele.text == "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0"
    assert start.powers == [] and start.quiet_half_moves == 0 and start.variant == "standard"
    assert start.fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    moves = start.legal_moves()
    assert [m.text for m in moves] == list("ABCDEF")
    assert {m.kind for m in moves} == {"awele"} and [m.pit for m in moves] == list(range(6))
    assert start.legal_actions() == list(range(6)) == [m.action for m in moves]
    assert moves[0].decision is None and moves[0].uci is None
    assert start.play("E") == start.play_action(4)


def _first(history, step, rng):
    while history.current.step != step:
        history.play(rng.choice(history.legal_moves()))
    return history.current


def test_decisions_and_chess_moves():
    rng = random.Random(3)
    history = awe.Awechec().new_game()
    decision = _first(history, "decision", rng)
    moves = decision.legal_moves()
    assert [(m.text, m.kind, m.decision, m.action) for m in moves] == [
        ("normal", "decision", "normal", 6), ("0", "decision", "null", 7)]
    assert decision.powers  # the power being decided on is taken already: the rest remain
    history.play("normal")
    chess = history.current
    assert chess.step == "move"
    moves = chess.legal_moves()
    assert all(m.kind == "chess" for m in moves) and len(moves) == 20
    e4 = chess.parse_move("e4")
    assert (e4.text, e4.uci) == ("e4", "e2e4")
    assert e4.action == 8 + 5 * (64 * 12 + 28)
    assert chess.action_move(e4.action) == e4
    assert sorted(m.action for m in moves) == chess.legal_actions()
    assert chess.play_action(e4.action) == chess.play(e4)
    with pytest.raises(ValueError):
        chess.play_action(3)
    with pytest.raises(ValueError):
        chess.play("Ke2")


def test_forced_variant_allows_one_decision():
    rng = random.Random(4)
    history = awe.Awechec(variant="forced").new_game()
    decision = _first(history, "decision", rng)
    assert len(decision.legal_moves()) == 1


def test_observation():
    start = awe.Awechec().start()
    values = start.observation()
    assert len(values) == 828
    assert sum(values[:768]) == 32
    assert values[768:772] == [1.0] * 4 and values[772:774] == [1.0, 0.0]
    assert values[774:777] == [1.0, 0.0, 0.0] and values[777:779] == [1.0, 0.0]
    assert values[779:791] == pytest.approx([4 / 48] * 12) and values[793] == 1.0


def test_position_texts():
    game = awe.Awechec()
    study = game.position("4k3/8/8/8/8/8/8/4K2R w K - 0 1 | WB | -")
    assert study.step == "decision" and study.powers == [awe.Side.BLACK]
    assert game.position(study.text).text == study.text
    for text in ["", "8/8/8/8/8/8/8/8 w - - 0 1 | - | -", START.replace("| - |", "| X |"),
                 START.replace(" S 0 0", " S 0")]:
        with pytest.raises(ValueError):
            game.position(text)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(study)


def test_games_records_and_pickles():
    rng = random.Random(7)
    game = awe.Awechec()
    history = play_randomly(game.new_game(), rng, max_moves=600)
    text = history.record(players=("Ama", "Kofi"))
    assert text.startswith('[Game "awechec"]\n[Language "en"]\n[Variant "standard"]\n')
    again = game.read_record(text)
    assert len(again) == len(history)
    assert again.current.text == history.current.text
    assert pickle.loads(pickle.dumps(history)).current.text == history.current.text
    history.resign(awe.Side.WHITE)
    back = game.read_record(history.record())
    assert back.outcome.winner == awe.Side.BLACK and back.stopped == "resignation"
    finished = play_randomly(game.new_game(), random.Random(11))
    assert finished.is_over
    assert game.read_record(finished.record()).outcome.result == finished.outcome.result
    with pytest.raises(ValueError):
        awe.Awechec(variant="forced").read_record(text)


def test_perft_and_playouts():
    start = awe.Awechec().start()
    assert start.perft(1) == 6 and start.perft(2) == 36
    stats = awe.Awechec().random_playouts(20, seed=1)
    assert stats.games == 20 and stats.plies > 20 * 100
    assert start.random_playout(seed=2).plies == start.random_playout(seed=2).plies


def test_engine():
    game = awe.Awechec()
    engine = game.engine(level=3)
    found = engine.play(game.start())
    assert found.best in game.start().legal_moves()
    searched = engine.search(game.start(), depth=3)
    assert searched.depth == 3 and searched.best.kind == "awele"


def test_endgame_value_of_the_awele_game():
    game = awe.Awechec()
    assert game.endgame_value(game.start()) is None
    awe.Awele("awechec").build_endgame(4)
    position = game.position(FEN + " | - | 0,0,0,0,0,1/1,0,0,0,0,0 S 23 23")
    value = game.endgame_value(position)
    assert value is not None and value.low <= value.high
    assert game.endgame_value(game.position("4k3/8/8/8/8/8/8/4K2R w K - 0 1 | WB | -")) is None
