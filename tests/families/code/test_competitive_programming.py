"""What ``rlvr/CompetitiveProgramming-v0`` must do beyond the generic contract.

Per template: the oracle program (run in-process on a patched stdin) agrees with the
domain solvers' expected output on many instances; an independently written program
passes; the obvious slow program passes the small tests and times out on the large one;
lazy wrong programs fail.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys

import pytest

import rlvr_envs
from rlvr_envs.families.code import competitive_programming as module
from rlvr_envs.sandbox.grading import normalise_stdout
from tests.families.code.helpers import code, task

ENV = "rlvr/CompetitiveProgramming-v0"

NAIVE = {
    "range_sum": """\
import sys
data = sys.stdin.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2 : 2 + n]))
out = []
for i in range(q):
    l, r = int(data[2 + n + 2 * i]), int(data[3 + n + 2 * i])
    out.append(sum(a[l - 1 : r]))
print("\\n".join(map(str, out)))
""",
    "merge_intervals": """\
import sys
data = sys.stdin.read().split()
n = int(data[0])
blocks = []
for i in range(n):
    l, r = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    keep = []
    for a, b in blocks:
        if a <= r and l <= b:
            l, r = min(l, a), max(r, b)
        else:
            keep.append((a, b))
    keep.append((l, r))
    blocks = keep
blocks.sort()
print(len(blocks))
for a, b in blocks:
    print(a, b)
""",
    "josephus": """\
n, k = map(int, input().split())
people = list(range(1, n + 1))
i = 0
while len(people) > 1:
    i = (i + k - 1) % len(people)
    people.pop(i)
print(people[0])
""",
    "coin_change": """\
import sys
data = list(map(int, sys.stdin.read().split()))
m, amount = data[0], data[1]
coins = data[2 : 2 + m]
def best(a):
    if a == 0:
        return 0
    result = None
    for d in coins:
        if d <= a:
            sub = best(a - d)
            if sub is not None and (result is None or sub + 1 < result):
                result = sub + 1
    return result
r = best(amount)
print(-1 if r is None else r)
""",
    "longest_increasing": """\
n = int(input())
a = list(map(int, input().split()))
best = [1] * n
for i in range(n):
    for j in range(i):
        if a[j] < a[i] and best[j] + 1 > best[i]:
            best[i] = best[j] + 1
print(max(best))
""",
    "shortest_path": """\
import sys
data = sys.stdin.read().split()
n, m, s, t = map(int, data[:4])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v, w = map(int, data[4 + 3 * i : 7 + 3 * i])
    adj[u].append((v, w))
    adj[v].append((u, w))
INF = float("inf")
dist = [INF] * (n + 1)
done = [False] * (n + 1)
dist[s] = 0
for _ in range(n):
    u = min((d, x) for x, d in enumerate(dist) if not done[x] and x > 0)[1]
    if dist[u] == INF:
        break
    done[u] = True
    for v, w in adj[u]:
        dist[v] = min(dist[v], dist[u] + w)
print(dist[t] if dist[t] < INF else -1)
""",
    "minimum_spanning_tree": """\
import sys
data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v, w = map(int, data[2 + 3 * i : 5 + 3 * i])
    adj[u].append((v, w))
    adj[v].append((u, w))
INF = float("inf")
key = [INF] * (n + 1)
used = [False] * (n + 1)
key[1] = 0
total = 0
for _ in range(n):
    u = min(range(1, n + 1), key=lambda x: INF if used[x] else key[x])
    if used[u] or key[u] == INF:
        print(-1)
        break
    used[u] = True
    total += key[u]
    for v, w in adj[u]:
        if not used[v] and w < key[v]:
            key[v] = w
else:
    print(total)
""",
}

# Independently written correct programs (other algorithms, other input reading).
ALTERNATIVE = {
    "range_sum": """\
import sys
from itertools import accumulate
n, q = map(int, sys.stdin.readline().split())
p = [0] + list(accumulate(map(int, sys.stdin.readline().split())))
lines = sys.stdin.read().split()
res = [p[int(lines[i + 1])] - p[int(lines[i]) - 1] for i in range(0, 2 * q, 2)]
if res:
    print(*res, sep="\\n")
""",
    "merge_intervals": """\
import sys
data = sys.stdin.read().split()
n = int(data[0])
pairs = ((int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n))
events = sorted(pairs, key=lambda e: e[0])
out = []
cur_l, cur_r = events[0]
for l, r in events[1:]:
    if l > cur_r:
        out.append((cur_l, cur_r))
        cur_l, cur_r = l, r
    else:
        cur_r = max(cur_r, r)
