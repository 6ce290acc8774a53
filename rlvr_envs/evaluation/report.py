"""Summaries of an evaluation: pass@k for k = 1..K (Chen et al. 2021, unbiased), format rate,
per-env rows and errors, as a dict (``results.json``) and a markdown table (``results.md``).

Errors are never wrong answers: pass@k for a given k averages over the problems with at
least k samples that got an answer, and ``excluded`` counts the problems left out.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from rlvr_envs.evaluation.metrics import mean
from rlvr_envs.evaluation.run import ProblemResult


def _block(results: Sequence[ProblemResult], k: int) -> dict[str, Any]:
    samples = [s for r in results for s in r.samples]
    ok = [s for s in samples if s.error is None]
    pass_k: dict[str, float | None] = {}
    excluded: dict[str, int] = {}
    for j in range(1, k + 1):
        values = [v for r in results if (v := r.pass_at(j)) is not None]
        pass_k[str(j)] = mean(values)
        excluded[str(j)] = len(results) - len(values)
    return {
        "n": len(results),
        "pass@1": pass_k["1"],
        "pass@k": pass_k,
        "format_rate": mean(bool(s.format_ok) for s in ok),
        "errors": len(samples) - len(ok),
        "truncated": sum(s.finish_reason == "length" for s in ok),
        "excluded": excluded,
        "mean_turns": mean(s.turns for s in ok),
    }


def summarise(results: Sequence[ProblemResult], k: int | None = None) -> dict[str, Any]:
    """Overall and per-env metrics of ``results``.

    Keys: ``n`` (problems), ``k``, ``samples``, ``pass@1``, ``pass@k`` (``{"1": .., "K":
    ..}``), ``excluded`` (problems left out of pass@k per k: fewer than k answered samples),
    ``format_rate`` (over answered samples), ``mean_turns``, ``errors`` (samples whose
    requests failed), ``truncated`` (answered samples whose last completion was cut short
    by ``max_tokens``: scored, as the model's answer), ``error_problems``,
    ``error_messages`` (the commonest, with counts), ``requests`` (backend calls made; 0 on
    a fully cached rerun), ``completion_tokens`` (None when the backend reported no usage)
    and ``per_env`` (env id -> the same block).
    A metric over nothing is None.
    """
    if k is None:
        k = max((len(r.samples) for r in results), default=1)
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    summary = _block(results, k)
    samples = [s for r in results for s in r.samples]
    messages = Counter(s.error for s in samples if s.error is not None)
    tokens = [s.completion_tokens for s in samples if s.completion_tokens is not None]
    by_env: dict[str, list[ProblemResult]] = defaultdict(list)
    for result in results:
        by_env[result.problem.env_id].append(result)
    summary.update(
        k=k,
        samples=len(samples),
        error_problems=sum(r.n_errors > 0 for r in results),
        error_messages=dict(messages.most_common(5)),
        requests=sum(s.requests for s in samples),
        completion_tokens=sum(tokens) if tokens else None,
        per_env={env_id: _block(rows, k) for env_id, rows in sorted(by_env.items())},
    )
    return summary


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def markdown_table(summary: Mapping[str, Any], title: str | None = None) -> str:
    """The summary as markdown: one row per env and an overall row, then errors if any."""
    k = summary["k"]
    ks = ["1"] if k == 1 else ["1", str(k)]
    head = ["env id", "problems", *[f"pass@{j}" for j in ks], "format", "errors"]
    lines = [f"# {title}", ""] if title else []
    lines += ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]

    def row(name: str, block: Mapping[str, Any]) -> str:
        cells = [name, str(block["n"]), *[_pct(block["pass@k"][j]) for j in ks]]
        cells += [_pct(block["format_rate"]), str(block["errors"])]
        return "| " + " | ".join(cells) + " |"

    per_env = summary["per_env"]
    lines += [row(env_id, block) for env_id, block in per_env.items()]
    if len(per_env) != 1:
        lines.append(row("**all**", summary))
    if k > 2:
        curve = ", ".join(f"pass@{j} {_pct(v)}" for j, v in summary["pass@k"].items())
        lines += ["", f"pass@k for k = 1..{k}: {curve}"]
    if summary.get("truncated"):
        cut = summary["truncated"]
        lines += ["", f"{cut} answers were cut short by the token limit, and scored as they are "
                  "(raise --max-tokens for more room)"]  # fmt: skip
    if summary["errors"]:
        lines += ["", f"{summary['errors']} samples failed (not scored; left out of pass@k):"]
        lines += [f"- {count} x {message}" for message, count in summary["error_messages"].items()]
    return "\n".join(lines) + "\n"
