"""kopt's IR as text: how it prints a double and a string, so that a table made from the
measurements shows the numbers and messages as the IR file does."""

from __future__ import annotations

import math
import struct


def format_f64(value: float) -> str:
    """`value` as the kb dialect prints it (kb::formatF64): the shortest %g that reads back,
    plain notation for magnitudes in [1e-4, 1e16), and a '.' before any exponent."""
    if not math.isfinite(value):
        # its bits in hexadecimal, which read back as a float
        return "0x%016X" % struct.unpack("<Q", struct.pack("<d", value))[0]
    precision = 1
    while precision < 17 and float(f"{value:.{precision}g}") != value:
        precision += 1
    magnitude = abs(value)
    if 1e-4 <= magnitude < 1e16:
        precision = max(precision, math.floor(math.log10(magnitude)) + 1)
    text = f"{value:.{precision}g}"
    if "." not in text:
        exponent = text.find("e")
        text = text + ".0" if exponent < 0 else text[:exponent] + ".0" + text[exponent:]
    return text


def escaped(text: str) -> str:
    """`text` escaped as MLIR prints a string attribute (llvm::printEscapedString): a backslash
    doubled, other bytes that are not printable ASCII, and '"', as \\XX."""
    out = []
    for byte in text.encode():
        if byte == ord("\\"):
            out.append("\\\\")
        elif 0x20 <= byte < 0x7F and byte != ord('"'):
            out.append(chr(byte))
        else:
            out.append(f"\\{byte:02X}")
    return "".join(out)

