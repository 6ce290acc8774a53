"""Interactive families against GEM's and TextArena's games: the same game, the same policy.

Run: ``python bench/interactive_bench.py [--episodes N]`` in a venv with the ``bench`` extra
(``gem-llm`` and ``textarena``) and this package. For each game the three libraries share
(guess the number, Mastermind, Minesweeper, tic-tac-toe, Connect Four, Nim, Othello,
Battleship) every library plays the same number of episodes with one policy: a move drawn
uniformly at random among the legal moves, the legal moves read from that library's own state
(or, where it keeps none, its rules), with a policy RNG seeded per episode. Ours is driven
through ``gymnasium.make("rlvr/<Id>-v0")`` (``TextEnv``: ``step(text)`` returns the
observation); GEM's through ``gem.make`` (``step`` returns the observation); TextArena's
through ``textarena.make`` with its default wrappers (``step`` returns ``done`` and the
observation is read by ``get_observation``, so the two calls are timed together).

* Speed: steps per CPU second (``time.process_time``) of the env alone: only the ``step``
  calls (TextArena: ``step`` + ``get_observation``) are inside the timed windows, never the
  policy nor ``reset``. The machine these figures come from runs many jobs on 2 cores, so
  a wall-clock rate would mostly measure the load; the load average before and after is
  recorded beside the rates.
* Our two-player games run against the built-in opponent at ``skill`` 0 (a uniformly random
  legal reply, computed inside our ``step``); TextArena has no built-in opponent, so both
  of its seats are played by the same random policy (each seat's move is one ``step``), and
  GEM has no two-player game at all. Our games start from a generated mid-game position the
  solver proves won for the player; theirs from the empty board.
* Determinism: each library replays ``DETERMINISM_SEEDS`` episodes twice with the same env
  seed and policy seed, and the run records whether every observation matched.
* Wordle: GEM's and TextArena's need NLTK corpora fetched at run time; the attempt is made
  and its error recorded, never worked around.

Writes ``bench/results/interactive.{json,md}``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import os
import platform
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium

import rlvr_envs

RESULTS = Path(__file__).parent / "results"
DETERMINISM_SEEDS = 5
# The policy RNG's seed is offset: GEM and TextArena draw their secrets from the global
# `random` module seeded with the episode seed, so a policy RNG seeded alike would draw the
# same numbers and guess the secret at once.
POLICY_SEED = 10**6
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class Played:
    """One episode: the CPU seconds spent in the env's step, the steps, the return."""

    step_cpu: float
    steps: int
    reward: float
    observations: list[str]


# A runner plays one episode: runner(seed, rng) -> Played.
Runner = Callable[[int, random.Random], Played]


# -- ours ------------------------------------------------------------------------------------
def _cell(r: int, c: int) -> str:
    """Our name of a cell: column letter, row number from 1."""
    return f"{LETTERS[c]}{r + 1}"


def _our_legal(name: str, family: Any, problem: Any, moves: list[str]) -> list[str]:
    """Our legal moves, read from the family's state after ``moves`` (or its rules)."""
    state = family.play(problem, moves).state
    knobs = problem.knobs
    if hasattr(family, "legal"):  # the two-player games' engine: state is (board, history)
        return [family.move_name(problem, m) for m in family.legal(problem, state[0])]
    if name == "GuessTheNumber":
        tried = {m for m, _ in state}
        return [str(n) for n in range(1, 2 ** knobs["bits"] + 1) if str(n) not in tried]
    if name == "CodeBreaker":
        tried = {m for m, _ in state}
        codes = itertools.product("ABCDEFGHIJ"[: knobs["colours"]], repeat=knobs["length"])
        return [code for code in map("".join, codes) if code not in tried]
    if name == "MinesweeperReveal":
        size = knobs["size"]
        return [_cell(r, c) for r in range(size) for c in range(size) if (r, c) not in state]
    if name == "BattleshipShots":
        tried = {m for m, _ in state}
        size = knobs["size"]
        cells = [_cell(r, c) for r in range(size) for c in range(size)]
        return [cell for cell in cells if cell not in tried]
    raise ValueError(name)


