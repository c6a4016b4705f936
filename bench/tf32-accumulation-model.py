#!/usr/bin/env python3
"""A model of split_tf32's error on the tensor cores: the relative error of a K-term dot product
of uniform [0, 1) inputs, each product computed as three TF32 products (small x big, big x small,
big x big) by m16n8k8-style steps of 8, with the accumulation either into one running sum or into
a sum per K tile that f32 adds (round to nearest) to the running one.

    bench/tf32-accumulation-model.py [--k 4096 8192] [--outputs 256] [--tile 16 32]

The tensor cores' accumulation is not IEEE: each step's sum is truncated, not rounded. Two
models bracket what they do: `rz`, the step's exact sum of the accumulator and its 8 products
rounded toward zero to f32; `aligned`, each addend first truncated to the f32 grid of the largest
one (no guard bits), then the sum truncated. A model, not a measurement: it predicts how the
error grows with K and what per-tile sums change; the GPU verifier decides.
"""
import argparse

import numpy as np


def fp32_ulp(x):
    exponent = np.floor(np.log2(np.maximum(np.abs(x), 1e-300)))
    return 2.0 ** (exponent - 23)


def toward_zero(x, quantum):
    return np.trunc(x / quantum) * quantum


def accumulate(model, acc, products):
    """acc plus the rows of `products` (outputs x 8), as one tensor-core step under `model`."""
    if model == "aligned":
        quantum = fp32_ulp(np.maximum(np.abs(acc), np.abs(products).max(axis=1)))
        acc = toward_zero(acc, quantum) + toward_zero(products, quantum[:, None]).sum(axis=1)
    else:
        acc = acc + products.sum(axis=1)
    return toward_zero(acc, fp32_ulp(acc))


def tf32(x):
    """x (f32) with its 13 low mantissa bits cleared."""
    return (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def relative_error(model, k, outputs, tile, rng):
    """Worst and mean relative error over `outputs` dot products; tile None: one running sum."""
    a = rng.random((outputs, k), dtype=np.float32)
    b = rng.random((outputs, k), dtype=np.float32)
    big_a, big_b = tf32(a), tf32(b)
    parts_a = [big_a.astype(np.float64), tf32(a - big_a).astype(np.float64)]
    parts_b = [big_b.astype(np.float64), tf32(b - big_b).astype(np.float64)]
    exact = (a.astype(np.float64) * b.astype(np.float64)).sum(axis=1)
    total = np.zeros(outputs)
    partial = np.zeros(outputs)
    for k0 in range(0, k, 8):
        step = slice(k0, k0 + 8)
        for i, j in ((1, 0), (0, 1), (0, 0)):
            products = parts_a[i][:, step] * parts_b[j][:, step]
            if tile:
                partial = accumulate(model, partial, products)
            else:
                total = accumulate(model, total, products)
        if tile and (k0 + 8) % tile == 0:
            total = (total + partial).astype(np.float32).astype(np.float64)
            partial = np.zeros(outputs)
    error = (total - exact) / exact
    return np.abs(error).max(), error.mean()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", type=int, nargs="+", default=[4096, 8192, 32768])
    parser.add_argument("--outputs", type=int, default=256)
    parser.add_argument("--tile", type=int, nargs="+", default=[16, 32])
    args = parser.parse_args()
    print("| model | K | accumulation | worst rel error | mean rel error |")
    print("|---|---|---|---|---|")
    for model in ("rz", "aligned"):
        for k in args.k:
            for tile in [None] + args.tile:
                rng = np.random.default_rng(0)
                worst, mean = relative_error(model, k, args.outputs, tile, rng)
                how = f"per {tile}-deep K tile" if tile else "one running sum"
                print(f"| {model} | {k} | {how} | {worst:.2e} | {mean:.2e} |")


if __name__ == "__main__":
    main()
