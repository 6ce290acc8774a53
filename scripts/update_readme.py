"""Regenerate the README's domain table and the gallery of examples in docs/gallery/.

Run ``python scripts/update_readme.py`` after adding or changing a family, a mixture or a
domain: it rewrites the table between the ``envs:start`` / ``envs:end`` markers of
README.md (one row per domain, linked to its gallery page) and every page of
``docs/gallery/`` (per domain, one example prompt and reference answer per family, at its
newest version). ``tests/test_readme.py`` fails, naming the stale files, until it is run.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
GALLERY = ROOT / "docs" / "gallery"
START, END = "<!-- envs:start -->", "<!-- envs:end -->"
SEED, DIFFICULTY = 0, 0.2  # the example problem of every family
PROMPT_LIMIT = 2500  # characters of an example prompt or answer shown before it is cut
SUMMARY_LIMIT = 120  # characters of a domain's summary taken from its package docstring

# What each domain holds, in a few words, for the README's table (a domain not named here
# shows the first sentence of its package docstring).
SUMMARIES = {
    "math": "arithmetic to calculus: algebra, number theory, linear algebra, geometry, "
    "probability and statistics",
    "logic": "Sudoku, zebra puzzles, knights and knaves, SAT, Countdown, cryptarithms, "
    "syllogisms with countermodels, family trees",
    "graph": "shortest paths, flows, matchings, colourings, orders and cuts, with witnesses",
    "code": "function synthesis, output and input prediction, bug fixing, efficiency, regexes, "
    "SQL; multi-turn repair; graded on hidden tests in the sandbox",
    "compose": "chains across families: string pipelines, cross-family and chained math",
    "puzzles": "grid puzzles proved unique by SAT, planning, games, simulation, word puzzles",
    "algorithms": "dynamic programming, greedy choices, enumeration, data-structure "
    "simulations, with certificates",
    "strings": "counting, sorting, partitioning, matching, formatting and encoding text",
    "data": "CSV tables, JSONPath, logs, time series, time zones, meeting slots, recipes, "
    "matrices and ASCII charts",
    "spatial": "dice and cube turns, cube nets, the 2x2x2 cube, views of stacked cubes, figures, "
    "mental rotation, folding, maps, bearings, routes, lines of sight and mirrors",
    "long_context": "needles among near misses, multi-hop chains, variable tracking, event "
    "orders, counts, aggregates, contradictions and joins over contexts up to 100,000 characters",
    "interactive": "multi-turn episodes: board and card games against an opponent of set "
    "strength, secrets found with feedback (Mastermind, Wordle, Battleship, Minesweeper), text "
    "worlds seen around the player, tools the env runs (calculator, Python, SQL, search) and "
    "Retry over any id",
    "science": "balancing equations, stoichiometry, titration, pH, gas laws, motion, Doppler, "
    "orbits, resistor networks, lenses, heat, decay, enzyme kinetics, epidemics, dimensions, "
    "genetics, transcription, translation, alignment and trees, answered exactly",
    "formal": "automata and regular expressions, grammars and machines, lambda terms, types, "
    "unification and rewriting, proofs checked rule by rule, finite models",
}


@functools.lru_cache(maxsize=1)
def _catalogue() -> dict[str, dict]:
    """Per domain: its families (newest id, older ids, one example problem) and mixtures."""
    from rlvr_envs.families import BUILTIN_FAMILIES, BUILTIN_MIXTURES
    from rlvr_envs.registry import DOMAINS, make_task

    domains: dict[str, dict] = {}
    newest: dict[str, str] = {}
    older: dict[str, list[str]] = {}
    for env_id, name, _, domain in BUILTIN_FAMILIES:
        key = f"{domain}/{name}"
        if key in newest:
            older.setdefault(key, []).append(newest[key])
        newest[key] = env_id
    for domain in DOMAINS:
        families = []
        for key, env_id in newest.items():
            if key.split("/", 1)[0] != domain:
                continue
            task = make_task(env_id)
            problem = task.generate(seed=SEED, difficulty=DIFFICULTY)
            families.append(
                {
                    "id": env_id,
                    "older": older.get(key, []),
                    "knobs": ", ".join(f"`{n}` {k.describe()}" for n, k in task.knob_space.items()),
                    "form": task.family.answer_form,
                    "prompt": problem.prompt,
                    "answer": problem.answer,
                    "turns": task.max_turns,
                }
            )
        mixtures = [(m, len(members)) for m, d, members in BUILTIN_MIXTURES if d == domain]
        if families or mixtures:
            domains[domain] = {"families": families, "mixtures": mixtures}
    return domains


def _summary(domain: str) -> str:
    if domain in SUMMARIES:
        return SUMMARIES[domain]
    import importlib

    doc = importlib.import_module(f"rlvr_envs.families.{domain}").__doc__ or ""
    first = " ".join(doc.split()).split(". ")[0].rstrip(".")
    first = first.split(": ", 1)[-1]  # "Spatial families (issue 29): dice and ..." -> "dice ..."
    if len(first) > SUMMARY_LIMIT:  # cut at the last comma that fits
        cut = first.rfind(", ", 0, SUMMARY_LIMIT)
        first = first[: cut if cut > 0 else SUMMARY_LIMIT].rstrip() + ", ..."
    return first or domain


def domain_table() -> str:
    """The README's table: one row per domain, linked to its gallery page."""
    rows = [
        "| domain | what | families (ids) | newest mixture |",
        "| --- | --- | --- | --- |",
    ]
    total_families = total_ids = total_mixtures = 0
    for domain, entry in _catalogue().items():
        families = entry["families"]
        ids = len(families) + sum(len(f["older"]) for f in families)
        total_families, total_ids = total_families + len(families), total_ids + ids
        total_mixtures += len(entry["mixtures"])
        mixture = ""
        if entry["mixtures"]:
            env_id, members = entry["mixtures"][-1]
            mixture = f"`{env_id}` ({members})"
        rows.append(
            f"| [{domain}](docs/gallery/{domain}.md) | {_cell(_summary(domain))} "
            f"| {len(families)} ({ids}) | {mixture} |"
        )
    return "\n".join(
        [
            *rows,
            "",
            f"{total_families} families ({total_ids} ids with older versions) and "
            f"{total_mixtures} mixtures. The [gallery](docs/gallery/README.md) shows one "
            "example prompt and reference answer per family, with its knobs and answer form; "
            "`rlvr list` prints every id.",
        ]
    )


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def _fenced(text: str) -> str:
    """``text`` in a code fence longer than any backtick run inside it, cut at PROMPT_LIMIT."""
    if len(text) > PROMPT_LIMIT:
        text = f"{text[:PROMPT_LIMIT]}\n[... {len(text) - PROMPT_LIMIT} more characters]"
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


