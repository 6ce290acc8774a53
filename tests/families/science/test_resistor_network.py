"""``rlvr/ResistorNetwork-v0``: node potentials solved by sympy from the netlist in the
prompt (Kirchhoff's current law), checked against networkx's resistance distance too."""

from __future__ import annotations

import re
from fractions import Fraction

import networkx as nx
import sympy

from tests.families.science.helpers import _gen, check_value


def test_resistance_and_currents_follow_kirchhoff():
    for seed in range(12):
        problem = _gen("rlvr/ResistorNetwork-v0", seed, seed / 11)
        edges = [(x, y, int(r)) for x, y, r in re.findall(r"^([A-J])-([A-J]): (\d+) ohm$",
                                                           problem.prompt, re.M)]  # fmt: skip
        nodes = sorted({n for x, y, _ in edges for n in (x, y)})
        volts = (
            sympy.Integer(int(m.group(1)))
            if (m := re.search(r"A at (\d+) V", problem.prompt))
            else sympy.Integer(1)
        )
        phi = {n: (volts if n == "A" else 0 if n == "B" else sympy.Symbol(n)) for n in nodes}
        equations = [
            sum((phi[n] - phi[y if x == n else x]) / r for x, y, r in edges if n in (x, y))
            for n in nodes
            if n not in "AB"
        ]
        solved = sympy.solve(equations, [phi[n] for n in nodes if n not in "AB"], dict=True)
        sub = solved[0] if solved else {}
        phi = {n: sympy.nsimplify(sympy.sympify(p).subs(sub)) for n, p in phi.items()}
        current = sum(
            (phi["A"] - phi[y if x == "A" else x]) / r for x, y, r in edges if "A" in (x, y)
        )
        if problem.meta["ask"] == "resistance":
            expected = sympy.nsimplify(volts / current)
            graph = nx.Graph()
            graph.add_weighted_edges_from(edges)
            floating = nx.resistance_distance(graph, "A", "B", weight="weight", invert_weight=True)
            assert abs(float(expected) - floating) < 1e-9
        else:
            x, y = re.search(r"between ([A-J]) and ([A-J]) \(", problem.prompt).groups()
            (r,) = [r for p, q, r in edges if (p, q) == (x, y)]
            expected = abs(phi[x] - phi[y]) / r
        check_value(problem, Fraction(int(expected.p), int(expected.q)))
