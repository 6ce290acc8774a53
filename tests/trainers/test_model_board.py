"""The model board's few-shot rows and a trained checkpoint's rows, on a tiny stand-in model
and a fake server (the real board serves models with vLLM; the command path is the same)."""

from __future__ import annotations

import contextlib
import importlib.util
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("torch")

from rlvr_envs.evaluation import eval_problems
from tests.evaluation.fake_server import FakeServer, Reply, oracle, wrong_completion

ROOT = Path(__file__).resolve().parents[2]


def _board():
    path = ROOT / "scripts" / "model_leaderboard.py"
    spec = importlib.util.spec_from_file_location("model_leaderboard", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _checkpoint(model_dir: Path, run: Path) -> Path:
    """A trainer checkpoint of ``model_dir`` with one weight changed, and its run's config."""
    import torch

    from trainers.grpo import checkpoint
    from trainers.grpo.model import load_model

    model = load_model(model_dir)
    with torch.no_grad():
        model.model.norm.weight.fill_(0.5)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda k: 1.0)
    run.mkdir(parents=True)
    config = {"model": str(model_dir), "suite": "starter-v0", "seed": 3, "lora_rank": 0}
    (run / "config.json").write_text(json.dumps(config))
    return checkpoint.save(
        run / "checkpoints", model=model, optimizer=optimizer, scheduler=scheduler,
        teacher_state={}, step=7, config=config,
    )  # fmt: skip


def test_export_writes_the_trained_weights_as_a_model_directory(tiny_model_dir, tmp_path):
    from trainers.grpo.export import export, find_checkpoint
    from trainers.grpo.model import load_model

    ckpt = _checkpoint(tiny_model_dir, tmp_path / "run")
    assert find_checkpoint(tmp_path / "run") == ckpt  # a run directory: its newest checkpoint
    out = export(tmp_path / "run", tmp_path / "hf")
    trained, base = load_model(out), load_model(tiny_model_dir)
    assert bool((trained.model.norm.weight == 0.5).all())
    assert not bool((base.model.norm.weight == 0.5).all())
    assert "step 7" in (out / "SOURCE.txt").read_text()
    with pytest.raises(FileNotFoundError, match="neither a checkpoint"):
        find_checkpoint(tmp_path)


def test_board_has_zero_and_few_shot_rows_and_the_checkpoint_beside_the_model(
    tiny_model_dir, tmp_path, monkeypatch
):
    from rlvr_envs.cli import main as rlvr

    board = _board()
    _checkpoint(tiny_model_dir, tmp_path / "run")
    problems = eval_problems("demo-v0", 2)

    def reply(request):  # right only when shown worked examples: few-shot rows differ
        shown = len(request.body["messages"]) > 1
        return oracle(request) if shown else Reply(text=wrong_completion(request.problem))

    served = []

    @contextlib.contextmanager
    def fake_serving(name, **kwargs):
        served.append((name, kwargs["env"].get("RLVR_SERVED_NAME")))
        with FakeServer(problems, responder=reply) as fake:
            model = kwargs["env"].get("RLVR_SERVED_NAME") or name
            yield SimpleNamespace(base_url=fake.url, model=model, start_s=0.1)

    monkeypatch.setattr(board, "serving", fake_serving)
    monkeypatch.setattr(board, "engine", lambda server, dtype: "fake engine")
    monkeypatch.setattr(board, "run_rlvr", lambda command: (rlvr(command[1:]), ""))
    monkeypatch.chdir(ROOT)  # rlvr eval's --out is relative to the checkout, as run there
    out, runs = tmp_path / "board", tmp_path / "runs"
    args = ["--models", "smollm2-135m", "--suites", "demo-v0", "--n", "2", "--out", str(out),
            "--runs", str(runs), "--checkpoint", str(tmp_path / "run"),
            "--checkpoint-name", "tiny-trained"]  # fmt: skip
    assert board.main(args) == 0
    exported = runs / "checkpoints" / "tiny-trained"
    assert served == [("smollm2-135m", None), (str(exported), "tiny-trained")]
    assert (exported / "config.json").is_file()
    data = json.loads((out / "models.json").read_text())
    keys = [(r["model"], r["suite"], r["shots"], r["examples"]) for r in data["rows"]]
    assert keys == [
        ("smollm2-135m", "demo-v0", "zero", 0), ("smollm2-135m", "demo-v0", "few", 3),
        ("tiny-trained", "demo-v0", "zero", 0), ("tiny-trained", "demo-v0", "few", 3),
    ]  # fmt: skip
    assert [r["pass@1"] for r in data["rows"]] == [0.0, 1.0, 0.0, 1.0]
    assert "--no-chat-examples" in data["rows"][0]["command"]
    assert "--no-chat-examples" not in data["rows"][1]["command"]
    trained = data["models"][1]
    assert trained["model"] == "tiny-trained" and "7 GRPO steps" in trained["source"]
    assert "RLVR_SERVED_NAME=tiny-trained" in trained["serve_command"]
    text = (out / "models.md").read_text()
    assert "| smollm2-135m | demo-v0 | 0.0% (100.0%, n=2) | 100.0% (100.0%, n=2) |" in text
    assert "| tiny-trained | demo-v0 | 0.0% (100.0%, n=2) | 100.0% (100.0%, n=2) |" in text


def test_older_rows_count_as_zero_shot_and_are_kept_beside_new_ones():
    board = _board()
    old = {"rows": [{"model": "smollm2-135m", "suite": "math-v0", "n": 1}], "models": []}
    new = [{"model": "smollm2-135m", "suite": "math-v0", "shots": "few", "n": 2}]
    _, rows = board.merge(old, [], new)
    assert [(r["suite"], r.get("shots", "zero")) for r in rows] == [
        ("math-v0", "zero"), ("math-v0", "few")
    ]  # fmt: skip
    redo = [{"model": "smollm2-135m", "suite": "math-v0", "shots": "zero", "n": 3}]
    _, rows = board.merge(old, [], redo)
    assert [r["n"] for r in rows] == [3]
