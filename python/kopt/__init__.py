"""kopt's Python modules."""
