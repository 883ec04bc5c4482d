"""Awithlaknannai from Python: boards, rule sets and starts, positions, moves (steps and capture
chains), games with their history, records, perft, playouts, the engine, the endgame databases."""

import pickle

import pytest

import awe
from conftest import play_randomly

MOSONA_START = "bbbbbbbb/bbbb.wwww/wwwwwwww w 0"


def test_settings():
    assert awe.Awithlaknannai.BOARDS == ["mosona", "kolowis", "kolowis-ludii"]
    assert awe.Awithlaknannai.RULES == ["wikipedia", "globejoueur", "bell", "ludii"]
    assert awe.Awithlaknannai.STARTS == ["seed000", "seed002", "ludii"]
    game = awe.Awithlaknannai()
    assert (game.name, game.board, game.rules, game.start_name) == (
        "awithlaknannai", "mosona", "wikipedia", "seed000")
    assert game.first == awe.Side.WHITE and game.outer_lines and game.end_lines
    assert game.ply_limit == 50 and game.summary
    assert repr(game) == "Awithlaknannai(board='mosona', rules='wikipedia')"
    assert len(game.points) == 25 and game.points[0] == "b1" and game.points[-1] == "t8"
    other = awe.Awithlaknannai(first=awe.Side.BLACK, ply_limit=30, end_lines=False)
    assert repr(other) == ("Awithlaknannai(board='mosona', rules='wikipedia', first=Side.BLACK, "
                           "end_lines=False, ply_limit=30)")
    assert other.start().turn == awe.Side.BLACK
    assert len(awe.Awithlaknannai(board="kolowis").points) == 49
    assert awe.Awithlaknannai(board="kolowis-ludii").start_name == "ludii"


def test_bad_settings_raise_value_error():
    with pytest.raises(ValueError, match="unknown Awithlaknannai board `go`"):
        awe.Awithlaknannai(board="go")
    with pytest.raises(ValueError, match="unknown Awithlaknannai rule set"):
        awe.Awithlaknannai(rules="checkers")
    with pytest.raises(ValueError, match="does not exist on the board mosona"):
        awe.Awithlaknannai(start="seed002")
    with pytest.raises(ValueError, match="unknown start"):
        awe.Awithlaknannai(start="middle")
    with pytest.raises(ValueError, match="ply_limit"):
        awe.Awithlaknannai(ply_limit=0)


def test_steps_under_bell():
    game = awe.Awithlaknannai(rules="bell")
    start = game.start()
    assert start.text == MOSONA_START and start.turn == awe.Side.WHITE
    assert (start.board, start.rules, start.quiet_plies) == ("mosona", "bell", 0)
    moves = start.legal_moves()
    assert [m.text for m in moves] == ["b4-m5", "b5-m5", "m6-m5"]
    step = moves[0]
    assert step.path == ["b4", "m5"] and step.points == [3, 12]
    assert step.captured == [] and step.captured_points == [] and not step.is_capture
    after = start.play("b4-m5")
    assert after.turn == awe.Side.BLACK and after.quiet_plies == 1
    assert "m5" in after.pieces(awe.Side.WHITE) and "b4" not in after.pieces(awe.Side.WHITE)
    assert 12 in after.piece_points(awe.Side.WHITE)
    assert len(start.pieces(awe.Side.WHITE)) == len(start.pieces(awe.Side.BLACK)) == 12


def test_capture_chains_under_wikipedia():
    start = awe.Awithlaknannai().start()
    moves = start.legal_moves()
    assert all(m.is_capture for m in moves)
    chain = start.parse_move("b3xm5xm4xt4xm5")
    assert chain.path == ["b3", "m5", "m4", "t4", "m5"]
    assert chain.captured == ["m4", "t3", "t4", "t5"] and chain.captured_points == [11, 19, 20, 21]
    after = start.play(chain)
    assert len(after.pieces(awe.Side.BLACK)) == 8 and after.quiet_plies == 0
    with pytest.raises(ValueError, match="must go on"):
        start.play("b3xm5")
    with pytest.raises(ValueError, match="not a point"):
        start.play("z9-m5")


