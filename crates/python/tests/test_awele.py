"""Awélé from Python: the game object, positions, moves, games with their history, records,
perft, playouts, the engine and the endgame databases."""

import os
import pickle
import random
import shutil
import subprocess

import pytest

import awe
from conftest import REPOSITORY, play_randomly

START = "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0"


def test_rule_sets():
    assert awe.Awele.RULES == ["awechec", "abapa", "awari"]
    assert awe.Awele().rules == "awechec"
    for rules in awe.Awele.RULES:
        game = awe.Awele(rules=rules)
        assert game.name == "awele" and game.rules == rules and game.summary
        assert repr(game) == f"Awele(rules='{rules}')"
    with pytest.raises(ValueError, match="unknown Awélé rule set `oware`"):
        awe.Awele(rules="oware")


def test_start_and_moves():
    game = awe.Awele()
    start = game.start()
    assert start.text == str(start) == START
    assert start.turn == awe.Side.SOUTH
    assert start.pits == [4] * 12 and start.captured == (0, 0) and start.rules == "awechec"
    moves = start.legal_moves()
    assert [m.text for m in moves] == list("ABCDEF")
    assert [m.pit for m in moves] == list(range(6))
    assert [m.column for m in moves] == list(range(6))
    after = start.play("E")
    assert after.text == "4,4,4,4,0,5/5,5,5,4,4,4 N 0 0"
    assert after.turn == awe.Side.NORTH
    b = after.parse_move("b")
    assert (b.text, b.letter, b.pit, b.column) == ("b", "b", 7, 1)
    assert b.position == after
    assert after.play(b) == after.play("b")
    assert start.is_legal("A") and not start.is_legal("a") and not start.is_legal("nonsense")
    assert moves[0] == start.parse_move("A") and hash(moves[0]) == hash(start.parse_move("A"))
    assert repr(moves[4]) == 'AweleMove("E")'
    assert eval(repr(start), {"Awele": awe.Awele}) == start


def test_illegal_moves_raise_value_error():
    start = awe.Awele().start()
    with pytest.raises(ValueError, match="not a pit"):
        start.play("Z")
    with pytest.raises(ValueError):
        start.play("a")
    after = start.play("E")
    with pytest.raises(ValueError, match="not legal here"):
        after.play(start.parse_move("A"))


def test_captures_show_in_the_notation():
    game = awe.Awele("abapa")
    position = game.position("0,0,0,0,0,2/1,1,0,0,0,1 S 22 21")
    [move] = [m for m in position.legal_moves() if m.letter == "F"]
    assert move.text == "F(4)"
    after = position.play(move)
    assert after.captured == (26, 21)
    assert after.outcome.winner == awe.Side.SOUTH


def test_positions_from_text_and_parts():
    game = awe.Awele("abapa")
    position = game.position_from([1] * 6 + [2] * 6, captured=(10, 20), turn=awe.Side.NORTH)
    assert position.text == "1,1,1,1,1,1/2,2,2,2,2,2 N 10 20"
    assert game.position(position.text) == position
    with pytest.raises(ValueError):
        game.position_from([4] * 12, captured=(1, 0))
    with pytest.raises(ValueError, match="12 pits"):
        game.position_from([4] * 11)
    for text in ["", "4,4,4/4,4,4 S 0 0", "4,4,4,4,4,4/4,4,4,4,4,4 X 0 0", START + " 7"]:
        with pytest.raises(ValueError):
            game.position(text)


def test_outcome_of_a_position():
    game = awe.Awele("abapa")
    won = game.position_from([2] * 6 + [0, 0, 0, 0, 0, 11], captured=(25, 0))
    outcome = won.outcome
    assert won.is_over and won.legal_moves() == [] and won.legal_actions() == []
    assert outcome.winner == awe.Side.SOUTH and outcome.termination == "score limit"
    assert outcome.result == "1-0" and outcome.returns() == (1.0, -1.0)
    assert awe.Awele("abapa").start().outcome is None


def test_hash_and_equality():
    game = awe.Awele()
    a = game.start().play("E").play("b")
    b = game.start().play("E").play("b")
    assert a == b and a.hash() == b.hash() and hash(a) == hash(b)
    assert a != game.start()
    # The same board under another rule set is another position.
    assert awe.Awele("abapa").start() != awe.Awele("awari").start()


def test_perft_agrees_with_openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    start = awe.Awele("abapa").start()

    def perft(state, depth):
        if depth == 0 or state.is_terminal():
            return 1
        total = 0
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            total += perft(child, depth - 1)
        return total

    theirs = pyspiel.load_game("oware").new_initial_state()
    for depth in range(1, 6):
        assert start.perft(depth) == perft(theirs, depth)
    assert [start.perft(d) for d in range(1, 6)] == [6, 36, 190, 1014, 5219]
    divided = start.divide(4)
    assert [text for text, _ in divided] == list("ABCDEF")
    assert sum(n for _, n in divided) == start.perft(4)


