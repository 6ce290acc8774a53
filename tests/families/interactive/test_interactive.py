"""The interactive domain (issue 28).

The multi-turn contract (docs/design.md, "Multi-turn episodes") on every interactive id: the
reference policy wins through ``TextEnv.step`` move by move, an episode replays exactly from
its moves, an illegal move ends it with 0 (``terminated``), spent turns truncate it, a
teacher sees one outcome per episode, and the shortcut audit (a constant move every turn, a
copy of the prompt) earns at most a tenth at the audit's difficulty.

Then the families against players, opponents and rules written here, independently of the
families: Nim's theory (Bouton's xor, the subtraction game's Grundy numbers, misère play), a
brute-force tic-tac-toe solver, a Connect Four board simulated from the moves the env
reports, Mastermind's pegs and Wordle's marks recomputed, players that read only the
feedback text (bisection, yes/no halving, interpolation with numpy), Minesweeper's numbers
counted with numpy, and Retry over every single-turn id."""

from __future__ import annotations

import functools
import importlib
import itertools
import re
from collections import Counter

import gymnasium as gym
import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.audit import best_constant_answer, best_echo_rule, constant_completion
from rlvr_envs.core import OUTCOME_REWARD, InteractiveFamily
from rlvr_envs.registry import family_for, format_answer

INTERACTIVE = rlvr_envs.list_envs("interactive", mixtures=False)
INTERACTIVE_ORDER = importlib.import_module("rlvr_envs.families.interactive").INTERACTIVE_V0
INTERACTIVE_V1 = importlib.import_module("rlvr_envs.families.interactive").INTERACTIVE_V1
GAMES = [
    "rlvr/TicTacToeMatch-v0",
    "rlvr/ConnectFourMatch-v0",
    "rlvr/NimMatch-v0",
    "rlvr/DotsAndBoxes-v0",
]


def moves_of(problem) -> list[str]:
    family = family_for(problem)
    return family.transcript_moves(family.oracle_answer(problem))


def test_the_domain_has_thirty_families_and_frozen_mixtures():
    assert len(INTERACTIVE) >= 30 and "rlvr/Retry-v0" in INTERACTIVE
    members = [m.env_id for m in rlvr_envs.make_task("rlvr/Interactive-v0").members]
    assert members == INTERACTIVE_ORDER and len(members) == 11  # frozen at its release
    assert "rlvr/DotsAndBoxes-v0" not in members  # DotsAndBoxes came after it
    members = [m.env_id for m in rlvr_envs.make_task("rlvr/Interactive-v1").members]
    # every family at its first version; Retry-v1 came after the mixture was frozen
    assert members == INTERACTIVE_V1 and sorted(members) == [
        i for i in INTERACTIVE if i != "rlvr/Retry-v1"
    ]
    for env_id in INTERACTIVE:
        family = rlvr_envs.make_task(env_id).family
        assert isinstance(family, InteractiveFamily) and len(family.knobs) >= 2


@pytest.mark.parametrize("env_id", INTERACTIVE)
def test_the_reference_policy_wins_through_step_and_the_episode_replays(env_id):
    for seed, difficulty in [(0, 0.0), (1, 0.5), (2, 1.0)]:
        env = gym.make(env_id, difficulty=difficulty)
        observation, info = env.reset(seed=seed)
        problem = rlvr_envs.Problem.from_dict(info["problem"])
        assert observation == problem.prompt
        moves = moves_of(problem)
        rewards = []
        for i, move in enumerate(moves):
            text = format_answer(move, problem.answer_format)
            observation, reward, terminated, truncated, info = env.step(text)
            rewards.append(reward)
            last = i == len(moves) - 1
            assert terminated == last and not truncated, (i, observation)
            assert observation  # the reply, or the outcome at the end
        assert rewards[-1] == 1.0 and sum(rewards[:-1]) == 0.0  # one outcome per episode
        assert info["verdict"]["correct"] and info["verdict"]["details"]["status"] in (
            "won",
            "solved",
        )
        transcript = [m for m in info["messages"] if m["role"] == "assistant"]
        assert rlvr_envs.verify(problem, transcript).reward == 1.0  # replayed from the chat
        again = family_for(problem).play(problem, moves)
        assert again == family_for(problem).play(problem, moves)  # a pure function


