"""Writing the curriculum leaderboard: JSON, a markdown report, and PNG learning curves.

``leaderboards/curricula.json`` holds the configuration, every run's test-success curve, the
analysis, and ``lm_students``: rows from real training runs, which :func:`record_lm_run` adds
(the GRPO trainer calls it) and the markdown shows in their own section. A row is a dict::

    {"model": "Qwen/Qwen2.5-0.5B-Instruct",   # required
     "suite": "math-v0",                      # required
     "teacher": "sec",                        # required: a TEACHERS name
     "steps": 400,                            # required: trainer steps
     "test_success": 0.41,                    # required: final success on the suite's eval set
     "baseline_test_success": 0.35,           # optional: uniform's, same model and steps
     "auc": 0.33, "seeds": 1, "group_size": 8, "prompts_per_step": 32,
     "run": "wandb/... or a path", "notes": "..."}

Markdown and JSON are pure functions of the results (no dates, no timings); matplotlib is
imported only to draw the plots.
"""

from __future__ import annotations

import contextlib
import json
import math
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from rlvr_envs.curriculum.benchmark import BASELINE
from rlvr_envs.curriculum.stats import iqm_curve_interval
from rlvr_envs.curriculum.teachers import TEACHERS

LM_REQUIRED = ("model", "suite", "teacher", "steps", "test_success")


def write_leaderboard(
    results: dict[str, Any],
    out_dir: str | Path = "leaderboards",
    name: str = "curricula",
    *,
    command: Sequence[str] | None = None,
    plots: bool = True,
) -> list[Path]:
    """Write ``<name>.json``, ``<name>.md`` and (with ``plots``) PNG curves into ``out_dir``;
    keeps the ``lm_students`` rows of an existing JSON file. Returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    json_path = out / f"{name}.json"
    if json_path.is_file() and not results.get("lm_students"):
        with contextlib.suppress(json.JSONDecodeError, OSError):
            results["lm_students"] = json.loads(json_path.read_text()).get("lm_students", [])
    if command is not None:
        results["command"] = " ".join(shlex.quote(c) for c in command)
    images = plot_curves(results, out, name) if plots else []
    json_path.write_text(dump_json(results))
    md_path = out / f"{name}.md"
    md_path.write_text(render_markdown(results, [p.name for p in images]))
    return [json_path, md_path, *images]


def record_lm_run(row: dict[str, Any], path: str | Path = "leaderboards/curricula.json") -> None:
    """Add one language-model run to the leaderboard's JSON and re-render its markdown."""
    missing = [k for k in LM_REQUIRED if k not in row]
    if missing:
        raise ValueError(f"an LM leaderboard row needs {list(LM_REQUIRED)}; missing {missing}")
    if row["teacher"] not in TEACHERS:
        raise ValueError(f"unknown teacher {row['teacher']!r}; known: {sorted(TEACHERS)}")
    path = Path(path)
    results = json.loads(path.read_text())
    results.setdefault("lm_students", []).append(dict(row))
    path.write_text(dump_json(results))
    images = sorted(p.name for p in path.parent.glob(f"{path.stem}*.png"))
    path.with_suffix(".md").write_text(render_markdown(results, images))


def dump_json(results: dict[str, Any]) -> str:
    """The results as JSON: indented, but one line per run so the file stays small."""
    head = {k: ("\0runs" if k == "runs" else v) for k, v in results.items()}
    text = json.dumps(head, indent=1)
    runs = ",\n".join("  " + json.dumps(r, separators=(",", ":")) for r in results.get("runs", []))
    return text.replace('"\\u0000runs"', "[\n" + runs + "\n ]") + "\n"


# -- markdown --------------------------------------------------------------------------------


def _ci(cell: dict[str, float], digits: int = 3) -> str:
    def f(x: float) -> str:
        return "∞" if math.isinf(x) else f"{x:.{digits}f}"

    return f"{f(cell['iqm'])} [{f(cell['low'])}, {f(cell['high'])}]"


def _steps(cell: dict[str, float], budget: int) -> str:
    def f(x: float) -> str:
        return f"> {budget:,}" if math.isinf(x) else f"{x:,.0f}"

    return f"{f(cell['iqm'])} [{f(cell['low'])}, {f(cell['high'])}]"


