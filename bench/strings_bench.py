"""Strings families: generation and verification throughput against reasoning-gym's, one core,
by CPU time, with the shortcut audit beside it.

Run: ``python bench/strings_bench.py`` (needs the ``bench`` extra: reasoning-gym). How rates
are measured and compared: ``bench/family_bench.py``, except that here every window is timed
by the process's CPU time (``time.process_time``) instead of the wall clock: the 2-core machine
these figures come from runs many jobs at once, so a wall rate mostly measures the load. The
load average before and after is recorded with the rates. The shortcut audit (``rlvr audit``'s
two checks: the best constant answer and the best rule that copies from the prompt, at
difficulty 0.5) runs in the same command, and the bars of ``docs/adding_a_family.md`` are
checked against both. Writes ``bench/results/strings.{json,md}``.
"""

from __future__ import annotations

import json
import os
import sys
import time
import types
from typing import Any

import family_bench
from family_bench import Comparisons, main

import rlvr_envs
from rlvr_envs.audit import best_constant_answer, best_echo_rule

# (our id, our knobs matching the counterpart's default, counterpart, what its default is)
COMPARISONS: list[tuple[str, dict[str, Any], str, str]] = [
    ("rlvr/LetterCount-v0", {"words": 10, "targets": 1, "mixed_case": False},
     "letter_counting", "5-15 words, one letter counted"),
    ("rlvr/CustomSort-v0", {"words": 6, "key": "custom", "descending": False},
     "word_sorting", "3-10 words in ASCII order, ascending or descending"),
    ("rlvr/WordReversal-v0", {"words": 3, "mode": "letters"},
     "spell_backward", "one word of 3-10 letters spelled backwards"),
    ("rlvr/WordReversal-v0", {"words": 6, "mode": "word_order"},
     "word_sequence_reversal", "3-8 words in reverse order"),
    ("rlvr/CaesarCipher-v0", {"words": 10, "mode": "decode", "mixed": False},
     "caesar_cipher", "3-20 words to decrypt, shift 1-25"),
    ("rlvr/StringInsertion-v0", {"length": 12, "rules": 1},
     "string_insertion", "5-20 letters, insertions after stated patterns"),
    ("rlvr/PalindromePartition-v0", {"length": 10, "alphabet": 3},
     "palindrome_partitioning", "5-15 letters, every palindrome partition asked"),
    ("rlvr/IsomorphicStrings-v0", {"length": 6, "letters": 3},
     "isomorphic_strings", "2-10 letters, true or false"),
    ("rlvr/AnagramGroups-v0", {"words": 20, "length": 5},
     "group_anagrams", "2-10 groups of 2-5 English words"),
    ("rlvr/NumberFilter-v0", {"count": 8, "conditions": 1, "order": "original"},
     "number_filtering", "3-10 numbers with 0-4 decimals, kept above or below a threshold"),
    ("rlvr/MinSwapsAlternating-v0", {"length": 20, "disorder": 2},
     "binary_alternation", "10-30 bits, the fewest swaps or -1"),
]  # fmt: skip
NOTES = {
    "letter_counting": "theirs counts one letter in English words, ours in generated words.",
    "word_sorting": (
        "theirs sorts by ASCII order; ours has no plain alphabetical key, so the matched knob is "
        "its nearest, a stated custom alphabet (a lexicographic sort by a permuted order)."
    ),
    "spell_backward": "theirs spells one word backwards; ours reverses the letters of 3 words.",
    "word_sequence_reversal": "both reverse the order of the words of a sentence.",
    "caesar_cipher": (
        "theirs does not state the shift (an English sentence, so a model finds it by trying); "
        "ours states it and draws generated words, so the shift cannot be guessed from them."
    ),
    "string_insertion": (
        "theirs inserts a letter after each of five fixed patterns of ABCDE; ours applies one "
        "of four stated rules (after vowels, between doubled letters, before a letter, every "
        "k-th character)."
    ),
    "palindrome_partitioning": (
        "theirs asks every palindrome partition (a list of lists, which grows exponentially); "
        "ours asks one partition with the fewest pieces and checks minimality by a dynamic "
        "programme."
    ),
    "isomorphic_strings": (
        "theirs answers true or false (a constant earns half); ours asks a witness with the "
        "verdict (the letter mapping, or two positions that break the pattern)."
    ),
    "group_anagrams": "theirs groups English words, ours generated words of one length.",
    "number_filtering": (
        "theirs keeps the numbers above or below a threshold, as decimal strings; ours one to "
        "three integer conditions (parity, divisibility, digit sum, digits, thresholds)."
    ),
    "binary_alternation": (
        "theirs asks the count (or -1); ours asks the swaps themselves, checked for reaching an "
        "alternating string in the fewest."
    ),
}
NO_COUNTERPART = {
    "rlvr/ApplyDiff-v0": "none in reasoning-gym",
    "rlvr/ProduceDiff-v0": "none",
    "rlvr/Base64Codec-v0": "none",
    "rlvr/HexCodec-v0": "none",
    "rlvr/VigenereCipher-v0": "none",
    "rlvr/XorCipher-v0": "none",
    "rlvr/CaseConversion-v0": "none",
    "rlvr/CharacterFrequency-v0": "none",
    "rlvr/CommonAffix-v0": "none",
    "rlvr/RotationCheck-v0": "none",
    "rlvr/TextJustification-v0": "none",
    "rlvr/WordCount-v0": "none",
    "rlvr/StringSplit-v0": "string_splitting simulates dismantling machines, not text",
    "rlvr/NumberFormat-v0": "number_format picks the largest of numbers written in mixed formats",
    "rlvr/SentenceOrdering-v0": "sentence_reordering unscrambles one sentence's words, no clues",
}

