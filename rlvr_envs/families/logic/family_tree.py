"""FamilyTree: relations in a generated family from parent and marriage facts.

A family over ``generations`` generations: a founding couple, their children (1 to
``children`` per couple), some of whom marry someone from outside the family and have
children of their own, and so on. The prompt lists who is a woman and who a man, every
marriage, and for each child one of its parents (the other is that parent's spouse: couples
have all their children together and nobody marries twice).

Two kinds of question, half each:

- *What is X to Y?* The answer is one word from a list the prompt gives (``aunt``,
  ``grandson``, ``sister-in-law``, ...), with the meanings the prompt defines: blood
  relations through parents (an aunt is a sister of a parent, not an uncle's wife; a cousin
  is a child of a parent's sibling), in-laws through one marriage (a sister-in-law is a
  sister of one's spouse or the wife of one's sibling). The generator only asks about a pair
  that stands in exactly one listed relation, and draws the relation first, uniformly over
  the list, so that no word is the answer to more than a few percent of problems.
- *Who are all of Y's <relatives>?* The answer is every such person, in any order; only asked
  when there is at least one.

Answer syntax: one relation word from the list (case, spaces for hyphens and a final period
are ignored), e.g. ``aunt``; or the names separated by commas, e.g. ``Anna, Ben``. The
verifier computes relations from the facts in ``meta``.

Knobs: ``generations`` (3 at difficulty 0 to 5 at 1), ``children`` (most children per
couple, 2 at difficulty 0 to 4 at 1) and ``relations`` (``close`` below difficulty 1/3:
parents, children, siblings, spouses and grandparents; ``extended`` below 2/3: also aunts,
nieces, cousins and in-laws; ``all`` from 2/3 on: also great-grandparents and
great-grandchildren).

Guessing: the most frequent word answers 6% of the problems at difficulty 0 (12 words)
and 3% at 0.5 (2,000 seeds each); copying a name from the prompt pays only on the "who
are all" questions with one answer, about 3% at difficulty 0 and 2% at 0.5 (``rlvr
audit``, 400 problems).
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from rlvr_envs.core import Draft, Family, Judgement, Knob, Problem
from rlvr_envs.families.shared.answer_parsing import AnswerError

WOMEN = (
    "Anna", "Beth", "Clara", "Diana", "Elsa", "Fiona", "Gina", "Hanna", "Iris", "Julia",
    "Kate", "Lena", "Maria", "Nina", "Olga", "Petra", "Rosa", "Sara", "Tessa", "Una",
    "Vera", "Wanda", "Yvonne", "Zora", "Alma", "Edith", "Lucy", "Mabel", "Nell", "Ruby",
)  # fmt: skip
MEN = (
    "Adam", "Boris", "Carl", "Dennis", "Eric", "Felix", "George", "Hank", "Ivan", "James",
    "Kurt", "Lars", "Mark", "Nils", "Otto", "Paul", "Ralph", "Simon", "Tom", "Ulrich",
    "Vince", "Walter", "Yusuf", "Zack", "Arthur", "Bruno", "Colin", "Dean", "Ethan", "Fred",
)  # fmt: skip
# relation group -> (word for a woman, word for a man); "X is Y's <word>"
RELATIONS = {
    "parent": ("mother", "father"),
    "child": ("daughter", "son"),
    "sibling": ("sister", "brother"),
    "spouse": ("wife", "husband"),
    "grandparent": ("grandmother", "grandfather"),
    "grandchild": ("granddaughter", "grandson"),
    "auncle": ("aunt", "uncle"),
    "nibling": ("niece", "nephew"),
    "cousin": ("cousin", "cousin"),
    "parent_in_law": ("mother-in-law", "father-in-law"),
    "child_in_law": ("daughter-in-law", "son-in-law"),
    "sibling_in_law": ("sister-in-law", "brother-in-law"),
    "great_grandparent": ("great-grandmother", "great-grandfather"),
    "great_grandchild": ("great-granddaughter", "great-grandson"),
}
LEVELS = {
    "close": ("parent", "child", "sibling", "spouse", "grandparent", "grandchild"),
    "extended": (
        "parent", "child", "sibling", "spouse", "grandparent", "grandchild", "auncle",
        "nibling", "cousin", "parent_in_law", "child_in_law", "sibling_in_law",
    ),
    "all": tuple(RELATIONS),
}  # fmt: skip
DEFINITIONS = {
    "auncle": "an aunt or uncle is a sister or brother of one's parent (not by marriage)",
    "nibling": "a niece or nephew is a daughter or son of one's sister or brother",
    "cousin": "a cousin is a child of a sister or brother of one's parent",
    "parent_in_law": "a mother- or father-in-law is a parent of one's spouse",
    "child_in_law": "a daughter- or son-in-law is the spouse of one's child",
    "sibling_in_law": (
        "a sister- or brother-in-law is a sister or brother of one's spouse, or the spouse "
        "of one's sister or brother"
    ),
}
MAX_COUPLES = 3  # married couples with children per generation


class FamilyTree(Family):
    """Name the relation between two people of a family, or everyone in a relation."""

    knobs: ClassVar[dict[str, Knob]] = {
        "generations": Knob("int", 3, 5, default=4, easy=3, hard=5, doc="generations"),
        "children": Knob("int", 2, 4, default=3, easy=2, hard=4, doc="most children a couple has"),
        "relations": Knob(
            "categorical",
            choices=("close", "extended", "all"),
            default="extended",
            doc="which relations are asked",
        ),
    }
    answer_syntax = (
        "one relation word from the list (e.g. mother), or the names asked for (e.g. Ann, Bo)"
    )
    answer_form = "relation word or list of names"
    unique_answer = False  # names in any order
    single_answer = False  # a list of names; the word parser refuses hedges itself

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        level = LEVELS[knobs["relations"]]
        while True:
            family = _family(rng, int(knobs["generations"]), int(knobs["children"]))
            question = None if family is None else _pick_question(rng, family, level)
            if question is not None:
                break
        meta = {**family, "relations": knobs["relations"], "question": question}
        kind, target, person = question
        if kind == "word":
            (answer,) = relation_words(family, target, person)
        else:
            answer = ", ".join(family["names"][i] for i in related(family, target, person))
        return Draft(_question(rng, meta), answer, meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        kind, x, y = meta["question"]
        family = {k: meta[k] for k in ("names", "women", "parents", "spouse")}
        if kind == "word":
            words = list_words(meta["relations"])
            text = re.sub(r"[\s_]+", "-", answer.strip().rstrip(".").strip().lower())
            if len(text) > 40 or text not in words:
                return Judgement.unparsable("answer one relation word from the list")
            group = next(g for g in RELATIONS if text in RELATIONS[g])
            if x not in _Kin(family).of(group, y) or word_for(group, meta["women"], x) != text:
                return Judgement.wrong(why="that is not the relation")
            return Judgement.right()
        try:
            who = _parse_set(answer, meta["names"])
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        expected = set(related(family, x, y))
        if who != expected:
            extra, missing = len(who - expected), len(expected - who)
            return Judgement.wrong(why=f"{extra} wrong and {missing} missing names")
        return Judgement.right()

    def complexity(self, problem: Problem) -> float:
        """People in the family plus the steps of the asked relation (1 to 3)."""
        meta = problem.meta
        kind, a, b = meta["question"]
        group = a
        if kind == "word":
            kin = _Kin(meta)
            group = next(g for g in RELATIONS if a in kin.of(g, b))
        steps = {"parent": 1, "child": 1, "spouse": 1, "sibling": 2, "grandparent": 2}
        steps |= {"grandchild": 2, "great_grandparent": 3, "great_grandchild": 3}
        return len(meta["names"]) + steps.get(group, 3)


# -- the family -----------------------------------------------------------------------------
def _family(rng: random.Random, generations: int, most: int) -> dict | None:
    """A random family, or None (draw again) in the rare case that it needs more women's or
    men's names than the lists hold (up to 51 people at the largest knobs)."""
    women, men = list(WOMEN), list(MEN)
    rng.shuffle(women)
    rng.shuffle(men)
    names: list[str] = []
    female: list[bool] = []
    parents: list[list[int]] = []
    spouse: list[int] = []

    def person(is_woman: bool, of: list[int]) -> int:
        pool = women if is_woman else men
        if not pool:
            raise _OutOfNames
        names.append(pool.pop())
        female.append(is_woman)
        parents.append(of)
        spouse.append(-1)
        return len(names) - 1

    def marry(a: int) -> list[int]:
        b = person(not female[a], [])
        spouse[a], spouse[b] = b, a
        return [a, b]

    try:
        couples = [marry(person(rng.random() < 0.5, []))]
        for gen in range(1, generations):
            born = []
            for couple in couples:
                for _ in range(rng.randint(1, most)):
                    born.append(person(rng.random() < 0.5, sorted(couple)))
            couples = []
            if gen < generations - 1:
                order = rng.sample(born, len(born))
                wanted = rng.randint(1, min(MAX_COUPLES, len(born)))
                couples = [marry(a) for a in order[:wanted]]
    except _OutOfNames:
        return None
    return {"names": names, "women": [i for i, f in enumerate(female) if f],
            "parents": parents, "spouse": spouse}  # fmt: skip


