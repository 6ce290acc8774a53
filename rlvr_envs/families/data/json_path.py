"""JsonPath: the values a JSONPath query selects in a generated JSON document.

A document (a shop with arrays of books and gadgets, each an object with nested fields) is
shown as indented JSON, with a query in the usual JSONPath notation: ``$`` the root, ``.key``
a member, ``[2]`` an element (from 0; ``[-1]`` the last), ``[*]`` every element,
``[?(@.price < 10)]`` the elements whose field meets a comparison, and ``..key`` every
``key`` member at any depth. The evaluator here applies the steps in order to the list of
selected nodes; a step that does not apply to a node selects nothing from it.

Answer syntax: a JSON array of the selected values in document order (``["Dune", 12]``;
``[]`` never occurs: every query selects at least one value).

Knobs: ``items`` (elements per array, 2 -> 10) and ``query`` (``member``, ``wildcard``,
``filter``, ``descent``, ``filter_member``: one index or member chain, a wildcard, a filter,
a recursive descent, a filter followed by a nested member; easiest first). Difficulty raises
both.
"""

from __future__ import annotations

import json
import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem

QUERIES = ("member", "wildcard", "filter", "descent", "filter_member")
TITLES = ("Dune", "Emma", "Ulysses", "Beloved", "Solaris", "Ubik", "Kindred", "Walden",
          "Middlemarch", "Gilead", "Possession", "Atonement", "Rebecca", "Persuasion")  # fmt: skip
AUTHORS = ("Herbert", "Austen", "Joyce", "Morrison", "Lem", "Dick", "Butler", "Thoreau")
GADGETS = ("radio", "torch", "compass", "kettle", "camera", "scale", "timer", "lamp")
COLOURS = ("red", "blue", "green", "black", "white")
TAGS = ("classic", "new", "sale", "signed", "used")


def make_document(rng: random.Random, items: int) -> dict:
    books = [
        {
            "title": title,
            "author": rng.choice(AUTHORS),
            "price": rng.randint(3, 40),
            "tags": rng.sample(TAGS, rng.randint(1, 3)),
            "stock": {"shelf": rng.randint(0, 9), "store": rng.randint(0, 20)},
        }
        for title in rng.sample(TITLES, items)
    ]
    gadgets = [
        {"name": name, "colour": rng.choice(COLOURS), "price": rng.randint(5, 90),
         "stock": {"shelf": rng.randint(0, 9), "store": rng.randint(0, 20)}}
        for name in rng.sample(GADGETS, min(items, len(GADGETS)))
    ]  # fmt: skip
    return {"shop": {"name": "Corner", "books": books, "gadgets": gadgets}}


def select(document, steps: list[list]) -> list:
    """The values ``steps`` select from ``document``, in document order."""
    nodes = [document]
    for step in steps:
        kind, out = step[0], []
        for node in nodes:
            member = kind == "key" and isinstance(node, dict) and step[1] in node
            element = (
                kind == "index" and isinstance(node, list) and -len(node) <= step[1] < len(node)
            )
            if member or element:
                out.append(node[step[1]])
            elif kind == "all" and isinstance(node, list):
                out.extend(node)
            elif kind == "filter" and isinstance(node, list):
                out.extend(e for e in node if isinstance(e, dict) and _meets(e, step[1:]))
            elif kind == "descend":
                out.extend(_descend(node, step[1]))
        nodes = out
    return nodes


def _meets(element: dict, test: list) -> bool:
    field, op, value = test
    if field not in element or isinstance(element[field], (dict, list)):
        return False
    have = element[field]
    if isinstance(have, str) != isinstance(value, str):
        return False
    return {"<": have < value, ">": have > value, "==": have == value,
            "!=": have != value}[op]  # fmt: skip


def _descend(node, key: str) -> list:
    """Every ``key`` member at any depth below and at ``node``, in document (pre-)order."""
    found = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key:
                found.append(v)
            found.extend(_descend(v, key))
    elif isinstance(node, list):
        for v in node:
            found.extend(_descend(v, key))
    return found


