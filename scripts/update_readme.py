"""Regenerate the env table in README.md (between the envs:start / envs:end markers).

Run ``python scripts/update_readme.py`` after adding or changing a family; a test fails
while the README's table is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
START, END = "<!-- envs:start -->", "<!-- envs:end -->"


def env_table() -> str:
    """Markdown table: id, knobs with ranges, the answer form the check enforces, and an
    excerpt of an easy prompt."""
    from rlvr_envs.families import BUILTIN_FAMILIES, BUILTIN_MIXTURES
    from rlvr_envs.registry import make_task

    rows = [
        "| env id | knobs | answer form | example prompt (seed 0, difficulty 0.2) |",
        "| --- | --- | --- | --- |",
    ]
    for env_id, _, _, _ in BUILTIN_FAMILIES:
        task = make_task(env_id)
        knobs = ", ".join(f"`{n}` {k.describe()}" for n, k in task.knob_space.items())
        prompt = " ".join(task.generate(seed=0, difficulty=0.2).prompt.split())
        excerpt = prompt if len(prompt) <= 110 else prompt[:107].rstrip() + "..."
        form = task.family.answer_form
        rows.append(f"| `{env_id}` | {knobs} | {_cell(form)} | {_cell(excerpt)} |")
    mixtures = ", ".join(
        f"`{env_id}` ({len(members)} families)" for env_id, _, members in BUILTIN_MIXTURES
    )
    return "\n".join([*rows, "", f"Mixtures: {mixtures}."])


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def render(readme: str) -> str:
    head, _, rest = readme.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{env_table()}\n{END}{tail}"


def main() -> int:
    text = README.read_text()
    if START not in text or END not in text:
        print(f"README.md lacks the {START} / {END} markers", file=sys.stderr)
        return 1
    README.write_text(render(text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
