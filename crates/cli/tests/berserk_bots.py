"""Two bots written with berserk, lichess's own Python client, play a whole game on awe.

The only change from a lichess bot is the base URL: the events come from /api/stream/event, a
challenge is accepted at /api/challenge/ID/accept, the game is followed at
/api/bot/game/stream/ID (gameFull, then gameState lines with lichess's fields) and the moves go
to /api/bot/game/ID/move/MOVE, all through berserk's own calls. The accounts and their tokens
are made as a person makes them, on the site (sign up, then a token on one's page); one bot then
challenges the other with its `challenge:write` token.

Usage: python3 berserk_bots.py SITE GAME    (GAME: awele, awithlaknannai or awechec)
Exits 0 once the game ended with a result both bots and the site agree on.
"""

import json
import random
import sys
import threading
import time

import berserk
import requests

SITE = sys.argv[1].rstrip("/")
GAME = sys.argv[2] if len(sys.argv) > 2 else "awele"
PASSWORD = "seeds and serpents"


def account(name):
    """Signs up `name` and makes it a token of both scopes, as its page would."""
    s = requests.Session()
    s.get(SITE + "/")
    csrf = {"x-csrf-token": s.cookies.get("awe_csrf", "")}
    r = s.post(SITE + "/api/account/signup", json={"name": name, "password": PASSWORD}, headers=csrf)
    r.raise_for_status()
    csrf = {"x-csrf-token": s.cookies.get("awe_csrf", "")}
    r = s.post(
        SITE + "/api/account/tokens",
        json={"description": "berserk", "scopes": ["bot:play", "challenge:write"]},
        headers=csrf,
    )
    r.raise_for_status()
    return r.json()["token"]


class Bot:
    """A lichess bot as berserk writes one: listens for events, accepts challenges, plays."""

    def __init__(self, name, token, accept):
        self.name = name
        self.client = berserk.Client(session=berserk.TokenSession(token), base_url=SITE)
        self.accept = accept
        self.result = None
        self.error = None
        self.moves = 0

    def run(self):
        try:
            for event in self.client.bots.stream_incoming_events():
                if event["type"] == "challenge" and self.accept:
                    challenge = event["challenge"]
                    assert challenge["challenger"]["name"], challenge
                    assert challenge["variant"]["key"] == GAME, challenge
                    self.client.bots.accept_challenge(challenge["id"])
                elif event["type"] == "gameStart":
                    self.play(event["game"]["gameId"])
                    return
        except Exception as e:  # the test fails with what went wrong
            self.error = repr(e)

    def play(self, game_id):
        me = None
        for state in self.client.bots.stream_game_state(game_id):
            # awe's own view of the game comes beside lichess's fields.
            awe = state.get("game")
            if state["type"] == "gameFull":
                # White is the side that moves first; our name is on one side.
                me = "white" if state["white"]["name"] == self.name else "black"
                assert state[me]["title"] == "BOT", state[me]
                assert state["variant"]["key"] == GAME
                state = state["state"]
            elif state["type"] != "gameState":
                continue
            if state["status"] != "started":
                self.result = (state["status"], state.get("winner"))
                return
            # lichess's moves: whose turn it is follows from their number.
            played = len(state["moves"].split()) if state["moves"] else 0
            # Awechec's decisions and Awélé's sowings are actions too: awe's own view says whose
            # turn it is; the lichess fields say the rest.
            turn = awe["turn"]
            mine = turn == awe["sides"][0 if me == "white" else 1]
            assert played == awe["ply"], (played, awe["ply"])
            if mine:
                legal = awe["legal"]
                move = random.choice(legal)["text"]
                self.client.bots.make_move(game_id, move)
                self.moves += 1


def main():
    random.seed(7)
    stamp = str(int(time.time() * 1000) % 10_000_000)
    names = ["berserka" + stamp, "berserkb" + stamp]
    tokens = [account(n) for n in names]
    a, b = Bot(names[0], tokens[0], False), Bot(names[1], tokens[1], True)
    for bot in (a, b):
        bot.client.account.upgrade_to_bot()
    threads = [threading.Thread(target=bot.run, daemon=True) for bot in (a, b)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    # Bot A challenges bot B with its token (scope challenge:write), as on lichess.
    spec = {"game": GAME}
    r = requests.post(
        SITE + "/api/games",
        headers={"Authorization": "Bearer " + tokens[0]},
        json={"spec": spec, "opponent": {"kind": "bot", "name": names[1]}, "side": "south", "clock": None},
    )
    assert r.ok, r.text
    game_id = r.json()["id"]
    for t in threads:
        t.join(timeout=240)
    for bot in (a, b):
        assert bot.error is None, f"{bot.name}: {bot.error}"
        assert bot.result is not None, f"{bot.name} never saw the end"
    assert a.result == b.result, (a.result, b.result)
    answer = requests.get(SITE + f"/api/games/{game_id}").json()
    game = answer.get("game", answer)
    assert game["status"] == "over", game
    # The site's result is the bots'.
    winner = game["outcome"]["winner"]
    site = None if winner is None else ("white" if winner == game["sides"][0] else "black")
    assert a.result[1] == site, (a.result, game["outcome"])
    print(json.dumps({"game": game_id, "result": a.result, "moves": [a.moves, b.moves]}))


if __name__ == "__main__":
    main()