out.append((cur_l, cur_r))
print(len(out))
print("\\n".join(f"{a} {b}" for a, b in out))
""",
    "josephus": """\
import sys
n, k = map(int, sys.stdin.read().split())
r = 0
for i in range(1, n + 1):
    r = (r + k) % i
print(r + 1)
""",
    "coin_change": """\
from collections import deque
m, a = map(int, input().split())
coins = list(map(int, input().split()))
seen = {0: 0}
queue = deque([0])
while queue:
    x = queue.popleft()
    if x == a:
        break
    for c in coins:
        y = x + c
        if y <= a and y not in seen:
            seen[y] = seen[x] + 1
            queue.append(y)
print(seen.get(a, -1))
""",
    "longest_increasing": """\
import sys
data = sys.stdin.read().split()
a = [-int(x) for x in data[1:]][::-1]
# reversed and negated, a longest increasing subsequence keeps its length; bisect by hand
tails = []
for x in a:
    lo, hi = 0, len(tails)
    while lo < hi:
        mid = (lo + hi) // 2
        if tails[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    if lo == len(tails):
        tails.append(x)
    else:
        tails[lo] = x
print(len(tails))
""",
    "shortest_path": """\
import sys, heapq
it = iter(sys.stdin.buffer.read().split())
n, m, s, t = (int(next(it)) for _ in range(4))
g = {}
for _ in range(m):
    u, v, w = int(next(it)), int(next(it)), int(next(it))
    g.setdefault(u, []).append((w, v))
    g.setdefault(v, []).append((w, u))
best = {}
heap = [(0, s)]
while heap:
    d, u = heapq.heappop(heap)
    if u in best:
        continue
    best[u] = d
    for w, v in g.get(u, ()):
        if v not in best:
            heapq.heappush(heap, (d + w, v))
print(best.get(t, -1))
""",
    "minimum_spanning_tree": """\
import sys, heapq
data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v, w = int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])
    adj[u].append((w, v))
    adj[v].append((w, u))
seen = [False] * (n + 1)
heap = [(0, 1)]
total = count = 0
while heap:
    w, u = heapq.heappop(heap)
    if seen[u]:
        continue
    seen[u] = True
    total += w
    count += 1
    for e in adj[u]:
        if not seen[e[1]]:
            heapq.heappush(heap, e)
