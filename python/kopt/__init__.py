"""kopt's Python side: the runner protocol client, the measurements kopt exports, and what its scripts share."""
