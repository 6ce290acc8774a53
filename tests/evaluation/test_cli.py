"""`rlvr eval` end to end: results.json / results.md / samples.jsonl, resume, errors and exit
status, bad inputs, and a local Hugging Face model (--hf)."""

from __future__ import annotations

import json
import socket

import pytest

from rlvr_envs.cli import main
from tests.evaluation.fake_server import correct_if


def eval_args(source, server_url, out, *extra):
    return ["eval", source, "--base-url", server_url, "--model", "fake", "--out", str(out),
            "--no-progress", *extra]  # fmt: skip


def test_eval_writes_results_and_a_rerun_costs_nothing(serve, tmp_path, capsys):
    from rlvr_envs.evaluation import eval_problems

    problems = eval_problems("rlvr/Arithmetic-v0", 6)
    server = serve(problems, correct_if(lambda p: p.seed % 3 == 0))
    out = tmp_path / "run"
    assert main(eval_args("rlvr/Arithmetic-v0", server.url, out, "--n", "6", "--k", "2")) == 0
    stdout = capsys.readouterr().out
    results = json.loads((out / "results.json").read_text())
    expected = sum(p.seed % 3 == 0 for p in problems) / len(problems)
    assert results["suite"] == "rlvr/Arithmetic-v0" and results["model"] == "fake"
    assert results["n"] == 6 and results["k"] == 2 and results["errors"] == 0
    assert results["pass@1"] == expected and results["pass@k"] == {"1": expected, "2": expected}
    assert results["format_rate"] == 1.0
    assert results["per_env"]["rlvr/Arithmetic-v0"]["n"] == 6
    assert results["settings"]["temperature"] == 1.0  # the default for k > 1
    assert results["settings"]["base_url"] == server.url
    timing = results["timing"]
    assert timing["requests"] == 12 and timing["requests_per_s"] > 0 and timing["tokens_per_s"] > 0
    table = (out / "results.md").read_text()
    assert "| rlvr/Arithmetic-v0 | 6 |" in table and table in stdout
    samples = [json.loads(line) for line in (out / "samples.jsonl").read_text().splitlines()]
    assert [len(s["samples"]) for s in samples] == [2] * 6
    assert len((out / "completions.jsonl").read_text().splitlines()) == 12
    assert main(eval_args("rlvr/Arithmetic-v0", server.url, out, "--n", "6", "--k", "2")) == 0
    assert server.requests == 12
    assert json.loads((out / "results.json").read_text())["timing"]["requests"] == 0


