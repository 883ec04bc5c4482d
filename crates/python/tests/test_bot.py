"""examples/bot.py, OpenSpiel's MCTS as a bot, plays a whole game on a real `awe serve` (the
command line, where it is built) against a person playing random moves through the site's API."""

import http.cookiejar
import json
import os
import random
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from conftest import REPOSITORY


def awe_binary():
    binary = os.environ.get("AWE_BIN") or os.path.join(REPOSITORY, "target", "release", "awe")
    if not os.path.exists(binary):
        binary = shutil.which("awe")
    if not binary:
        pytest.skip("the awe command is not built (cargo build --release -p awe-cli)")
    return binary


class Person:
    """A browser: its cookies, and the token against forgery the pages send back."""

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for cookie in self.jar:
            if cookie.name == "awe_csrf":
                request.add_header("x-csrf-token", cookie.value)
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def test_an_openspiel_bot_plays_a_whole_game_on_the_site(tmp_path):
    pytest.importorskip("pyspiel")
    binary = awe_binary()
    server = subprocess.Popen(
        [binary, "serve", "--addr", "127.0.0.1:0", "--data-dir", str(tmp_path), "--endgame-seeds", "12"],
        stdout=subprocess.PIPE, text=True)
    bot = None
    try:
        line = server.stdout.readline()
        base = "http://" + line.split("http://")[1].split("/")[0]
        owner, ada = Person(base), Person(base)
        assert owner.call("POST", "/api/account/signup", {"name": "mctsbot", "password": "a long password"})[0] == 200
        assert ada.call("POST", "/api/account/signup", {"name": "ada", "password": "a long password"})[0] == 200
        status, made = owner.call("POST", "/api/account/tokens", {"description": "mcts", "scopes": ["bot:play"]})
        assert status == 200, made
        example = os.path.join(REPOSITORY, "crates", "python", "examples", "bot.py")
        bot = subprocess.Popen([sys.executable, example, "--server", base, "--token", made["token"],
                                "--upgrade", "--simulations", "30", "--games", "1"])
        # Online once it listens: challenged.
        deadline = time.time() + 30
        while True:
            status, answer = ada.call("POST", "/api/games", {
                "spec": {"game": "awele", "rules": "abapa"}, "side": "south", "rated": True,
                "opponent": {"kind": "bot", "name": "mctsbot"}})
            if status == 200:
                break
            assert answer["code"] == "bot_offline", answer
            assert time.time() < deadline, "the bot comes online"
            time.sleep(0.2)
        game = answer["id"]
        rng = random.Random(7)
        deadline = time.time() + 240
        while True:
            status, state = ada.call("GET", f"/api/games/{game}")
            state = state["game"]
            if state["status"] == "over":
                break
            assert time.time() < deadline, "the game ends"
            if state["status"] == "playing" and state["turn"] == "south" and state["legal"]:
                move = rng.choice(state["legal"])["text"]
                status, answer = ada.call("POST", f"/api/games/{game}/act",
                                          {"t": "move", "ply": state["ply"], "move": move})
                assert status in (200, 409), answer
            else:
                time.sleep(0.05)
        assert state["seats"][1]["bot"] is True and state["rated"]
        assert state["outcome"]["result"] in ("1-0", "0-1", "1/2-1/2")
        assert bot.wait(timeout=30) == 0, "the example stops after its one game"
        bot = None
    finally:
        if bot:
            bot.kill()
        server.kill()
        server.wait()