def _anchor(env_id: str) -> str:
    """GitHub's heading anchor for a heading that is just ``env_id`` in backticks."""
    return re.sub(r"[^a-z0-9 _-]", "", env_id.lower()).replace(" ", "-")


def gallery_page(domain: str) -> str:
    """One domain's gallery page."""
    entry = _catalogue()[domain]
    lines = [
        f"# {domain}: one example per family",
        "",
        "Generated by `python scripts/update_readme.py`; do not edit. Each family at its newest "
        f"version, its knobs and answer form, and the problem at seed {SEED}, difficulty "
        f"{DIFFICULTY} with its reference answer. `rlvr show ID --seed S --difficulty D` prints "
        "any other; [all domains](README.md).",
        "",
    ]
    if entry["mixtures"]:
        mixtures = ", ".join(f"`{m}` ({n} families)" for m, n in entry["mixtures"])
        lines += [f"Mixtures: {mixtures}.", ""]
    lines += ["| id | answer form |", "| --- | --- |"]
    for family in entry["families"]:
        lines.append(f"| [`{family['id']}`](#{_anchor(family['id'])}) | {_cell(family['form'])} |")
    for family in entry["families"]:
        lines += ["", f"## `{family['id']}`", ""]
        if family["older"]:
            lines += ["Older versions: " + ", ".join(f"`{i}`" for i in family["older"]) + ".", ""]
        turns = f" Up to {family['turns']} attempts per episode." if family["turns"] > 1 else ""
        lines += [
            f"Knobs: {family['knobs']}.",
            "",
            f"Answer form: {family['form']}.{turns}",
            "",
            _fenced(family["prompt"]),
            "",
            "Reference answer:",
            "",
            _fenced(family["answer"]),
        ]
    return "\n".join(lines) + "\n"


def gallery_index() -> str:
    """docs/gallery/README.md: the domains, with their pages."""
    lines = [
        "# Gallery",
        "",
        "One example prompt and reference answer per family, per domain. Generated by "
        "`python scripts/update_readme.py`; do not edit.",
        "",
        "| domain | families | mixtures |",
        "| --- | --- | --- |",
    ]
    for domain, entry in _catalogue().items():
        mixtures = ", ".join(f"`{m}`" for m, _ in entry["mixtures"])
        lines.append(f"| [{domain}]({domain}.md) | {len(entry['families'])} | {mixtures} |")
    return "\n".join(lines) + "\n"


def render(readme: str) -> str:
    """README.md with its generated table replaced."""
    head, _, rest = readme.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{domain_table()}\n{END}{tail}"


def generated() -> dict[Path, Callable[[], str]]:
    """Every generated file (but README.md) and what makes its text."""
    files: dict[Path, Callable[[], str]] = {GALLERY / "README.md": gallery_index}
    for domain in _catalogue():
        files[GALLERY / f"{domain}.md"] = functools.partial(gallery_page, domain)
    return files


def stale() -> list[str]:
    """Paths (relative to the project) whose text is not what this script writes."""
    paths = []
    text = README.read_text()
    if START not in text or END not in text or render(text) != text:
        paths.append("README.md")
    files = generated()
    for path, make in files.items():
        if not path.exists() or path.read_text() != make():
            paths.append(str(path.relative_to(ROOT)))
    extra = set(GALLERY.glob("*.md")) - set(files) if GALLERY.exists() else set()
    paths += sorted(f"{p.relative_to(ROOT)} (no such domain)" for p in extra)
    return paths


def main() -> int:
    text = README.read_text()
    if START not in text or END not in text:
        print(f"README.md lacks the {START} / {END} markers", file=sys.stderr)
        return 1
    README.write_text(render(text))
    GALLERY.mkdir(parents=True, exist_ok=True)
    files = generated()
    for path, make in files.items():
        path.write_text(make())
    for path in set(GALLERY.glob("*.md")) - set(files):
        path.unlink()  # a page of a domain that no longer exists
    return 0


if __name__ == "__main__":
    sys.exit(main())
