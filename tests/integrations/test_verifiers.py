"""The verifiers taskset (packages/rlvr-envs-taskset) under the real ``vf-eval``.

Runs in the venv ``scripts/verifiers_test.sh`` builds (verifiers 0.4, the taskset package, uv
for verifiers' null harness); in the main test venv, without verifiers, every test here is
skipped. ``vf-eval`` runs as a subprocess against a fake OpenAI-compatible server on 127.0.0.1
that streams its answers (verifiers relays the harness's requests with ``stream: true``): the
family's oracle for some problems, a wrong answer for the others, found by the prompt's text.
The rewards vf-eval logs and saves must equal ``rlvr_envs.verify`` on the replies it saved.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

if os.environ.get("RLVR_REQUIRE_VERIFIERS") == "1":  # scripts/verifiers_test.sh: broken fails
    import rlvr_envs_taskset  # noqa: F401
    import verifiers.v1  # noqa: F401
else:
    pytest.importorskip("verifiers.v1")
    pytest.importorskip("rlvr_envs_taskset")

from rlvr_envs_taskset import RlvrConfig, RlvrTaskset

import rlvr_envs
from rlvr_envs import EVAL_SEEDS, Problem, oracle_completion, verify
from rlvr_envs.registry import family_for, format_answer
from tests.integrations.openai_stream import StreamingServer

ID = "rlvr-envs-taskset"
BIN = Path(sys.executable).parent
VF_EVAL_TIMEOUT = 240  # a cold machine's first run also has uv fetch the harness's packages


def taskset(**options) -> RlvrTaskset:
    return RlvrTaskset(RlvrConfig(id=ID, **options))


class VfEval:
    """``vf-eval rlvr-envs-taskset`` against ``url``, started at once in its own process group;
    :meth:`wait` collects it, killing the group (by its pid) on timeout."""

    def __init__(self, url: str, out: Path, *args: str) -> None:
        command = [str(BIN / "vf-eval"), ID, "-m", "fake", "--client.base-url", url, "--no-push",
                   "--no-rich", "--sampling.max-tokens", "512", "-o", str(out), *args]  # fmt: skip
        env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
        self.out = out
        self.proc = subprocess.Popen(command, cwd=out.parent, env=env, text=True,
                                     start_new_session=True, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)  # fmt: skip

    def wait(self) -> subprocess.CompletedProcess:
        try:
            stdout, stderr = self.proc.communicate(timeout=VF_EVAL_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()
            stdout, stderr = self.proc.communicate()
            pytest.fail(f"vf-eval ran past {VF_EVAL_TIMEOUT} s:\n{stderr[-4000:]}")
        return subprocess.CompletedProcess(self.proc.args, self.proc.returncode, stdout, stderr)

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)


def episodes(out: Path) -> list[dict]:
    (path,) = out.glob("*/traces.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def said(trace: dict, role: str) -> list[str]:
    return [n["message"]["content"] for n in trace["nodes"] if n["message"]["role"] == role]


def logged_rewards(stderr: str) -> list[tuple[int, float]]:
    """(task idx, reward) of every ``rollout done`` line vf-eval logged."""
    found = re.findall(r"rollout done: id=\w+ task=(\d+) reward=([\d.]+)", stderr)
    return sorted((int(task), float(reward)) for task, reward in found)


def wrong_completion(problem: Problem) -> str:
    """A well-formed wrong answer (for code, a program without the function asked for)."""
    if problem.answer_format == "code":
        return "```python\ndef _not_the_function():\n    return None\n```"
    return format_answer("no idea", problem.answer_format)


class Oracle:
    """Answers the problems in ``right`` with the family's oracle and the rest wrongly; a
    multi-turn problem gets a wrong first attempt, then the oracle if it is in ``right``."""

    def __init__(self, right: list[Problem]) -> None:
        self.right = {p.content_hash() for p in right}

    def __call__(self, problem: Problem | None, turn: int) -> str:
        if problem is None:
            return "<answer>unknown prompt</answer>"
        multi = family_for(problem).max_turns > 1
        if problem.content_hash() in self.right and not (multi and turn == 0):
            return oracle_completion(problem)
        return wrong_completion(problem)


# -- the taskset in process ------------------------------------------------------------------
def test_tasks_carry_the_prompt_as_chat_messages_and_the_problem_in_info():
    tasks = list(taskset(envs=["rlvr/Arithmetic-v0", "rlvr/CodeRepair-v0"], n=12, seed=3))
    assert len(tasks) == 12 and [t.data.idx for t in tasks] == list(range(12))
    for task in tasks:
        problem = Problem.from_dict(task.data.info["problem"])
        assert [m.model_dump(include={"role", "content"}) for m in task.data.prompt] == [
            {"role": "user", "content": problem.prompt}
        ]
        assert json.loads(json.dumps(task.data.info))["problem"] == problem.to_dict()
        assert task.key == problem.content_hash()
        assert problem.seed < EVAL_SEEDS.start  # training seeds only
        assert task.data.info["max_turns"] == family_for(problem).max_turns
    assert {t.data.info["max_turns"] for t in tasks} == {1, 3}
    overridden = taskset(envs=["rlvr/CodeRepair-v0"], n=2, max_turns=1)
    assert {t.data.info["max_turns"] for t in overridden} == {1}


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(0, 6), low=st.floats(0, 1), high=st.floats(0, 1))
def test_the_problems_are_a_pure_function_of_the_options(seed, n, low, high):
    low, high = min(low, high), max(low, high)
    options = {"envs": ["rlvr/Arithmetic-v0", "rlvr/LinearEquation-v0"], "n": n, "seed": seed,
               "difficulty": [low, high]}  # fmt: skip
    first = [p.to_dict() for p in taskset(**options).problems()]
    assert first == [p.to_dict() for p in taskset(**options).problems()]
    assert len(first) == n
    assert all(low <= p["difficulty"] <= high for p in first)


def test_the_eval_split_is_the_suites_frozen_set_and_train_without_n_is_endless():
    frozen = rlvr_envs.load_suite("demo-v0").load_eval_set()
    evaluation = taskset(suite="demo-v0", split="eval", n=5)
    assert evaluation.bounded
    assert [t.data.info["problem"] for t in evaluation] == [p.to_dict() for p in frozen[:5]]
    assert len(list(taskset(suite="demo-v0", split="eval"))) == len(frozen)
    endless = taskset(suite="demo-v0")
    assert not endless.bounded  # vf-eval refuses it without -n, and -n (take) bounds it
    assert len(list(endless.take(7))) == 7


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "give exactly one of --env.taskset.suite"),
        ({"suite": "demo-v0", "envs": ["rlvr/Arithmetic-v0"]}, "give exactly one"),
        ({"envs": ["rlvr/Nope-v0"]}, "unknown env ids ['rlvr/Nope-v0']"),
        ({"envs": ["rlvr/Arithmetic-v0"], "split": "eval"}, "pass --env.taskset.suite"),
        ({"suite": "demo-v0", "difficulty": [0.2, 0.4]}, "difficulty applies to"),
        ({"envs": ["rlvr/Arithmetic-v0"], "difficulty": [0.8, 0.2]}, "0 <= LOW <= HIGH <= 1"),
        ({"envs": ["rlvr/Arithmetic-v0"], "difficulty": [0.5]}, "two numbers LOW HIGH"),
        ({"suite": "no-such-suite", "n": 1}, "no suite 'no-such-suite'; known suites: "),
    ],
)
def test_bad_options_fail_with_a_message_that_says_what_to_do(options, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        list(taskset(**options))


# -- the real vf-eval ------------------------------------------------------------------------
MIXED = {"envs": ["rlvr/Arithmetic-v0", "rlvr/LinearEquation-v0", "rlvr/CodeRepair-v0"],
         "n": 8, "seed": 1}  # fmt: skip


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Three vf-eval runs at once (2 CPUs; each spends most of its time starting up): a mixed
    single- and multi-turn set of env ids (right on every other problem), the first problems
    of a suite's frozen set with two rollouts each (right on the first two), and a bad env id.
    Their servers are stopped (threads joined) and any run still alive killed at the end."""
    problems = list(taskset(**MIXED).problems())
    assert {family_for(p).max_turns for p in problems} == {1, 3}, "pick a seed with both kinds"
    frozen = rlvr_envs.load_suite("demo-v0").load_eval_set()[:3]
    servers = [StreamingServer(problems, Oracle(problems[::2])),
               StreamingServer(frozen, Oracle(frozen[:2]))]  # fmt: skip
    started: list[VfEval] = []
    try:
        mixed, frozen_server = (server.start() for server in servers)
        root = tmp_path_factory.mktemp("vf")
        started += [
            VfEval(mixed.url, root / "mixed", "-n", str(MIXED["n"]), "--env.taskset.envs",
                   *MIXED["envs"], "--env.taskset.seed", str(MIXED["seed"])),  # no n: endless
            VfEval(frozen_server.url, root / "frozen", "--env.taskset.suite", "demo-v0",
                   "--env.taskset.split", "eval", "-n", "3", "-r", "2"),
            VfEval("http://127.0.0.1:9/v1", root / "bad", "--env.taskset.envs", "rlvr/Nope-v0",
                   "-n", "1"),
        ]  # fmt: skip
        results = [run.wait() for run in started]
        yield {"problems": problems, "server": mixed, "frozen": frozen,
               **dict(zip(["mixed", "frozen_run", "bad"], zip(started, results)))}  # fmt: skip
    finally:
        for run in started:
            run.kill()
        for server in servers:
            server.stop()