def ours(name: str, knobs: dict[str, Any]) -> Runner:
    """Our family ``name`` at ``knobs`` through gymnasium.make, a random legal move a turn."""
    env = gymnasium.make(f"rlvr/{name}-v0", knobs=knobs)
    base = env.unwrapped

    def run(seed: int, rng: random.Random) -> Played:
        obs, _ = env.reset(seed=seed)
        problem = base.problem
        family = base.task.family
        moves: list[str] = []
        seen, spent, reward, done = [obs], 0.0, 0.0, False
        while not done:
            move = rng.choice(_our_legal(name, family, problem, moves))
            moves.append(move)
            start = time.process_time()
            obs, r, terminated, truncated, _ = env.step(f"<answer>{move}</answer>")
            spent += time.process_time() - start
            seen.append(obs)
            reward += float(r)
            done = terminated or truncated
        return Played(spent, len(moves), reward, seen)

    return run


# -- GEM -------------------------------------------------------------------------------------
def gem_runner(env_id: str, legal: Callable[[Any], list[str]], **kwargs: Any) -> Runner:
    """GEM's ``env_id`` (kwargs override its preset), a random legal action a turn."""
    import gem

    env = gem.make(env_id, **kwargs)

    def run(seed: int, rng: random.Random) -> Played:
        obs, _ = env.reset(seed=seed)
        seen, spent, reward, steps, done = [obs], 0.0, 0.0, 0, False
        while not done:
            action = rng.choice(legal(env))
            start = time.process_time()
            obs, r, terminated, truncated, _ = env.step(action)
            spent += time.process_time() - start
            seen.append(obs)
            steps += 1
            reward += float(r)
            done = terminated or truncated
        return Played(spent, steps, reward, seen)

    return run


def gem_guess(env: Any) -> list[str]:
    """GEM's guess the number: numbers in range not guessed yet."""
    span = range(env.min_number, env.max_number + 1)
    return [f"\\boxed{{{n}}}" for n in span if n not in env.previous_guesses]


def gem_mastermind(env: Any) -> list[str]:
    """GEM's Mastermind: codes its rules allow, not guessed yet."""
    digits = range(1, env.num_numbers + 1)
    make = itertools.product if env.duplicate_numbers else itertools.permutations
    codes = (
        make(digits, repeat=env.code_length)
        if make is itertools.product
        else make(digits, env.code_length)
    )
    return [
        "\\boxed{" + " ".join(map(str, c)) + "}" for c in codes if c not in env.previous_guesses
    ]


def gem_minesweeper(env: Any) -> list[str]:
    """GEM's Minesweeper: reveals of hidden, unflagged cells."""
    return [
        f"\\boxed{{reveal {r} {c}}}"
        for r in range(env.rows)
        for c in range(env.cols)
        if not env.revealed[r][c] and not env.flags[r][c]
    ]


# -- TextArena -------------------------------------------------------------------------------
def _core(env: Any) -> Any:
    """The env under TextArena's wrappers."""
    while hasattr(env, "env"):
        env = env.env
    return env


def ta_runner(env_id: str, players: int, legal: Callable[[Any], list[str]], **kwargs) -> Runner:
    """TextArena's ``env_id`` with its default wrappers; every seat a random legal move."""
    import textarena

    env = textarena.make(env_id, **kwargs)

    def run(seed: int, rng: random.Random) -> Played:
        env.reset(num_players=players, seed=seed)
        _, obs = env.get_observation()
        seen, spent, steps, done = [str(obs)], 0.0, 0, False
        while not done:
            action = rng.choice(legal(_core(env)))
            start = time.process_time()
            done, _ = env.step(action)
            if not done:
                _, obs = env.get_observation()
            spent += time.process_time() - start
            seen.append(str(obs))
            steps += 1
        rewards, _ = env.close()
        return Played(spent, steps, float(rewards[0]), seen)

    return run


def ta_guess(env: Any) -> list[str]:
    """TextArena's guess the number: numbers in range not guessed yet."""
    tried = {g for g, _ in env.state.game_state["guess_history"]}
    return [f"[{n}]" for n in range(env.min_number, env.max_number + 1) if n not in tried]


def ta_mastermind(env: Any) -> list[str]:
    """TextArena's Mastermind: codes its rules allow, not guessed yet."""
    gs = env.state.game_state
    digits = range(1, gs["num_numbers"] + 1)
    if gs["duplicate_numbers"]:
        codes = itertools.product(digits, repeat=gs["code_length"])
    else:
        codes = itertools.permutations(digits, gs["code_length"])
    tried = {tuple(h["guess"]) for h in gs["history"]}
    return ["[" + " ".join(map(str, c)) + "]" for c in codes if c not in tried]


def ta_minesweeper(env: Any) -> list[str]:
    """TextArena's Minesweeper: reveals of hidden, unflagged cells."""
    return [
        f"[{r} {c}]"
        for r in range(env.rows)
        for c in range(env.cols)
        if not env.revealed[r][c] and not env.flags[r][c]
    ]


