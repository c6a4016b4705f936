"""kopt.families."""

from types import SimpleNamespace

from kopt.families import family


def candidate(*names):
    return SimpleNamespace(decisions={name: 1 for name in names})


def test_family_chain_and_fused_or_chain():
    assert family([candidate("block_m", "tf32")]) == "matmul"
    assert family([candidate("s0.outputs_x", "s1.block_m")]) == "window + matmul"
    # A family's own decisions (unprefixed) before its chain's: not merged with stage 0.
    assert family([candidate("block_q", "unfused", "s0.block_m", "s1.threads_per_group",
                             "s2.block_m")]) == "attention | matmul + normalization + matmul"
    assert family([SimpleNamespace(decisions={}), candidate("per_thread")]) == "elementwise"
    assert family([]) == "?"
