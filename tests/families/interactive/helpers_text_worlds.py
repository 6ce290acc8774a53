"""Players and readers for the text worlds' tests, written from the prompt's rules only.

They read the env's observations as a player would (the position line, the exits, the map
lines) and never call the family's own rules or planner; maps are rebuilt with networkx
from the problem's layout.
"""

from __future__ import annotations

import random
import re

import networkx as nx
import numpy as np

import rlvr_envs

STEP = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}
_POSITION = re.compile(r"You are (?:at|in the room at) row (\d+), column (\d+)")
_EXITS = re.compile(r"Exits: ([^\n]*?)\.(?:\n|$)")


def play(problem, moves: list[str]):
    """The env's reply to ``moves``, one respond() per turn as an integration calls it."""
    return rlvr_envs.respond(problem, [f"<answer>{m}</answer>" for m in moves])


def position(observation: str) -> tuple[int, int]:
    """The player's cell (0-based) from the last position line of ``observation``."""
    row, column = _POSITION.findall(observation)[-1]
    return int(row) - 1, int(column) - 1


def exits(observation: str) -> dict[str, str]:
    """{direction: what the exit says ("" or "a locked red door")} from the exits line."""
    text = _EXITS.findall(observation)[-1]
    if text == "none":
        return {}
    out = {}
    for part in text.split(", "):
        match = re.fullmatch(r"(north|east|south|west)(?: \((.*)\))?", part)
        assert match, part
        out[match.group(1)] = match.group(2) or ""
    return out


def map_lines(observation: str) -> list[str]:
    """The map's rows: the lines after 'Map within' up to the next sentence."""
    lines = observation.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("Map within")), None)
    if start is None:
        return []
    rows = []
    for line in lines[start + 1 :]:
        if not line or " " in line:
            break
        rows.append(line)
    return rows


def maze_graph(grid: list[str]) -> nx.Graph:
    """The maze's cells and passages, read from its text (cell (r, c) at (2r+1, 2c+1))."""
    size = len(grid) // 2
    graph = nx.grid_2d_graph(size, size)
    for (a, b), (c, d) in list(graph.edges):
        if grid[a + c + 1][b + d + 1] == "#":
            graph.remove_edge((a, b), (c, d))
    return graph


def render_maze(graph: nx.Graph, size: int) -> np.ndarray:
    """The maze drawn from its graph: '#' everywhere, '.' on cells and open passages."""
    art = np.full((2 * size + 1, 2 * size + 1), "#")
    for r, c in graph.nodes:
        art[2 * r + 1, 2 * c + 1] = "."
    for (a, b), (c, d) in graph.edges:
        art[a + c + 1, b + d + 1] = "."
    return art


def clip(art: np.ndarray, centre: tuple[int, int], radius: int) -> list[str]:
    r0, c0 = max(0, centre[0] - radius), max(0, centre[1] - radius)
    part = art[r0 : centre[0] + radius + 1, c0 : centre[1] + radius + 1]
    return ["".join(row) for row in part]


def direction(a: tuple[int, int], b: tuple[int, int]) -> str:
    return next(d for d, (dr, dc) in STEP.items() if (a[0] + dr, a[1] + dc) == b)


def random_policy(problem, seed: int) -> float:
    """The reward of uniformly random moves (and takes, where the prompt offers them)."""
    rng = random.Random(seed)
    limit = problem.meta["max_turns"]
    moves = [f"go {rng.choice(list(STEP))}" for _ in range(limit)]
    family = rlvr_envs.make_task(problem.env_id).family
    return family.play(problem, moves).reward


class Explorer:
    """A player that maps what it sees: it walks by BFS over the cells it knows to the
    nearest one whose exits it has not seen, and calls :meth:`want` first on each turn
    (a command for the room it stands in, or None)."""

    def __init__(self, problem) -> None:
        self.problem = problem
        self.known = nx.Graph()
        self.seen: set[tuple[int, int]] = set()
        self.moves: list[str] = []
        self.observation = problem.prompt

    def want(self, here: tuple[int, int], observation: str) -> str | None:
        return None

    def passable(self, note: str) -> bool:
        return "locked" not in note

    def target(self, here: tuple[int, int]) -> str | None:
        """The first step to the nearest cell with exits not yet seen."""
        frontier = [n for n in self.known.nodes if n not in self.seen]
        if not frontier:
            return None
        paths = nx.single_source_shortest_path(self.known, here)
        reachable = [n for n in frontier if n in paths]
        if not reachable:
            return None
        goal = min(reachable, key=lambda n: (len(paths[n]), n))
        return direction(here, paths[goal][1])

    def run(self, limit: int) -> float:
        turn = None
        while len(self.moves) < limit:
            here = position(self.observation)
            self.seen.add(here)
            self.known.add_node(here)
            for d, note in exits(self.observation).items():
                if self.passable(note):
                    nxt = (here[0] + STEP[d][0], here[1] + STEP[d][1])
                    self.known.add_edge(here, nxt)
            command = self.want(here, self.observation)
            if command is None:
                step = self.target(here)
                if step is None:
                    break
                command = f"go {step}"
            self.moves.append(command)
            turn = play(self.problem, self.moves)
            if turn.done:
                return turn.verdict.reward
            self.observation = turn.observation
        return 0.0 if turn is None or not turn.done else turn.verdict.reward