def test_random_playouts():
    start = awe.Awele("abapa").start()
    one = start.random_playout(seed=7)
    assert one.plies > 0 and one.outcome.result in ("1-0", "0-1", "1/2-1/2")
    assert start.random_playout(seed=7).plies == one.plies
    stats = start.random_playouts(500, seed=3)
    assert stats.games == 500
    assert stats.south_wins + stats.north_wins + stats.draws == 500
    assert stats.plies > 500 * 20 and stats.seconds > 0 and stats.per_second > 0
    assert awe.Awele("abapa").random_playouts(500, seed=3).plies == stats.plies


def test_observation_and_actions():
    game = awe.Awele("abapa")
    position = game.start().play("E")
    values = position.observation()
    assert len(values) == 16
    assert values[:12] == pytest.approx([p / 48 for p in position.pits])
    assert values[14:] == [0.0, 1.0]  # North to move
    assert position.legal_actions() == [m.column for m in position.legal_moves()]
    assert position.play_action(1) == position.play("b")
    with pytest.raises(ValueError):
        position.play_action(6)


def test_diagram_and_game_object():
    position = awe.Awele("awari").start()
    assert "A" in position.diagram() and "f" in position.diagram()
    assert position.game == awe.Awele("awari")


def test_pickled_positions_are_equal():
    position = awe.Awele("abapa").start().play("C")
    assert pickle.loads(pickle.dumps(position)) == position


def test_game_with_history():
    history = awe.Awele().new_game()
    assert history.start == history.current == awe.Awele().start()
    history.play("E")
    history.play(history.current.parse_move("b"))
    assert len(history) == 2
    assert [m.text for m in history.moves] == ["E", "b"]
    assert [p.text for p in history.positions][0] == START
    assert history.outcome is None and not history.is_over and not history.is_repetition()
    assert history.legal_actions() == history.current.legal_actions()
    history.play_action(0)
    assert history.moves[-1].text == "A"
    undone = history.undo()
    assert undone.text == "A" and len(history) == 2
    with pytest.raises(ValueError):
        history.play("Q")
    with pytest.raises(ValueError):
        history.play_action(9)
    assert history.perft(3) == history.current.perft(3)
    assert "E" in history.diagram()
    assert history.game == awe.Awele()


def test_agreement_resignation_and_time():
    game = awe.Awele("awechec")
    history = game.new_game()
    history.agree()
    assert history.stopped == "agreement"
    outcome = history.outcome
    assert outcome.termination == "agreement" and outcome.winner is None
    assert outcome.score == (24, 24) and history.legal_moves() == []
    with pytest.raises(ValueError, match="the game is over"):
        history.play("E")
    assert history.undo() is None and history.outcome is None
    history.resign(awe.Side.SOUTH)
    assert history.outcome.winner == awe.Side.NORTH and history.stopped == "resignation"
    history.undo()
    history.forfeit_on_time(awe.Side.NORTH)
    assert history.outcome.winner == awe.Side.SOUTH
    assert history.outcome.termination == "time forfeit"


def test_repetition_ends_a_game():
    game = awe.Awele("awari")
    rng = random.Random(5)
    repeated = None
    for _ in range(200):
        sparse = game.position_from([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0], captured=(23, 23))
        history = play_randomly(game.new_game(sparse), rng, 500)
        if history.outcome.termination == "repetition":
            repeated = history
            break
    assert repeated is not None
    assert repeated.is_repetition() and repeated.legal_moves() == []
    with pytest.raises(ValueError, match="the game is over"):
        repeated.play(repeated.current.legal_moves()[0])
    # The position alone does not end the game: the history does.
    assert repeated.current.outcome is None
    assert repeated.perft(2) == 1


def test_records_round_trip(rng):
    game = awe.Awele("abapa")
    history = play_randomly(game.new_game(), rng)
    text = history.record(players=("Ama", "Kofi"))
    assert text.startswith('[Game "awele"]\n[Rules "abapa"]\n[South "Ama"]\n[North "Kofi"]\n')
    assert f'[Result "{history.outcome.result}"]' in text
    again = game.read_record(text)
    assert [m.text for m in again.moves] == [m.text for m in history.moves]
    assert again.outcome.score == history.outcome.score
    for stopped in (lambda h: h.agree(), lambda h: h.resign(awe.Side.NORTH)):
        short = game.new_game()
        short.play("C")
        stopped(short)
        back = game.read_record(short.record())
        assert back.stopped == short.stopped and back.outcome.result == short.outcome.result
        assert pickle.loads(pickle.dumps(short)).outcome.result == short.outcome.result
    start = game.position_from([0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 2], captured=(22, 22))
    from_start = game.new_game(start.text)
    assert game.read_record(from_start.record()).start == start


