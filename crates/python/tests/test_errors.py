"""Bad input from Python raises ValueError with the Rust message, and never crashes: random and
hostile texts for every reader, moves of another game, oversized records."""

import random
import string

import pytest

import awe

GAMES = [awe.Awele(), awe.Awele("abapa"), awe.Awithlaknannai(), awe.Awithlaknannai(board="kolowis"),
         awe.Awechec()]


def garbage(rng, length):
    alphabet = string.printable + "éà€\u0000\ufeff|/[]{}()\"\\xX-0123456789"
    return "".join(rng.choice(alphabet) for _ in range(length))


def near_misses(text, rng, count):
    """Texts one character away from a good one."""
    for _ in range(count):
        chars = list(text)
        i = rng.randrange(len(chars))
        what = rng.randrange(3)
        if what == 0:
            del chars[i]
        elif what == 1:
            chars.insert(i, rng.choice(string.printable))
        else:
            chars[i] = rng.choice(string.printable)
        yield "".join(chars)


def accepts_or_refuses(call, *args):
    """Calls `call`: a good result or a ValueError, nothing else."""
    try:
        call(*args)
    except ValueError as error:
        assert str(error)


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_random_texts_never_crash(game):
    rng = random.Random(19)
    start = game.start()
    record = game.new_game().record()
    for length in list(range(0, 40)) + [200, 5000]:
        text = garbage(rng, length)
        accepts_or_refuses(game.position, text)
        accepts_or_refuses(start.parse_move, text)
        accepts_or_refuses(start.play, text)
        accepts_or_refuses(game.read_record, text)
        accepts_or_refuses(awe.read_record, text)
    for text in near_misses(start.text, rng, 300):
        accepts_or_refuses(game.position, text)
    for text in near_misses(record, rng, 300):
        accepts_or_refuses(game.read_record, text)


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_moves_of_another_position_are_refused(game):
    start = game.start()
    history = game.new_game()
    first = start.legal_moves()[0]
    after = start.play(first)
    for move in start.legal_moves():
        if not after.is_legal(move):
            with pytest.raises(ValueError, match="not legal here"):
                after.play(move)
    history.play(first)
    with pytest.raises(TypeError):
        history.play(12345)


def test_moves_of_another_game_are_refused_by_type():
    awele = awe.Awele().start()
    serpents = awe.Awithlaknannai().start()
    with pytest.raises(TypeError):
        awele.play(serpents.legal_moves()[0])
    with pytest.raises(TypeError):
        awe.Awele().engine().search(serpents, depth=1)


def test_oversized_records_are_refused():
    text = '[Game "awele"]\n\n' + "1. E b " * ((5 << 20) // 7)
    with pytest.raises(ValueError, match="bytes"):
        awe.Awele().read_record(text)
    with pytest.raises(ValueError):
        awe.read_record("[" + "A" * 100 + ' "x"]\n')


def test_numbers_out_of_range():
    game = awe.Awele()
    with pytest.raises(OverflowError):
        game.engine(level=1000)
    with pytest.raises(ValueError):
        game.start().play_action(-1)
    with pytest.raises(ValueError):
        game.position_from([49] + [0] * 11, captured=(0, 0))
    with pytest.raises(ValueError):
        awe.Awechec().start().play_action(10**12)
    with pytest.raises(ValueError):
        game.engine().search(game.start(), time=float("nan"))
    with pytest.raises(ValueError):
        game.engine().search(game.start(), time=float("inf"))