def show(document: dict) -> str:
    """The document as indented JSON with one array element per line."""
    shop = document["shop"]
    lines = ["{", '  "shop": {', f'    "name": {json.dumps(shop["name"])},']
    for index, array in enumerate(("books", "gadgets")):
        lines.append(f'    "{array}": [')
        elements = [f"      {json.dumps(e)}" for e in shop[array]]
        lines.append(",\n".join(elements))
        lines.append("    ]" + ("," if index == 0 else ""))
    lines += ["  }", "}"]
    return "\n".join(lines)


def render(steps: list[list]) -> str:
    out = "$"
    for step in steps:
        if step[0] == "key":
            out += f".{step[1]}"
        elif step[0] == "index":
            out += f"[{step[1]}]"
        elif step[0] == "all":
            out += "[*]"
        elif step[0] == "filter":
            value = json.dumps(step[3]) if isinstance(step[3], str) else step[3]
            out += f"[?(@.{step[1]} {step[2]} {value})]"
        else:
            out += f"..{step[1]}"
    return out


def _stock(rng: random.Random) -> list[list]:
    return [["key", "stock"], ["key", rng.choice(("shelf", "store"))]]


def _query(rng: random.Random, kind: str, document: dict) -> list[list]:
    array = rng.choice(("books", "gadgets"))
    elements = document["shop"][array]
    field = rng.choice([k for k in elements[0] if k != "stock"])
    base = [["key", "shop"], ["key", array]]
    if kind == "member":
        tail = _stock(rng) if rng.random() < 0.5 else [["key", field]]
        return [*base, ["index", rng.randrange(-1, len(elements))], *tail]
    if kind == "wildcard":
        return [*base, ["all"], ["key", field]]
    if kind == "descent":
        return [["descend", rng.choice(("price", "shelf", "store", "author", "colour"))]]
    prices = sorted(e["price"] for e in elements)
    test = ["price", rng.choice(("<", ">")), rng.choice(prices[1:-1] or prices)]
    if array == "books" and rng.random() < 0.4:
        test = ["author", rng.choice(("==", "!=")), rng.choice([e["author"] for e in elements])]
    name = "title" if array == "books" else "name"
    target = _stock(rng) if kind == "filter_member" else [["key", rng.choice((name, "price"))]]
    return [*base, ["filter", *test], *target]


class JsonPath(Family):
    """The values a JSONPath query selects, as a JSON array in document order."""

    knobs: ClassVar[dict[str, Knob]] = {
        "items": Knob("int", 2, 14, default=4, easy=2, hard=10, doc="elements per array"),
        "query": Knob("categorical", choices=QUERIES, default="wildcard", doc="query kind"),
    }
    answer_syntax = 'a JSON array of the selected values in document order (e.g. ["Dune", 12])'
    answer_form = "a JSON array"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        items, kind = int(knobs["items"]), knobs["query"]
        while True:
            document = make_document(rng, items)
            steps = _query(rng, kind, document)
            found = select(document, steps)
            if found:
                break
        question = (
            f"JSON document:\n{show(document)}\n\nEvaluate the JSONPath query "
            f"{render(steps)} on the document. Array indices count from 0 ([-1] is the last "
            "element), [*] selects every element, [?(...)] keeps the elements that meet the "
            "test, and ..key selects every key member at any depth. List every selected value."
        )
        meta = {"document": document, "steps": steps, "query": kind}
        return Draft(question, json.dumps(found), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        text = answer.strip()
        if not text.startswith("["):
            return Judgement.unparsable("expected a JSON array")
        try:
            got = json.loads(text)
        except (ValueError, RecursionError):
            return Judgement.unparsable("not valid JSON")
        if not isinstance(got, list):
            return Judgement.unparsable("expected a JSON array")
        same = json.dumps(got, sort_keys=True) == json.dumps(
            json.loads(problem.answer), sort_keys=True
        )
        return Judgement.right() if same else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Elements in the document's arrays times the query kind's rank."""
        meta = problem.meta
        shop = meta["document"]["shop"]
        return (len(shop["books"]) + len(shop["gadgets"])) * (1 + QUERIES.index(meta["query"]))
