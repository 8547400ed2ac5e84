#!/usr/bin/env python3
"""Fixtures for PaletteQuantizer (PNGWriter.encodeQuantized): two opaque test images made here
with Pillow and numpy (not by Graticule), and the error of Pillow's own 256-colour quantisers on
them, the bar ours must clear.

    python3 tools/oracle/quantize_fixtures.py

Writes Tests/GraticuleRasterTests/Fixtures/quantize/:
  map.png   512 x 256: flat-coloured polygons drawn at 4x and reduced with a box filter (the
            anti-aliased edges of a map: a few thousand colours, most pixels in a few);
  photo.png 192 x 128: smooth gradients with noise (a raster: tens of thousands of colours);
  manifest.json: per image its distinct colour count and the mean squared error per RGB sample
            of Pillow's quantize(256) with MEDIANCUT and FASTOCTREE (no dithering), with the
            Pillow and numpy versions.
"""
import json, os

import numpy as np
import PIL
from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "GraticuleRasterTests", "Fixtures", "quantize")


def map_image():
    rng = np.random.default_rng(7)
    big = Image.new("RGB", (2048, 1024), (200, 220, 240))
    d = ImageDraw.Draw(big)
    fills = [(232, 228, 216), (222, 235, 200), (240, 220, 200), (250, 245, 220)]
    for k in range(60):
        cx, cy = rng.uniform(0, 2048), rng.uniform(0, 1024)
        n = int(rng.integers(5, 12))
        angles = np.sort(rng.uniform(0, 2 * np.pi, n))
        radii = rng.uniform(40, 220, n)
        pts = [(float(cx + r * np.cos(a)), float(cy + r * np.sin(a))) for a, r in zip(angles, radii)]
        d.polygon(pts, fill=fills[k % len(fills)], outline=(102, 102, 102), width=2)
    return big.resize((512, 256), Image.BOX)


def photo_image():
    rng = np.random.default_rng(11)
    y, x = np.mgrid[0:128, 0:192].astype(float)
    r = 128 + 100 * np.sin(x / 37.0) * np.cos(y / 53.0)
    g = 90 + 0.5 * x + 20 * np.sin((x + y) / 17.0)
    b = 60 + 0.6 * y
    img = np.stack([r, g, b], axis=-1) + rng.normal(0, 6, (128, 192, 3))
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")


def mse(a, b):
    return float(np.mean((np.asarray(a, float) - np.asarray(b, float)) ** 2))


def main():
    os.makedirs(OUT, exist_ok=True)
    manifest = {"generator": "tools/oracle/quantize_fixtures.py", "pillow": PIL.__version__, "numpy": np.__version__,
                "images": {}}
    for name, im in (("map", map_image()), ("photo", photo_image())):
        im.save(os.path.join(OUT, name + ".png"), optimize=True)
        rgb = np.asarray(im)
        colours = len(np.unique(rgb.reshape(-1, 3), axis=0))
        errors = {}
        for label, method in (("mediancut", Image.Quantize.MEDIANCUT), ("fastoctree", Image.Quantize.FASTOCTREE)):
            q = im.quantize(256, method=method, dither=Image.Dither.NONE).convert("RGB")
            errors[label] = round(mse(rgb, np.asarray(q)), 4)
        manifest["images"][name] = {"width": im.width, "height": im.height, "colours": colours, "mse": errors}
        print(name, colours, errors)
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