def test_positions_from_text():
    game = awe.Awithlaknannai()
    assert game.position(MOSONA_START) == game.start()
    for text in ["", "bbbb/bbbb/bbbb w 0", MOSONA_START.replace(" w ", " x "),
                 MOSONA_START.replace("w 0", "w -1"), MOSONA_START.replace("bbbb.", "bbbbq")]:
        with pytest.raises(ValueError):
            game.position(text)


def test_perft_divide_and_playouts():
    start = awe.Awithlaknannai().start()
    assert [start.perft(d) for d in range(1, 5)] == [4, 72, 1501, 24200]
    assert sum(n for _, n in start.divide(3)) == 1501
    stats = awe.Awithlaknannai(board="kolowis").random_playouts(200, seed=1)
    assert stats.games == 200 and stats.south_wins + stats.north_wins + stats.draws == 200
    playout = start.random_playout(seed=4)
    assert playout.plies == start.random_playout(seed=4).plies > 0


def test_observation():
    game = awe.Awithlaknannai()
    values = game.start().observation()
    assert len(values) == 2 * 25 + 3
    assert sum(values[:25]) == 12 and sum(values[25:50]) == 12
    assert values[50:52] == [1.0, 0.0] and values[52] == 0.0


def test_game_history_and_records(rng):
    game = awe.Awithlaknannai(rules="globejoueur")
    history = play_randomly(game.new_game(), rng)
    assert history.is_over and history.outcome.termination in (
        "no legal move", "ply limit", "repetition")
    text = history.record(players=("Ama", "Kofi"))
    assert '[Game "awithlaknannai"]' in text and '[Rules "globejoueur"]' in text
    assert '[Start "seed000"]' in text and '[White "Ama"]' in text
    again = game.read_record(text)
    assert [m.text for m in again.moves] == [m.text for m in history.moves]
    assert again.outcome.result == history.outcome.result
    assert pickle.loads(pickle.dumps(history)).outcome.result == history.outcome.result
    black_first = awe.Awithlaknannai(first=awe.Side.BLACK)
    record = black_first.new_game().record()
    assert '[First "black"]' in record
    assert black_first.read_record(record).start.turn == awe.Side.BLACK
    with pytest.raises(ValueError):
        game.read_record(awe.Awithlaknannai(board="kolowis").new_game().record())


def test_quiet_games_end_at_the_ply_limit(rng):
    game = awe.Awithlaknannai(rules="bell", ply_limit=4)
    endings = [play_randomly(game.new_game(), rng).outcome for _ in range(20)]
    quiet = [o for o in endings if o.termination == "ply limit"]
    assert quiet
    # More pieces wins.
    for outcome in quiet:
        white, black = outcome.score
        more = awe.Side.WHITE if white > black else awe.Side.BLACK if black > white else None
        assert outcome.winner == more


def test_engine_and_pickles():
    game = awe.Awithlaknannai(rules="bell")
    engine = game.engine(level=4)
    found = engine.search(game.start(), depth=4)
    assert found.best in game.start().legal_moves() and found.depth == 4
    assert engine.play(game.new_game()).best in game.start().legal_moves()
    with pytest.raises(ValueError, match="this engine plays"):
        engine.search(awe.Awithlaknannai().start(), depth=2)
    assert pickle.loads(pickle.dumps(game.start())) == game.start()
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(awe.Awithlaknannai(rules="ludii").start())


def test_endgame_databases():
    game = awe.Awithlaknannai(rules="bell")
    few = game.position("......../...w.b..b/........ w 0")
    assert game.endgame_value(few) is None
    game.build_endgame(3)
    value = game.endgame_value(few)
    assert value is not None and value.kind in ("win", "loss", "quiet win", "quiet loss", "draw")
    assert (value.plies is None) == value.kind.startswith(("quiet", "draw"))
    assert game.endgame_value(game.start()) is None
    with pytest.raises(ValueError, match="at most 8"):
        game.build_endgame(9)