print(total if count == n else -1)
""",
}

# What a lazy solver writes: each must fail the hidden tests.
WRONG = {
    "range_sum": [
        "import sys\nd=sys.stdin.read().split()\nn,q=int(d[0]),int(d[1])\n"
        "a=list(map(int,d[2:2+n]))\n"
        "for i in range(q):\n    l,r=int(d[2+n+2*i]),int(d[3+n+2*i])\n    print(sum(a[l:r]))\n",
        "print(0)\n",
    ],
    "merge_intervals": [
        # does not merge intervals that only touch
        ALTERNATIVE["merge_intervals"].replace("if l > cur_r:", "if l >= cur_r:"),
        # forgets to sort
        ALTERNATIVE["merge_intervals"]
        .replace("sorted(", "list(")
        .replace(", key=lambda e: e[0])", ")"),
    ],
    "josephus": [
        ALTERNATIVE["josephus"].replace("print(r + 1)", "print(r)"),
        "n, k = map(int, input().split())\nprint(n)\n",
    ],
    "coin_change": [
        # largest coin first
        "m, a = map(int, input().split())\nc = sorted(map(int, input().split()), reverse=True)\n"
        "k = 0\nfor x in c:\n    k += a // x\n    a %= x\nprint(k if a == 0 else -1)\n",
        ALTERNATIVE["coin_change"].replace("seen.get(a, -1)", "seen.get(a, 0)"),
    ],
    "longest_increasing": [
        # non-decreasing instead of strictly increasing
        module.LIS_SOLUTION.replace("bisect_left", "bisect_right"),
        "input()\nprint(len(set(input().split())))\n",
    ],
    "shortest_path": [
        ALTERNATIVE["shortest_path"].replace("best.get(t, -1)", "best.get(t, 0)"),
        # breadth-first search: the first distance found, not the shortest
        "import sys\nfrom collections import deque\nd=sys.stdin.read().split()\n"
        "n,m,s,t=map(int,d[:4])\ng=[[] for _ in range(n+1)]\nfor i in range(m):\n"
        "    u,v,w=map(int,d[4+3*i:7+3*i])\n    g[u].append((v,w))\n    g[v].append((u,w))\n"
        "dist={s:0}\nq=deque([s])\nwhile q:\n    u=q.popleft()\n    for v,w in g[u]:\n"
        "        if v not in dist:\n            dist[v]=dist[u]+w\n            q.append(v)\n"
        "print(dist.get(t,-1))\n",
        # reads the edges as directed
        ALTERNATIVE["shortest_path"].replace("    g.setdefault(v, []).append((w, u))\n", ""),
    ],
    "minimum_spanning_tree": [
        # never reports a disconnected graph
        ALTERNATIVE["minimum_spanning_tree"].replace("total if count == n else -1", "total"),
        # the n - 1 lightest edges
        "import sys\nd=sys.stdin.read().split()\nn,m=int(d[0]),int(d[1])\n"
        "w=sorted(int(d[4+3*i]) for i in range(m))\nprint(sum(w[:n-1]) if m>=n-1 else -1)\n",
    ],
}


def run_in_process(source: str, stdin: str) -> str:
    """Our own programs only: exec with stdin and stdout swapped for buffers."""
    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(source, "solution", "exec"), {"__name__": "__main__"})
    finally:
        sys.stdin = old
    return out.getvalue()


def problem_for(name: str, scale: int, edge_cases: bool = True):
    """The first seed whose problem uses template ``name`` (the template is drawn first)."""
    knobs = {"tier": module.BY_NAME[name].tier, "scale": scale, "edge_cases": edge_cases}
    for seed in range(100):
        problem = task(ENV).generate(seed=seed, knobs=knobs)
        if problem.meta["template"] == name:
            return problem
    raise AssertionError(f"no seed draws {name}")


@pytest.mark.parametrize("name", sorted(module.BY_NAME))
def test_the_solution_agrees_with_the_domain_solvers(name):
    template = module.BY_NAME[name]
    rng = random.Random(name)
    instances = [template.small(rng) for _ in range(120)] + template.edges(rng)
    instances.append(template.large(rng, 1))
    for inst in instances:
        stdin = template.write(inst)
        got = run_in_process(template.solution, stdin)
        assert normalise_stdout(got) == normalise_stdout(template.answer(inst)), stdin[:300]
        if len(stdin) < 2000:  # the alternative programs agree too
            alt = run_in_process(ALTERNATIVE[name], stdin)
            assert normalise_stdout(alt) == normalise_stdout(template.answer(inst)), stdin


def test_prompt_has_formats_constraints_and_samples_but_no_hidden_test():
    problem = task(ENV).generate(seed=3, difficulty=0.5)
    for part in ("Input format", "Output format", "Constraints", "Sample input 1"):
        assert part in problem.prompt
    for test in task(ENV).family.hidden_tests(problem):  # the large one built from its seed
        assert set(test) == {"stdin", "expected_stdout"}
        if len(test["stdin"]) > 20:
            assert test["stdin"].rstrip() not in problem.prompt


@pytest.mark.parametrize("name", sorted(module.BY_NAME))
def test_naive_times_out_alternative_passes_wrong_programs_fail(name):
    small = problem_for(name, 0)
    family = task(ENV).family
    assert family.run_hidden_tests(small, NAIVE[name], small.meta["hidden_tests"]).correct
    # scale 0 states the constraints of scale 1 (n <= 800000 for Josephus): they are
    # enforced there too, by a large test built when grading (issue 26)
    verdict = rlvr_envs.verify(small, code(NAIVE[name]))
    assert not verdict.correct and verdict.reason == "timeout"
    assert small.meta["large"] is None
    assert rlvr_envs.verify(small, code(module.BY_NAME[name].solution)).correct
    large = problem_for(name, 1)
    assert rlvr_envs.verify(large, code(module.BY_NAME[name].solution)).correct
    assert rlvr_envs.verify(large, code(ALTERNATIVE[name])).correct
    verdict = rlvr_envs.verify(large, code(NAIVE[name]))
    assert not verdict.correct and verdict.reason == "timeout"
    for source in WRONG[name]:
        assert source not in (ALTERNATIVE[name], module.BY_NAME[name].solution)
        assert not rlvr_envs.verify(large, code(source)).correct, source


def test_constant_and_echo_programs_fail():
    for name in module.BY_NAME:
        problem = problem_for(name, 0)
        sample = problem.prompt.split("Sample output 1:\n```\n")[1].split("\n```")[0]
        for source in (f"print({sample!r})\n", "print(-1)\n", "print(sys.stdin.read())\n"):
            source = "import sys\n" + source
            assert not rlvr_envs.verify(problem, code(source)).correct, (name, source)


# Found in review: on a random sparse graph a shortest route has few edges, so Bellman-Ford
# with an early exit (quadratic in the worst case) passed the large test at scale 3.
BELLMAN_FORD = """\
import sys
d = sys.stdin.buffer.read().split()
n, m, s, t = map(int, d[:4])
edges = [(int(d[4 + 3 * i]), int(d[5 + 3 * i]), int(d[6 + 3 * i])) for i in range(m)]
INF = float("inf")
dist = [INF] * (n + 1)
dist[s] = 0
for _ in range(n - 1):
    changed = False
    for u, v, w in edges:
        if dist[u] + w < dist[v]:
            dist[v] = dist[u] + w
            changed = True
        if dist[v] + w < dist[u]:
            dist[u] = dist[v] + w
            changed = True
    if not changed:
        break
