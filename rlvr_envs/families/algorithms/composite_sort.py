"""CompositeSort: order records by several keys, each ascending or descending, stably.

A table of records (a unique name and a few fields: text fields such as a team or a city,
whole-number fields such as an age or a score) is sorted by a list of keys: first by the
first key, records equal on it by the second, and so on; each key ascending (A to Z, smallest
first) or descending. Records equal on every key keep their original relative order (the sort
is stable, as the prompt says), so the order is unique. The reference is Python's stable
Timsort with one pass per key from the last key to the first (the classic multi-pass stable
sort); the tests recompute it with a single comparison function.

Answer syntax: the names in sorted order, separated by commas (``Ana, Ben, Cid``); spaces,
semicolons or new lines as separators, brackets around the list and quotes around names are
accepted, names in any case. Every record exactly once. The answer is unique; it is never
the table's own order nor its reverse.

Knobs: ``records`` (4..30), ``keys`` (sort keys, 1..4), ``mixed`` (whether the keys mix
ascending and descending directions) and ``ties`` (whether earlier keys and even all keys
tie between records, so later keys and stability decide); difficulty raises all four. At
difficulty 1: 18 records, three keys in mixed directions over few distinct values, and
records tied on every key.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.algorithms.records import PEOPLE, AnswerError, read_names

TEXT_POOLS = {
    "team": [
        "Amber",
        "Blue",
        "Coral",
        "Gold",
        "Green",
        "Indigo",
        "Jade",
        "Lime",
        "Navy",
        "Olive",
        "Pearl",
        "Red",
        "Ruby",
        "Sage",
        "Slate",
        "Teal",
        "Violet",
        "White",
        "Azure",
        "Bronze",
        "Cedar",
        "Ivory",
        "Mint",
        "Plum",
        "Rose",
        "Sand",
        "Silver",
        "Tan",
        "Umber",
        "Wine",
    ],
    "city": [
        "Accra",
        "Berlin",
        "Cairo",
        "Delhi",
        "Dublin",
        "Hanoi",
        "Kyoto",
        "Lagos",
        "Lima",
        "Lyon",
        "Madrid",
        "Milan",
        "Nairobi",
        "Oslo",
        "Paris",
        "Perth",
        "Porto",
        "Quito",
        "Riga",
        "Rome",
        "Seoul",
        "Sofia",
        "Tunis",
        "Turin",
        "Vienna",
        "Warsaw",
        "Xian",
        "Zagreb",
        "Zurich",
        "Austin",
    ],
}
INT_RANGES = {"age": (18, 80), "score": (0, 100), "level": (1, 40)}
FIELDS = ("team", "age", "score", "city", "level")


def _sorted(records: list[dict], keys: list[list]) -> list[int]:
    """Record indices in sorted order: one stable pass per key, last key first."""
    order = list(range(len(records)))
    for field, descending in reversed(keys):
        order.sort(key=lambda i: records[i][field], reverse=descending)
    return order


class CompositeSort(Family):
    """Sort records by composite keys (per-key direction, stable); answer the names."""

    knobs: ClassVar[dict[str, Knob]] = {
        "records": Knob("int", 4, 30, default=8, easy=5, hard=18, doc="records in the table"),
        "keys": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="sort keys"),
        "mixed": Knob("bool", default=False, easy=False, hard=True, doc="keys mix asc and desc"),
        "ties": Knob("bool", default=False, easy=False, hard=True, doc="records tie on every key"),
    }
    answer_syntax = "the names in sorted order, separated by commas (e.g. Ana, Ben, Cid)"
    answer_form = "list of names"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, k = int(knobs["records"]), int(knobs["keys"])
        mixed, ties = bool(knobs["mixed"]), bool(knobs["ties"])
        while True:
            fields = rng.sample(FIELDS, min(len(FIELDS), max(k + 1, 3)))
            key_fields = rng.sample(fields, k)
            if mixed and k > 1:
                directions = [rng.random() < 0.5 for _ in range(k)]
                if len(set(directions)) == 1:
                    directions[rng.randrange(k)] = not directions[0]
            else:
                directions = [mixed and rng.random() < 0.5] * k
            pools = {}
            for field in fields:
                wide = field not in key_fields or (field == key_fields[-1] and not ties)
                if field in TEXT_POOLS:
                    values = TEXT_POOLS[field]
                    pools[field] = values if wide else rng.sample(values, rng.randint(2, 4))
                else:
                    lo, hi = INT_RANGES[field]
                    if wide:
                        pools[field] = list(range(lo, hi + 1))
                    else:
                        pools[field] = rng.sample(range(lo, hi + 1), rng.randint(2, 4))
            names = rng.sample(PEOPLE, n)
            records = [{"name": nm, **{f: rng.choice(pools[f]) for f in fields}} for nm in names]
            if not ties:  # the last key tells every record apart: no full ties
                for record, value in zip(records, rng.sample(pools[key_fields[-1]], n)):
                    record[key_fields[-1]] = value
            tuples = [tuple(r[f] for f in key_fields) for r in records]
            full_ties = len(tuples) - len(set(tuples))
            if ties and n >= 4 and not full_ties:
                continue
            if not ties and full_ties:
                continue
            keys = [[f, d] for f, d in zip(key_fields, directions)]
            order = _sorted(records, keys)
            if order in (list(range(n)), list(range(n - 1, -1, -1))):
                continue
            break
        header = " | ".join(["name", *fields])
        rows = "\n".join(" | ".join(str(r[c]) for c in ["name", *fields]) for r in records)
        spoken = []
        for field, descending in keys:
            if field in TEXT_POOLS:
                way = "descending (Z to A)" if descending else "ascending (A to Z)"
            else:
                way = "descending (largest first)" if descending else "ascending (smallest first)"
            spoken.append(f"{field} {way}")
        by = spoken[0] + "".join(f", then by {s}" for s in spoken[1:])
        question = (
            f"Here is a table of {n} records, one per line:\n\n{header}\n{rows}\n\n"
            f"Sort the records by {by}"
            + (
                ", each later key deciding only between records equal on the keys before it"
                if k > 1
                else ""
            )
            + ". Text is compared alphabetically, numbers by value. Records equal on every "
            "sort key keep their original relative order (the sort is stable). List the "
            "names in sorted order."
        )
        answer = ", ".join(names[i] for i in order)
        meta = {
            "names": names,
            "order": [names[i] for i in order],
            "keys": keys,
            "records": records,
            "tied_pairs": full_ties,
        }
        return Draft(question, answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        try:
            given = [name.lower() for name in read_names(answer)]
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = [name.lower() for name in problem.meta["order"]]
        unknown = sorted(set(given) - set(expected))
        if unknown:
            return Judgement.wrong(why=f"no such records: {', '.join(unknown)}")
        if len(set(given)) != len(given):
            return Judgement.wrong(why="a name is listed twice")
        if len(given) != len(expected):
            return Judgement.wrong(why=f"{len(expected) - len(given)} records are missing")
        if given != expected:
            first = next(i for i, (a, b) in enumerate(zip(given, expected)) if a != b)
            return Judgement.wrong(why=f"position {first + 1} is wrong")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """Records times sort keys, plus the pairs of records tied on every key."""
        meta = problem.meta
        return len(meta["names"]) * len(meta["keys"]) + meta["tied_pairs"]
