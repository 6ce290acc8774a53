"""`rlvr eval SUITE` shows the suite's own worked examples unless told otherwise."""

from __future__ import annotations

import json

import rlvr_envs
from rlvr_envs.cli import main
from rlvr_envs.evaluation import eval_problems


def _args(url, out, *extra):
    return ["eval", "demo-v0", "--n", "2", "--base-url", url, "--model", "fake", "--out",
            str(out), "--no-progress", *extra]  # fmt: skip


def test_a_suites_examples_are_the_default_and_no_chat_examples_is_zero_shot(
    serve, tmp_path, capsys
):
    shipped = rlvr_envs.load_suite("demo-v0").examples
    assert shipped  # the suite ships worked examples
    problems = eval_problems("demo-v0", 2)
    server = serve(problems)
    few, zero = tmp_path / "few", tmp_path / "zero"
    assert main(_args(server.url, few)) == 0
    assert "the suite's 3 worked examples" in capsys.readouterr().err
    turns = [[m["content"] for m in r.body["messages"]] for r in server.seen]
    expected = [text for pair in shipped for text in pair]
    assert [t[:-1] for t in turns] == [expected, expected]
    assert {t[-1] for t in turns} == {p.prompt for p in problems}
    settings = json.loads((few / "results.json").read_text())["settings"]
    assert settings["chat_examples"] == shipped and settings["chat_examples_from"] == "suite"

    assert main(_args(server.url, zero, "--no-chat-examples")) == 0
    zero_shot = [r.body["messages"] for r in server.seen[2:]]
    assert server.requests == 4 and all(len(m) == 1 for m in zero_shot)
    settings = json.loads((zero / "results.json").read_text())["settings"]
    assert settings["chat_examples"] == [] and settings["chat_examples_from"] == "none"

    given = '[["What is 2 + 2?", "<answer>4</answer>"]]'
    assert main(_args(server.url, tmp_path / "given", "--chat-examples", given)) == 0
    assert [m["content"] for m in server.seen[-1].body["messages"][:2]] == json.loads(given)[0]
    capsys.readouterr()
    assert main(_args(server.url, zero, "--no-chat-examples", "--chat-examples", given)) == 2
    assert "not both" in capsys.readouterr().err


def test_an_env_id_has_no_default_examples(serve, tmp_path):
    problems = eval_problems("rlvr/Arithmetic-v0", 1)
    server = serve(problems)
    args = ["eval", "rlvr/Arithmetic-v0", "--n", "1", "--base-url", server.url, "--model", "f",
            "--out", str(tmp_path / "o"), "--no-progress"]  # fmt: skip
    assert main(args) == 0
    assert len(server.seen[0].body["messages"]) == 1