class _OutOfNames(Exception):
    """A family needs more names of one sex than the lists hold."""


class _Kin:
    """Who stands in each relation group to a person, computed on demand from the facts."""

    def __init__(self, family: dict) -> None:
        n = len(family["names"])
        self.par = [set(p) for p in family["parents"]]
        self.sp = [{s} if s >= 0 else set() for s in family["spouse"]]
        self.kids: list[set[int]] = [set() for _ in range(n)]
        for c in range(n):
            for p in self.par[c]:
                self.kids[p].add(c)

    def sib(self, y: int) -> set[int]:
        return set().union(*(self.kids[p] for p in self.par[y])) - {y}

    def of(self, group: str, y: int) -> set[int]:
        """Everyone who is y's <group>."""
        par, kids, sp, sib = self.par, self.kids, self.sp, self.sib
        if group in ("parent", "child", "spouse"):
            return {"parent": par, "child": kids, "spouse": sp}[group][y]
        if group == "sibling":
            return sib(y)
        if group == "grandparent":
            return set().union(*(par[p] for p in par[y]))
        if group == "grandchild":
            return set().union(*(kids[c] for c in kids[y]))
        if group == "great_grandparent":
            return set().union(*(par[g] for p in par[y] for g in par[p]))
        if group == "great_grandchild":
            return set().union(*(kids[g] for c in kids[y] for g in kids[c]))
        if group == "auncle":
            return set().union(*(sib(p) for p in par[y]))
        if group == "nibling":
            return set().union(*(kids[s] for s in sib(y)))
        if group == "cousin":
            return set().union(*(kids[a] for p in par[y] for a in sib(p)))
        if group == "parent_in_law":
            return set().union(*(par[s] for s in sp[y]))
        if group == "child_in_law":
            return set().union(*(sp[c] for c in kids[y]))
        # sibling_in_law
        return set().union(*(sib(s) for s in sp[y]), *(sp[s] for s in sib(y)))


