"""CompositionalTranslation: translate a phrase of a made-up language from study examples.

In the style of SCAN and the few-shot instruction tasks of Lake and Baroni ("Human-like
systematic generalization through a meta-learning neural network", Nature 2023): made-up
primitive words each name a colour, and made-up function words act on phrases. The prompt
states the space: a function word after a phrase repeats it twice or three times, reverses
it, or repeats its last colour; one between two phrases gives the first then the second,
the second then the first, first-second-first, or second-first-second; words after a phrase
bind tighter than words between phrases, which group from the left. Study examples give
every primitive alone and phrases with the function words. Unique by proof: every
assignment of behaviours to the function words is tried, and examples are added until all
assignments that fit them translate the asked phrase the same way; the asked phrase and its
translation are never shown.

Answer syntax: the colours in order, separated by spaces (``RED BLUE RED``), in any case.

Knobs: ``functions`` (function words, 2 -> 4), ``depth`` (function words in the asked
phrase, 1 -> 3) and ``primitives`` (colour words, 3 -> 5). Difficulty raises all three.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.induction.readers import distinct_words

COLOURS = ["RED", "BLUE", "GREEN", "YELLOW", "PINK", "GREY"]
UNARY = ["twice", "thrice", "backwards", "echo"]
BINARY = ["then", "after", "around", "between"]
Seq = tuple[str, ...]


def unary(kind: str, s: Seq) -> Seq:
    if kind == "twice":
        return s + s
    if kind == "thrice":
        return s + s + s
    if kind == "backwards":
        return s[::-1]
    return (*s, s[-1])


def binary(kind: str, x: Seq, y: Seq) -> Seq:
    if kind == "then":
        return x + y
    if kind == "after":
        return y + x
    if kind == "around":
        return x + y + x
    return y + x + y


def translate(
    tokens: list[str], colours: dict[str, str], arity: dict[str, int], kinds: dict[str, str]
) -> Seq:
    """The phrase's colours: items are a primitive and its unary words; binary words join
    items from the left."""
    value: Seq | None = None
    pending: str | None = None
    item: Seq | None = None
    for token in [*tokens, None]:
        if token is not None and token in colours:
            item = (colours[token],)
        elif token is not None and arity[token] == 1:
            item = unary(kinds[token], item)
        else:  # a binary word or the end: close the item
            value = item if value is None else binary(kinds[pending], value, item)
            pending = token
    return value


def _phrase(rng: random.Random, prims: list[str], un: list[str], bi: list[str], size: int):
    """A random phrase with ``size`` function words."""
    tokens = [rng.choice(prims)]
    for _ in range(size):
        if un and (not bi or rng.random() < 0.5):
            tokens.append(rng.choice(un))
        else:
            tokens += [rng.choice(bi), rng.choice(prims)]
    return tokens


class CompositionalTranslation(Family):
    """A phrase translated by every assignment of behaviours that fits the study examples."""

    knobs: ClassVar[dict[str, Knob]] = {
        "functions": Knob("int", 2, 4, default=3, easy=2, hard=4, doc="function words"),
        "depth": Knob("int", 1, 4, default=2, easy=1, hard=3, doc="function words in the phrase"),
        "primitives": Knob("int", 2, 6, default=4, easy=3, hard=5, doc="colour words"),
    }  # fmt: skip
    answer_syntax = "the colours in order, separated by spaces (e.g. RED BLUE RED)"
    answer_form = "colour words in order"
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        nf, depth, npr = int(knobs["functions"]), int(knobs["depth"]), int(knobs["primitives"])
        while True:
            words = distinct_words(rng, nf + npr, 3, 6)
            prims, funcs = words[:npr], words[npr:]
            colours = dict(zip(prims, rng.sample(COLOURS, npr)))
            n_un = rng.randint(1, nf - 1)
            un, bi = funcs[:n_un], funcs[n_un:]
            arity = {**dict.fromkeys(un, 1), **dict.fromkeys(bi, 2)}
            kinds = {w: rng.choice(UNARY) for w in un} | {w: rng.choice(BINARY) for w in bi}
            query = _phrase(rng, prims, un, bi, depth)
            wanted = translate(query, colours, arity, kinds)
            if len(wanted) > 24:
                continue
            examples = [_phrase(rng, prims, [w], [], 1) if w in un else
                        [rng.choice(prims), w, rng.choice(prims)] for w in funcs]  # fmt: skip
            options = [UNARY if w in un else BINARY for w in funcs]
            assignments = [dict(zip(funcs, combo)) for combo in itertools.product(*options)]
            for _ in range(12):
                assignments = [
                    a for a in assignments
                    if all(translate(e, colours, arity, a) == translate(e, colours, arity, kinds)
                           for e in examples)
                ]  # fmt: skip
                if len({translate(query, colours, arity, a) for a in assignments}) == 1:
                    break
                examples.append(_phrase(rng, prims, un, bi, rng.randint(1, 2)))
            else:
                continue
            shown = {" ".join(e) for e in examples}
            outs = {translate(e, colours, arity, kinds) for e in examples}
            if " ".join(query) not in shown and wanted not in outs and len(query) > 1:
                break
        study = [[p] for p in prims] + examples
        lines = "\n".join(
            f"  {' '.join(e)} -> {' '.join(translate(e, colours, arity, kinds))}" for e in study
        )
        question = (
            "In a made-up language, some words name a colour and the others are function "
            "words. A function word written after a phrase does one of these: repeats the "
            "phrase twice; repeats it three times; reverses it; repeats its last colour once "
            "more. A function word written between two phrases gives one of these: the first "
            "then the second; the second then the first; the first, the second, the first "
            "again; the second, the first, the second again. Each function word always does "
            "the same thing. Words after a phrase apply first; words between phrases then "
            f"join them from left to right.\n\nTranslations:\n{lines}\n\n"
            f"Translate: {' '.join(query)}"
        )
        meta = {
            "study": [" ".join(e) for e in study],
            "query": " ".join(query),
            "kinds": kinds,
        }
        return Draft(question, " ".join(wanted), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        words = re.split(r"[\s,]+", answer.strip().upper())
        if not words or len(words) > 200 or not all(w in COLOURS for w in words):
            return Judgement.unparsable("expected colour words separated by spaces")
        return Judgement.right() if words == problem.answer.split() else Judgement.wrong()

    def complexity(self, problem: Problem) -> float:
        """Function words in the asked phrase times the function words to learn."""
        meta = problem.meta
        in_query = sum(w in meta["kinds"] for w in meta["query"].split())
        return in_query * len(meta["kinds"]) + len(problem.answer.split()) / 4
