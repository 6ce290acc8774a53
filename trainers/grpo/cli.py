"""The command line: every ``Config`` field is a flag, documented by its docstring; presets.

``python -m trainers.grpo --preset demo --steps 30`` starts from a preset and overrides a
field. Flags are the field names with dashes (``--max-new-tokens``); booleans also take a
``--no-`` form.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import itertools
import json
import textwrap
import typing
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

from trainers.grpo.presets import PRESETS
from trainers.grpo.train import Config


def field_docs(cls: type) -> dict[str, str]:
    """The docstring written under each field of a dataclass (as CleanRL's Args has)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for node, following in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[node.target.id] = " ".join(following.value.value.split())
    return docs


def _parser_for(annotation: Any) -> tuple[Any, dict[str, Any]]:
    """argparse ``type`` and extra keywords for a field's annotation."""
    origin = typing.get_origin(annotation)
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if origin is typing.Literal:
        return str, {"choices": list(typing.get_args(annotation))}
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)) and args:
        return _parser_for(args[0])
    if origin is tuple:
        return float, {"nargs": len(typing.get_args(annotation))}
    if annotation is bool:
        return None, {"action": argparse.BooleanOptionalAction}
    if annotation in (int, float, str):
        return annotation, {}
    return json.loads, {}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m trainers.grpo",
        description="GRPO on rlvr-envs: teacher -> problems -> rollouts -> verifiers -> update.",
    )
    parser.add_argument(
        "--preset", choices=sorted(PRESETS), help="start from a named preset (see presets.py)"
    )
    hints = typing.get_type_hints(Config)
    docs = field_docs(Config)
    for f in fields(Config):
        if f.name == "extra":
            continue
        kind, extra = _parser_for(hints[f.name])
        default = f.default if f.default is not MISSING else f.default_factory()  # type: ignore[misc]
        text = f"{docs.get(f.name, '')} (default: {default})".replace("%", "%%")
        options: dict[str, Any] = {"default": argparse.SUPPRESS, "help": text, **extra}
        if kind is not None:
            options["type"] = kind
        parser.add_argument(f"--{f.name.replace('_', '-')}", dest=f.name, **options)
    return parser


def parse(argv: list[str] | None = None) -> Config:
    """A Config from the command line: the preset's values, then the explicit flags."""
    given = vars(build_parser().parse_args(argv))
    name = given.pop("preset", None)
    values = {**(PRESETS[name] if name else {}), **given}
    if "adam_betas" in values:
        values["adam_betas"] = tuple(values["adam_betas"])
    cfg = Config(**values)
    if name:
        cfg.extra["preset"] = name
    return cfg


def summary(output_dir: str | Path) -> str:
    """What a run did, from its ``metrics.jsonl``: held-out pass@1 and format before and after
    training, the share of groups that carried no learning signal, and where the curves are."""
    from trainers.grpo.metrics import read_jsonl

    out = Path(output_dir)
    path = out / "metrics.jsonl"
    rows = read_jsonl(path) if path.exists() else []
    evals = [r for r in rows if "eval/pass@1" in r]
    lines = []
    if evals:
        lines += [
            "held-out pass@1 (greedy, on the suite's frozen evaluation set):",
            f"  {'':<7}{'step':>6}{'pass@1':>9}{'format':>9}",
        ]
        marks = [("before", evals[0]), ("after", evals[-1])]
        if len(evals) == 1:  # one evaluation: at step 0 (no training) or at the end only
            marks = [("after" if evals[0].get("step", 0) else "before", evals[0])]
        for label, row in marks:
            fmt = row.get("eval/format")
            fmt_text = f"{fmt:>9.3f}" if fmt is not None else f"{'-':>9}"
            lines.append(f"  {label:<7}{row['step']:>6}{row['eval/pass@1']:>9.3f}{fmt_text}")
    else:
        lines.append("no held-out evaluation in this run (eval_every < 0)")
    signal = [r["train/zero_variance"] for r in rows if "train/zero_variance" in r]
    if signal:
        half = signal[len(signal) // 2 :]
        mean, late = sum(signal) / len(signal), sum(half) / len(half)
        lines.append(
            f"groups with zero reward variance (no learning signal): {mean:.2f} over all "
            f"{len(signal)} steps, {late:.2f} over the last {len(half)}"
        )
    lines.append(f"every step's metrics: {path}")
    if (out / "curves.png").exists():
        lines.append(f"learning curves: {out / 'curves.png'}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    from trainers.grpo.train import train

    cfg = parse(argv)
    train(cfg)
    print(summary(cfg.output_dir))
