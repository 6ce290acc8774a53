"""``rlvr export``: rows any trainer can read, deterministic, scored from the row alone."""

from __future__ import annotations

import json

import pytest

import rlvr_envs
from rlvr_envs.cli import main
from rlvr_envs.export import COLUMNS, export, row_reward


def read_jsonl(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_jsonl_rows_are_deterministic_and_scored_from_the_row_alone(tmp_path):
    first = export("demo-v0", tmp_path / "a.jsonl", n=12, seed=3, progress=False)
    again = export("demo-v0", tmp_path / "b.jsonl", n=12, seed=3, progress=False)
    assert first.read_bytes() == again.read_bytes()
    rows = read_jsonl(first)
    assert len(rows) == 12 and all(set(row) == set(COLUMNS) for row in rows)
    other = read_jsonl(export("demo-v0", tmp_path / "c.jsonl", n=12, seed=4, progress=False))
    assert rows != other
    for row in rows:
        problem = rlvr_envs.Problem.from_dict(json.loads(row["problem"]))
        assert problem.seed < rlvr_envs.EVAL_SEEDS.start  # training seeds only
        assert row["prompt"][-1] == {"role": "user", "content": problem.prompt}
        assert row_reward(row, rlvr_envs.oracle_completion(problem)) == 1.0
        assert row_reward(row, "<answer>not a number</answer>") == 0.0
    assert not list(tmp_path.glob("*.partial"))


def test_the_eval_split_is_the_suites_frozen_set_in_every_format(tmp_path):
    frozen = rlvr_envs.load_suite("demo-v0").load_eval_set()
    rows = read_jsonl(export("demo-v0", tmp_path / "e.jsonl", split="eval", progress=False))
    assert [json.loads(r["problem"]) for r in rows] == [p.to_dict() for p in frozen]
    pq = pytest.importorskip("pyarrow.parquet")
    table = pq.read_table(export("demo-v0", tmp_path / "e.parquet", format="parquet",
                                 split="eval", progress=False))  # fmt: skip
    assert table.column("problem").to_pylist() == [r["problem"] for r in rows]
    datasets = pytest.importorskip("datasets")
    saved = export("demo-v0", tmp_path / "hf", format="hf", split="eval", progress=False)
    assert datasets.load_from_disk(str(saved))["problem"] == [r["problem"] for r in rows]


def test_env_ids_text_prompts_and_a_difficulty_range(tmp_path):
    ids = ["rlvr/Arithmetic-v0", "rlvr/LinearEquation-v0"]
    rows = read_jsonl(
        export(ids, tmp_path / "ids.jsonl", n=20, difficulty=(0.2, 0.4), conversational=False,
               system_prompt="Be brief.", progress=False)
    )  # fmt: skip
    assert {r["env_id"] for r in rows} == set(ids)
    assert all(0.2 <= r["difficulty"] <= 0.4 for r in rows)
    assert all(isinstance(r["prompt"], str) and r["prompt"].startswith("Be brief.") for r in rows)


def test_the_command_writes_the_file_and_refuses_bad_input(tmp_path, capsys):
    out = tmp_path / "cli.jsonl"
    assert main(["export", "demo-v0", "--n", "3", "--out", str(out)]) == 0
    assert len(read_jsonl(out)) == 3 and f"wrote {out}" in capsys.readouterr().out
    assert main(["export", "rlvr/Nope-v0", "--n", "3", "--out", str(out)]) == 2
    assert "unknown env id 'rlvr/Nope-v0'" in capsys.readouterr().err
    assert main(["export", "rlvr/Arithmetic-v0", "--split", "eval", "--out", str(out)]) == 2
    assert "needs a suite" in capsys.readouterr().err
    assert main(["export", "demo-v0", "--out", str(out)]) == 2  # train needs --n
    assert "required" in capsys.readouterr().err
    assert main(["export", "demo-v0", "--n", "-1", "--out", str(out)]) == 2
    with pytest.raises(ValueError, match="format"):
        export("demo-v0", out, format="csv", n=1)
    with pytest.raises(ValueError, match="difficulty"):
        export(["rlvr/Arithmetic-v0"], out, n=1, difficulty=(0.5, 0.2))
