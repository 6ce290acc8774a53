"""score_problems against the fake server: exact pass@k, the completion cache (resume after an
interruption, a rerun that sends nothing), the concurrency bound, multi-turn conversations."""

from __future__ import annotations

import asyncio
import json
import math

import pytest

import rlvr_envs
from rlvr_envs.evaluation import (
    CompletionCache,
    ascore_problems,
    eval_problems,
    openai_backend,
    pass_at_k,
    score_problems,
    summarise,
)
from tests.evaluation.fake_server import Reply, correct_if, oracle, wrong_completion


def backend_for(server, **options):
    return openai_backend(server.url, "fake", api_key="", backoff=0.01, **options)


def test_half_right_gives_exactly_that_pass_at_1(serve, arithmetic):
    right = {p.seed for p in arithmetic if p.seed % 2 == 0}
    server = serve(arithmetic, correct_if(lambda p: p.seed in right))
    results = score_problems(arithmetic, backend_for(server), progress=False)
    assert [r.problem for r in results] == arithmetic  # the order given
    assert [r.samples[0].correct for r in results] == [p.seed in right for p in arithmetic]
    summary = summarise(results)
    assert summary["pass@1"] == len(right) / len(arithmetic)
    assert summary["format_rate"] == 1.0 and summary["errors"] == 0
    assert summary["requests"] == server.requests == len(arithmetic)


def test_pass_at_k_from_k_samples(serve, arithmetic):
    # sample i is requested with seed 100 + i; right for samples 0 and 3 of the even seeds
    def respond(request):
        good = request.problem.seed % 2 == 0 and request.body["seed"] in (100, 103)
        return oracle(request) if good else Reply(text=wrong_completion(request.problem))

    server = serve(arithmetic, respond)
    results = score_problems(arithmetic, backend_for(server), k=5, seed=100, temperature=1.0,
                             progress=False)  # fmt: skip
    even = sum(p.seed % 2 == 0 for p in arithmetic) / len(arithmetic)
    summary = summarise(results)
    for k in range(1, 6):
        assert math.isclose(summary["pass@k"][str(k)], even * pass_at_k(5, 2, k))
    assert [r.n_correct for r in results] == [2 * (p.seed % 2 == 0) for p in arithmetic]


def test_a_rerun_with_the_same_settings_sends_no_request(serve, arithmetic, tmp_path):
    server = serve(arithmetic)
    cache = tmp_path / "completions.jsonl"
    first = score_problems(arithmetic, backend_for(server), k=2, cache=cache, progress=False)
    assert server.requests == 2 * len(arithmetic)
    assert len(cache.read_text().splitlines()) == 2 * len(arithmetic)
    again = score_problems(arithmetic, backend_for(server), k=2, cache=cache, progress=False)
    assert server.requests == 2 * len(arithmetic)  # nothing new
    assert [s.completions for r in again for s in r.samples] == [
        s.completions for r in first for s in r.samples
    ]
    assert summarise(again)["requests"] == 0 and summarise(again)["pass@1"] == 1.0
    # other settings are other completions
    score_problems(arithmetic[:2], backend_for(server), k=2, cache=cache, max_tokens=99,
                   progress=False)  # fmt: skip
    assert server.requests == 2 * len(arithmetic) + 4


def test_an_interrupted_run_resumes_with_only_the_remaining_requests(serve, arithmetic, tmp_path):
    server = serve(arithmetic, lambda r: Reply(text=oracle(r).text, delay=0.05))
    cache = tmp_path / "completions.jsonl"

    async def interrupted():
        run = asyncio.ensure_future(
            ascore_problems(arithmetic, backend_for(server, concurrency=2), k=2, cache=cache,
                            progress=False)
        )  # fmt: skip
        for _ in range(1000):  # until a few completions are in (10 s at most)
            await asyncio.sleep(0.01)
            if cache.exists() and len(cache.read_text().splitlines()) >= 3:
                break
        run.cancel()  # what Ctrl-C does to asyncio.run's main task
        with pytest.raises(asyncio.CancelledError):
            await run

    asyncio.run(interrupted())
    done = len(CompletionCache(cache))
    assert 3 <= done < 2 * len(arithmetic)
    before = server.requests
    results = score_problems(arithmetic, backend_for(server, concurrency=4), k=2, cache=cache,
                             progress=False)  # fmt: skip
    assert server.requests - before == 2 * len(arithmetic) - done
    assert summarise(results)["pass@1"] == 1.0


