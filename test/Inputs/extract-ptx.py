#!/usr/bin/env python3
"""Writes the PTX of one candidate of a kopt output file to stdout, for ptxas and FileCheck.

    extract-ptx.py FILE.mlir CANDIDATE
"""
import re
import sys

text = open(sys.argv[1]).read()
match = re.search(r'kb\.candidate @' + re.escape(sys.argv[2]) + r' .*?\bptx "((?:[^"\\]|\\.)*)"',
                  text)
if not match:
    sys.exit(f"extract-ptx.py: no candidate @{sys.argv[2]} with PTX in {sys.argv[1]}")
# MLIR string escapes: \XX (two hex digits), \\ and \".
ptx = re.sub(r'\\([0-9A-Fa-f]{2}|\\|")',
             lambda m: m.group(1) if len(m.group(1)) == 1 else chr(int(m.group(1), 16)),
             match.group(1))
sys.stdout.write(ptx)
