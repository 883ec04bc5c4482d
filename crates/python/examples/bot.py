#!/usr/bin/env python3
"""An OpenSpiel MCTS bot on an awe site, as `awe bot` connects an engine (docs/research.md).

It listens to the bot account's events, accepts the challenges of Awélé under its rule set while
it plays no other game, declines the others, and plays each game from its stream: on its turn it
replays the site's moves into OpenSpiel's state of `awe_awele` (the `awe` package's game, with its
history), lets MCTS choose, and sends the move. The standard library's HTTP client only.

Usage: python3 crates/python/examples/bot.py --server URL --token TOKEN [--upgrade]
           [--rules abapa] [--simulations 200] [--games N]
"""

import argparse
import json
import threading
import urllib.error
import urllib.parse
import urllib.request

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import awe.openspiel


class Site:
    """The site's bot API, as the token."""

    def __init__(self, server, token):
        self.server = server.rstrip("/")
        self.token = token

    def request(self, method, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.server + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        return urllib.request.urlopen(request, timeout=timeout)

    def call(self, method, path, body=None):
        try:
            with self.request(method, path, body) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            try:
                reason = json.loads(error.read() or b"{}").get("error", "")
            except ValueError:
                reason = error.reason
            raise RuntimeError(f"{path}: {error.code} {reason}") from None

    def stream(self, path):
        """The lines of an NDJSON stream, parsed; None for the empty lines that keep it open."""
        with self.request("GET", path, timeout=60) as answer:
            for line in answer:
                yield json.loads(line) if line.strip() else None


def play_game(site, game_id, game, simulations, seed):
    """Plays one game to its end."""
    rng = np.random.RandomState(seed)
    evaluator = awe.openspiel.RustRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, 2, simulations, evaluator, random_state=rng, solve=True)
    answered = None
    for line in site.stream(f"/api/bot/game/stream/{game_id}"):
        if line is None or line["type"] not in ("gameFull", "gameState"):
            continue
        state_json = line["game"]
        if state_json["status"] != "playing":
            if state_json["status"] == "waiting":
                continue
            return state_json.get("outcome")
        ply = state_json["ply"]
        if state_json["turn"] != line["you"] or answered == ply:
            continue
        # The site's moves, replayed into OpenSpiel's state by their actions.
        state = game.new_initial_state()
        for move in state_json["moves"]:
            parsed = state.game.current.parse_move(move["text"])
            for action in awe.openspiel.actions_of(state, parsed):
                state.apply_action(action)
        action = bot.step(state)
        text = state.action_to_string(state.current_player(), action)
        answered = ply
        try:
            site.call("POST", f"/api/bot/game/{game_id}/move/{urllib.parse.quote(text)}?ply={ply}")
        except RuntimeError as error:
            print(f"bot.py: game {game_id}: {error}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--upgrade", action="store_true", help="make the account a bot first")
    parser.add_argument("--rules", default="abapa")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--games", type=int, default=None, help="stop after this many games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    site = Site(args.server, args.token)
    me = site.call("GET", "/api/bot/account")
    if not me["bot"]:
        if not args.upgrade:
            raise SystemExit(f"{me['name']} is not a bot account: --upgrade makes it one")
        site.call("POST", "/api/bot/account/upgrade")
    game = pyspiel.load_game(f"awe_awele(rules={args.rules})")
    wanted = {"game": "awele", "rules": args.rules}
    print(f"bot.py: {me['name']} listens on {site.server}", flush=True)

    playing = {}
    # Challenges accepted whose game has not begun: they count against the games allowed too.
    accepted = set()
    finished = 0
    done = threading.Event()

    def run(game_id, seed):
        nonlocal finished
        try:
            outcome = play_game(site, game_id, game, args.simulations, seed)
            print(f"bot.py: game {game_id} is over: {outcome}", flush=True)
            finished += 1
        except (OSError, RuntimeError, ValueError) as error:
            print(f"bot.py: game {game_id} given up: {error}", flush=True)
        finally:
            playing.pop(game_id, None)
            if args.games is not None and finished >= args.games:
                done.set()

    while not done.is_set():
        try:
            for event in site.stream("/api/bot/stream/event"):
                if done.is_set():
                    break
                if event is None:
                    continue
                if event["type"] == "challenge":
                    challenge = event["challenge"]
                    spec = {k: v for k, v in challenge["spec"].items() if v is not None}
                    busy = len(playing) + len(accepted)
                    room = busy == 0 and (args.games is None or finished + busy < args.games)
                    answer = "accept" if spec == wanted and room else "decline"
                    site.call("POST", f"/api/bot/challenge/{challenge['id']}/{answer}")
                    if answer == "accept":
                        accepted.add(challenge["id"])
                    print(f"bot.py: {answer} {challenge['id']}", flush=True)
                elif event["type"] == "challengeCanceled":
                    accepted.discard(event["challenge"]["id"])
                elif event["type"] == "gameStart":
                    game_id = event["game"]["id"]
                    accepted.discard(game_id)
                    if game_id not in playing:
                        thread = threading.Thread(target=run, args=(game_id, args.seed + finished))
                        playing[game_id] = thread
                        thread.start()
        except (OSError, RuntimeError, ValueError) as error:
            if done.is_set():
                break
            print(f"bot.py: the event stream: {error}; listening again", flush=True)
            done.wait(2)
    for thread in list(playing.values()):
        thread.join()


if __name__ == "__main__":
    main()