def test_a_run_cut_off_by_a_dying_server_completes_on_rerun(serve, arithmetic, tmp_path):
    count = 4
    server = serve(arithmetic, lambda r: oracle(r) if r.index < count else Reply(drop=True))
    cache = tmp_path / "c.jsonl"
    results = score_problems(arithmetic, backend_for(server, retries=0, concurrency=1),
                             cache=cache, progress=False)  # fmt: skip
    assert summarise(results)["errors"] == len(arithmetic) - count
    server.responder = oracle  # the server is back
    results = score_problems(arithmetic, backend_for(server), cache=cache, progress=False)
    assert server.requests == len(arithmetic) + (len(arithmetic) - count)
    summary = summarise(results)
    assert summary["errors"] == 0 and summary["pass@1"] == 1.0
    assert summary["requests"] == len(arithmetic) - count


def test_a_line_cut_short_in_the_cache_is_skipped_and_redone(serve, arithmetic, tmp_path):
    server = serve(arithmetic[:3])
    cache = tmp_path / "c.jsonl"
    score_problems(arithmetic[:3], backend_for(server), cache=cache, progress=False)
    lines = cache.read_text().splitlines()
    cache.write_text("\n".join(lines[:2]) + "\n" + lines[2][:25])  # killed mid-write
    assert CompletionCache(cache).skipped == 1
    score_problems(arithmetic[:3], backend_for(server), cache=cache, progress=False)
    assert server.requests == 4
    rows = [json.loads(line) for line in cache.read_text().splitlines()[:2]]
    assert len(CompletionCache(cache)) == 3 and all(r["model"] == "fake" for r in rows)


def test_the_fast_content_hash_is_the_problems_own():
    from rlvr_envs.evaluation.run import content_hash

    for suite in ("math-v0", "graph-v1", "compose-v0", "algorithms-v0"):
        for problem in rlvr_envs.load_suite(suite).load_eval_set()[::7]:
            assert content_hash(problem) == problem.content_hash()


def test_concurrency_bound_is_respected(serve, arithmetic):
    server = serve(arithmetic, lambda r: Reply(text=oracle(r).text, delay=0.05))
    score_problems(arithmetic, backend_for(server, concurrency=3), k=2, progress=False)
    assert server.max_in_flight == 3 and server.requests == 2 * len(arithmetic)


