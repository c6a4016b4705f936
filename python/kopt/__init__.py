"""kopt's Python side: the measurements it exports, and what its scripts share."""