@pytest.mark.parametrize("env_id", [i for i in INTERACTIVE if not i.startswith("rlvr/Retry-")])
def test_an_illegal_move_ends_the_episode_with_nothing(env_id):
    problem = rlvr_envs.make_task(env_id).generate(seed=4, difficulty=0.5)
    first = moves_of(problem)[0]
    for bad in ["zz9 nonsense", "", first + "; " + first]:
        turn = rlvr_envs.respond(problem, [f"<answer>{bad}</answer>"])
        assert turn.terminated and not turn.truncated and turn.verdict.reward == 0.0
        assert turn.verdict.details["status"] == "illegal", (bad, turn)
    no_answer = rlvr_envs.respond(problem, ["I will think about it."])
    assert no_answer.terminated and no_answer.verdict.details["status"] == "illegal"


@pytest.mark.parametrize("env_id", ["rlvr/GuessTheNumber-v0", "rlvr/CodeBreaker-v0"])
def test_spent_turns_truncate_the_episode(env_id):
    problem = rlvr_envs.make_task(env_id).generate(seed=5, difficulty=1.0)
    family = family_for(problem)
    wrong = "1" if env_id == "rlvr/GuessTheNumber-v0" else "A" * problem.knobs["length"]
    if wrong == problem.meta["secret"] or str(problem.meta["secret"]) == wrong:
        wrong = "2" if wrong == "1" else "B" * problem.knobs["length"]
    attempts = [f"<answer>{wrong}</answer>"] * family.turn_limit(problem)
    turn = rlvr_envs.respond(problem, attempts)
    assert turn.truncated and not turn.terminated and turn.verdict.reward == 0.0
    assert turn.verdict.details["status"] == "out_of_turns"
    shorter = rlvr_envs.respond(problem, attempts[:2], max_turns=2)  # a caller's lower limit
    assert shorter.truncated and shorter.verdict.details["turns"] == 2


def test_a_draw_pays_half_and_a_loss_nothing():
    assert OUTCOME_REWARD["drawn"] == 0.5 and OUTCOME_REWARD["lost"] == 0.0
    problem = rlvr_envs.make_task("rlvr/TwentyQuestions-v0").generate(seed=1, difficulty=0.5)
    wrong = problem.meta["secret"] % (2 ** problem.knobs["bits"]) + 1
    turn = rlvr_envs.respond(problem, [f"<answer>= {wrong}</answer>"])
    assert turn.terminated and turn.verdict.details["status"] == "lost"
    assert turn.verdict.reward == 0.0


_SLOW_AUDITS = {
    "rlvr/ConnectFourMatch-v0", "rlvr/TicTacToeMatch-v0", "rlvr/CodeBreaker-v0",
    "rlvr/OthelloMatch-v0", "rlvr/FourInARowMatch-v0", "rlvr/HexMatch-v0",
}  # fmt: skip


@pytest.mark.parametrize(
    "env_id",
    [
        pytest.param(i, marks=pytest.mark.slow) if i in _SLOW_AUDITS else i
        for i in [*INTERACTIVE, "rlvr/Interactive-v0"]
    ],
)
def test_a_constant_move_or_a_copy_of_the_prompt_earns_at_most_a_tenth(env_id):
    constant = best_constant_answer(env_id, problems=60)
    echo = best_echo_rule(env_id, problems=30, positions=3)
    assert constant.reward <= 0.1, constant
    assert echo.reward <= 0.1, echo


def test_the_audit_plays_a_constant_move_for_the_whole_episode():
    problem = rlvr_envs.make_task("rlvr/GuessTheNumber-v0").generate(seed=0, difficulty=0.0)
    completion = constant_completion(problem, "7")
    moves = family_for(problem).transcript_moves(completion.removeprefix("<answer>")[:-9])
    assert moves == ["7"] * family_for(problem).turn_limit(problem)


def test_a_teacher_sees_one_outcome_per_episode():
    from rlvr_envs.curriculum import Outcome, TaskSpace, make_teacher

    space = TaskSpace(["rlvr/NimMatch-v0"])
    teacher = make_teacher("alp-gmm", space, seed=0)
    spec = teacher.sample(1)[0]
    problem = rlvr_envs.make_task(spec.env_id).generate(
        seed=spec.seed or 0, difficulty=spec.difficulty, knobs=spec.knobs
    )
    won = rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).reward
    teacher.update([Outcome(spec, [won, 0.0])])  # two episodes of one spec: two outcomes
    assert won == 1.0