def test_multi_turn_code_repair_continues_with_feedback(serve):
    problems = eval_problems("rlvr/CodeRepair-v0", 2)
    assert rlvr_envs.make_task("rlvr/CodeRepair-v0").max_turns == 3

    def second_turn_right(request):
        if request.turn == 0:
            return Reply(text=wrong_completion(request.problem))
        return oracle(request)

    server = serve(problems, second_turn_right)
    results = score_problems(problems, backend_for(server), progress=False)
    for result in results:
        sample = result.samples[0]
        assert sample.correct is True and sample.turns == 2 and sample.requests == 2
        assert sample.completions[0] == wrong_completion(result.problem)
    second = [r for r in server.seen if r.turn == 1]
    assert len(second) == 2 and server.requests == 4
    messages = second[0].body["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "user"]
    assert messages[2]["content"].startswith("Your code passed 0 of")

    server.responder = correct_if(lambda p: False)
    results = score_problems(problems, backend_for(server), seed=1, progress=False)
    assert [(s.correct, s.turns) for r in results for s in r.samples] == [(False, 3)] * 2
    results = score_problems(problems, backend_for(server), seed=1, max_turns=1, progress=False)
    assert [s.turns for r in results for s in r.samples] == [1, 1]


def test_score_problems_works_inside_a_running_event_loop(serve, arithmetic):
    server = serve(arithmetic[:2])

    async def notebook_cell():
        return score_problems(arithmetic[:2], backend_for(server), progress=False)

    results = asyncio.run(notebook_cell())
    assert [r.samples[0].correct for r in results] == [True, True]


def test_progress_bar_shows_accuracy_and_tokens_per_second(serve, arithmetic, capsys):
    server = serve(arithmetic, correct_if(lambda p: p.seed % 2 == 0))
    score_problems(arithmetic, backend_for(server), progress=True, desc="demo")
    err = capsys.readouterr().err
    assert "demo: 100%" in err and f"{len(arithmetic)}/{len(arithmetic)}" in err
    assert "acc=0.500" in err and "tok/s=" in err


@pytest.mark.parametrize(
    ("options", "message"),
    [({"k": 0}, "k .* must be an integer >= 1"), ({"temperature": -1.0}, "temperature"),
     ({"max_tokens": 0}, "max_tokens"), ({"max_turns": 0}, "max_turns"),
     ({"verify_timeout": 0}, "timeout must be a positive number")],
)  # fmt: skip
def test_bad_settings_fail_before_any_request(serve, arithmetic, options, message):
    server = serve(arithmetic)
    with pytest.raises(ValueError, match=message):
        score_problems(arithmetic, backend_for(server), progress=False, **options)
    assert server.requests == 0


def test_a_verify_timeout_reaches_the_verifier(serve, arithmetic, verify_budgets):
    from rlvr_envs import core
    from rlvr_envs.evaluation.run import ScoringOptions

    server = serve(arithmetic)
    options = ScoringOptions(k=2, progress=False, verify_timeout=0.125)
    results = score_problems(arithmetic[:3], backend_for(server), options)
    assert [len(r.samples) for r in results] == [2, 2, 2]
    assert verify_budgets == [0.125] * 6
    verify_budgets.clear()
    score_problems(arithmetic[:3], backend_for(server), options, verify_timeout=None, k=1)
    assert verify_budgets == [core.DEFAULT_TIMEOUT] * 3  # a keyword overrides the options
    with pytest.raises(TypeError, match="unknown scoring options \\['tempreature'\\]"):
        score_problems(arithmetic, backend_for(server), tempreature=1.0)


def test_an_unregistered_family_fails_before_any_request(serve, arithmetic):
    server = serve(arithmetic)
    alien = rlvr_envs.Problem(**{**arithmetic[0].to_dict(), "family": "Alien"})
    with pytest.raises(ValueError, match="no registered family 'Alien'"):
        score_problems([arithmetic[1], alien], backend_for(server), progress=False)
    assert server.requests == 0


def test_eval_problems_from_env_ids_and_suites():
    problems = eval_problems("rlvr/Arithmetic-v0", 5, difficulty=(0.2, 0.6))
    assert [p.seed for p in problems] == [rlvr_envs.EVAL_SEEDS.start + i for i in range(5)]
    assert [p.difficulty for p in problems] == pytest.approx([0.2, 0.3, 0.4, 0.5, 0.6])
    assert eval_problems("rlvr/Arithmetic-v0", 1, difficulty=(0.2, 0.6))[0].difficulty == 0.4
    full = rlvr_envs.load_suite("demo-v0").load_eval_set()
    assert eval_problems("demo-v0") == full
    assert eval_problems("demo-v0", 4) == [full[0], full[12], full[24], full[36]]
    with pytest.raises(ValueError, match="unknown env id"):
        eval_problems("rlvr/Nope-v0")
    with pytest.raises(ValueError, match=r"no suite 'nope'.*or give an env id"):
        eval_problems("nope")
    with pytest.raises(ValueError, match="--n must be >= 1"):
        eval_problems("demo-v0", 0)
    with pytest.raises(ValueError, match="0 <= LOW <= HIGH <= 1"):
        eval_problems("rlvr/Arithmetic-v0", 3, difficulty=(0.8, 0.2))