AUDIT_DIFFICULTY = 0.5
AUDIT_PROBLEMS = 100  # constants, as `rlvr audit` defaults
ECHO_PROBLEMS = 30  # copying rules, as `rlvr audit` defaults
BARS = {
    "best_constant": 0.10,  # at most, at difficulty 0.5
    "copied": 0.0,  # at most
    "generate_default": 1000.0,  # problems/s by CPU time, at least
    "generate_d1": 200.0,  # at least
}

TABLE = Comparisons("strings", "Strings families", COMPARISONS, NOTES, NO_COUNTERPART)


def audit_rows() -> list[dict]:
    """Per family: its answer form, the best constant and what copying from the prompt earns."""
    rows = []
    for env_id in rlvr_envs.list_envs(domain="strings", mixtures=False):
        constant = best_constant_answer(
            env_id, difficulty=AUDIT_DIFFICULTY, problems=AUDIT_PROBLEMS
        )
        echo = best_echo_rule(env_id, difficulty=AUDIT_DIFFICULTY, problems=ECHO_PROBLEMS)
        rows.append(
            {
                "env_id": env_id,
                "answer_form": rlvr_envs.make_task(env_id).family.answer_form,
                "best_constant": constant.reward,
                "constant": constant.answer,
                "copied": echo.copied,
                "echo_rule": echo.rule,
                "echo_reward": echo.reward,
                "stated": echo.stated,
            }
        )
    return rows


def below_bar(audit: dict, rates: dict) -> list[str]:
    """The bars a family misses, in words (empty when it meets them all)."""
    missed = []
    if audit["best_constant"] > BARS["best_constant"]:
        missed.append(f"best constant {audit['best_constant']:.2f} > 0.10")
    if audit["copied"] > BARS["copied"]:
        missed.append(f"copying earns {audit['copied']:.2f}")
    if rates["generate_default"] < BARS["generate_default"]:
        missed.append(f"{rates['generate_default']:.0f}/s < 1,000/s at its default")
    if rates["generate_d1"] < BARS["generate_d1"]:
        missed.append(f"{rates['generate_d1']:.0f}/s < 200/s at difficulty 1")
    return missed


def _cell(text: str) -> str:
    """Text for a markdown table cell (its pipes escaped)."""
    return text.replace("|", "\\|")


def family_table(payload: dict) -> str:
    """The per-family summary: answer form, audit figures, CPU-time rates and the peer ratio."""
    rates = {r["env_id"]: r for r in payload["families"]}
    peers: dict[str, list[str]] = {}
    for r in payload["comparisons"]:
        if "ratio_generate" in r:
            ratio = family_bench._ratio(r["ratio_generate"])
            peers.setdefault(r["env_id"], []).append(f"{ratio} ({r['peer']})")
    load = payload["load_average"]
    out = [
        "",
        "## Per family: audit, rates by CPU time, bars",
        "",
        f"Rates above and here are problems per CPU second of the one process (windows timed "
        f"by `time.process_time`), so they do not count the time the process waited for a "
        f"core. Load average (1 min) {load['before'][0]:.1f} before the timing and "
        f"{load['after'][0]:.1f} after, on {os.cpu_count()} cores. Audit: `rlvr audit`'s "
        f"checks at difficulty {AUDIT_DIFFICULTY}, the best constant over {AUDIT_PROBLEMS} "
        f"problems and the best copying rule over {ECHO_PROBLEMS} (copied: its reward where "
        "the prompt does not state the answer). Bars: best constant at most 0.10, copied 0, "
        "at least 1,000 problems/s at the default and 200/s at difficulty 1.",
        "",
        "| env id | answer form | best constant | copied | generate (default) "
        "| generate (d=0.5) | generate (d=1) | peer ratio | bars |",
        "|---|---|---:|---:|---:|---:|---:|---|---|",
    ]
    for a in payload["audit"]:
        r = rates[a["env_id"]]
        missed = below_bar(a, r)
        out.append(
            f"| {a['env_id']} | {_cell(a['answer_form'])} "
            f"| {a['best_constant']:.2f} "
            f"| {a['copied']:.2f} | {r['generate_default']:.0f} | {r['generate_d0.5']:.0f} "
            f"| {r['generate_d1']:.0f} | {'; '.join(peers.get(a['env_id'], [])) or '-'} "
            f"| {'below: ' + '; '.join(missed) if missed else 'met'} |"
        )
    below = [a["env_id"] for a in payload["audit"] if below_bar(a, rates[a["env_id"]])]
    out += [
        "",
        f"Below a bar: {', '.join(below)}." if below else "Every family meets every bar.",
    ]
    return "\n".join(out) + "\n"


def run() -> None:
    """Times by CPU, records the load and the audit, and appends the per-family table."""
    only = "--only" in sys.argv
    render = "--render" in sys.argv
    before = os.getloadavg()
    family_bench.time = types.SimpleNamespace(perf_counter=time.process_time)
    main(TABLE, __doc__)
    if only:
        return
    json_path = family_bench.RESULTS / "strings.json"
    md_path = family_bench.RESULTS / "strings.md"
    payload = json.loads(json_path.read_text())
    if not render:
        payload["clock"] = "process CPU time (time.process_time)"
        payload["load_average"] = {"before": list(before), "after": list(os.getloadavg())}
        payload["audit"] = audit_rows()
        json_path.write_text(json.dumps(payload, indent=2) + "\n")
    text = family_bench.markdown(
        TABLE, payload["families"], payload["comparisons"], payload
    ) + family_table(payload)
    md_path.write_text(text)
    print(family_table(payload))


if __name__ == "__main__":
    run()
