"""PCentre: open p of the candidate sites so that the farthest client is as near as possible.

``clients`` clients and ``sites`` candidate sites, distinct points on a grid (coordinates 0
to 20); distance is the Manhattan distance. Each client is served by its nearest open site,
and the objective is the *largest* of those distances (the minimax p-centre problem, unlike
``KMedian``, which adds the distances up, and ``FacilityLocation``, which prices opening). The
least such radius is found at generation by evaluating every choice of ``p`` sites at once
(numpy). The check reads ``p`` distinct site letters and grades their radius against the
baseline of farthest-first opening (the single best site, then, until ``p`` are open, the
site nearest to the client whose nearest open site is farthest; earliest on ties;
:mod:`.scoring`). Instances where that heuristic is already optimal, or where more than one
choice reaches the optimum, are redrawn (up to 200 draws; few clients and many sites make
ties unavoidable): radii tie often, and an optimum shared by many choices would let a fixed
answer earn too much.

Answer syntax: the letters of the ``p`` sites to open (``B E``).

Knobs: ``clients`` (6 -> 14), ``sites`` (6 -> 12) and ``p`` (2 -> 4). Difficulty raises all
three.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

import numpy as np

from rlvr_envs.core import Draft, Judgement, Knob, Problem
from rlvr_envs.families.optimisation.enumeration import k_subsets
from rlvr_envs.families.optimisation.labels import letter, read_letters
from rlvr_envs.families.optimisation.scoring import (
    AnswerError,
    GradedFamily,
    judge_value,
    reward_sentence,
)

_GRID = [(x, y) for x in range(21) for y in range(21)]


def radius(sites: list[list[int]], clients: list[list[int]], opened: list[int]) -> int:
    """The largest distance from a client to its nearest open site."""
    return max(min(abs(x - sites[j][0]) + abs(y - sites[j][1]) for j in opened) for x, y in clients)


def farthest_first(d: np.ndarray, p: int) -> int:
    """The radius of farthest-first opening over the site-by-client distances ``d``: the site
    with the least largest distance, then the site nearest to the client whose nearest open
    site is farthest, earliest on ties."""
    opened = [int(np.argmin(d.max(axis=1)))]
    for _ in range(p - 1):
        far = int(np.argmax(d[opened].min(axis=0)))
        column = d[:, far].copy()
        column[opened] = np.iinfo(np.int64).max
        opened.append(int(np.argmin(column)))
    return int(d[opened].min(axis=0).max())


class PCentre(GradedFamily):
    """The p-centre (minimax) choice of sites, graded against farthest-first opening."""

    knobs: ClassVar[dict[str, Knob]] = {
        "clients": Knob("int", 4, 16, default=10, easy=6, hard=14, doc="clients to serve"),
        "sites": Knob("int", 3, 12, default=10, easy=6, hard=12, doc="candidate sites"),
        "p": Knob("int", 2, 5, default=3, easy=2, hard=4, doc="sites to open"),
    }
    answer_syntax = "the letters of the sites to open (e.g. B E)"
    answer_form = "site letters"
    unique_answer = False
    single_answer = False

    def generate(self, rng: random.Random, knobs: dict) -> Draft:
        n, s = int(knobs["clients"]), int(knobs["sites"])
        p = min(int(knobs["p"]), s - 1, n - 1)  # with a site per client greedy is optimal
        choices = k_subsets(s, p)
        for attempt in itertools.count():
            points = np.array(rng.sample(_GRID, n + s), dtype=np.int64)
            clients, sites = points[:n], points[n:]
            d = np.abs(sites[:, None, :] - clients[None, :, :]).sum(axis=2)
            radii = d[choices].min(axis=1).max(axis=1)
            row = int(np.argmin(radii))
            best = int(radii[row])
            if int((radii == best).sum()) > 1 and attempt < 200:
                continue
            baseline = farthest_first(d, p)
            if best < baseline:
                break
        shown_sites = ", ".join(f"{letter(j)} ({x}, {y})" for j, (x, y) in enumerate(sites))
        shown_clients = ", ".join(f"({x}, {y})" for x, y in clients)
        question = (
            f"Candidate sites: {shown_sites}.\nClients: {shown_clients}.\n\nThe distance "
            "between two points is |x1 - x2| + |y1 - y2|. Open exactly "
            f"{p} of the sites; each client is served by its nearest open site. Make the "
            "largest distance from a client to its nearest open site as small as possible, "
            f"and give the letters of the {p} sites.\n\n"
            + reward_sentence(
                "farthest-first opening (first the site whose farthest client is nearest, then, "
                f"until {p} are open, the site nearest to the client whose nearest open site is "
                "farthest; the earliest site or client listed on ties)",
                "a smaller largest distance is better",
            )
        )
        meta = {
            "sites": sites.tolist(),
            "clients": clients.tolist(),
            "p": p,
            "best": best,
            "baseline": baseline,
        }
        return Draft(question, " ".join(letter(int(j)) for j in choices[row]), meta)

    def check(self, problem: Problem, answer: str) -> Judgement:
        meta = problem.meta
        try:
            opened = read_letters(answer, len(meta["sites"]), "site")
        except AnswerError as exc:
            return Judgement.unparsable(str(exc))
        if len(opened) != meta["p"]:
            return Judgement.unparsable(f"expected exactly {meta['p']} sites")
        value = radius(meta["sites"], meta["clients"], opened)
        return judge_value(value, meta["baseline"], meta["best"], "largest distance")

    def complexity(self, problem: Problem) -> float:
        """Choices of p sites, on a log scale, with the clients to serve."""
        s, p = len(problem.meta["sites"]), problem.meta["p"]
        return float(np.log2(len(k_subsets(s, p)))) + len(problem.meta["clients"]) / 3