def ta_tictactoe(env: Any) -> list[str]:
    """TextArena's tic-tac-toe: the empty cells."""
    board = env.state.game_state["board"]
    return [f"[{r * 3 + c}]" for r in range(3) for c in range(3) if board[r][c] == ""]


def ta_connect_four(env: Any) -> list[str]:
    """TextArena's Connect Four: the columns that are not full."""
    board = env.state.game_state["board"]
    return [f"[{c}]" for c in range(len(board[0])) if board[0][c] == "."]


def ta_nim(env: Any) -> list[str]:
    """TextArena's Nim: every (pile, count) its rules allow."""
    piles = env.state.game_state["piles"]
    return [f"[{i} {q}]" for i, n in enumerate(piles) for q in range(1, n + 1)]


def ta_othello(env: Any) -> list[str]:
    """TextArena's Othello: its listed valid moves, or a pass."""
    valid = env.state.game_state["valid_moves"]
    return [f"[{r}, {c}]" for r, c in valid] or ["[0, 0]"]  # no move: any action passes


def ta_battleship(env: Any) -> list[str]:
    """TextArena's Battleship: cells the seat to move has not fired at."""
    grid = env.state.game_state["tracking_board"][env.state.current_player_id]
    n = len(grid)
    return [f"[{chr(65 + r)}{c}]" for r in range(n) for c in range(n) if grid[r][c] == "~"]


# -- the games -------------------------------------------------------------------------------
@dataclass
class Game:
    """One shared game: our runner, the peers' runners and what each plays."""

    name: str
    ours: str
    our_knobs: dict[str, Any]
    peers: dict[str, tuple[str, Callable[[], Runner]]]  # library -> (setting, runner factory)
    note: str


GAMES = [
    Game(
        "guess the number",
        "GuessTheNumber",
        {"bits": 7, "slack": 2},
        {
            "GEM": (
                "game:GuessTheNumber-v0-hard, 1..128, 10 turns",
                lambda: gem_runner(
                    "game:GuessTheNumber-v0-hard",
                    gem_guess,
                    min_number=1,
                    max_number=128,
                    max_turns=10,
                ),
            ),
            "TextArena": (
                "GuessTheNumber-v0, 1..128, 10 turns",
                lambda: ta_runner(
                    "GuessTheNumber-v0", 1, ta_guess, min_number=1, max_number=128, max_turns=10
                ),
            ),
        },
        "all three at 1..128 with 10 guesses; the policy never repeats a guess.",
    ),
    Game(
        "Mastermind",
        "CodeBreaker",
        {"length": 4, "colours": 6, "slack": 2},
        {
            "GEM": (
                "game:Mastermind-v0-hard, 4 of 6, no repeats, 20 turns",
                lambda: gem_runner(
                    "game:Mastermind-v0-hard",
                    gem_mastermind,
                    code_length=4,
                    num_numbers=6,
                    max_turns=20,
                    duplicate_numbers=False,
                ),
            ),
            "TextArena": (
                "Mastermind-v0 (4 of 6, no repeats, 20 turns)",
                lambda: ta_runner("Mastermind-v0", 1, ta_mastermind),
            ),
        },
        "4 places of 6 symbols; ours lets letters repeat (1,296 codes) and gives 8 guesses "
        "at these knobs, theirs draw codes without repeats (360) and give 20.",
    ),
    Game(
        "Minesweeper",
        "MinesweeperReveal",
        {"size": 5, "density": 0.2},
        {
            "GEM": (
                "game:Minesweeper-v0-easy (5x5, 5 mines, 25 turns)",
                lambda: gem_runner("game:Minesweeper-v0-easy", gem_minesweeper),
            ),
            "TextArena": (
                "Minesweeper-v0-small (5x5, 5 mines, 100 turns)",
                lambda: ta_runner("Minesweeper-v0-small", 1, ta_minesweeper),
            ),
        },
        "5x5 with 5 mines; ours opens a first cell before the first turn, theirs make the "
        "first reveal safe. GEM's return sums its per-step partial rewards.",
    ),
    Game(
        "tic-tac-toe",
        "TicTacToeMatch",
        {"board": "3x3", "empty": 7, "skill": 0.0},
        {
            "TextArena": (
                "TicTacToe-v0, both seats random",
                lambda: ta_runner("TicTacToe-v0", 2, ta_tictactoe),
            )
        },
        "ours: 7 empty cells, a random opponent inside step; TextArena: empty board.",
    ),
    Game(
        "Connect Four",
        "ConnectFourMatch",
        {"columns": 5, "empty": 8, "skill": 0.0},
        {
            "TextArena": (
                "ConnectFour-v0 at 4 rows x 5 columns, both seats random",
                lambda: ta_runner("ConnectFour-v0", 2, ta_connect_four, num_rows=4, num_cols=5),
            )
        },
        "ours: 4x5 with 8 empty cells; TextArena's board set to the same size, empty.",
    ),
    Game(
        "Nim",
        "NimMatch",
        {"heaps": 3, "max_heap": 5, "misere": False, "limit": 0, "skill": 0.0},
        {
            "TextArena": (
                "Nim-v0 (heaps 3, 4, 5), both seats random",
                lambda: ta_runner("Nim-v0", 2, ta_nim),
            )
        },
        "normal play (last stone wins); ours draws heaps of at most 5, theirs 3, 4, 5.",
    ),
    Game(
        "Othello",
        "OthelloMatch",
        {"board": "4x4", "empty": 8, "skill": 0.0},
        {
            "TextArena": (
                "Othello-v0-tiny (4x4), both seats random",
                lambda: ta_runner("Othello-v0-tiny", 2, ta_othello),
            )
        },
        "4x4; ours from 8 empty cells, theirs from the four-disc opening.",
    ),
    Game(
        "Battleship",
        "BattleshipShots",
        {"size": 5, "ships": 4, "spare": 0.6},
        {
            "TextArena": (
                "Battleship-v0 (5x5, 5 ships), both seats random",
                lambda: ta_runner("Battleship-v0", 2, ta_battleship),
            )
        },
        "ours is one-sided (find ships of 2, 3, 3, 4 on 5x5 within a shot budget); "
        "TextArena's is two-sided (each seat fires at the other's 5 ships).",
    ),
]