def _speed(cell: dict[str, float]) -> str:
    def f(x: float) -> str:
        return "never" if x == 0 else ("∞" if math.isinf(x) else f"{x:.2f}x")

    return f"{f(cell['speedup'])} [{f(cell['low'])}, {f(cell['high'])}]"


def _delta(cell: dict[str, float] | None) -> str:
    """A paired difference to the baseline with its interval, marked when significant."""
    if cell is None:
        return "—"
    mark = " ▲" if cell["low"] > 0 else (" ▼" if cell["high"] < 0 else "")
    return f"{cell['iqm']:+.3f} [{cell['low']:+.3f}, {cell['high']:+.3f}]{mark}"


def render_markdown(results: dict[str, Any], images: Sequence[str] = ()) -> str:
    """The leaderboard as markdown (deterministic given ``results``)."""
    cfg = results["config"]
    summary = results["summary"]
    space = results["space"]
    n_envs = len(space["envs"])
    lines = [
        "# Curriculum leaderboard",
        "",
        "Teachers (automatic curricula) compared on simulated GRPO-like students with known "
        "ground truth; see `rlvr_envs/curriculum/` and `rlvr bench curricula --help`. "
        "Generated by:",
        "",
        "```",
        results.get("command", "rlvr bench curricula"),
        "```",
        "",
        f"- Task space: suite `{cfg['suite']}`, {n_envs} envs x {cfg['bins']} difficulty bins "
        f"= {n_envs * cfg['bins']} arms, with the families' real knobs.",
        f"- Each run: {cfg['budget']:,} student-steps (one step = a group of "
        f"{cfg['group_size']} attempts at one spec and the update), {cfg['batch']} specs per "
        f"trainer step; test success measured {cfg['evals']} times on a held-out test set of "
        f"{cfg['test_per_env']} specs per env (seeds from `EVAL_SEEDS`).",
        f"- {cfg['seeds']} seeds per teacher and scenario; runs with the same scenario and seed "
        "train the same student (same ground truth).",
        "- Numbers are interquartile means (IQM) over seeds with 95% bootstrap intervals "
        "[low, high] (stratified by scenario where scenarios are pooled). **AUC**: mean test "
        "success over the run (area under the curve / budget). **final**: test success at the "
        "end. **steps to 80%**: student-steps until the student has made 80% of the best "
        "improvement (final minus initial test success) any teacher achieved on the same "
        "student. **speed-up**: budget / the steps the "
        "teacher's IQM curve needs to reach uniform's final IQM (1x = as fast as uniform; "
        "'never' = not within the budget; interval from a paired bootstrap over students). "
        "**flat**: share of groups whose rewards were all equal (no GRPO signal). **ΔAUC**: "
        "AUC minus uniform's AUC on the same student (paired); ▲/▼: its interval lies above/"
        "below 0 (significantly better/worse than uniform).",
        "- Teachers run with their default options (the schedule is told the budget).",
        "",
    ]
    lines += _targets_section(summary.get("targets", []))
    lines += _overall_section(summary, cfg)
    for scenario, info in results["scenarios"].items():
        lines += _scenario_section(scenario, info, summary["scenarios"][scenario], cfg, images)
    lines += _student_section(results)
    lines += _lm_section(results.get("lm_students", []))
    lines += _teachers_section(cfg["teachers"])
    return "\n".join(lines).rstrip() + "\n"


