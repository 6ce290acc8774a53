"""The episodes behind `rlvr serve`, without a server (no OpenEnv needed): problem sources,
request checks, single- and multi-turn episodes, stateless steps, hostile completions and
the teacher's group semantics."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rlvr_envs
from rlvr_envs.core import DEFAULT_TIMEOUT, EVAL_SEEDS
from rlvr_envs.curriculum import TaskSpace, make_teacher
from rlvr_envs.curriculum.feed import CurriculumFeed
from rlvr_envs.integrations.openenv import (
    EnvSource,
    ServeError,
    Session,
    SuiteSource,
    TeacherSource,
    make_source,
)
from rlvr_envs.integrations.openenv.session import MAX_COMPLETION_CHARS, check_reset_request

ARITH = "rlvr/Arithmetic-v0"
REPAIR = "rlvr/CodeRepair-v0"
WRONG = "<answer>not it</answer>"


def _problem(env_id: str, seed: int, difficulty=None, knobs=None):
    return rlvr_envs.make_task(env_id).generate(seed, difficulty, knobs)


def _json_safe(reply) -> None:
    """What the server sends must encode as UTF-8 JSON (no lone surrogates, no objects)."""
    json.dumps({"text": reply.text, "metadata": reply.metadata}, ensure_ascii=False).encode()


# -- single-turn episodes ---------------------------------------------------------------------
def test_reset_plays_the_problem_the_generator_makes_and_step_scores_it():
    session = Session(EnvSource(ARITH))
    reply = session.reset({"seed": 7, "difficulty": 0.4})
    problem = _problem(ARITH, 7, 0.4)
    assert reply.text == problem.prompt and not reply.done and reply.reward is None
    meta = reply.metadata
    assert meta["problem_id"] == problem.content_hash()[:16] and meta["turn"] == 0
    assert meta["episode"] == {"env_id": ARITH, "seed": 7, "difficulty": 0.4, "knobs": None}
    assert not {"answer", "meta", "expected", "verdict"} & set(meta)  # nothing to copy from
    done = session.step(rlvr_envs.oracle_completion(problem))
    assert done.done and done.reward == 1.0 and done.text == ""
    assert done.metadata["verdict"]["expected"] == problem.answer
    assert done.metadata["terminated"] and not done.metadata["truncated"]
    with pytest.raises(ServeError, match="episode is over") as exc:
        session.step("<answer>1</answer>")
    assert exc.value.code == "episode_over"
    session.reset({"seed": 8})
    assert session.step(WRONG).reward == 0.0


def test_a_reset_without_seed_takes_the_servers_training_seed_stream():
    def seeds(source):
        return [Session(source).reset().metadata["episode"]["seed"] for _ in range(4)]

    first = seeds(EnvSource(ARITH, seed=3))
    assert first == seeds(EnvSource(ARITH, seed=3)) != seeds(EnvSource(ARITH, seed=4))
    assert len(set(first)) == 4 and all(0 <= s < EVAL_SEEDS.start for s in first)


def test_server_defaults_apply_and_a_reset_overrides_them():
    source = EnvSource("rlvr/LinearEquation-v0", knobs={"coefficients": 3}, difficulty=0.9)
    session = Session(source)
    assert session.reset({"seed": 1}).metadata["episode"]["knobs"] == {"coefficients": 3}
    episode = session.reset({"seed": 1, "difficulty": 0.2}).metadata["episode"]
    assert episode["difficulty"] == 0.2 and episode["knobs"] is None
    other = session.reset({"env_id": ARITH, "seed": 1}).metadata["episode"]
    assert other == {"env_id": ARITH, "seed": 1, "difficulty": 0.9, "knobs": None}
    with pytest.raises(ServeError) as exc:
        Session(EnvSource()).reset({"seed": 1})
    assert exc.value.code == "no_env" and "env_id" in str(exc.value)


def test_chat_message_completions_score_their_last_assistant_message():
    session = Session(EnvSource(ARITH))
    session.reset({"seed": 2})
    answer = rlvr_envs.oracle_completion(_problem(ARITH, 2))
    messages = [{"role": "user", "content": "q"}, {"role": "assistant", "content": answer}]
    assert session.step(messages).reward == 1.0


# -- request checks ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("request_", "code", "words"),
    [
        ({"dificulty": 0.5}, "bad_request", "unknown argument(s): dificulty"),
        ({"env_id": "rlvr/Nope-v0"}, "unknown_env", "rlvr list"),
        ({"env_id": 3}, "unknown_env", "string"),
        ({"seed": -1}, "bad_seed", "[0, 2**63)"),
        ({"seed": True}, "bad_seed", "True"),
        ({"seed": 1.5}, "bad_seed", "1.5"),
        ({"seed": 2**63}, "bad_seed", "2**63"),
        ({"difficulty": 1.5}, "bad_difficulty", "[0, 1]"),
        ({"difficulty": math.nan}, "bad_difficulty", "nan"),
        ({"difficulty": "0.5"}, "bad_difficulty", "'0.5'"),
        ({"difficulty": True}, "bad_difficulty", "True"),
        ({"knobs": [1]}, "bad_knobs", "object"),
        ({"knobs": {"digits": 99}}, "bad_knobs", "int 1..8"),
        ({"knobs": {"nope": 1}}, "bad_knobs", "unknown knob 'nope'"),
    ],
)
def test_bad_resets_are_refused_with_a_code_and_the_fix(request_, code, words):
    session = Session(EnvSource(ARITH))
    with pytest.raises(ServeError) as exc:
        session.reset(request_)
    assert exc.value.code == code and words in str(exc.value)
    assert exc.value.to_dict() == {"error": code, "detail": exc.value.message}


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
REQUESTS = st.dictionaries(
    st.sampled_from(["env_id", "seed", "difficulty", "knobs", "other"]) | st.text(max_size=6),
    JSON | st.sampled_from([ARITH, "rlvr/Math-v0", 0.5, 3]),
    max_size=4,
)


@given(REQUESTS)
def test_the_reset_check_accepts_or_refuses_any_json_never_crashes(request_):
    try:
        checked = check_reset_request(request_)
    except ServeError as exc:
        assert exc.code in {"bad_request", "unknown_env", "bad_seed", "bad_difficulty", "bad_knobs"}
        return
    assert set(checked) <= {"env_id", "seed", "difficulty", "knobs"}
    if "difficulty" in checked and checked["difficulty"] is not None:
        assert 0.0 <= checked["difficulty"] <= 1.0
    if "seed" in checked:
        assert type(checked["seed"]) is int and checked["seed"] >= 0


# -- hostile completions ----------------------------------------------------------------------
HOSTILE = [
    "",
    "\x00\x01\xff" * 1000,
    "\ud800 lone surrogate <answer>\udfff</answer>",
    "<answer>" * 30_000,
    "[" * 50_000 + "]" * 50_000,
    json.dumps({"a": [[[[{"b": "<answer>1</answer>"}]]]]}),
    "x" * (MAX_COMPLETION_CHARS - 20) + "<answer>",
    "\\boxed{" * 10_000,
    "```python\n" + "import os\nos.system('rm -rf /')\n" + "```",
    "\u202e\u0000\U0001f600" * 500,
]


@pytest.mark.parametrize("completion", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_completions_score_zero_and_the_session_lives_on(completion):
    session = Session(EnvSource(ARITH))
    session.reset({"seed": 4})
    reply = session.step(completion)
    assert reply.done and reply.reward == 0.0
    _json_safe(reply)
    session.reset({"seed": 5})
    assert session.step(rlvr_envs.oracle_completion(_problem(ARITH, 5))).reward == 1.0


@given(st.text(max_size=300))
def test_any_text_gets_a_verdict_that_encodes_as_json(completion):
    session = Session(EnvSource(ARITH))
    session.reset({"seed": 11})
    reply = session.step(completion)
    assert reply.done and reply.reward in (0.0, 1.0)
    _json_safe(reply)


def test_oversized_and_non_text_completions_are_refused():
    session = Session(EnvSource(ARITH), max_completion_chars=100)
    session.reset({"seed": 1})
    with pytest.raises(ServeError, match="101 characters; this server scores at most 100") as exc:
        session.step("x" * 101)
    assert exc.value.code == "too_large"
    with pytest.raises(ServeError, match="string or a chat message list") as exc:
        session.step({"nested": {"json": 1}})
    assert session.step("<answer>0</answer>").done  # the episode was still open


# -- multi-turn -------------------------------------------------------------------------------
def test_multi_turn_feedback_follows_textenv_and_hides_the_answer_until_the_end():
    session = Session(EnvSource(REPAIR))
    reply = session.reset({"seed": 1})
    problem = _problem(REPAIR, 1)
    assert reply.metadata["max_turns"] == 3
    first = session.step("```python\nprint(1)\n```")
    assert not first.done and first.reward == 0.0 and "passed 0 of" in first.text
    assert "expected" not in first.metadata["verdict"] and first.metadata["turn"] == 1
    assert problem.answer not in json.dumps(first.metadata)
    last = session.step(rlvr_envs.oracle_completion(problem))
    assert last.done and last.reward == 1.0 and last.metadata["turn"] == 2
    assert last.metadata["verdict"]["expected"] == problem.answer
    session.reset({"seed": 2})
    replies = [session.step("no code") for _ in range(3)]
    assert [r.done for r in replies] == [False, False, True]
    assert replies[-1].metadata["truncated"] and not replies[-1].metadata["terminated"]
    assert session.state["turn"] == 3 and session.state["done"]


# -- stateless steps (OpenEnv's HTTP /step) ---------------------------------------------------
def test_a_fresh_session_scores_a_step_that_carries_its_episode():
    reset = Session(EnvSource()).reset({"env_id": REPAIR, "seed": 3, "difficulty": 0.5})
    episode = reset.metadata["episode"]
    answer = rlvr_envs.oracle_completion(_problem(REPAIR, 3, 0.5))
    reply = Session(EnvSource()).step(answer, episode=episode)
    assert reply.done and reply.reward == 1.0
    assert reply.metadata["problem_id"] == reset.metadata["problem_id"]
    wrong = Session(EnvSource()).step("no", episode=json.loads(json.dumps(episode)))
    assert wrong.done and wrong.reward == 0.0 and wrong.metadata["max_turns"] == 1
    with pytest.raises(ServeError, match=r"pass action\.episode") as exc:
        Session(EnvSource()).step("x")
    assert exc.value.code == "no_episode"
    with pytest.raises(ServeError, match="env_id, seed"):
        Session(EnvSource()).step("x", episode={"seed": 1})


def test_within_a_session_another_episode_is_refused():
    session = Session(EnvSource(ARITH))
    episode = session.reset({"seed": 1}).metadata["episode"]
    with pytest.raises(ServeError) as exc:
        session.step("x", episode={**episode, "seed": 2})
    assert exc.value.code == "episode_mismatch"
    assert session.step("<answer>0</answer>", episode=episode).done


def test_the_step_timeout_is_capped_by_the_servers():
    session = Session(EnvSource(ARITH), timeout=2.0)
    assert session._budget(None) == 2.0 and session._budget(0.5) == 0.5
    assert session._budget(9.0) == 2.0
    with pytest.raises(ServeError, match="positive"):
        session._budget(0)
    default = Session(EnvSource(ARITH))  # the verifier's own limit, which a step cannot raise
    assert default._budget(None) is None and default._budget(1e9) == DEFAULT_TIMEOUT


# -- suites -----------------------------------------------------------------------------------
def test_a_suite_server_draws_training_problems_from_the_suite():
    suite = rlvr_envs.load_suite("demo-v0")
    source = SuiteSource(suite, seed=1)
    ids = {row.id for row in suite.envs}
    episodes = [Session(source).reset().metadata["episode"] for _ in range(6)]
    assert all(e["env_id"] in ids and e["seed"] < EVAL_SEEDS.start for e in episodes)
    same = SuiteSource(suite, seed=1)
    assert [Session(same).reset().metadata["episode"] for _ in range(6)] == episodes
    a, b = (Session(source).reset({"seed": 5}).metadata for _ in range(2))
    assert a == b  # a reset's seed seeds the whole draw
    explicit = Session(source).reset({"env_id": ARITH, "seed": 2}).metadata["episode"]
    assert explicit["env_id"] == ARITH and explicit["seed"] == 2
    with pytest.raises(ServeError, match="knobs need env_id"):
        Session(source).reset({"knobs": {"digits": 2}})
    assert Session(source).reset({"difficulty": 0.0}).metadata["episode"]["difficulty"] == 0.0


# -- a teacher through the feed ---------------------------------------------------------------
def _teacher_source(group_size=2, block=1, lookahead=1, wait=0.0):
    teacher = make_teacher("uniform", TaskSpace([ARITH]), seed=0)
    feed = CurriculumFeed(
        teacher, group_size=group_size, block=block, lookahead=lookahead, wait=wait
    )
    return TeacherSource(feed), teacher


def test_each_problem_goes_to_group_size_resets_and_rewards_reach_the_teacher():
    source, teacher = _teacher_source(group_size=2)
    a, b, c = Session(source), Session(source), Session(source)
    ra, rb = a.reset(), b.reset()
    assert ra.metadata["problem_id"] == rb.metadata["problem_id"] == "p0"
    assert ra.text == source.feed.state_dict()["open"][0]["problem"]["prompt"]
    with pytest.raises(ServeError) as exc:  # block 1 waits for p0's two rewards
        c.reset()
    assert exc.value.code == "busy" and "--lookahead" in str(exc.value)
    problem = rlvr_envs.Problem.from_dict(source.feed.state_dict()["open"][0]["problem"])
    a.step(rlvr_envs.oracle_completion(problem))
    b.step(WRONG)
    summary = source.summary()  # the group is complete: the teacher learned it at once
    assert teacher.episodes == 1 and summary["learned"] == summary["outcomes_learned"] == 1
    assert (summary["pending"], summary["waiting"], summary["blocks_applied"]) == (0, 0, 1)
    assert c.reset().metadata["problem_id"] == "p1"


def test_curriculum_shows_groups_waiting_for_their_block_and_learns_each_block_at_once():
    """Blocks of 2 problems, 2 in flight: after the first complete group /curriculum shows
    it waiting; the reward that completes the block updates the teacher there and then."""
    source, teacher = _teacher_source(group_size=1, block=2, lookahead=2)
    a, b = Session(source), Session(source)
    first, second = a.reset(), b.reset()
    assert [first.metadata["problem_id"], second.metadata["problem_id"]] == ["p0", "p1"]
    a.step(WRONG)
    summary = source.summary()
    assert (summary["pending"], summary["waiting"], summary["learned"]) == (1, 1, 0)
    assert summary["next_update_missing"] == 1 and teacher.episodes == 0
    b.step(WRONG)
    summary = source.summary()
    assert (summary["pending"], summary["waiting"], summary["learned"]) == (0, 0, 2)
    assert teacher.episodes == 2 and summary["blocks_applied"] == 1
    assert summary["blocks_drawn"] == 2  # block 1 drawn first: its draw never sees block 0


def test_an_abandoned_episode_gives_its_place_back():
    source, _ = _teacher_source(group_size=2)
    a, b = Session(source), Session(source)
    assert a.reset().metadata["problem_id"] == "p0"
    a.close()  # left before its end
    assert source.summary()["replays_waiting"] == 1
    assert b.reset().metadata["problem_id"] == "p0"
    assert a.reset().metadata["problem_id"] == "p0"  # the group's second place
    b.reset()  # b abandons its p0 by resetting, and replays it at once
    assert b.state["problem_id"] == "p0"
    for session in (a, b):
        session.step(WRONG)
    assert source.summary()["pending"] == 0


def test_a_teachers_server_takes_no_reset_arguments_and_no_stateless_steps():
    source, _ = _teacher_source()
    with pytest.raises(ServeError, match="reset takes no env_id, seed") as exc:
        Session(source).reset({"seed": 3, "env_id": ARITH})
    assert exc.value.code == "teacher_owns_reset"
    with pytest.raises(ServeError) as exc:
        Session(source).step("x", episode={"env_id": ARITH, "seed": 1})
    assert exc.value.code == "no_episode"


# -- make_source ------------------------------------------------------------------------------
def test_make_source_picks_the_source_and_refuses_bad_combinations():
    assert isinstance(make_source(ARITH), EnvSource)
    assert isinstance(make_source(None), EnvSource)
    assert isinstance(make_source("demo-v0"), SuiteSource)
    teacher = make_source("demo-v0", teacher="uniform", group_size=4, max_sessions=10)
    assert isinstance(teacher, TeacherSource) and teacher.feed.block == 3
    for target, options, words in [
        ("rlvr/Nope-v0", {}, "unknown env id"),
        ("no-such-suite", {}, "no suite"),
        (None, {"teacher": "uniform"}, "needs a task space"),
        ("demo-v0", {"difficulty": 0.5}, "a suite has its own"),
        (ARITH, {"teacher": "uniform", "knobs": {"digits": 2}}, "teacher sets"),
        (ARITH, {"teacher": "nope"}, "unknown teacher"),
        (ARITH, {"knobs": {"digits": 99}}, "int 1..8"),
        (ARITH, {"teacher": "uniform", "group_size": 0}, "group_size"),
    ]:
        with pytest.raises(ValueError, match=words):
            make_source(target, **options)


def test_the_cli_parses_serve_and_names_the_extra_when_openenv_is_missing(capsys):
    import importlib.util

    from rlvr_envs.cli import build_parser, main

    args = build_parser().parse_args(["serve", ARITH, "--port", "0", "--max-sessions", "4"])
    assert args.target == ARITH and args.host == "127.0.0.1" and args.max_sessions == 4
    if importlib.util.find_spec("openenv") is not None:
        pytest.skip("openenv is installed here (the server tests cover serving)")
    assert main(["serve", ARITH, "--port", "0"]) == 2
    assert "pip install 'rlvr-envs[serve]'" in capsys.readouterr().err
