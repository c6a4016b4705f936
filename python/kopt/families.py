"""A candidate's schedule family, read from the names of its decisions (docs/schedule-spaces.md):
each family has a decision no other family has."""

# That of the first of these decisions it has (`unroll` is also the reduction's and the window's,
# so their own decisions come first).
FAMILY_KEYS = {"block_m": "matmul", "block_q": "attention", "threads_per_output": "reduction",
               "threads_per_group": "normalization", "outputs_x": "window",
               "items_per_thread": "scan", "per_thread": "elementwise",
               "unroll": "global_reduction"}


def stage_groups(names):
    """Decision names by stage: -1 for a family's own (unprefixed) decisions, k for stage k's
    (`s<k>.<name>`), each a set of the names without their prefix."""
    groups = {}
    for name in names:
        stage, _, key = name.rpartition(".")
        groups.setdefault(int(stage[1:]) if stage else -1, set()).add(key)
    return groups


def family(candidates):
    """The family of the first candidate (kopt.measurements records) with decisions; a chain's
    stages (decisions `s<k>.<name>`) joined by " + ", after the family's own decisions and " | "
    where its space also offers the chain (the schedule space's name)."""
    listed = next((m.decisions for m in candidates if m.decisions), None)
    if not listed:
        return "?"
    names = {k: next((name for key, name in FAMILY_KEYS.items() if key in keys), "?")
             for k, keys in stage_groups(listed).items()}
    chain = " + ".join(names[k] for k in sorted(names) if k >= 0)
    if -1 not in names:
        return chain
    return names[-1] + (" | " + chain if chain else "")
