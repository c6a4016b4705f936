"""Statistics of the study driver (python/study/study.py), standard library only.

Correlations are Spearman's (Pearson's on average ranks, so ties are handled); their confidence
intervals and p-values use Fisher's z with the variance 1.06 / (n - 3) of Fieller, Hartley and
Pearson (1957), good enough for the n of a study and free of tables. Per-task correlations are
combined by a random-effects meta-analysis on Fisher's z (DerSimonian and Laird). Bootstrap
intervals are percentile intervals over resampled clusters: a task, with all of its seeds, since
a task's seeds share kernels and cached timings and so are not independent.
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


def normal_sf(x: float) -> float:
    """1 - Phi(x), exact in the tail."""
    return 0.5 * math.erfc(x / math.sqrt(2))


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for X chi-squared with an integer number of degrees of freedom, in closed form:
    a finite Poisson sum for even `dof`, the normal tail plus a finite sum for odd."""
    if dof < 1:
        raise ValueError(f"chi2_sf: {dof} degrees of freedom")
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return math.exp(-half) * total
    root = math.sqrt(x)
    term = root * math.sqrt(2 / math.pi) * math.exp(-half)  # 2 phi(root) root / 1
    total = 0.0
    for i in range(1, (dof - 1) // 2 + 1):
        total += term
        term *= x / (2 * i + 1)
    return 2 * normal_sf(root) + total


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values (family-wise error), in the order given; None (no test)
    stays None and does not count towards the family."""
    tested = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    adjusted: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (len(tested) - rank) * p))
        adjusted[i] = running
    return adjusted


def fisher_meta(studies: Sequence[tuple[float, int]], level: float = 0.95) -> dict | None:
    """Random-effects meta-analysis (DerSimonian-Laird) of correlations given as (rho, n), on
    Fisher's z with the within-study variance 1.06 / (n - 3). Studies with n < 4 carry no
    weight and are left out. Returns the pooled rho with its interval and p-value, the
    fixed-effect rho, the between-study variance tau^2, Cochran's Q with its degrees of freedom
    and p-value, and I^2; None with no study left."""
    kept = [(max(min(r, 1 - 1e-12), -1 + 1e-12), n) for r, n in studies
            if r is not None and n >= 4]
    if not kept:
        return None
    z = [math.atanh(r) for r, _ in kept]
    w = [(n - 3) / 1.06 for _, n in kept]
    sw = sum(w)
    fixed = sum(wi * zi for wi, zi in zip(w, z)) / sw
    q = sum(wi * (zi - fixed) ** 2 for wi, zi in zip(w, z))
    dof = len(kept) - 1
    scale = sw - sum(wi * wi for wi in w) / sw
    tau2 = max(0.0, (q - dof) / scale) if dof > 0 else 0.0
    wr = [1 / (1 / wi + tau2) for wi in w]
    pooled = sum(wi * zi for wi, zi in zip(wr, z)) / sum(wr)
    se = math.sqrt(1 / sum(wr))
    quantile = normal_quantile(1 - (1 - level) / 2)
    return {"rho": math.tanh(pooled),
            "ci": [math.tanh(pooled - quantile * se), math.tanh(pooled + quantile * se)],
            "p": 2 * normal_sf(abs(pooled) / se), "fixed_rho": math.tanh(fixed),
            "tau2": tau2, "q": q, "dof": dof,
            "q_p": chi2_sf(q, dof) if dof > 0 else None,
            "i2": max(0.0, (q - dof) / q) if q > 0 else 0.0, "tasks": len(kept)}


def normal_quantile(p: float) -> float:
    """Phi^-1(p) by bisection on normal_sf: a few dozen steps, needed a handful of times."""
    low, high = -40.0, 40.0
    for _ in range(200):
        middle = (low + high) / 2
        if 1 - normal_sf(middle) < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def percentile_interval(values: Sequence[float | None], level: float = 0.95) -> list | None:
    """The central `level` interval of bootstrap values; None when every value is undefined."""
    defined = [v for v in values if v is not None]
    if not defined:
        return None
    tail = (1 - level) / 2
    return [percentile(defined, tail), percentile(defined, 1 - tail)]


def cluster_resamples(clusters: Sequence[Sequence], reps: int, rng: random.Random):
    """`reps` resamples of the units: clusters drawn with replacement, each drawn cluster with
    all of its units (a task with all of its seeds)."""
    for _ in range(reps):
        yield [unit for _ in clusters for unit in clusters[rng.randrange(len(clusters))]]


def cluster_bootstrap_ci(clusters: Sequence[Sequence], statistic: Callable[[list], float | None],
                         reps: int, rng: random.Random, level: float = 0.95) -> list | None:
    """Percentile interval of `statistic` (of a list of units) over cluster resamples; None when
    there are no clusters or the statistic is undefined on every resample."""
    if not clusters:
        return None
    return percentile_interval([statistic(s) for s in cluster_resamples(clusters, reps, rng)],
                               level)


def bootstrap_ci(units: Sequence, statistic: Callable[[list], float | None], reps: int,
                 rng: random.Random, level: float = 0.95) -> list[float] | None:
    """Percentile interval of `statistic` over `reps` resamples (with replacement) of `units`
    taken as independent: the cluster bootstrap with one unit per cluster."""
    return cluster_bootstrap_ci([[u] for u in units], statistic, reps, rng, level)


def subset_max_weights(n: int, k: int) -> list[float]:
    """P(the largest of a uniformly random k-subset of n ordered values is the j-th smallest),
    j = 1..n: C(j - 1, k - 1) / C(n, k). Ties broken by position give the same expectations."""
    if not 1 <= k <= n:
        raise ValueError(f"subset_max_weights: k = {k} of n = {n}")
    total = math.comb(n, k)
    return [math.comb(j - 1, k - 1) / total for j in range(1, n + 1)]


def expected_at_subset_max(keys: Sequence[float], outcomes: Sequence[float], k: int) -> float:
    """The exact mean, over every k-subset of the items, of the outcome of the item whose key is
    the largest in the subset (k is capped at the number of items)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    weights = subset_max_weights(len(keys), min(k, len(keys)))
    return sum(w * outcomes[i] for w, i in zip(weights, order))


def median_relative_se(median: float, q1: float, q3: float, n: int) -> float | None:
    """Relative standard error of a timing's median from its quartiles: sigma estimated as
    IQR / 1.349 (normal), the median's standard error as sqrt(pi / 2) sigma / sqrt(n). None
    below two repetitions, where the quartiles say nothing about the spread."""
    if n < 2 or median <= 0:
        return None
    return math.sqrt(math.pi / 2) * (q3 - q1) / 1.349 / math.sqrt(n) / median


def speedup_interval(speedup: float, kernel_rel_se: float | None, eager_rel_se: float,
                     level: float = 0.95) -> list[float] | None:
    """Interval of a speedup (eager / kernel) from the relative standard errors of both times,
    combined on the log scale; None where the kernel's spread is unknown."""
    if kernel_rel_se is None:
        return None
    half = normal_quantile(1 - (1 - level) / 2) * math.hypot(kernel_rel_se, eager_rel_se)
    return [speedup * math.exp(-half), speedup * math.exp(half)]


def best_of_k(n: int, successes: int, k: int) -> float:
    """Probability that k of n samples drawn without replacement hold at least one of the
    `successes`: the exact mean of Best-of-N task success over every choice of k of the n."""
    if k > n:
        raise ValueError(f"best_of_k: k = {k} > n = {n}")
    return 1 - math.comb(n - successes, k) / math.comb(n, k)


def best_of_k_curve(clusters: Sequence[Sequence[tuple[int, int]]], ks: Sequence[int], reps: int,
                    rng: random.Random, level: float = 0.95) -> list[dict]:
    """Best-of-N task success at each k over units of (samples, successes), grouped in clusters
    (a task's seeds): the exact mean over units, and its cluster-bootstrap interval."""
    curve = []
    for k in ks:
        chances = [[best_of_k(n, c, k) for n, c in cluster] for cluster in clusters]
        curve.append({"k": k, "success": mean([p for cluster in chances for p in cluster]),
                      "ci": cluster_bootstrap_ci(chances, mean, reps, rng, level)})
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