def wordle_finding() -> dict[str, str]:
    """What making GEM's and TextArena's Wordle does offline (the NLTK download fails)."""
    out = {}
    attempts = {
        "GEM": lambda: __import__("gem").make("game:Wordle-v0-easy").reset(seed=0),
        "TextArena": lambda: __import__("textarena").make("Wordle-v0").reset(num_players=1, seed=0),
    }
    for library, attempt in attempts.items():
        sink = io.StringIO()
        try:
            with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                attempt()
            out[library] = "ran (its NLTK corpora were present)"
        except Exception as error:  # the finding is whatever it raises
            first = re.sub(r"\x1b\[[0-9;]*m", "", str(error)).strip().splitlines()
            detail = next((line.strip() for line in first if "not found" in line), "")
            out[library] = f"{type(error).__name__}: {detail or (first[0] if first else '')}"
    return out


def measure(factory: Callable[[], Runner], episodes: int) -> dict[str, Any]:
    """Plays ``episodes`` episodes (seeds 0..episodes-1), each on a fresh env (made outside
    the timing), then the checks: the same seed twice on fresh envs gives the same
    observations; an env reused after another episode gives those of a fresh one."""

    def play(runner: Runner, seed: int) -> Played:
        return runner(seed, random.Random(POLICY_SEED + seed))

    played = [play(factory(), seed) for seed in range(episodes)]
    seeds = range(DETERMINISM_SEEDS)
    same = all(play(factory(), s).observations == play(factory(), s).observations for s in seeds)
    reused = factory()
    play(reused, episodes)
    clean = all(play(reused, s).observations == play(factory(), s).observations for s in seeds)
    spent = sum(p.step_cpu for p in played)
    steps = sum(p.steps for p in played)
    return {
        "episodes": episodes,
        "steps": steps,
        "step_cpu_s": spent,
        "steps_per_cpu_s": steps / spent if spent else float("inf"),
        "mean_length": steps / episodes,
        "mean_reward": sum(p.reward for p in played) / episodes,
        "deterministic": same,
        "reuse_clean": clean,
    }


