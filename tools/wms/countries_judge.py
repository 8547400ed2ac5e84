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


def pixel_centres(img, bbox):
    """The x of each column's and the y of each row's pixel centre of an image of `bbox`."""
    h, w = img.shape[:2]
    return (bbox[0] + (np.arange(w) + 0.5) * (bbox[2] - bbox[0]) / w,
            bbox[3] - (np.arange(h) + 0.5) * (bbox[3] - bbox[1]) / h)


def score(img, expected, transparent=False, valid=True):
    """The share of judged pixels right, the judged count and how many of them are inside a
    country: judged are the `valid` pixels whose 3 x 3 neighbourhood lies wholly inside or wholly
    outside (`expected`); drawn means not the white background, or opaque when `transparent`."""
    h, w = expected.shape
    drawn = img[..., 3] > 127 if transparent else np.abs(img[..., :3] - 255).max(axis=-1) > 24
    pad = np.pad(expected, 1, mode="edge")
    stack = np.stack([pad[dj:dj + h, di:di + w] for dj in range(3) for di in range(3)])
    judged = (stack.all(axis=0) | (~stack).all(axis=0)) & valid
    right = (drawn == expected) & judged
    return right.sum() / judged.sum(), int(judged.sum()), int((expected & judged).sum())


def lonlat_centres(img, bbox, mercator=False):
    """`pixel_centres` in degrees: `bbox` in degrees, or in EPSG:3857 metres with `mercator`
    (taken back by the inverse on the sphere of radius 6378137 m)."""
    xs, ys = pixel_centres(img, bbox)
    if mercator:
        xs = np.degrees(xs / 6378137.0)
        ys = np.degrees(2 * np.arctan(np.exp(ys / 6378137.0)) - np.pi / 2)
    return xs, ys


def judge(img, edges, bbox, mercator=False, transparent=False):
    """Scores an RGBA image (h x w x 4 integers) of `bbox` (degrees, or EPSG:3857 metres with
    `mercator`) by `score`, a pixel expected drawn exactly when its centre is inside a country."""
    xs, ys = lonlat_centres(img, bbox, mercator)
    return score(img, inside_mask(edges, np.tile(xs, (img.shape[0], 1)), ys), transparent)


def judge_projected(img, edges, crs, bbox, step=0.05):
    """`judge` for a map in any projected CRS: each pixel centre is taken back to longitude and
    latitude by pyproj (the reference, not Graticule), and looked up in the countries rasterised
    by `inside_mask` on a `step`-degree grid (finer than the map's pixels)."""
    from pyproj import Transformer
    gx, gy = np.meshgrid(*pixel_centres(img, bbox))
    lon, lat = Transformer.from_crs(crs, "EPSG:4326", always_xy=True).transform(gx, gy)
    n_lon, n_lat = int(round(360 / step)), int(round(180 / step))
    grid_lats = 90 - (np.arange(n_lat) + 0.5) * step
    grid_lons = -180 + (np.arange(n_lon) + 0.5) * step
    grid = inside_mask(edges, np.tile(grid_lons, (n_lat, 1)), grid_lats)
    # Outside the projection's domain pyproj answers inf: those pixels are not judged.
    valid = np.isfinite(lon) & np.isfinite(lat) & (np.abs(lon) <= 180) & (np.abs(lat) <= 90)
    i = np.clip(((np.where(valid, lon, 0) + 180) / step).astype(int), 0, n_lon - 1)
    j = np.clip(((90 - np.where(valid, lat, 0)) / step).astype(int), 0, n_lat - 1)
    return score(img, grid[j, i] & valid, valid=valid)