def saved_run(runs, name: str) -> tuple[subprocess.CompletedProcess, list[dict]]:
    run, result = runs[name]
    assert result.returncode == 0, result.stderr[-4000:]
    return result, episodes(run.out)


def test_vf_eval_rewards_equal_our_verifier_on_the_saved_replies(runs):
    server, problems = runs["server"], runs["problems"]
    result, saved = saved_run(runs, "mixed")
    assert len(saved) == len(problems)
    by_idx = {}
    for episode in saved:
        assert episode["ok"], episode["errors"]
        (trace,) = episode["traces"]
        problem = Problem.from_dict(episode["task"]["data"]["info"]["problem"])
        assert problem.to_dict() == problems[episode["task"]["data"]["idx"]].to_dict()
        verdict = verify(problem, said(trace, "assistant")[-1])
        assert trace["rewards"]["rlvr_reward"]["score"] == verdict.reward
        assert trace["metrics"]["correct"] == float(verdict.correct)
        assert trace["metrics"]["format_ok"] == float(verdict.format_ok)
        assert trace["info"]["verdict"] == verdict.to_dict()
        by_idx[episode["task"]["data"]["idx"]] = verdict.reward
    # right exactly where the server answered with the oracle; vf-eval logged the same
    assert by_idx == {i: 1.0 if i % 2 == 0 else 0.0 for i in range(len(problems))}
    assert logged_rewards(result.stderr) == sorted(by_idx.items())
    assert server.replies and all(sent.streamed for sent in server.replies)


