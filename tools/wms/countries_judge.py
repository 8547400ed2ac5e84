"""Judging a map of the Natural Earth 1:110m countries against their rings, for the client checks
(tools/wms/owslib_check.py, tools/wms/qgis_check.py): a pixel is drawn exactly when its centre
lies inside a country (even-odd test against every ring edge of the Shapefile `graticule
convert` writes); pixels whose 3 x 3 neighbourhood straddles a border are not judged."""
import os, subprocess, sys, tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "oracle"))
from shp_rings import rings as shp_rings  # noqa: E402


def country_edges(binary):
    """All ring edges of the Natural Earth 1:110m countries as arrays x0, y0, x1, y1 (degrees)."""
    with tempfile.TemporaryDirectory() as tmp:
        shp = os.path.join(tmp, "countries110.shp")
        subprocess.run([binary, "convert", "countries110", shp], check=True, capture_output=True, timeout=120)
        edges = [(a[0], a[1], b[0], b[1]) for record in shp_rings(shp) for ring in record for a, b in zip(ring, ring[1:])]
    return np.array(edges, dtype=np.float64).T


def inside_mask(edges, lons, lats):
    """Even-odd inside test of the points (lons[j, i], lats[j]) of each row against all edges."""
    x0, y0, x1, y1 = edges
    mask = np.zeros(lons.shape, dtype=bool)
    for j, lat in enumerate(lats):
        crosses = (y0 > lat) != (y1 > lat)
        xs = x0[crosses] + (lat - y0[crosses]) * (x1[crosses] - x0[crosses]) / (y1[crosses] - y0[crosses])
        xs.sort()
        mask[j] = np.searchsorted(xs, lons[j], side="right") % 2 == 1
    return mask


def judge(img, edges, bbox, mercator=False, transparent=False):
    """Scores an RGBA image (h x w x 4 integers) of `bbox` (degrees, or EPSG:3857 metres with
    `mercator`): the share of judged pixels right, the judged count and how many of them are
    inside a country. Drawn means not the white background, or opaque when `transparent`."""
    h, w = img.shape[:2]
    xs = bbox[0] + (np.arange(w) + 0.5) * (bbox[2] - bbox[0]) / w
    ys = bbox[3] - (np.arange(h) + 0.5) * (bbox[3] - bbox[1]) / h
    if mercator:  # EPSG:3857 inverse on the sphere of radius 6378137 m
        xs = np.degrees(xs / 6378137.0)
        ys = np.degrees(2 * np.arctan(np.exp(ys / 6378137.0)) - np.pi / 2)
    expected = inside_mask(edges, np.tile(xs, (h, 1)), ys)
    drawn = img[..., 3] > 127 if transparent else np.abs(img[..., :3] - 255).max(axis=-1) > 24
    pad = np.pad(expected, 1, mode="edge")
    stack = np.stack([pad[dj:dj + h, di:di + w] for dj in range(3) for di in range(3)])
    judged = stack.all(axis=0) | (~stack).all(axis=0)
    right = (drawn == expected) & judged
    return right.sum() / judged.sum(), int(judged.sum()), int((expected & judged).sum())