def related(family: dict, group: str, y: int) -> list[int]:
    """Everyone who is y's <group> (of either sex), in order of appearance."""
    return sorted(_Kin(family).of(group, y))


def word_for(group: str, women: list[int], x: int) -> str:
    return RELATIONS[group][0 if x in women else 1]


def relation_words(family: dict, x: int, y: int) -> list[str]:
    """Every word w (over all groups) with "x is y's w"."""
    kin = _Kin(family)
    return [word_for(g, family["women"], x) for g in RELATIONS if x in kin.of(g, y)]


def list_words(level: str) -> list[str]:
    words: list[str] = []
    for group in LEVELS[level]:
        for word in RELATIONS[group]:
            if word not in words:
                words.append(word)
    return words


def _pick_question(rng: random.Random, family: dict, level: tuple[str, ...]) -> list | None:
    kin = _Kin(family)
    n = len(family["names"])
    women = family["women"]
    sets = {g: [kin.of(g, y) for y in range(n)] for g in RELATIONS}
    if rng.random() < 0.5:  # a word: draw the word first, then a pair it names alone
        words = [w for g in level for w in dict.fromkeys(RELATIONS[g])]
        for word in rng.sample(words, len(words)):
            group = next(g for g in level if word in RELATIONS[g])
            pairs = []
            for y in range(n):
                for x in sorted(sets[group][y]):
                    if word_for(group, women, x) != word:
                        continue
                    if len([g for g in RELATIONS if x in sets[g][y]]) == 1:
                        pairs.append((x, y))
            if pairs:
                x, y = rng.choice(pairs)
                return ["word", x, y]
        return None
    groups = [g for g in level if g != "spouse"]
    for group in rng.sample(groups, len(groups)):
        people = [y for y in range(n) if sets[group][y]]
        if people:
            return ["set", group, rng.choice(people)]
    return None