@pytest.mark.parametrize("env_id", GAMES)
def test_a_stronger_opponent_is_harder_for_a_random_player(env_id):
    """The opponent's skill is the difficulty knob: a random legal player wins less often
    against a perfect opponent than against a random one (over the same seeds)."""
    import random

    task = rlvr_envs.make_task(env_id)
    family = task.family
    wins = {}
    for skill in (0.0, 1.0):
        total = 0.0
        for seed in range(30):
            problem = task.generate(seed=seed, knobs={"skill": skill})
            rng = random.Random(seed)
            state = family.start(problem)
            moves = []
            while family.winner(problem, state[0]) is None:
                move = family.move_name(problem, rng.choice(family.legal(problem, state[0])))
                moves.append(move)
                state, _, _ = family.move(problem, state, move)
            total += family.play(problem, moves).reward
        wins[skill] = total
    assert wins[1.0] < wins[0.0], wins


def test_an_exported_row_scores_a_whole_chat_transcript():
    """Export applies as for any id: a trainer scores the chat of a played episode with
    row_reward, which replays its moves (the environment's turns are the user messages)."""
    from rlvr_envs.export import row_reward
    from rlvr_envs.integrations.trl import problem_row

    problem = rlvr_envs.make_task("rlvr/CodeBreaker-v0").generate(seed=9, difficulty=0.5)
    row = problem_row(problem)
    chat = [{"role": "user", "content": problem.prompt}]
    for move in moves_of(problem):
        chat.append({"role": "assistant", "content": f"<answer>{move}</answer>"})
        reply = rlvr_envs.respond(problem, [m for m in chat if m["role"] == "assistant"])
        chat.append({"role": "user", "content": reply.observation})
    assert row_reward(row, chat[:-1]) == 1.0
    assert row_reward(row, chat[:2]) == 0.0 or len(moves_of(problem)) == 1


ANSWER = "<answer>{}</answer>"


def play(problem, moves):
    """The env's replies to ``moves``, one respond() per turn as an integration calls it."""
    return rlvr_envs.respond(problem, [ANSWER.format(m) for m in moves])


# -- Nim -------------------------------------------------------------------------------------
def nim_wins(heaps: tuple[int, ...], misere: bool, limit: int) -> bool:
    """Whether the side to move wins, from the theory (Bouton 1901; Grundy numbers of the
    subtraction game are heap mod (limit + 1); misère play differs only when every heap is
    at most 1, where the side to move wins iff the count of 1s is even)."""
    grundy = functools.reduce(lambda a, b: a ^ b, [h % (limit + 1) if limit else h for h in heaps])
    if misere and limit == 0 and all(h <= 1 for h in heaps):
        return sum(heaps) % 2 == 0
    return grundy != 0


@pytest.mark.parametrize("misere,limit", [(False, 0), (False, 3), (True, 0)])
def test_nim_solver_agrees_with_the_theory(misere, limit):
    family = rlvr_envs.make_task("rlvr/NimMatch-v0").family
    problem = rlvr_envs.make_task("rlvr/NimMatch-v0").generate(
        seed=0, knobs={"misere": misere, "limit": limit}
    )
    for heaps in itertools.product(range(5), repeat=3):
        if any(heaps):
            assert (family.value(problem, (heaps, 1)) > 0) == nim_wins(heaps, misere, limit)


def test_nim_starts_are_won_and_the_perfect_opponent_keeps_them_hard():
    task = rlvr_envs.make_task("rlvr/NimMatch-v0")
    for seed in range(20):
        problem = task.generate(seed=seed, knobs={"misere": False, "limit": 0, "skill": 1.0})
        assert nim_wins(tuple(problem.meta["heaps"]), False, 0)
        heaps = list(problem.meta["heaps"])
        moves = problem.answer.split("; ")
        for k in range(1, len(moves)):
            text = play(problem, moves[:k]).observation
            h, n = map(int, re.search(r"opponent played (\d+) (\d+)", text).groups())
            mine = [int(x) for x in moves[k - 1].split()]
            heaps[mine[0] - 1] -= mine[1]
            assert nim_wins(tuple(heaps), False, 0) is False  # the player left a lost heap set
            heaps[h - 1] -= n
            assert heaps[h - 1] >= 0


