"""awe: Awélé (oware), Awithlaknannai and Awechec from Python.

Each game has a game object that holds its settings and makes everything else::

    import awe

    game = awe.Awele(rules="abapa")           # or awe.Awithlaknannai(board=...), awe.Awechec(...)
    position = game.start().play("E")         # positions are immutable; play returns the next
    moves = position.legal_moves()            # move objects, with their notation (move.text)
    history = game.new_game()                 # a game with its history: repetition, agreement
    engine = game.engine(level=7)             # awe's engine: engine.play(...), engine.search(...)

Bad input (a move, a position text, a record, a setting) raises ``ValueError`` with the message of
the Rust error; long calls (perft, playouts, searches, databases) release the GIL. ``import
awe.openspiel`` registers the three games with OpenSpiel. The whole API is in ``docs/python.md``.
"""

from ._awe import (
    Awechec,
    AwechecEngine,
    AwechecGame,
    AwechecMove,
    AwechecPosition,
    Awele,
    AweleEngine,
    AweleGame,
    AweleMove,
    AwelePosition,
    AweleValue,
    Awithlaknannai,
    AwithlaknannaiEngine,
    AwithlaknannaiGame,
    AwithlaknannaiMove,
    AwithlaknannaiPosition,
    AwithlaknannaiValue,
    Line,
    Outcome,
    Playout,
    PlayoutStats,
    Search,
    Side,
    cache_dir,
    read_record,
)

__all__ = [
    "Awechec",
    "AwechecEngine",
    "AwechecGame",
    "AwechecMove",
    "AwechecPosition",
    "Awele",
    "AweleEngine",
    "AweleGame",
    "AweleMove",
    "AwelePosition",
    "AweleValue",
    "Awithlaknannai",
    "AwithlaknannaiEngine",
    "AwithlaknannaiGame",
    "AwithlaknannaiMove",
    "AwithlaknannaiPosition",
    "AwithlaknannaiValue",
    "Line",
    "Outcome",
    "Playout",
    "PlayoutStats",
    "Search",
    "Side",
    "cache_dir",
    "read_record",
]
