"""Choose each suite's worked examples and write them into ``tasks/<suite>.toml``.

A suite's ``[[chat_examples]]`` are what ``rlvr eval SUITE`` shows a model as earlier chat
turns unless told ``--no-chat-examples`` (see ``rlvr_envs/suites.py``). They are chosen
here, not by hand, by one rule for every suite:

* each example is a problem of one of the suite's training rows at the easy end of its range
  (``row.at(0.0)``), from a training seed (1, 2, ...), whose prompt is not the prompt of
  any problem of the suite's frozen evaluation set;
* its answer is the reference completion (``rlvr_envs.oracle_completion``), which must score 1;
  no two examples share an answer, and none is ``-1``, ``0`` or ``1`` (a small model copies
  an example's answer onto problems it cannot solve, and these are right often enough by
  chance to be rewarded for it);
* short prompts and answers first (the examples are sent with every problem), from as many
  answer formats (tags, boxed, code) and families as the suite has, up to ``--count``; a
  suite of one or two rows adds problems from the hard end and the middle of its ranges;
* where the family's prompt lets us write the working (Arithmetic), the answer shows it
  first (:func:`working`): a small model asked for the answer alone guesses;
* an interactive family (a game, a secret probed with feedback) gives no example: an example
  is one turn, and such a family's turn is one move, not the episode (Retry, whose turn is a
  whole answer to its inner problem, gives them).

The block is appended after the suite's own text (or replaces the block written before), so
the frozen set and its pinned hash stay exactly as they were::

    python scripts/suite_examples.py              # every suite in tasks/
    python scripts/suite_examples.py math-v0 --count 2
    python scripts/suite_examples.py --check      # exit 1 if a suite's block would change
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rlvr_envs  # noqa: E402
from rlvr_envs.suites import Suite, SuiteExample, load_suite  # noqa: E402

MARKER = "# -- worked examples (scripts/suite_examples.py) "
HEADER = (
    MARKER + "-" * (99 - len(MARKER)) + "\n"
    "# rlvr eval's default --chat-examples for this suite: problems from training seeds\n"
    "# (not in the frozen set), each with an answer that scores 1. Not part of the frozen\n"
    "# set or its hash.\n"
)
MAX_PROMPT = 600
"""Longest prompt (characters) an example may have: every evaluated problem carries them."""
MAX_ANSWER = 80
"""Longest answer (characters) an example may have."""
TRIVIAL = {"", "-1", "0", "1"}
"""Answers no example may have (see the module docstring)."""
SEEDS = range(1, 41)
"""Training seeds tried per row, in order."""


def working(problem: rlvr_envs.Problem) -> str:
    """The calculation written before the answer, where a family's prompt lets us write it
    (Arithmetic: ``4 + 6 = 10``); else nothing. Measured on the embedded SmolLM2-135M
    (starter-v0, 32 problems, vLLM, greedy): answer-only examples got 1 right, examples that
    write the calculation first 15, with the format right on all 32 both times."""
    if problem.family == "Arithmetic":
        found = re.match(r"Compute the value of (.+)\.\n", problem.prompt)
        if found:
            return f"{found.group(1)} = {problem.answer}\n"
    return ""


def candidate(
    suite: Suite, row_index: int, eval_prompts: set[str], taken: set[str], t: float = 0.0
):
    """The first acceptable example of one training row at position ``t`` of its ranges, or
    None."""
    row = suite.envs[row_index]
    difficulty, knobs = row.at(t)
    task = rlvr_envs.make_task(row.id)
    if task.interactive and not getattr(getattr(task, "family", None), "raw_moves", False):
        return None  # an example is one turn, and an interactive family's turn is one move
    for seed in SEEDS:
        problem = task.generate(seed, difficulty, knobs)
        answer = working(problem) + rlvr_envs.oracle_completion(problem)
        if (
            problem.prompt in eval_prompts
            or len(problem.prompt) > MAX_PROMPT
            or len(answer) > MAX_ANSWER
            or problem.answer in taken
            or problem.answer.strip() in TRIVIAL
            or not rlvr_envs.verify(problem, answer).correct
        ):
            continue
        return problem, SuiteExample(
            env=row.id,
            seed=seed,
            user=problem.prompt,
            assistant=answer,
            difficulty=difficulty,
            knobs=dict(knobs or {}),
        )
    return None


def choose(suite: Suite, count: int = 3) -> list[SuiteExample]:
    """Up to ``count`` examples for ``suite`` by the rule in the module docstring."""
    eval_prompts = {p.prompt for p in suite.load_eval_set()}
    found = []  # (size, answer format, row, example, reference answer)
    for i in range(len(suite.envs)):
        got = candidate(suite, i, eval_prompts, set())
        if got is not None:
            problem, example = got
            size = len(example.user) + len(example.assistant)
            found.append((size, problem.answer_format, i, example, problem.answer))
    found.sort(key=lambda f: (f[0], f[2]))
    chosen: list[tuple[str, int, SuiteExample]] = []
    answers: set[str] = set()
    for first in (True, False):  # one per answer format first, then other families
        for _, fmt, i, example, answer in found:
            new = fmt not in {c[0] for c in chosen} if first else i not in {c[1] for c in chosen}
            if len(chosen) < count and new and answer not in answers:
                chosen.append((fmt, i, example))
                answers.add(answer)
    for t in (1.0, 0.5, 0.0):  # few rows: their hard end, middle, then more easy seeds
        for i in sorted({c[1] for c in chosen} or range(len(suite.envs))):
            while len(chosen) < count:
                seen = eval_prompts | {c[2].user for c in chosen}
                got = candidate(suite, i, seen, answers, t)
                if got is None:
                    break
                chosen.append((got[0].answer_format, i, got[1]))
                answers.add(got[0].answer)
                if t > 0.0:
                    break  # one from each position
    return [example for _, _, example in chosen]


def block(examples: list[SuiteExample]) -> str:
    """The TOML text of the examples, with its header."""
    return HEADER + "".join("\n" + e.to_toml() for e in examples)


def rewrite(path: Path, examples: list[SuiteExample]) -> str:
    """The suite file's text with its examples block replaced by (or ending with) these."""
    text = path.read_text()
    head = text.split(MARKER, 1)[0].rstrip("\n")
    return head + "\n\n" + block(examples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("suites", nargs="*", help="suite names (default: every tasks/*.toml)")
    parser.add_argument("--count", type=int, default=3, help="examples per suite (default 3)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 on a change")
    args = parser.parse_args(argv)
    names = args.suites or sorted(p.stem for p in (ROOT / "tasks").glob("*.toml"))
    changed = []
    for name in names:
        path = ROOT / "tasks" / f"{name}.toml"
        suite = load_suite(path)
        examples = choose(suite, args.count)
        text = rewrite(path, examples)
        if text != path.read_text():
            changed.append(name)
            if not args.check:
                path.write_text(text)
                again = load_suite(path)
                assert again.examples == [[e.user, e.assistant] for e in examples], name
                assert again.eval_sha256 == suite.eval_sha256, name
        envs = ", ".join(e.env.removeprefix("rlvr/") for e in examples)
        print(f"{name}: {len(examples)} examples ({envs})")
    if args.check and changed:
        print(f"would change: {', '.join(changed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