def run(episodes: int) -> dict[str, Any]:
    """Every game in every library, the load average around them and the Wordle finding."""
    before = os.getloadavg()
    rows = []
    for game in GAMES:
        row: dict[str, Any] = {"game": game.name, "note": game.note, "libraries": {}}
        settings = {"ours": f"rlvr/{game.ours}-v0 {game.our_knobs}"}
        settings.update({lib: setting for lib, (setting, _) in game.peers.items()})
        runners = {"ours": lambda g=game: ours(g.ours, g.our_knobs)}
        runners.update({lib: factory for lib, (_, factory) in game.peers.items()})
        for lib, factory in runners.items():
            result = measure(factory, episodes)
            result["setting"] = settings[lib]
            row["libraries"][lib] = result
            print(
                game.name,
                lib,
                {
                    k: result[k]
                    for k in (
                        "steps_per_cpu_s",
                        "mean_length",
                        "mean_reward",
                        "deterministic",
                        "reuse_clean",
                    )
                },
            )
        ours_rate = row["libraries"]["ours"]["steps_per_cpu_s"]
        for lib in game.peers:
            row["libraries"][lib]["ratio_ours_theirs"] = (
                ours_rate / row["libraries"][lib]["steps_per_cpu_s"]
            )
        rows.append(row)
    return {
        "clock": "process CPU time (time.process_time) of step calls only",
        "episodes": episodes,
        "python": platform.python_version(),
        "versions": _versions(),
        "cpus": os.cpu_count(),
        "load_average": {"before": list(before), "after": list(os.getloadavg())},
        "games": rows,
        "wordle": wordle_finding(),
    }


def _versions() -> dict[str, str]:
    from importlib.metadata import version

    return {name: version(name) for name in ("rlvr-envs", "gem-llm", "textarena")}


def markdown(payload: dict[str, Any]) -> str:
    """The results as a markdown page."""
    load = payload["load_average"]
    v = payload["versions"]
    out = [
        "# Interactive games: ours against GEM and TextArena",
        "",
        f"Written by `bench/interactive_bench.py` (rlvr-envs {v['rlvr-envs']}, gem-llm "
        f"{v['gem-llm']}, textarena {v['textarena']}, Python {payload['python']}). "
        f"{payload['episodes']} episodes per library and game (seeds 0 to "
        f"{payload['episodes'] - 1}), every move uniformly random among the legal ones read "
        "from that library's state or rules. Steps/s: steps per CPU second of the env's "
        "own `step` (TextArena: `step` + `get_observation`), the policy and `reset` not "
        f"counted. Load average (1 min) {load['before'][0]:.1f} before and "
        f"{load['after'][0]:.1f} after, on {payload['cpus']} cores.",
        "",
        "Episode length is `step` calls per episode: ours and GEM's one per player move "
        "(our opponent's reply happens inside it), TextArena's two-player games one per "
        "move of either seat (it has no built-in opponent, so both seats play the random "
        "policy). Reward is the return: ours 1 won or solved, 0.5 drawn, 0 otherwise; "
        "TextArena's seat 0 +1 won, 0 drawn, -1 lost or invalid; GEM's the sum of its step "
        "rewards (1 solved, partial credit on some games, -0.1 unparsable). Same seed: the "
        "episode replayed twice, each on a fresh env, with one env and policy seed gives the "
        "same observations. Reused env: an env that has just played another episode, reset "
        "with that seed, gives the observations of a fresh one. Every timed episode runs on "
        "a fresh env (made outside the timing).",
        "",
        "| game | library | setting | steps/s (CPU) | ours/theirs | mean length "
        "| mean reward | same seed, same episode | reused env, same episode |",
        "|---|---|---|---:|---:|---:|---:|---|---|",
    ]
    for row in payload["games"]:
        for lib, r in row["libraries"].items():
            ratio = f"{r['ratio_ours_theirs']:.2f}" if "ratio_ours_theirs" in r else "-"
            setting = r["setting"].replace("|", "\\|")
            out.append(
                f"| {row['game']} | {lib} | {setting} | {r['steps_per_cpu_s']:,.0f} | {ratio} "
                f"| {r['mean_length']:.1f} | {r['mean_reward']:.3f} "
                f"| {'yes' if r['deterministic'] else 'no'} "
                f"| {'yes' if r['reuse_clean'] else 'no'} |"
            )
    out += ["", "Notes:", ""]
    out += [f"- {row['game']}: {row['note']}" for row in payload["games"]]
    out += ["", "Wordle (not timed: the peers' versions need NLTK data fetched at run time):", ""]
    out += [f"- {lib}: {finding}" for lib, finding in payload["wordle"].items()]
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=50)
    parser.add_argument("--render", action="store_true", help="rewrite the .md from the .json")
    args = parser.parse_args()
    json_path, md_path = RESULTS / "interactive.json", RESULTS / "interactive.md"
    if args.render:
        payload = json.loads(json_path.read_text())
    else:
        payload = run(args.episodes)
        json_path.write_text(json.dumps(payload, indent=2) + "\n")
    md_path.write_text(markdown(payload))
    print(markdown(payload))


if __name__ == "__main__":
    rlvr_envs.list_envs()  # registers the ids with gymnasium
    main()