# -- text -----------------------------------------------------------------------------------
def _question(rng: random.Random, meta: dict) -> str:
    names, women = meta["names"], set(meta["women"])
    n = len(names)
    female = sorted(names[i] for i in range(n) if i in women)
    male = sorted(names[i] for i in range(n) if i not in women)
    facts = []
    for a in range(n):
        b = meta["spouse"][a]
        if a < b:
            facts.append(f"{names[a]} and {names[b]} are married.")
    for c in range(n):
        if meta["parents"][c]:
            p = rng.choice(meta["parents"][c])
            child = "daughter" if c in women else "son"
            facts.append(f"{names[c]} is a {child} of {names[p]}.")
    rng.shuffle(facts)
    level = LEVELS[meta["relations"]]
    meanings = [DEFINITIONS[g] for g in level if g in DEFINITIONS]
    text = (
        f"Women: {', '.join(female)}.\nMen: {', '.join(male)}.\n\n" + "\n".join(facts) + "\n\n"
        "A married couple has all its children together, and nobody has married twice. "
        "Siblings share their parents; grandparents are parents' parents"
        + ("; great-grandparents are grandparents' parents" if "great_grandparent" in level else "")
        + ("; " + "; ".join(meanings) if meanings else "")
        + ".\n\n"
    )
    kind, a, b = meta["question"]
    if kind == "word":
        words = list_words(meta["relations"])
        return text + (
            f'What is {names[a]} to {names[b]}? Complete "{names[a]} is {names[b]}\'s ..." '
            f"with one word from this list: {', '.join(words)}."
        )
    plural = {"parent": "parents", "child": "children", "sibling": "sisters and brothers",
              "grandparent": "grandparents", "grandchild": "grandchildren",
              "auncle": "aunts and uncles", "nibling": "nieces and nephews",
              "cousin": "cousins", "parent_in_law": "parents-in-law",
              "child_in_law": "daughters- and sons-in-law",
              "sibling_in_law": "sisters- and brothers-in-law",
              "great_grandparent": "great-grandparents",
              "great_grandchild": "great-grandchildren"}[a]  # fmt: skip
    return text + (
        f"Who are all of {names[b]}'s {plural}? List every one of them by name, separated by "
        "commas, in any order."
    )


def _parse_set(text: str, names: list[str]) -> set[int]:
    """Names separated by commas, each at most once (any subset of the family)."""
    if len(text) > 20 * len(names) + 100:
        raise AnswerError("the answer is far longer than the family")
    index = {name.lower(): i for i, name in enumerate(names)}
    found: set[int] = set()
    for item in re.split(r"[,;\n]|\band\b", text):
        word = item.strip().rstrip(".").strip()
        if not word:
            continue
        if word.lower() not in index:
            raise AnswerError(f"{word[:20]!r} is not a member of the family")
        if index[word.lower()] in found:
            raise AnswerError(f"{word} is listed twice")
        found.add(index[word.lower()])
    if not found:
        raise AnswerError("no names found")
    return found
