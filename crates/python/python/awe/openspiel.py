"""awe's three games inside OpenSpiel: ``import awe.openspiel`` registers them.

================================  ============================  ================================
game                              parameters (default)          actions
================================  ============================  ================================
``awe_awele``                     ``rules`` (``awechec``)       6: the column of the pit sown,
                                                                0 to 5 from the mover's left
``awe_awithlaknannai``            ``board`` (``mosona``),       points² + points + 1: hops
                                  ``rules`` (``wikipedia``)     ``from × points + to``, then a
                                                                choice where a chain is ambiguous
``awe_awechec``                   ``variant`` (``standard``),   20,488: 0-5 Awélé columns, 6 a
                                  ``handicap`` (``none``)       normal move, 7 the null move,
                                                                ``8 + 5 × (64 × from + to) +
                                                                promotion`` a chess move
================================  ============================  ================================

So ``pyspiel.load_game("awe_awele(rules=abapa)")`` is OpenSpiel's ``oware`` played by awe's rules,
and every OpenSpiel algorithm plays the three games: MCTS, AlphaZero, the random simulation tests.
The games are sequential, deterministic, of perfect information, zero-sum, with terminal rewards
(1 for a win, -1 for a loss, 0 for a draw); player 0 is South at Awélé and White elsewhere.

Awithlaknannai's moves are chains of jumps, too many to number one by one: a move is played as a
sequence of actions by the same player. The first action is the first hop ``from × points + to``
(point indices as ``awe.Awithlaknannai.points`` lists them), each further action the next landing
point ``current × points + next``. Where a chain may stop or go on, ``current × points + current``
stops it; where two chains follow the same points but take different pieces, an action
``points² + p`` picks the one taking the piece on point ``p`` (``points² + points``: the one
taking no more than the others all take). The state shows the position before the move and the
path so far until the move is whole.

A game longer than its ``max_game_length`` is stopped there as an agreed end (a draw at Awechec,
the rule set's sharing of the seeds at Awélé): random games never come near it (Awélé: 1,000
plies, the most OpenSpiel's oware allows, random games under 500; Awechec: 20,000 actions, random
games under 5,000; Awithlaknannai's bound is a true one, from its ply limit).

The observations (``state.observation_tensor()``, the same for both players: the games have no
hidden information, and the side to move is part of them) are laid out in ``docs/python.md``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import awe

__all__ = [
    "AweleGame",
    "AwithlaknannaiGame",
    "AwechecGame",
    "AweleState",
    "AwithlaknannaiState",
    "AwechecState",
    "RustRolloutEvaluator",
    "actions_of",
    "awechec_action_text",
    "AWELE_MAX_LENGTH",
    "AWECHEC_MAX_LENGTH",
]

AWELE_MAX_LENGTH = 1000
AWECHEC_MAX_LENGTH = 20000


def _game_type(short_name: str, long_name: str, parameters: Dict[str, Any]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _game_info(actions: int, max_length: int) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_length,
    )


class _Observer:
    """The observation of a state, the same for both players (see ``docs/python.md``)."""

    def __init__(self, size: int, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: "_State", player: int) -> None:
        del player
        self.tensor[:] = state.observation_values()

    def string_from(self, state: "_State", player: int) -> str:
        del player
        return str(state)


def _make_observer(size: int, iig_obs_type, params):
    if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
        return _Observer(size, params)
    return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _State(pyspiel.State):
    """What the three states share: the side to act and the end are kept as plain numbers."""

    _player: int
    _over: bool
    _returns: Tuple[float, float]

    def current_player(self) -> int:
        return pyspiel.PlayerId.TERMINAL if self._over else self._player

    def is_terminal(self) -> bool:
        return self._over

    def returns(self) -> List[float]:
        return list(self._returns)

    def observation_values(self) -> List[float]:
        raise NotImplementedError


# ---------------------------------------------------------------------------------------------
# Awélé


_AWELE_TYPE = _game_type("awe_awele", "awe Awélé (oware)", {"rules": "awechec"})


class AweleGame(pyspiel.Game):
    """Awélé under a rule set of awe (``abapa`` is OpenSpiel's ``oware``)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.awe = awe.Awele(rules=str(params.get("rules", "awechec")))
        super().__init__(_AWELE_TYPE, _game_info(6, AWELE_MAX_LENGTH), params)

    def new_initial_state(self) -> "AweleState":
        return AweleState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _make_observer(16, iig_obs_type, params)


class AweleState(_State):
    """A game of Awélé in progress: awe's game with its history (for the repetition rule)."""

    def __init__(self, game: AweleGame) -> None:
        super().__init__(game)
        self.game = game.awe.new_game()
        self._settle()

    def _settle(self) -> None:
        if not self.game.is_over and len(self.game) >= AWELE_MAX_LENGTH:
            self.game.agree()
        outcome = self.game.outcome
        self._over = outcome is not None
        self._returns = outcome.returns() if outcome is not None else (0.0, 0.0)
        self._player = self.game.current.turn.index

    def _legal_actions(self, player: int) -> List[int]:
        del player
        return self.game.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.game.play_action(action)
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        return chr((ord("A") if player == 0 else ord("a")) + action)

    def observation_values(self) -> List[float]:
        return self.game.current.observation()

    def __str__(self) -> str:
        return self.game.current.text


# ---------------------------------------------------------------------------------------------
# Awithlaknannai


_SERPENT_TYPE = _game_type(
    "awe_awithlaknannai",
    "awe Awithlaknannai (Zuni fighting serpents)",
    {"board": "mosona", "rules": "wikipedia"},
)


class AwithlaknannaiGame(pyspiel.Game):
    """Awithlaknannai on a board under a rule set of awe, moves played hop by hop."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.awe = awe.Awithlaknannai(
            board=str(params.get("board", "mosona")), rules=str(params.get("rules", "wikipedia"))
        )
        self.names = self.awe.points
        self.points = len(self.names)
        start = self.awe.start()
        pieces = len(start.pieces(awe.Side.WHITE)) + len(start.pieces(awe.Side.BLACK))
        moves = self.max_moves(pieces)
        # A move takes one action a hop beyond its first, one to stop and one to choose at most
        # (a choice is needed only between chains that take as many pieces): hops beyond the
        # first take a piece each.
        max_length = 3 * moves + pieces
        actions = self.points * self.points + self.points + 1
        super().__init__(_SERPENT_TYPE, _game_info(actions, max_length), params)

    def max_moves(self, pieces: int) -> int:
        """The most moves a game can last: a capture at least every ``ply_limit`` plies, or
        Ludii's turn limit."""
        limit = self.awe.ply_limit
        if self.awe.rules == "ludii":
            return 2500
        return (pieces + 1) * (limit + 1)

    def new_initial_state(self) -> "AwithlaknannaiState":
        return AwithlaknannaiState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _make_observer(4 * self.points + 3, iig_obs_type, params)


class AwithlaknannaiState(_State):
    """A game of Awithlaknannai in progress, and the move being chosen hop by hop: the paths and
    captures of the legal moves (plain numbers, indices into ``game.legal_moves()``), the path
    chosen so far and the moves it still leaves."""

    def __init__(self, game: AwithlaknannaiGame) -> None:
        super().__init__(game)
        self.n = game.points
        self.names = game.names
        self.game = game.awe.new_game()
        self._begin_turn()

    # The move in progress -------------------------------------------------------------------

    def _begin_turn(self) -> None:
        self.moves: List[Tuple[Tuple[int, ...], Tuple[int, ...]]] = []
        self.path: Tuple[int, ...] = ()
        self.left: Tuple[int, ...] = ()
        self.choosing = False
        outcome = self.game.outcome
        self._over = outcome is not None
        self._returns = outcome.returns() if outcome is not None else (0.0, 0.0)
        self._player = self.game.current.turn.index
        if not self._over:
            self.moves = [
                (tuple(m.points), tuple(m.captured_points)) for m in self.game.legal_moves()
            ]
            self.left = tuple(range(len(self.moves)))

    def _keys(self) -> Dict[int, List[int]]:
        """Between chains along the same path: the piece that tells each apart (the first it
        takes that not all take; ``points`` where it takes no other)."""
        common = set.intersection(*(set(self.moves[i][1]) for i in self.left))
        keys: Dict[int, List[int]] = {}
        for i in self.left:
            rest = set(self.moves[i][1]) - common
            keys.setdefault(min(rest) if rest else self.n, []).append(i)
        return keys

    def _legal_actions(self, player: int) -> List[int]:
        del player
        n = self.n
        if self.choosing:
            return sorted(n * n + key for key in self._keys())
        if not self.path:
            return sorted({self.moves[i][0][0] * n + self.moves[i][0][1] for i in self.left})
        k = len(self.path)
        here = self.path[-1]
        actions = {here * n + self.moves[i][0][k] for i in self.left if len(self.moves[i][0]) > k}
        if any(len(self.moves[i][0]) == k for i in self.left):
            actions.add(here * n + here)
        return sorted(actions)

    def _apply_action(self, action: int) -> None:
        if action not in self._legal_actions(self._player):
            raise ValueError(f"action {action} is not legal here")
        n = self.n
        if self.choosing:
            key = action - n * n
            self.left = tuple(self._keys()[key])
        else:
            start, to = divmod(action, n)
            if start == to:
                # Stop: the chains that end here.
                k = len(self.path)
                self.left = tuple(i for i in self.left if len(self.moves[i][0]) == k)
                self.choosing = True
            else:
                self.path = (start, to) if not self.path else self.path + (to,)
                k = len(self.path)
                self.left = tuple(i for i in self.left if self.moves[i][0][:k] == self.path)
                if all(len(self.moves[i][0]) == k for i in self.left):
                    self.choosing = True
        if self.choosing and len(self.left) == 1:
            self.game.play(self.game.legal_moves()[self.left[0]])
            self._begin_turn()

    def _action_to_string(self, player: int, action: int) -> str:
        del player
        n = self.n
        if action >= n * n:
            key = action - n * n
            return "take none else" if key == n else f"take {self.names[key]}"
        start, to = divmod(action, n)
        if start == to:
            return f"stop at {self.names[start]}"
        return f"{self.names[start]}>{self.names[to]}"

    def observation_values(self) -> List[float]:
        values = list(self.game.current.observation())
        path = [0.0] * self.n
        at = [0.0] * self.n
        for point in self.path:
            path[point] = 1.0
        if self.path:
            at[self.path[-1]] = 1.0
        return values + path + at

    def __str__(self) -> str:
        text = self.game.current.text
        if self.path:
            text += " | " + ">".join(self.names[p] for p in self.path)
        if self.choosing and not self._over:
            text += " | choose"
        return text


# ---------------------------------------------------------------------------------------------
# Awechec


_AWECHEC_TYPE = _game_type(
    "awe_awechec", "awe Awechec (Awarichess)", {"variant": "standard", "handicap": "none"}
)


class _Line:
    """An Awechec position and the actions that led to it from the start, kept as a chain that
    the copies of a state share: a copy costs nothing, and a pickle replays the actions (the
    position text leaves out the counters of the drawing rules)."""

    __slots__ = ("position", "actions", "length")

    def __init__(self, position: "awe.AwechecPosition", actions: Optional[tuple], length: int):
        self.position = position
        self.actions = actions
        self.length = length

    def then(self, action: int) -> "_Line":
        return _Line(self.position.play_action(action), (self.actions, action), self.length + 1)

    def action_list(self) -> List[int]:
        actions: List[int] = []
        node = self.actions
        while node is not None:
            node, action = node
            actions.append(action)
        actions.reverse()
        return actions

    def __deepcopy__(self, memo) -> "_Line":
        return self

    def __copy__(self) -> "_Line":
        return self

    def __reduce__(self):
        settings = self.position.game
        return (_replay_line, (settings.variant, settings.handicap, self.action_list()))


def _replay_line(variant: str, handicap: str, actions: Sequence[int]) -> _Line:
    line = _Line(awe.Awechec(variant=variant, handicap=handicap).start(), None, 0)
    for action in actions:
        line = line.then(action)
    return line


class AwechecGame(pyspiel.Game):
    """Awechec under a variant and handicaps of awe."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.awe = awe.Awechec(
            variant=str(params.get("variant", "standard")),
            handicap=str(params.get("handicap", "none")),
        )
        super().__init__(_AWECHEC_TYPE, _game_info(awe.Awechec.ACTIONS, AWECHEC_MAX_LENGTH), params)

    def new_initial_state(self) -> "AwechecState":
        return AwechecState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _make_observer(828, iig_obs_type, params)


_PROMOTIONS = ("", "n", "b", "r", "q")


def awechec_action_text(player: int, action: int) -> str:
    """An Awechec action as text, without its position: a pit letter, ``normal``, ``0`` (the
    null move), or a chess move in UCI."""
    if action < 6:
        return chr((ord("A") if player == 0 else ord("a")) + action)
    if action == 6:
        return "normal"
    if action == 7:
        return "0"
    squares, promotion = divmod(action - 8, 5)
    start, to = divmod(squares, 64)

    def square(index: int) -> str:
        return "abcdefgh"[index % 8] + str(index // 8 + 1)

    return square(start) + square(to) + _PROMOTIONS[promotion]


class AwechecState(_State):
    """A game of Awechec in progress."""

    def __init__(self, game: AwechecGame) -> None:
        super().__init__(game)
        self.line = _Line(game.awe.start(), None, 0)
        self._settle()

    def _settle(self) -> None:
        position = self.line.position
        outcome = position.outcome
        self._truncated = outcome is None and self.line.length >= AWECHEC_MAX_LENGTH
        self._over = outcome is not None or self._truncated
        self._returns = outcome.returns() if outcome is not None else (0.0, 0.0)
        self._player = position.turn.index

    def _legal_actions(self, player: int) -> List[int]:
        del player
        return [] if self._over else self.line.position.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.line = self.line.then(action)
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        return awechec_action_text(player, action)

    def observation_values(self) -> List[float]:
        return self.line.position.observation()

    def __str__(self) -> str:
        return self.line.position.text


# ---------------------------------------------------------------------------------------------
# awe's moves as OpenSpiel's actions


def actions_of(state: pyspiel.State, move: Any) -> List[int]:
    """The actions that play `move`, a move of awe (``position.legal_moves()``, an engine's
    ``search.best``) of the state's current position, in `state`: one action at Awélé and
    Awechec, one a hop (and a stop or a choice where the chain needs one) at Awithlaknannai."""
    if isinstance(state, AweleState):
        return [move.column]
    if isinstance(state, AwechecState):
        return [move.action]
    if not isinstance(state, AwithlaknannaiState):
        raise TypeError(f"not a state of awe's games: {type(state).__name__}")
    if state.path or state.choosing:
        raise ValueError("a move is in progress in this state: its actions go on from there")
    key = (tuple(move.points), tuple(move.captured_points))
    if key not in state.moves:
        raise ValueError(f"{move.text} is not legal here")
    n = state.n
    points = move.points
    actions = [points[0] * n + points[1]] + [points[k - 1] * n + points[k]
                                             for k in range(2, len(points))]
    probe = state.clone()
    for action in actions:
        probe.apply_action(action)
    index = state.moves.index(key)
    while not probe.is_terminal() and len(probe.game) == len(state.game):
        here = points[-1]
        if not probe.choosing:
            action = here * n + here
        else:
            action = next(n * n + k for k, chains in probe._keys().items() if index in chains)
        actions.append(action)
        probe.apply_action(action)
    return actions


# ---------------------------------------------------------------------------------------------
# Rollouts in Rust, for OpenSpiel's Python MCTS


class RustRolloutEvaluator:
    """An evaluator for ``open_spiel.python.algorithms.mcts.MCTSBot`` whose random rollouts are
    played in Rust from the state's position (without its history: a repetition of a position
    before it is not seen), hundreds of times faster than step by step in Python."""

    def __init__(self, n_rollouts: int = 1, random_state: Optional[np.random.RandomState] = None):
        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        position = _position_of(state)
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            seed = int(self._random_state.randint(0, 2**31 - 1))
            total += np.array(position.random_playout(seed=seed).outcome.returns())
        return total / self.n_rollouts

    def prior(self, state: pyspiel.State) -> List[Tuple[int, float]]:
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


def _position_of(state: pyspiel.State):
    if isinstance(state, AweleState):
        return state.game.current
    if isinstance(state, AwithlaknannaiState):
        return state.game.current
    if isinstance(state, AwechecState):
        return state.line.position
    raise TypeError(f"not a state of awe's games: {type(state).__name__}")


pyspiel.register_game(_AWELE_TYPE, AweleGame)
pyspiel.register_game(_SERPENT_TYPE, AwithlaknannaiGame)
pyspiel.register_game(_AWECHEC_TYPE, AwechecGame)