# -- tic-tac-toe -----------------------------------------------------------------------------
LINES3 = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@functools.cache
def ttt_value(board: str, mover: str) -> int:
    """+1 if X wins with best play from here, 0 draw, -1 O wins (3x3, brute force)."""
    for a, b, c in LINES3:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return 1 if board[a] == "X" else -1
    if "." not in board:
        return 0
    other = "O" if mover == "X" else "X"
    values = [
        ttt_value(board[:i] + mover + board[i + 1 :], other)
        for i, cell in enumerate(board)
        if cell == "."
    ]
    return max(values) if mover == "X" else min(values)


def test_tic_tac_toe_starts_are_x_wins_and_a_perfect_o_never_errs():
    task = rlvr_envs.make_task("rlvr/TicTacToeMatch-v0")
    for seed in range(25):
        problem = task.generate(seed=seed, knobs={"board": "3x3", "skill": 1.0})
        board = "".join({0: ".", 1: "X", -1: "O"}[v] for v in problem.meta["cells"])
        assert ttt_value(board, "X") == 1
        moves = problem.answer.split("; ")
        for k in range(1, len(moves) + 1):
            cell = moves[k - 1]
            i = (int(cell[1]) - 1) * 3 + "abc".index(cell[0])
            assert board[i] == "."
            board = board[:i] + "X" + board[i + 1 :]
            reply = re.search(r"opponent played ([a-c][1-3])", play(problem, moves[:k]).observation)
            if reply is None:
                break
            j = (int(reply.group(1)[1]) - 1) * 3 + "abc".index(reply.group(1)[0])
            best = min(
                ttt_value(board[:m] + "O" + board[m + 1 :], "X")
                for m in range(9)
                if board[m] == "."
            )
            board = board[:j] + "O" + board[j + 1 :]
            assert ttt_value(board, "X") == best  # the perfect opponent chose a best reply
        assert any(board[a] == board[b] == board[c] == "X" for a, b, c in LINES3)


# -- Connect Four ----------------------------------------------------------------------------
def test_connect_four_replies_obey_gravity_and_the_win_is_four_in_a_row():
    task = rlvr_envs.make_task("rlvr/ConnectFourMatch-v0")
    for seed in range(10):
        problem = task.generate(seed=seed, difficulty=seed / 9)
        columns = problem.knobs["columns"]
        grid = np.array(problem.meta["cells"]).reshape(4, columns)  # row 0 at the bottom

        def drop(grid: np.ndarray, column: int, side: int) -> None:
            row = int(np.flatnonzero(grid[:, column] == 0)[0])
            grid[row, column] = side

        moves = problem.answer.split("; ")
        for k in range(1, len(moves) + 1):
            drop(grid, int(moves[k - 1]) - 1, 1)
            reply = re.search(r"opponent played (\d)", play(problem, moves[:k]).observation)
            if reply:
                drop(grid, int(reply.group(1)) - 1, -1)
        windows = [grid[r, c : c + 4] for r in range(4) for c in range(columns - 3)]
        windows += [grid[:, c] for c in range(columns)]
        windows += [np.diagonal(grid[:, c : c + 4]) for c in range(columns - 3)]
        windows += [np.diagonal(np.fliplr(grid[:, c : c + 4])) for c in range(columns - 3)]
        assert any((w == 1).all() for w in windows)
        assert play(problem, moves).verdict.details["status"] == "won"


# -- Mastermind and Wordle -------------------------------------------------------------------
def mastermind_pegs(secret: str, guess: str) -> tuple[int, int]:
    exact = sum(a == b for a, b in zip(secret, guess))
    return exact, sum((Counter(secret) & Counter(guess)).values()) - exact


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), guess=st.text("ABCDEFG", min_size=4, max_size=4))
def test_code_breaker_feedback_is_mastermind_s(seed, guess):
    problem = rlvr_envs.make_task("rlvr/CodeBreaker-v0").generate(seed=seed, difficulty=1.0)
    text = play(problem, [guess]).observation
    exact, misplaced = mastermind_pegs(problem.meta["secret"], guess)
    if exact == 4:
        assert "all 4 exact" in text
    else:
        assert f"{exact} exact, {misplaced} misplaced" in text


def wordle_marks(secret: str, guess: str) -> str:
    """Wordle's colours: greens, then yellows left to right while unmatched copies remain."""
    marks = ["G" if s == g else "-" for s, g in zip(secret, guess)]
    pool = Counter(s for s, g in zip(secret, guess) if s != g)
    for i, g in enumerate(guess):
        if marks[i] == "-" and pool[g] > 0:
            marks[i], pool[g] = "Y", pool[g] - 1
    return "".join(marks)


