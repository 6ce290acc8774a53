import re

import pytest

from tests.families.long_context.helpers import CASES, gen, score

LINE = re.compile(r"VAR (\w+) = (?:VAR (\w+)|(\d+))")


def run(program: str) -> tuple[dict[str, int], dict[str, list[int]]]:
    values: dict[str, int] = {}
    history: dict[str, list[int]] = {}
    for target, source, number in LINE.findall(program):
        values[target] = values[source] if source else int(number)
        history.setdefault(target, []).append(values[target])
    return values, history


@pytest.mark.parametrize(("seed", "difficulty"), CASES)
def test_running_the_program_gives_the_answer(seed, difficulty):
    problem = gen("VariableTracking", seed, difficulty)
    program = problem.prompt.split("Program:\n", 1)[1].split("\n\n", 1)[0]
    variable = re.search(r"What value does (\w+) hold", problem.prompt).group(1)
    values, history = run(program)
    assert score(problem, str(values[variable])) == 1.0
    for other in {v for vs in history.values() for v in vs[-1:]} - {values[variable]}:
        assert score(problem, str(other)) == 0.0
        break


def test_a_chain_variable_is_overwritten_after_it_was_copied_somewhere():
    overwritten = 0
    for seed in range(10):
        problem = gen("VariableTracking", seed, knobs={"copies": 6, "kchars": 5})
        program = problem.prompt.split("Program:\n", 1)[1].split("\n\n", 1)[0]
        _, history = run(program)
        overwritten += sum(len(set(vs)) > 1 for vs in history.values())
    assert overwritten > 0