def test_multi_turn_families_get_feedback_until_right_or_out_of_attempts(runs):
    problems = runs["problems"]
    _, saved = saved_run(runs, "mixed")
    multi = [e for e in saved if e["task"]["data"]["info"]["max_turns"] > 1]
    single = [e for e in saved if e["task"]["data"]["info"]["max_turns"] == 1]
    assert multi and single
    for episode in single:
        (trace,) = episode["traces"]
        assert len(said(trace, "assistant")) == 1 and len(said(trace, "user")) == 1
    for episode in multi:
        (trace,) = episode["traces"]
        idx = episode["task"]["data"]["idx"]
        problem = problems[idx]
        replies, users = said(trace, "assistant"), said(trace, "user")
        # right ones: wrong, then right (2 attempts); the rest: wrong 3 times (max_turns)
        assert len(replies) == (2 if idx % 2 == 0 else 3) == trace["metrics"]["attempts"]
        assert users[0] == problem.prompt
        for reply, feedback in zip(replies, users[1:]):
            assert feedback == family_for(problem).feedback(problem, verify(problem, reply))
        assert trace["rewards"]["rlvr_reward"]["score"] == (1.0 if idx % 2 == 0 else 0.0)


def test_vf_eval_runs_a_suites_frozen_set_with_several_rollouts(runs):
    result, saved = saved_run(runs, "frozen_run")
    assert len(saved) == 6
    for episode in saved:
        index = episode["task"]["data"]["idx"]
        assert episode["task"]["data"]["info"]["problem"] == runs["frozen"][index].to_dict()
    rewards = sorted(
        (e["task"]["data"]["idx"], e["traces"][0]["rewards"]["rlvr_reward"]["score"]) for e in saved
    )
    assert rewards == [(0, 1.0), (0, 1.0), (1, 1.0), (1, 1.0), (2, 0.0), (2, 0.0)]
    assert logged_rewards(result.stderr) == rewards


def test_vf_eval_reports_a_bad_env_id_clearly(runs):
    _, result = runs["bad"]
    assert result.returncode != 0
    assert "unknown env ids ['rlvr/Nope-v0']" in result.stderr + result.stdout
    assert "Traceback" not in result.stderr