def test_bad_records_raise_value_error():
    game = awe.Awele()
    with pytest.raises(ValueError, match="not of awele"):
        game.read_record('[Game "awechec"]\n\n*\n')
    with pytest.raises(ValueError, match="line 3: move `Z`"):
        game.read_record('[Game "awele"]\n\n1. E Z *\n')
    with pytest.raises(ValueError, match="the record says 1-0"):
        game.read_record('[Game "awele"]\n\n1. E b 1-0\n')
    with pytest.raises(ValueError):
        awe.Awele("abapa").read_record('[Game "awele"]\n[Rules "awari"]\n\n*\n')


def test_records_replay_with_the_command_line(tmp_path, rng):
    """`awe replay` reads what Python writes (where the command line has been built)."""
    binary = os.environ.get("AWE_BIN") or os.path.join(REPOSITORY, "target", "release", "awe")
    if not os.path.exists(binary):
        binary = shutil.which("awe")
    if not binary:
        pytest.skip("the awe command is not built (cargo build --release -p awe-cli)")
    history = play_randomly(awe.Awele("abapa").new_game(), rng)
    path = tmp_path / "game.awe"
    path.write_text(history.record())
    done = subprocess.run([binary, "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == f"result: {history.outcome.result}"


def test_engine():
    game = awe.Awele("abapa")
    engine = game.engine(level=6, seed=1)
    assert engine.level == 6 and "level 6" in repr(engine)
    position = game.start().play("E").play("b")
    chosen = engine.play(position)
    assert chosen.best in position.legal_moves()
    found = engine.search(position, depth=5)
    assert found.depth == 5 and [line.depth for line in found.lines] == [1, 2, 3, 4, 5]
    assert found.best == found.line[0] and found.score == found.lines[-1].score
    assert isinstance(found.score_text, str) and found.point > 0 and found.nodes > 0
    after = position
    for move in found.line:
        after = after.play(move)
    history = game.new_game(position)
    assert engine.search(history, nodes=2000).best in position.legal_moves()
    assert engine.search(position, time=0.05).depth >= 1
    engine.new_game()
    over = game.position_from([2] * 6 + [0, 0, 0, 0, 0, 11], captured=(25, 0))
    assert engine.play(over).best is None


def test_engine_finds_a_won_capture():
    game = awe.Awele("abapa")
    # South captures four seeds and passes 24: the game is won at once.
    position = game.position("0,0,0,0,0,2/1,1,0,0,0,1 S 22 21")
    found = game.engine(level=5).search(position, depth=3)
    assert found.best.text == "F(4)"
    assert found.score_text == "win in 1"


def test_engine_refuses_bad_settings():
    game = awe.Awele("abapa")
    for level in (0, 11):
        with pytest.raises(ValueError, match="levels go from 1 to 10"):
            game.engine(level=level)
    engine = game.engine()
    with pytest.raises(ValueError, match="give the search a limit"):
        engine.search(game.start())
    with pytest.raises(ValueError, match="depth"):
        engine.search(game.start(), depth=0)
    with pytest.raises(ValueError, match="time"):
        engine.search(game.start(), time=-1.0)
    with pytest.raises(ValueError, match="this engine plays"):
        engine.search(awe.Awele("awari").start(), depth=2)
    with pytest.raises(ValueError):
        game.engine(table_mb=0)


def test_endgame_databases(cache_dir):
    game = awe.Awele("awari")
    few = game.position_from([1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0], captured=(20, 24))
    assert game.endgame_value(few) is None
    path = game.build_endgame(6)
    assert path.startswith(cache_dir) and os.path.exists(path)
    value = game.endgame_value(few)
    assert value is not None and value.is_exact and -4 <= value.low <= 4
    assert game.endgame_value(game.start()) is None  # 48 seeds: more than the database holds
    empty = game.position_from([0] * 12, captured=(24, 24))
    assert game.endgame_value(empty).low == 0
    with pytest.raises(ValueError):
        game.endgame_value(awe.Awele("abapa").start())
    with pytest.raises(ValueError, match="at most 24"):
        game.build_endgame(30)
    bounded = awe.Awele("abapa")
    bounded.build_endgame(4)
    two = bounded.position_from([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0], captured=(23, 23))
    value = bounded.endgame_value(two)
    assert value.low <= value.high
