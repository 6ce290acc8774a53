"""What ``rlvr/JsonPath-v0`` must do beyond the generic family contract: the values are what
a separate evaluator of the query *as printed in the prompt* selects from the document *as
printed* (both parsed from the text), and any other JSON spelling of them is accepted."""

from __future__ import annotations

import json
import re

from tests.families.data.helpers import _gen, _score

ENV = "rlvr/JsonPath-v0"
_STEP = re.compile(
    r"\.\.(\w+)|\.(\w+)|\[(-?\d+)\]|\[\*\]|\[\?\(@\.(\w+) (<|>|==|!=) (\"\w+\"|\d+)\)\]"
)


def _walk(node, key):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from ([v] if k == key else [])
            yield from _walk(v, key)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v, key)


def evaluate(document, query: str) -> list:
    assert query.startswith("$")
    nodes, rest = [document], query[1:]
    ops = {"<": lambda a, b: a < b, ">": lambda a, b: a > b, "==": lambda a, b: a == b,
           "!=": lambda a, b: a != b}  # fmt: skip
    while rest:
        m = _STEP.match(rest)
        assert m, rest
        rest = rest[m.end() :]
        if m[1]:
            nodes = [v for n in nodes for v in _walk(n, m[1])]
        elif m[2]:
            nodes = [n[m[2]] for n in nodes if isinstance(n, dict) and m[2] in n]
        elif m[3]:
            nodes = [n[int(m[3])] for n in nodes if isinstance(n, list)]
        elif m[0] == "[*]":
            nodes = [v for n in nodes for v in n]
        else:
            value = json.loads(m[6])
            nodes = [e for n in nodes for e in n if m[4] in e and ops[m[5]](e[m[4]], value)]
    return nodes


def test_the_selection_matches_a_separate_evaluator_of_the_printed_query():
    for seed in range(40):
        problem = _gen(ENV, seed, seed / 39)
        text = problem.prompt.split("JSON document:\n", 1)[1].split("\n\nEvaluate", 1)[0]
        query = re.search(r"JSONPath query (.+?) on the document", problem.prompt)[1]
        found = evaluate(json.loads(text), query)
        assert found
        assert _score(problem, json.dumps(found)) == 1.0
        assert _score(problem, json.dumps(found, indent=1)) == 1.0
        assert _score(problem, json.dumps(found[::-1])) == float(found[::-1] == found)
        assert _score(problem, json.dumps(found[:-1])) == 0.0
        assert _score(problem, ", ".join(map(str, found))) == 0.0  # not a JSON array