def _targets_section(targets: list[dict[str, Any]]) -> list[str]:
    if not targets:
        return []
    lines = [
        "## Headline targets",
        "",
        "| scenario | target | best teacher | speed-up [95% CI] | needed | met |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for t in targets:
        speed = {"speedup": t["speedup"], "low": t["low"], "high": t["high"]}
        lines.append(
            f"| {t['scenario']} | {t['target']} | `{t['best_teacher']}` | {_speed(speed)} | "
            f"{t['needed_speedup']:.0f}x | {'yes' if t['met'] else '**no**'} |"
        )
    return [*lines, ""]


def _overall_section(summary: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
    overall = summary["overall"]
    order = sorted(overall, key=lambda t: -overall[t]["normalised_auc"]["iqm"])
    lines = [
        "## Overall",
        "",
        "Normalised AUC: per run, the share of the learnable improvement (from the untrained "
        "student's test success to the ceiling of a student that learned all it can) gained, "
        "averaged over the run. Each column is the mean over scenarios of the per-scenario "
        "IQM over seeds (every scenario weighs the same), with a 95% bootstrap interval "
        "stratified by scenario; Δ is paired (same students). 'better/worse in': scenarios "
        "where the teacher's ΔAUC is significantly above/below 0.",
        "",
        "| teacher | normalised AUC | Δ vs uniform | better in | worse in |",
        "| --- | --- | --- | --- | --- |",
    ]
    for t in order:
        row = overall[t]
        better = ", ".join(row.get("better_in", [])) or "—"
        worse = ", ".join(row.get("worse_in", [])) or "—"
        delta = _delta(row.get("delta_normalised_auc")) if t != BASELINE else "baseline"
        lines.append(f"| `{t}` | {_ci(row['normalised_auc'])} | {delta} | {better} | {worse} |")
    return [*lines, ""]


def _scenario_section(
    scenario: str,
    info: dict[str, str],
    table: dict[str, Any],
    cfg: dict[str, Any],
    images: Sequence[str],
) -> list[str]:
    rows = table["teachers"]
    order = sorted(rows, key=lambda t: -rows[t]["auc"]["iqm"])
    lines = [
        f"## Scenario `{scenario}`: {info['challenge']}",
        "",
        f"{info['description'][0].upper()}{info['description'][1:]}. Test success before "
        f"training: {table['start']:.3f}; of a student that learned all it can: "
        f"{table['ceiling']:.3f} (means over seeds).",
        "",
        "| teacher | AUC | final | steps to 80% | speed-up | flat | ΔAUC vs uniform |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for t in order:
        row = rows[t]
        speed = row.get("speedup_to_baseline_final")
        delta = _delta(row.get("delta_auc")) if t != BASELINE else "baseline"
        lines.append(
            f"| `{t}` | {_ci(row['auc'])} | {_ci(row['final'])} | "
            f"{_steps(row['steps_to_80'], cfg['budget'])} | {_speed(speed) if speed else '—'} | "
            f"{row['flat_groups']:.0%} | {delta} |"
        )
    image = next((i for i in images if i.endswith(f"-{scenario}.png")), None)
    if image:
        lines += ["", f"![test success on {scenario}]({image})"]
    return [*lines, ""]


def _student_section(results: dict[str, Any]) -> list[str]:
    student = results.get("student")
    if not student:
        return []
    overrides = {k: v for k, v in results.get("student_overrides", {}).items() if v}
    settings = ", ".join(f"{k}={v}" for k, v in student.items())
    lines = [
        "## What the simulated students model, and what they do not",
        "",
        "Each env has a skill: success logits on a grid over the env's hardness (a weighted "
        "mean of its knob coordinates). An attempt succeeds with the sigmoid of the skill at "
        "that hardness plus a fixed per-problem offset; a composed skill also needs its parts. "
        "A group of G attempts with pass rate q moves the grid by lr x 4q(1-q) x a transfer "
        "kernel (wider toward easier cells): groups whose rewards agree teach nothing. Cells "
        "past the scenario's ceiling never improve; forgetting pulls the grid back to its "
        "start; the n-th repeat of one problem teaches repeat_decay^n as much. Test success is "
        "the exact expected pass rate on the held-out specs (no sampling noise).",
        "",
        "Not modelled: transfer between envs, interference, the cost of generating a group "
        "(every group counts as one step whether or not it teaches), and anything a teacher "
        "could learn from the problem text. The ranking of problem-level teachers (PLR, VCRL, "
        "balanced filtering) depends on repeat_decay; the ranking of knob-box teachers on how "
        "knobs combine into hardness. Treat these rows as a controlled test of each teacher's "
        "rule, and the language-model rows below as the ground truth.",
        "",
        f"Student settings: {settings}.",
    ]
    if overrides:
        per = "; ".join(
            f"{k}: " + ", ".join(f"{a}={b}" for a, b in v.items()) for k, v in overrides.items()
        )
        lines.append(f"Scenario overrides: {per}.")
    return [*lines, ""]


def _lm_section(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "## Language-model students",
        "",
        "Rows from real GRPO training runs (`trainers/grpo`, recorded with "
        "`rlvr_envs.curriculum.leaderboard.record_lm_run`): the same teachers driving a "
        "language model through the same interface, scored on the suite's frozen evaluation "
        "set.",
        "",
        "| model | suite | teacher | steps | test success | uniform's | AUC | run |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    if not rows:
        lines.append("| _no runs recorded yet_ | | | | | | | |")
    for r in rows:
        base = r.get("baseline_test_success")
        auc = r.get("auc")
        lines.append(
            f"| {r['model']} | {r['suite']} | `{r['teacher']}` | {r['steps']:,} | "
            f"{_num(r['test_success'])} | {_num(base)} | {_num(auc)} | {r.get('run', '')} |"
        )
    return [*lines, ""]


def _num(x: Any) -> str:
    if x is None:
        return "—"
    if isinstance(x, dict):
        return _ci(x)
    return f"{float(x):.3f}"


def _teachers_section(names: Sequence[str]) -> list[str]:
    lines = ["## Teachers", ""]
    for label in names:
        name = label.partition(":")[0]
        if name != label:
            lines.append(f"- `{label}`: `{name}` with options `{label.partition(':')[2]}`.")
            continue
        doc = (TEACHERS[name].__doc__ or "").strip().split("\n\n")
        head = " ".join(doc[0].split())
        source = ""
        for para in doc[1:]:
            text = " ".join(para.split())
            if "Source:" in text:
                source = text[text.index("Source:") + len("Source:") :].split(". Defaults")[0]
        lines.append(f"- `{name}`: {head}" + (f" Source: {source.strip()}" if source else ""))
    return [*lines, ""]


# -- plots -----------------------------------------------------------------------------------


def plot_curves(results: dict[str, Any], out_dir: Path, name: str) -> list[Path]:
    """One PNG per scenario: IQM test success over student-steps (left) and the paired gain
    over uniform on the same students, with a 95% bootstrap band (right)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = np.asarray(results["eval_steps"])
    teachers = results["config"]["teachers"]
    colours = plt.get_cmap("tab10")
    paths = []
    for scenario in results["config"]["scenarios"]:
        curves = {
            t: np.asarray(
                [
                    r["success"]
                    for r in sorted(results["runs"], key=lambda r: r["seed"])
                    if r["scenario"] == scenario and r["teacher"] == t
                ]
            )
            for t in teachers
        }
        # constrained layout puts the legend right beside the axes (a fixed margin left a
        # blank band before it)
        fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5), dpi=100, layout="constrained")
        for i, teacher in enumerate(teachers):
            if teacher == BASELINE:
                style = {"color": "black", "lw": 2.4, "ls": "-"}
            else:
                style = {"color": colours(i % 10), "lw": 1.5, "ls": ("-", "--", ":")[i // 10]}
            mid, _, _ = iqm_curve_interval(curves[teacher], reps=10, seed=i)
            left.plot(steps, mid, label=teacher, **style)
            if BASELINE in curves:
                gain = curves[teacher] - curves[BASELINE]
                mid, low, high = iqm_curve_interval(gain, seed=i)
                right.plot(steps, mid, **style)
                if teacher != BASELINE:
                    right.fill_between(steps, low, high, alpha=0.08, color=style["color"], lw=0)
        left.set_title(f"{scenario}: {results['scenarios'][scenario]['challenge']}")
        left.set_ylabel("test success (IQM over seeds)")
        right.set_title("gain over uniform on the same students (IQM, 95% CI)")
        right.set_ylabel("test success minus uniform's")
        for ax in (left, right):
            ax.set_xlabel("student-steps (groups)")
            ax.grid(alpha=0.3)
        fig.legend(loc="outside right center", fontsize=8, frameon=False)
        path = out_dir / f"{name}-{scenario}.png"
        fig.savefig(path, metadata={"Software": None})
        plt.close(fig)
        paths.append(path)
    return paths
