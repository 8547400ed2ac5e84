#!/usr/bin/env python3
"""JPEG fixtures for JPEGWriterTests: synthetic RGBA images encoded by libjpeg-turbo through Pillow.

    python3 tools/oracle/jpeg_fixtures.py

Each image is made from a formula the Swift test repeats (`JPEGWriterTests.pattern`), so the
test can encode the same pixels and compare its bytes with libjpeg's. Pillow's defaults are
libjpeg's: baseline, JFIF 1.01 with density 1:1, 4:2:0 subsampling, the integer (islow) DCT,
the Annex K quantisation tables scaled by quality (jpeg_set_quality), the Annex K Huffman
tables (no optimisation). Pixels with alpha below 255 are flattened over a matte colour first
(the same integer formula in both places), so only libjpeg's part is under test here.

Writes Tests/GraticuleRasterTests/Fixtures/jpeg/NAME-qQUALITY.jpg and manifest.csv (name,
pattern, width, height, quality, matte, bytes) with the generator's versions on its first line.
"""
import csv, io, os
import PIL
from PIL import Image, features

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "Tests", "GraticuleRasterTests", "Fixtures", "jpeg")


def pattern(kind, w, h):
    """RGBA bytes of a test pattern (the Swift test has the same function)."""
    out = bytearray(w * h * 4)
    state = 0x2545F491
    for y in range(h):
        for x in range(w):
            i = 4 * (y * w + x)
            if kind == "gradient":
                r, g, b, a = (x * 4) & 255, (y * 5) & 255, ((x + y) * 2) & 255, 255
            elif kind == "edges":
                # Flat regions, hard edges and a diagonal line (a map's make-up).
                palette = [(230, 225, 205), (255, 255, 255), (90, 90, 90), (40, 120, 200)]
                r, g, b = palette[(x // 5 + y // 3) % 3]
                if abs(x - 2 * y) <= 1:
                    r, g, b = palette[3]
                a = 255
            elif kind == "noise":
                vals = []
                for _ in range(3):
                    state = (state * 1103515245 + 12345) & 0xFFFFFFFF
                    vals.append(state >> 24)
                r, g, b = vals
                a = 255
            elif kind == "alpha":
                r, g, b = (x * 9) & 255, 255 - ((y * 7) & 255), 128
                a = ((x + y) * 13) & 255
            else:
                raise ValueError(kind)
            out[i:i + 4] = bytes((r, g, b, a))
    return bytes(out)


def flatten(rgba, matte):
    """RGB over an opaque matte: (c·a + m·(255 − a) + 127) / 255, integer division."""
    out = bytearray(len(rgba) // 4 * 3)
    for k in range(len(rgba) // 4):
        a = rgba[4 * k + 3]
        for c in range(3):
            out[3 * k + c] = (rgba[4 * k + c] * a + matte[c] * (255 - a) + 127) // 255
    return bytes(out)


CASES = [  # name, pattern, width, height, quality, matte
    ("gradient", "gradient", 64, 48, 75, (255, 255, 255)),
    ("gradient", "gradient", 64, 48, 90, (255, 255, 255)),
    ("edges", "edges", 37, 29, 75, (255, 255, 255)),
    ("edges", "edges", 37, 29, 100, (255, 255, 255)),
    ("noise", "noise", 23, 17, 75, (255, 255, 255)),
    ("noise", "noise", 23, 17, 10, (255, 255, 255)),
    ("noise", "noise", 40, 9, 50, (255, 255, 255)),
    ("tiny", "gradient", 1, 1, 75, (255, 255, 255)),
    ("wide", "edges", 130, 3, 85, (255, 255, 255)),
    ("tall", "noise", 5, 70, 85, (255, 255, 255)),
    ("alpha", "alpha", 33, 20, 85, (0, 64, 255)),
    ("noise", "noise", 48, 32, 100, (255, 255, 255)),
    ("map", "edges", 301, 203, 85, (255, 255, 255)),
    ("ramp", "gradient", 250, 130, 60, (255, 255, 255)),
]


def main():
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for name, kind, w, h, q, matte in CASES:
        rgb = flatten(pattern(kind, w, h), matte)
        buf = io.BytesIO()
        Image.frombytes("RGB", (w, h), rgb).save(buf, "JPEG", quality=q)
        data = buf.getvalue()
        fname = f"{name}-{w}x{h}-q{q}.jpg"
        with open(os.path.join(OUT, fname), "wb") as f:
            f.write(data)
        rows.append([fname, kind, w, h, q, "%d,%d,%d" % matte, len(data)])
    with open(os.path.join(OUT, "manifest.csv"), "w", newline="") as f:
        f.write(f"# generator: tools/oracle/jpeg_fixtures.py, Pillow {PIL.__version__}, "
                f"libjpeg-turbo {features.version('libjpeg_turbo')} (jpeg {features.version('jpg')}), defaults\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["file", "pattern", "width", "height", "quality", "matte", "bytes"])
        w.writerows(rows)
    print(f"{len(rows)} fixtures in {OUT}")


if __name__ == "__main__":
    main()
