#!/usr/bin/env python3
"""AlphaZero's loop on one of awe's games, as OpenSpiel's AlphaZero sees it, in numpy alone.

OpenSpiel's AlphaZero (`open_spiel.python.algorithms.alpha_zero`) needs jax and flax; this script
runs the same loop with a model small enough for numpy, on the same interfaces: MCTS
(`open_spiel.python.algorithms.mcts`) guided by a model of the observation tensor
(`state.observation_tensor()`, `game.observation_tensor_shape()`) with a policy over
`game.num_distinct_actions()` masked by `state.legal_actions_mask()`; self-play games whose visit
counts and results train the model; then the model's MCTS against one with random rollouts.

Usage: python3 crates/python/examples/alphazero_style.py [--game awe_awele(rules=abapa)]
           [--iterations 3] [--games 4] [--simulations 40]
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import awe.openspiel  # noqa: F401 (registers the games)


class LinearModel:
    """A value `tanh(w · x)` for the player to move and policy logits `P x`, x the observation."""

    def __init__(self, game, rng):
        size = int(np.prod(game.observation_tensor_shape())) + 1
        self.value = rng.normal(0, 0.01, size)
        self.policy = rng.normal(0, 0.01, (game.num_distinct_actions(), size))

    @staticmethod
    def features(state):
        return np.append(np.asarray(state.observation_tensor(), np.float64), 1.0)

    def predict(self, state):
        x = self.features(state)
        mask = np.asarray(state.legal_actions_mask(), bool)
        logits = np.where(mask, self.policy @ x, -np.inf)
        policy = np.exp(logits - logits[mask].max())
        return float(np.tanh(self.value @ x)), policy / policy.sum()

    def train(self, samples, rate=0.1):
        """A step of gradient descent on each sample: the squared error of the value, the cross
        entropy of the policy over the legal actions."""
        for x, mask, target_policy, target_value in samples:
            value = np.tanh(self.value @ x)
            self.value += rate * (target_value - value) * (1 - value**2) * x
            logits = np.where(mask, self.policy @ x, -np.inf)
            predicted = np.exp(logits - logits[mask].max())
            predicted /= predicted.sum()
            self.policy += rate * np.outer(target_policy - predicted, x)


class ModelEvaluator(mcts.Evaluator):
    """MCTS's evaluator from the model, as AlphaZero's is from its network."""

    def __init__(self, model):
        self.model = model

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns())
        value, _ = self.model.predict(state)
        mover = np.array([value, -value])
        return mover if state.current_player() == 0 else -mover

    def prior(self, state):
        _, policy = self.model.predict(state)
        return [(action, policy[action]) for action in state.legal_actions()]


def self_play(game, model, simulations, rng):
    """One game of the model's MCTS against itself: (features, visit distribution, player)
    at each decision, and the returns."""
    bot = mcts.MCTSBot(game, 1.5, simulations, ModelEvaluator(model), random_state=rng)
    state = game.new_initial_state()
    trajectory = []
    while not state.is_terminal():
        root = bot.mcts_search(state)
        visits = np.zeros(game.num_distinct_actions())
        for child in root.children:
            visits[child.action] = child.explore_count
        mask = np.asarray(state.legal_actions_mask(), bool)
        trajectory.append((LinearModel.features(state), mask, visits / visits.sum(),
                           state.current_player()))
        state.apply_action(int(rng.choice(len(visits), p=visits / visits.sum())))
    returns = state.returns()
    return [(x, mask, policy, returns[player]) for x, mask, policy, player in trajectory]


def match(game, model, simulations, games, rng):
    """The model's MCTS against MCTS with random rollouts and as many simulations: its score."""
    score = 0.0
    for number in range(games):
        ours = mcts.MCTSBot(game, 1.5, simulations, ModelEvaluator(model), random_state=rng)
        theirs = mcts.MCTSBot(game, 1.5, simulations, awe.openspiel.RustRolloutEvaluator(1, rng),
                              random_state=rng)
        bots = [ours, theirs] if number % 2 == 0 else [theirs, ours]
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        score += (state.returns()[number % 2] + 1) / 2
    return score


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="awe_awele(rules=abapa)")
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--games", type=int, default=4, help="self-play games an iteration")
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.RandomState(args.seed)
    game = pyspiel.load_game(args.game)
    model = LinearModel(game, rng)
    for iteration in range(args.iterations):
        samples = [sample for _ in range(args.games)
                   for sample in self_play(game, model, args.simulations, rng)]
        model.train(samples)
        print(f"iteration {iteration + 1}: {len(samples)} positions from {args.games} "
              "self-play games")
    score = match(game, model, args.simulations, 2, rng)
    print(f"the model's MCTS against random rollouts at {args.game}: {score} / 2")


if __name__ == "__main__":
    main()