def test_wordle_marks_and_a_solver_reading_only_the_marks():
    from rlvr_envs.families.interactive.wordle_guess import marks, word_list

    assert wordle_marks("abbey", "babes") == marks("abbey", "babes") == "YYGG-"
    task = rlvr_envs.make_task("rlvr/WordleGuess-v0")
    for seed in range(15):
        problem = task.generate(seed=seed, difficulty=seed / 14)
        words = sorted(word_list(problem.knobs["length"]))
        guesses: list[str] = []
        while True:  # the first word agreeing with every mark the env gave so far
            seen = [
                re.search(rf"{g}: ([GY-]+)", play(problem, guesses[: i + 1]).observation)
                for i, g in enumerate(guesses)
            ]
            guess = next(
                w
                for w in words
                if all(m is None or wordle_marks(w, g) == m.group(1) for g, m in zip(guesses, seen))
            )
            guesses.append(guess)
            turn = play(problem, guesses)
            if turn.done:
                break
        assert turn.verdict.reward == 1.0 and guess == problem.meta["secret"]


# -- players that read only the feedback ---------------------------------------------------
@pytest.mark.parametrize("difficulty", [0.0, 0.5, 1.0])
def test_bisection_reading_higher_and_lower_always_finds_the_number(difficulty):
    task = rlvr_envs.make_task("rlvr/GuessTheNumber-v0")
    for seed in range(20):
        problem = task.generate(seed=seed, difficulty=difficulty)
        low, high = 1, int(re.search(r"from 1 to (\d+)", problem.prompt).group(1))
        guesses: list[str] = []
        while True:
            guess = (low + high + 1) // 2  # the other rounding than the reference's
            guesses.append(str(guess))
            turn = play(problem, guesses)
            if turn.done:
                break
            if "higher" in turn.observation.split("\n")[0]:
                low = guess + 1
            else:
                high = guess - 1
        assert turn.verdict.reward == 1.0 and int(guesses[-1]) == problem.meta["secret"]