def test_eval_on_a_suite(serve, tmp_path, capsys):
    from rlvr_envs.evaluation import eval_problems

    problems = eval_problems("demo-v0", 4)
    server = serve(problems)
    out = tmp_path / "demo"
    assert main(eval_args("demo-v0", server.url, out, "--n", "4", "--system-prompt", "Hi.")) == 0
    results = json.loads((out / "results.json").read_text())
    assert results["n"] == 4 and results["pass@1"] == 1.0 and results["suite"] == "demo-v0"
    assert server.seen[0].body["messages"][0] == {"role": "system", "content": "Hi."}
    assert "demo-v0: fake" in capsys.readouterr().out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_unreachable_server_gives_per_problem_errors_and_exit_1(tmp_path, capsys):
    url = f"http://127.0.0.1:{free_port()}/v1"
    out = tmp_path / "down"
    args = eval_args("rlvr/Arithmetic-v0", url, out, "--n", "3", "--retries", "1")
    assert main(args) == 1
    captured = capsys.readouterr()
    results = json.loads((out / "results.json").read_text())
    assert results["errors"] == 3 and results["error_problems"] == 3 and results["pass@1"] is None
    (message,) = results["error_messages"]
    assert message.startswith("connection error: ConnectError") and "(2 attempts)" in message
    assert "3 of 3 samples failed" in captured.err and "--allow-errors" in captured.err
    assert "3 samples failed (not scored" in captured.out
    assert main([*args, "--allow-errors"]) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rlvr/Nope-v0", "--base-url", "http://127.0.0.1:1/v1", "--model", "m"],
         "unknown env id 'rlvr/Nope-v0'"),
        (["nope", "--base-url", "http://127.0.0.1:1/v1", "--model", "m"], "no suite 'nope'"),
        (["demo-v0", "--base-url", "http://127.0.0.1:1/v1", "--model", "m", "--k", "0"],
         "--k must be >= 1"),
        (["demo-v0", "--base-url", "http://127.0.0.1:1/v1", "--model", "m", "--n", "0"],
         "--n must be >= 1"),
        (["demo-v0", "--model", "m"], "give the model as --base-url URL --model NAME, or as --hf"),
        (["demo-v0", "--base-url", "http://127.0.0.1:1/v1"], "--base-url needs --model"),
        (["demo-v0", "--base-url", "localhost:8000", "--model", "m"], "must start with http"),
        (["demo-v0", "--base-url", "http://x/v1", "--model", "m", "--api-key-env", "NO_SUCH_VAR"],
         r"\$NO_SUCH_VAR is not set"),
        (["demo-v0", "--hf", "/no/such/model"], "no model directory at /no/such/model"),
        (["demo-v0", "--base-url", "http://x/v1", "--model", "m", "--verify-timeout", "0"],
         "--verify-timeout must be > 0 seconds"),
    ],
)  # fmt: skip
def test_bad_inputs_give_one_line_errors(tmp_path, capsys, args, message):
    import re

    assert main(["eval", *args, "--out", str(tmp_path / "x"), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rlvr: error: ") and re.search(message, err), err
    assert "Traceback" not in err


def test_verify_timeout_reaches_the_verifier(serve, tmp_path, capsys, verify_budgets):
    from rlvr_envs.evaluation import eval_problems

    problems = eval_problems("rlvr/Arithmetic-v0", 3)
    server = serve(problems)
    out = tmp_path / "run"
    args = eval_args("rlvr/Arithmetic-v0", server.url, out, "--n", "3", "--verify-timeout", "0.125")
    assert main(args) == 0
    assert verify_budgets == [0.125] * 3
    assert json.loads((out / "results.json").read_text())["settings"]["verify_timeout"] == 0.125


def test_an_interrupted_eval_says_how_to_resume(tmp_path, capsys, monkeypatch):
    import rlvr_envs.evaluation.run

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(rlvr_envs.evaluation.run, "score_problems", interrupted)
    out = tmp_path / "x"
    assert main(eval_args("demo-v0", "http://127.0.0.1:1/v1", out, "--n", "2")) == 130
    err = capsys.readouterr().err
    assert f"in {out / 'completions.jsonl'}: rerun the same command to resume" in err
    assert not (out / "results.json").exists()


def test_eval_with_a_local_hf_model(tmp_path, capsys):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from tests.trainers.tiny_model import build_tiny_model

    model = build_tiny_model(tmp_path / "tiny-llama")
    out = tmp_path / "hf"
    args = ["eval", "rlvr/Arithmetic-v0", "--hf", str(model), "--n", "3", "--k", "2",
            "--max-tokens", "6", "--seed", "0", "--out", str(out), "--no-progress"]  # fmt: skip
    assert main(args) == 0
    results = json.loads((out / "results.json").read_text())
    assert results["model"] == "tiny-llama" and results["n"] == 3 and results["errors"] == 0
    assert results["settings"]["backend"] == "hf" and 0.0 <= results["pass@1"] <= 1.0
    assert results["completion_tokens"] is not None and 6 <= results["completion_tokens"] <= 36
    assert results["timing"]["tokens_per_s"] > 0
    cached = [json.loads(line) for line in (out / "completions.jsonl").read_text().splitlines()]
    assert len(cached) == 6 and all(1 <= c["completion_tokens"] <= 6 for c in cached)
    assert main(args) == 0  # the rerun reads the cache
    assert json.loads((out / "results.json").read_text())["timing"]["requests"] == 0


def test_chat_examples_are_earlier_turns_and_part_of_the_cache_key(serve, tmp_path, capsys):
    from rlvr_envs.evaluation import eval_problems

    problems = eval_problems("rlvr/Arithmetic-v0", 2)
    server = serve(problems)
    examples = [["What is 1 + 1?", "<answer>2</answer>"]]
    file = tmp_path / "examples.json"
    file.write_text(json.dumps(examples))
    out = tmp_path / "run"
    assert main(eval_args("rlvr/Arithmetic-v0", server.url, out, "--n", "2",
                          "--chat-examples", str(file))) == 0  # fmt: skip
    sent = [r.body["messages"] for r in server.seen]
    assert len(sent) == 2 and all(len(m) == 3 for m in sent)
    shown = [{"role": "user", "content": "What is 1 + 1?"},
             {"role": "assistant", "content": "<answer>2</answer>"}]  # fmt: skip
    assert [m[:2] for m in sent] == [shown, shown]
    assert {m[2]["content"] for m in sent} == {p.prompt for p in problems}
    report = json.loads((out / "results.json").read_text())
    assert report["pass@1"] == 1.0 and report["settings"]["chat_examples"] == examples
    assert main(eval_args("rlvr/Arithmetic-v0", server.url, out, "--n", "2")) == 0
    assert server.requests == 4  # without the examples: other requests, not cache hits
    capsys.readouterr()
    for bad in ('[["only a question"]]', "not json", "[[1, 2]]"):
        assert main(eval_args("rlvr/Arithmetic-v0", server.url, out, "--chat-examples", bad)) == 2
        assert "chat examples must" in capsys.readouterr().err
