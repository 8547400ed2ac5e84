#!/usr/bin/env python3
"""Seeds for Fuzz/FuzzInflate.swift: zlib streams of a few kinds of data at several levels and
strategies (stored, fixed and dynamic Huffman blocks, long runs, short-distance matches, text,
noise, a 16-bit raster row with a predictor-like pattern). Run from this directory."""
import os, random, zlib

random.seed(7)
data = {
    "text": b"The quick brown fox jumps over the lazy dog. " * 20,
    "runs": bytes([0]) * 3000 + bytes([255]) * 700 + bytes(range(256)),
    "noise": bytes(random.getrandbits(8) for _ in range(600)),
    "raster16": b"".join(int(1000 + 30 * ((i // 7) % 5) - (i % 13)).to_bytes(2, "little") for i in range(1024)),
    "short": b"ab",
}
seen = set()
for name, payload in data.items():
    for level in (0, 1, 6, 9):
        for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FIXED, zlib.Z_RLE, zlib.Z_HUFFMAN_ONLY):
            c = zlib.compressobj(level, zlib.DEFLATED, 15, 8, strategy)
            stream = c.compress(payload) + c.flush()
            if stream in seen:
                continue
            seen.add(stream)
            with open(f"{name}-l{level}-s{strategy}.z", "wb") as f:
                f.write(stream)
