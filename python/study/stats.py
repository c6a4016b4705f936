"""Statistics of the study driver (python/study/study.py), standard library only.

Correlations are Spearman's (Pearson's on average ranks, so ties are handled); their confidence
intervals and p-values use Fisher's z with the variance 1.06 / (n - 3) of Fieller, Hartley and
Pearson (1957), good enough for the n of a study and free of tables. Bootstrap intervals are
percentile intervals over resampled units (a unit is one task and seed).
"""

from __future__ import annotations

import math
import random
from typing import Callable, Sequence


def mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def stdev(values: Sequence[float]) -> float | None:
    """Sample standard deviation (n - 1); None below two values."""
    if len(values) < 2:
        return None
    m = sum(values) / len(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def geomean(values: Sequence[float]) -> float | None:
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) with linear interpolation between order statistics."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, tied values sharing the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in range(start, end + 1):
            result[order[i]] = (start + end) / 2 + 1
        start = end + 1
    return result


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    """None when either side is constant (or fewer than two pairs): no correlation is defined."""
    if len(x) != len(y):
        raise ValueError("pearson: sequences of different lengths")
    n = len(x)
    if n < 2:
        return None
    mx, my = sum(x) / n, sum(y) / n
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    if sxx == 0 or syy == 0:
        return None
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / math.sqrt(sxx * syy)


def spearman(x: Sequence[float], y: Sequence[float]) -> float | None:
    return pearson(ranks(x), ranks(y))


def partial_spearman(x: Sequence[float], y: Sequence[float],
                     z: Sequence[float]) -> float | None:
    """Spearman correlation of x and y with z held fixed (first-order partial correlation of the
    ranks). A constant z explains nothing, so the result is then the plain correlation."""
    rxy = spearman(x, y)
    rxz = spearman(x, z)
    ryz = spearman(y, z)
    if rxy is None:
        return None
    if rxz is None or ryz is None:
        return rxy
    denominator = math.sqrt((1 - rxz ** 2) * (1 - ryz ** 2))
    if denominator == 0:
        return None  # x or y is a monotone function of z: nothing is left to correlate
    return (rxy - rxz * ryz) / denominator


def correlation_test(rho: float | None, n: int, controlled: int = 0) -> dict:
    """rho with its 95% interval and two-sided p-value (Fisher's z); `controlled` counts the
    variables partialled out, each costing a degree of freedom."""
    result = {"rho": rho, "n": n, "ci": None, "p": None}
    dof = n - 3 - controlled
    if rho is None or dof < 1:
        return result
    clipped = max(min(rho, 1 - 1e-12), -1 + 1e-12)
    se = math.sqrt(1.06 / dof)
    z = math.atanh(clipped)
    result["ci"] = [math.tanh(z - 1.96 * se), math.tanh(z + 1.96 * se)]
    result["p"] = math.erfc(abs(z) / se / math.sqrt(2))  # 2 (1 - Phi(|z| / se)), exact in the tail
    return result


def bootstrap_ci(units: Sequence, statistic: Callable[[list], float | None], reps: int,
                 rng: random.Random, level: float = 0.95) -> list[float] | None:
    """Percentile interval of `statistic` over `reps` resamples (with replacement) of `units`;
    None when there are no units or the statistic is undefined on every resample."""
    if not units:
        return None
    values = []
    for _ in range(reps):
        value = statistic([units[rng.randrange(len(units))] for _ in units])
        if value is not None:
            values.append(value)
    if not values:
        return None
    tail = (1 - level) / 2
    return [percentile(values, tail), percentile(values, 1 - tail)]


def best_of_k(n: int, successes: int, k: int) -> float:
    """Probability that k of n samples drawn without replacement hold at least one of the
    `successes`: the exact mean of Best-of-N task success over every choice of k of the n."""
    if k > n:
        raise ValueError(f"best_of_k: k = {k} > n = {n}")
    return 1 - math.comb(n - successes, k) / math.comb(n, k)


def best_of_k_curve(units: Sequence[tuple[int, int]], ks: Sequence[int], reps: int,
                    rng: random.Random, level: float = 0.95) -> list[dict]:
    """Best-of-N task success over units of (samples, successes) at each k: the exact mean, and
    a percentile interval from resampling k of each unit's samples `reps` times. Whether a random
    k-subset holds a success is a Bernoulli draw with the exact probability, which is the same
    as drawing the subset."""
    curve = []
    tail = (1 - level) / 2
    for k in ks:
        chances = [best_of_k(n, c, k) for n, c in units]
        draws = [sum(rng.random() < p for p in chances) / len(chances) for _ in range(reps)]
        curve.append({"k": k, "success": sum(chances) / len(chances),
                      "ci": [percentile(draws, tail), percentile(draws, 1 - tail)]})
    return curve


def equivalent_k(curve: Sequence[tuple[float, float]], score: float) -> float | None:
    """The budget K at which a non-decreasing Best-of-N curve of (K, success) reaches `score`,
    interpolated linearly between its points; the curve starts at (0, 0), so a score below the
    first point's gives a K below it. None when the score is above the whole curve."""
    previous_k, previous_success = 0.0, 0.0
    for k, success in curve:
        if success >= score:
            if success == previous_success:
                return float(previous_k)
            return previous_k + (k - previous_k) * (score - previous_success) / (
                success - previous_success)
        previous_k, previous_success = k, success
    return None


def best_of_adaptation(scores: Sequence[float]) -> int:
    """Index of the best score, the earliest of equals (kb-ttt's best-of-adaptation)."""
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


def early_stop(scores: Sequence[float]) -> int:
    """Index of the step before the first whose score fell, else the last (kb-ttt's
    early-stop)."""
    for i in range(1, len(scores)):
        if scores[i] < scores[i - 1]:
            return i - 1
    return len(scores) - 1