print(dist[t] if dist[t] < INF else -1)
"""


def test_large_shortest_route_is_long_and_bellman_ford_times_out():
    import heapq

    template = module.BY_NAME["shortest_path"]
    for seed in range(3):  # the route has most of the nodes on it (independent Dijkstra)
        inst = template.large(random.Random(seed), 1)
        adj = [[] for _ in range(inst["n"])]
        for u, v, w in inst["edges"]:
            adj[u].append((v, w))
            adj[v].append((u, w))
        best = {}
        heap = [(0, 0, inst["s"])]
        while heap:
            d, hops, u = heapq.heappop(heap)
            if u not in best:
                best[u] = (d, hops)
                for v, w in adj[u]:
                    if v not in best:
                        heapq.heappush(heap, (d + w, hops + 1, v))
        d, hops = best[inst["t"]]
        assert hops >= inst["n"] // 2, hops
        assert str(d) == template.answer(inst)
    problem = problem_for("shortest_path", 0)
    family = task(ENV).family
    assert family.run_hidden_tests(problem, BELLMAN_FORD, problem.meta["hidden_tests"]).correct
    verdict = rlvr_envs.verify(problem_for("shortest_path", 1), code(BELLMAN_FORD))
    assert not verdict.correct and verdict.reason == "timeout"


# Found in review: the large inputs had no touching intervals and no repeated values, so
# with edge cases off a program that keeps touching intervals apart (or joins adjacent
# ones), or counts a non-decreasing subsequence, passed whenever the small tests missed it.
WRONG_ON_LARGE = {
    "merge_intervals": [
        ALTERNATIVE["merge_intervals"].replace("if l > cur_r:", "if l >= cur_r:"),
        ALTERNATIVE["merge_intervals"].replace("if l > cur_r:", "if l > cur_r + 1:"),
    ],
    "longest_increasing": [module.LIS_SOLUTION.replace("bisect_left", "bisect_right")],
}


@pytest.mark.parametrize("name", sorted(WRONG_ON_LARGE))
def test_the_large_input_alone_rejects_the_subtle_wrong_programs(name):
    template = module.BY_NAME[name]
    for seed in range(3):
        inst = template.large(random.Random(seed), 1)
        stdin = template.write(inst)
        expected = normalise_stdout(template.answer(inst))
        assert normalise_stdout(run_in_process(ALTERNATIVE[name], stdin)) == expected
        for source in WRONG_ON_LARGE[name]:
            assert normalise_stdout(run_in_process(source, stdin)) != expected


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_large_inputs_keep_to_the_stated_constraints(scale):
    rng = random.Random(scale)
    spans = module._merge_large(rng, scale)["intervals"]
    assert len(spans) <= module._n(module.MERGE_N, scale)
    assert all(0 <= a <= b <= 10**9 for a, b in spans)
    values = module._lis_large(rng, scale)["values"]
    assert len(values) <= module._n(module.LIS_N, scale)
    assert all(-(10**9) <= x <= 10**9 for x in values)
    inst = module._path_large(rng, scale)
    n, edges = inst["n"], inst["edges"]
    assert n <= module._n(module.PATH_N, scale) and len(edges) <= 2 * n
    assert all(0 <= u < n and 0 <= v < n and u != v and 1 <= w <= 10**6 for u, v, w in edges)
    assert len({(min(u, v), max(u, v)) for u, v, _ in edges}) == len(edges)
    assert inst["s"] != inst["t"]
    josephus = module._josephus_large(rng, scale)
    assert 1 <= josephus["n"] <= module._josephus_n(scale)
    assert f"n <= {module._josephus_n(scale)};" in module.BY_NAME["josephus"].constraints(scale)
