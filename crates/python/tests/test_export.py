"""Records of the site's games database (docs/research.md), as `awe export` wrote them
(tests/data/export.awe: games of the three games from crates/cli/tests/export.rs, with the site's
tags and each move's clock): each one is read by `awe.read_record`, every move checked, to the
result its tags say, as the docs' reader splits them."""

import pathlib
import re

import awe

EXPORT = pathlib.Path(__file__).parent / "data" / "export.awe"


def records(path):
    """The records of an export, one by one: each begins with a tag after a blank line."""
    with open(path, encoding="utf-8") as f:
        record, blank = [], True
        for line in f:
            if blank and line.startswith("[") and record:
                yield "".join(record)
                record = []
            record.append(line)
            blank = not line.strip()
        if record:
            yield "".join(record)


def tags(text):
    return dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, re.M))


def test_every_exported_record_reads_to_its_tagged_result():
    texts = list(records(EXPORT))
    assert {tags(t)["Game"] for t in texts} == {"awele", "awithlaknannai", "awechec"}
    for text in texts:
        game = awe.read_record(text)
        t = tags(text)
        assert t["Site"] == "awe"
        assert game.is_over
        assert game.outcome.result == t["Result"], text
        # As many moves as the movetext, its clock comments skipped.
        clocks = re.findall(r"\{\[%clk\s+\d+:\d\d:\d\d\]\}", text)
        assert not clocks or len(clocks) == len(game)


def test_a_record_cut_short_is_refused():
    text = next(records(EXPORT))
    movetext = text.split("\n\n", 1)[1]
    cut = text.replace(movetext, movetext[: len(movetext) // 2])
    try:
        awe.read_record(cut + " garbage")
    except ValueError:
        return
    raise AssertionError("a broken record was read")