def test_twenty_questions_answers_are_true_and_halving_with_even_first_wins():
    task = rlvr_envs.make_task("rlvr/TwentyQuestions-v0")
    for seed in range(20):
        problem = task.generate(seed=seed, difficulty=0.0)  # slack for the extra question
        secret = problem.meta["secret"]
        for question, truth in [
            ("prime", sympy.isprime(secret)),
            ("square", sympy.sqrt(secret).is_integer),
            ("div 7", secret % 7 == 0),
            ("> 20", secret > 20),
        ]:
            assert play(problem, [question]).observation.startswith("yes" if truth else "no")
        moves = ["even"]
        even = play(problem, moves).observation.startswith("yes")
        candidates = [n for n in range(1, 2 ** problem.knobs["bits"] + 1) if (n % 2 == 0) == even]
        while len(candidates) > 1:
            pivot = candidates[len(candidates) // 2]
            moves.append(f"< {pivot}")
            yes = play(problem, moves).observation.startswith("yes")
            candidates = [n for n in candidates if (n < pivot) == yes]
        moves.append(f"= {candidates[0]}")
        assert play(problem, moves).verdict.reward == 1.0


def test_hidden_function_interpolated_with_numpy_is_accepted():
    task = rlvr_envs.make_task("rlvr/HiddenFunction-v0")
    for seed in range(20):
        problem = task.generate(seed=seed, difficulty=seed / 19)
        degree = problem.knobs["degree"]
        xs = list(range(-1, degree))  # not the reference's points
        moves = [f"? {x}" for x in xs]
        turn = play(problem, moves)
        seen = dict(re.findall(r"\? (-?\d+) -> f\(-?\d+\) = (-?\d+)", turn.observation))
        values = [int(seen[str(x)]) for x in xs]
        coefficients = np.rint(np.polyfit(xs, values, degree)).astype(int)
        turn = play(problem, [*moves, "! " + " ".join(map(str, coefficients))])
        assert turn.verdict.reward == 1.0


def test_battleship_feedback_counts_every_ship_cell_and_sinks_each_ship_once():
    task = rlvr_envs.make_task("rlvr/BattleshipShots-v0")
    for seed in range(10):
        problem = task.generate(seed=seed, knobs={"size": 5, "ships": 2, "spare": 0.6})
        ships = [{tuple(c) for c in ship} for ship in problem.meta["ships"]]
        cells = [f"{'abcde'[c]}{r + 1}" for r in range(5) for c in range(5)]
        budget = family_for(problem).turn_limit(problem)
        family = family_for(problem)
        episode = family.play(problem, cells[:budget])
        shot = [(int(name[1]) - 1, "abcde".index(name[0])) for name in episode.moves]
        hits = sum(any(cell in ship for ship in ships) for cell in shot)
        replies = [
            rlvr_envs.respond(problem, [ANSWER.format(c) for c in cells[: i + 1]]).observation
            for i in range(len(episode.moves))
        ]
        assert sum("hit" in r.split("\n")[0] for r in replies) == hits
        assert sum("sunk" in r.split("\n")[0] for r in replies) <= len(ships)
        oracle = family.play(problem, family.transcript_moves(problem.answer))
        assert oracle.status == "solved" and sum(oracle.turn_rewards) == pytest.approx(1.0)


def test_minesweeper_numbers_are_neighbour_counts_and_a_mine_loses():
    task = rlvr_envs.make_task("rlvr/MinesweeperReveal-v0")
    for seed in range(10):
        problem = task.generate(seed=seed, difficulty=seed / 9)
        size = problem.knobs["size"]
        mines = np.zeros((size + 2, size + 2), dtype=int)
        for r, c in problem.meta["mines"]:
            mines[r + 1, c + 1] = 1
        counts = sum(
            np.roll(np.roll(mines, dr, 0), dc, 1)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if dr or dc
        )[1:-1, 1:-1]
        for r, c in itertools.product(range(size), repeat=2):
            name = f"{'abcdefgh'[c]}{r + 1}"
            turn = play(problem, [name])
            if [r, c] in problem.meta["mines"]:
                assert turn.verdict.details["status"] == "lost"
            elif turn.observation.startswith(f"{name}: "):
                assert int(turn.observation.split(":")[1].split(".")[0]) == counts[r, c]


# -- Retry over every single-turn id ---------------------------------------------------------
@pytest.mark.slow
def test_retry_over_every_single_turn_id_pays_half_for_the_oracle_second():
    wrapped = 0
    for env_id in rlvr_envs.list_envs(mixtures=False):
        task = rlvr_envs.make_task(env_id)
        if task.max_turns != 1 or task.family.interactive or task.family.missing_requirements():
            continue
        retry = rlvr_envs.make_task("rlvr/Retry-v0", inner=env_id)
        problem = retry.generate(seed=0, difficulty=0.5)
        inner = rlvr_envs.Problem.from_dict(problem.meta["inner"])
        assert inner.env_id == env_id and problem.family == "Retry"
        right = rlvr_envs.oracle_completion(inner)
        turn = rlvr_envs.respond(problem, ["I do not know.", right])
        assert turn.terminated and turn.verdict.reward == 0.5, (env_id, turn.verdict)
        wrapped += 1
    assert wrapped > 150


def test_retry_discounts_per_attempt_and_feeds_back_the_reason():
    import gymnasium as gym

    env = gym.make("rlvr/Retry-v0", inner="rlvr/LinearEquation-v0", difficulty=0.5)
    prompt, info = env.reset(seed=3)
    problem = rlvr_envs.Problem.from_dict(info["problem"])
    inner = rlvr_envs.Problem.from_dict(problem.meta["inner"])
    assert inner.env_id == "rlvr/LinearEquation-v0" and "attempts" in prompt
    observation, reward, terminated, truncated, _ = env.step("<answer>x = 10**9</answer>")
    assert reward == 0.0 and not (terminated or truncated)
    assert observation.startswith("Attempt 1: That is not correct (wrong)")
    observation, reward, terminated, truncated, _ = env.step("no answer at all")
    assert "(no_answer)" in observation
    _, reward, terminated, _, info = env.step(rlvr_envs.oracle_completion(inner))
    assert terminated and reward == 0.25 and info["verdict"]["correct"]


def test_retry_v1_reaches_the_inner_familys_easiest_problems():
    # the inner problem is the inner id's own at the level's difficulty, from v1's level 0
    inner_task = rlvr_envs.make_task("rlvr/Arithmetic-v0")
    for difficulty in (0.0, 0.1):
        problem = rlvr_envs.make_task("rlvr/Retry-v1").generate(seed=7, difficulty=difficulty)
        inner = rlvr_envs.Problem.from_dict(problem.meta["inner"])
        assert problem.knobs["level"] == pytest.approx(difficulty)
        assert inner.knobs == inner_task.generate(seed=inner.seed, difficulty=difficulty).knobs
        turn = rlvr_envs.respond(
            problem, ["<answer>no</answer>", rlvr_envs.oracle_completion(inner)]
        )
        assert turn.terminated and turn.verdict.reward == 0.5 and turn.verdict.correct
    v0 = rlvr_envs.make_task("rlvr/Retry-v0").generate(seed=7, difficulty=0.0)
    assert v0.knobs["level"] == 0.25  # v0 never generates below its old range


@pytest.mark.parametrize("version", [0, 1])
def test_the_suite_covers_the_mixture_and_its_eval_set_loads(version):
    suite = rlvr_envs.load_suite(f"interactive-v{version}")
    mixture = [m.env_id for m in rlvr_envs.make_task(f"rlvr/Interactive-v{version}").members]
    assert mixture == [INTERACTIVE_ORDER, INTERACTIVE_V1][version]
    assert sorted(row.id for row in suite.envs) == sorted(mixture)
    frozen = suite.load_eval_set()
    assert len(frozen) == 8 * len(mixture)
    assert all(p.seed >= rlvr_envs.EVAL_SEEDS.start for p in frozen)
    for problem in frozen[::9]:  # the frozen episodes are won by their reference lines
        assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).reward == 1.0


