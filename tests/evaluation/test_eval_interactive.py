"""rlvr eval on an interactive env (issue 28): each turn is one move, the env's reply is the
next user message, and the sample's verdict is the whole episode's."""

from __future__ import annotations

import rlvr_envs
from rlvr_envs.evaluation import eval_problems, openai_backend, score_problems
from tests.evaluation.fake_server import Reply


def test_an_episode_goes_on_with_the_env_s_replies_until_it_is_decided(serve):
    problems = eval_problems("rlvr/GuessTheNumber-v0", 2)

    def reference_moves(request):  # the move of this turn, blind to the replies
        moves = request.problem.answer.split("; ")
        return Reply(text=f"<answer>{moves[request.turn]}</answer>")

    server = serve(problems, reference_moves)
    backend = openai_backend(server.url, "fake", api_key="", backoff=0.01)
    results = score_problems(problems, backend, progress=False)
    for result in results:
        sample = result.samples[0]
        moves = result.problem.answer.split("; ")
        assert sample.correct is True and sample.turns == len(moves) == sample.requests
    second = [r for r in server.seen if r.turn == 1]
    messages = second[0].body["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "user"]
    assert "the number is" in messages[2]["content"]  # the env's reply, not a retry note

    server.responder = lambda request: Reply(text="<answer>1</answer>")  # a constant policy
    results = score_problems(problems, backend, seed=1, progress=False)
    limits = [rlvr_envs.family_for(p).turn_limit(p) for p in problems]
    assert [(s.correct, s.turns) for r in results for s in r.samples] == [
        (False, limit) for limit in limits
    ]