@pytest.mark.parametrize("env_id", INTERACTIVE)
def test_random_combinations_of_knob_values_generate_winnable_episodes(env_id):
    import random as _random

    task = rlvr_envs.make_task(env_id)
    rng = _random.Random(env_id)
    for trial in range(8):
        knobs = {}
        for name, knob in task.knob_space.items():
            if knob.type == "int":
                knobs[name] = rng.randint(int(knob.low), int(knob.high))
            elif knob.type == "float":
                knobs[name] = rng.uniform(knob.low, knob.high)
            else:
                knobs[name] = rng.choice(list(knob.choices))
        problem = task.generate(seed=trial, knobs=knobs)
        assert rlvr_envs.verify(problem, rlvr_envs.oracle_completion(problem)).reward == 1.0


# -- Dots and Boxes --------------------------------------------------------------------------
def test_dots_and_boxes_boxes_go_to_whoever_closes_them_and_the_reference_wins_more():
    """The board rebuilt here from the lines the env reports (the player's and the
    opponent's), boxes counted geometrically (the start's lines named by the family, the
    rest by the transcript): the reference ends with more boxes, and the env's box counts
    agree at every turn."""
    task = rlvr_envs.make_task("rlvr/DotsAndBoxes-v0")
    for seed in range(12):
        problem = task.generate(seed=seed, difficulty=seed / 11)
        rows, columns = (2, 2) if problem.knobs["boxes"] == "2x2" else (2, 3)
        family = family_for(problem)
        drawn = {
            frozenset(family.move_name(problem, j).split("-"))
            for j, on in enumerate(problem.meta["drawn"])
            if on
        }
        owners = {
            (r, c): problem.meta["owners"][r * columns + c]
            for r in range(rows)
            for c in range(columns)
        }

        def sides(r: int, c: int) -> list[frozenset]:
            a, b = f"{'abcd'[c]}{r + 1}", f"{'abcd'[c + 1]}{r + 1}"
            d, e = f"{'abcd'[c]}{r + 2}", f"{'abcd'[c + 1]}{r + 2}"
            return [frozenset(p) for p in ((a, b), (d, e), (a, d), (b, e))]

        def draw(drawn: set, owners: dict, line: str, who: int) -> None:
            drawn.add(frozenset(line.split("-")))
            for box, owner in owners.items():
                if owner == 0 and all(s in drawn for s in sides(*box)):
                    owners[box] = who

        moves = problem.answer.split("; ")
        for k in range(1, len(moves) + 1):
            draw(drawn, owners, moves[k - 1], 1)
            text = play(problem, moves[:k]).observation
            found = re.search(r"opponent played ([a-d0-9, -]+)\.", text)
            for line in found.group(1).split(", ") if found else []:
                draw(drawn, owners, line, -1)
            mine = sum(1 for o in owners.values() if o == 1)
            if "Boxes:" in text:
                assert f"you (X) {mine}," in text
        assert sum(owners.values()) > 0 and all(owners.values())
