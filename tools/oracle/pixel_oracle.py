#!/usr/bin/env python3
"""Pixel oracle for world maps: is every pixel filled exactly where a country is?

For a PNG of the Natural Earth countries drawn at W × H in a spatial reference and extent (outer
pixel edges, map units, x/y order), every pixel centre is inverse-projected to lon/lat and tested
against the countries (shapely point-in-polygon in lon/lat; Natural Earth is cut at ±180°, and
inverse longitudes are normalised to [−180, 180], so the antimeridian needs no other care).
A pixel counts only when its centre round-trips (forward(inverse(p)) within 0.01 px) or fails to
invert at all (then it is outside the map and must be unfilled). Excluded from the score:
- pixels a country boundary passes through (the boundary, densified until each piece is under
  0.5 px, forward-projected; pieces that stay long are jumps across a cut and are skipped),
  optionally grown by `--margin` pixels (default 0: exactly the pixels the boundary crosses;
  note that a renderer drawing edges as great-circle arcs parts from these straight lon/lat
  edges by up to 0.05° in 1:110m);
- pixels the map's own outline passes through (a pixel corner that inverts when the centre does
  not, or the reverse: the rim of an orthographic disc, the gaps between lobes).
Score = share of the remaining pixels whose filled/unfilled state is right. A rendered pixel is
"filled" when its colour is nearer to a fill colour than to every background colour.

Inverse projections: pyproj (PROJ) for the CRSs PROJ can do; for ESRI:102299 (Berghaus Star) and
ESRI:54050 (Fuller), which PROJ 9.5 cannot project, Graticule's own inverse and forward through
`graticule project` (validated against d3-geo/d3-geo-polygon fixtures in
Tests/GraticuleProjectionTests), with the same round-trip rule.

Pinned: pip install pyproj==3.7.2 shapely==2.2.0 numpy pillow==12.0.0 (Python 3.11).

Usage:
  pixel_oracle.py score --png map.png --crs ESRI:54052 --extent X0,Y0,X1,Y1 --countries ne110.shp
  pixel_oracle.py extent --crs ESRI:54052            (the default 2:1 extent used for comparisons)
  pixel_oracle.py mask --crs … --extent … --countries … --out mask.rle   (expected mask fixture)
"""
import argparse, json, os, subprocess, sys
import numpy as np

GRATICULE = os.environ.get("GRATICULE", "graticule")

# The eleven world spatial references of the design: code → (name, lon/lat region sampled for
# the default extent (lon0, lon1, lat0, lat1) or None for the whole sphere).
WORLD_SRS = {
    "EPSG:4326": ("WGS 84 (plate carrée)", None),
    "EPSG:3857": ("WGS 84 / Pseudo-Mercator", (-180, 180, -85.0511, 85.0511)),
    "EPSG:32610": ("WGS 84 / UTM 10N", (-153, -93, -80, 84)),
    "EPSG:27200": ("NZGD49 / New Zealand Map Grid", (164.37, 180.63, -49.33, -32.1)),
    "ESRI:102018": ("North Pole Stereographic", (-180, 180, -30, 90)),
    "ESRI:54090": ("Peirce quincuncial (square)", None),
    "ESRI:54024": ("World Bonne", None),
    "ESRI:54052": ("Goode Homolosine Land", None),
    "ESRI:102038": ("The World From Space (orthographic)", None),
    "ESRI:102299": ("Berghaus Star AAG", None),
    "ESRI:54050": ("World Fuller", None),
}
PROJ_CANNOT = {"ESRI:102299", "ESRI:54050"}

# Fixed extents where the bounding box of the sampled region is not the map to show: UTM 10N over
# the northern half of its map (x within the region Transverse Mercator's series is valid for:
# Graticule leaves out caps of 20.5° around (λ0 ± 90°, 0), at |x − 500 km| ≳ 10,900 km).
FIXED_EXTENTS = {"EPSG:32610": [-9.7e6, -0.2e6, 10.7e6, 10.0e6]}

# Local projections: the region of the sphere the map holds (outside it PROJ's formulas return
# finite nonsense, e.g. 10⁹ m for Australia in NZMG): (lon, lat, radius°) of a cap. A pixel whose
# centre inverts outside it is off the map; its rim counts as the map's outline.
# Graticule's documented regions: NZMG 13.5° around its origin, polar stereographic 120° around the
# pole (south of −30° the map runs off to infinity; Antarctica would flood it).
DOMAINS = {"EPSG:27200": (173.0, -41.0, 13.5), "ESRI:102018": (0.0, 90.0, 120.0)}
# PROJ's inverse gives NaN in wedges of the map (its Peirce quincuncial square inverse does not
# converge along the folds): there the oracle solves forward(λ, φ) = pixel by Newton's method on
# PROJ's forward projection (`refine_inverse`).
REFINE_INVERSE = {"ESRI:54090"}
# Web Mercator's map is the square ±πR: latitudes beyond ±85.0511° are off the map.
LATITUDE_LIMITS = {"EPSG:3857": 85.0511287798}


# MARK: projections

class Projector:
    """Forward (lon/lat → map) and inverse for one CRS, vectorised; NaN where undefined."""

    def __init__(self, crs, datum_shift=None):
        """`datum_shift`: Natural Earth's WGS 84 longitudes/latitudes go through PROJ's best
        operation from EPSG:4326 to the CRS for the CRS's area of use (`single_operation`; the
        prime meridian and angular unit of the CRS's base are handled too). False: taken on the
        CRS's own datum with no shift. None: shift when the CRS is not on WGS 84 (Graticule's
        rule; of the eleven world maps, NZGD49's)."""
        self.crs = crs
        self.own = crs.upper() in PROJ_CANNOT
        self.operation = None  # the datum transformation's description when one is applied
        if not self.own:
            from pyproj import CRS, Transformer
            c = CRS(crs)
            base = c.geodetic_crs if c.is_projected else c
            if datum_shift is None:
                datum_shift = "World Geodetic System 1984" not in (base.datum.name if base.datum else "")
            if datum_shift:
                try:
                    fwd, inv = single_operation(c)
                except (IndexError, RuntimeError):
                    # pyproj lists no operation from EPSG:4326 (IndexError inside TransformerGroup):
                    # no transformation known between the datums, a ballpark, i.e. no shift (on a
                    # Greenwich base only: the base's own longitudes are then Natural Earth's).
                    if base.prime_meridian.longitude != 0 or base.axis_info[0].unit_name != "degree":
                        raise
                    fwd = inv = None
                if fwd is not None and "Ballpark" not in fwd.description:  # a ballpark is no shift
                    self.fwd, self.inv = fwd, inv
                    self.operation = fwd.description
                    return
            self.fwd = Transformer.from_crs(base, c, always_xy=True)
            self.inv = Transformer.from_crs(c, base, always_xy=True)

    def forward(self, lon, lat):
        return self._run(lon, lat, "EPSG:4326", self.crs) if self.own else self._pyproj(self.fwd, lon, lat)

    def inverse(self, x, y):
        return self._run(x, y, self.crs, "EPSG:4326") if self.own else self._pyproj(self.inv, x, y)

    @staticmethod
    def _pyproj(t, a, b):
        with np.errstate(all="ignore"):
            x, y = t.transform(np.asarray(a, float), np.asarray(b, float), errcheck=False)
        x, y = np.asarray(x, float), np.asarray(y, float)
        bad = ~np.isfinite(x) | ~np.isfinite(y) | (np.abs(x) > 1e20) | (np.abs(y) > 1e20)
        x[bad] = np.nan
        y[bad] = np.nan
        return x, y

    @staticmethod
    def _run(a, b, src, dst):
        a, b = np.asarray(a, float).ravel(), np.asarray(b, float).ravel()
        ok = np.isfinite(a) & np.isfinite(b)
        idx = np.nonzero(ok)[0]
        text = "".join(f"{float(u)!r} {float(v)!r}\n" for u, v in zip(a[idx], b[idx]))
        p = subprocess.run([GRATICULE, "project", "--from", src, "--to", dst], input=text.encode(),
                           capture_output=True, check=False)
        # One output line per input line ("nan nan" where the point cannot be projected);
        # Graticule's number writer may emit NUL for the digit 0 (reported), so repair that.
        outs = p.stdout.replace(b"\0", b"0").decode(errors="replace").splitlines()
        if len(outs) != len(idx):
            raise RuntimeError(f"graticule project {src} → {dst}: {len(outs)} lines for {len(idx)} points: {p.stderr[-300:]!r}")
        x = np.full(a.shape, np.nan)
        y = np.full(a.shape, np.nan)
        unreadable = 0
        for i, line in zip(idx, outs):
            parts = line.split()
            try:
                x[i], y[i] = float(parts[0]), float(parts[1])
            except (ValueError, IndexError):
                unreadable += 1
        if unreadable:
            print(f"warning: {unreadable} unreadable lines from graticule project {src} → {dst}", file=sys.stderr)
        bad = ~np.isfinite(x) | ~np.isfinite(y)
        x[bad] = np.nan
        y[bad] = np.nan
        return x, y


def single_operation(crs):
    """PROJ's best operation from EPSG:4326 to `crs` for the CRS's area of use, as forward and
    inverse transformers: the first of pyproj's `TransformerGroup` (PROJ's ranking, operations
    whose grids are missing left out; the grids Graticule embeds are given to PROJ), i.e. the operation `projinfo -s EPSG:4326 -t <crs>
    --area <crs's area>` lists first and cs2cs applies inside that area. One operation over the
    whole map: `Transformer.from_crs` would switch per point between that operation inside its
    area of use and a ballpark outside it, a seam in the map (and round trips that fail along it).
    """
    from pyproj import CRS, datadir
    from pyproj.aoi import AreaOfInterest
    from pyproj.transformer import TransformerGroup
    if GRIDS not in datadir.get_user_data_dir() and GRIDS not in (os.environ.get("PROJ_DATA") or ""):
        # The grids Graticule embeds (NTv2: BETA2007, ntf_r93, nzgd2kgrid0005) are PROJ's too.
        datadir.append_data_dir(GRIDS)
    a = crs.area_of_use
    aoi = AreaOfInterest(a.west, a.south, a.east, a.north) if a is not None else None
    group = TransformerGroup(CRS("EPSG:4326"), crs, always_xy=True, area_of_interest=aoi)
    if not group.transformers:
        raise RuntimeError(f"no usable operation from EPSG:4326 to {crs.to_string()}")
    op = group.transformers[0]
    return op, _Inverse(op)


GRIDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "GraticuleTransform", "Resources", "grids")


class _Inverse:
    """A transformer run backwards (pyproj's direction="INVERSE")."""

    def __init__(self, t):
        self.t = t
        self.description = "inverse of " + t.description

    def transform(self, a, b, errcheck=False):
        return self.t.transform(a, b, errcheck=errcheck, direction="INVERSE")


# MARK: extents

def default_extent(crs, width=1000, height=500, pad=0.02):
    """The bounding box of the map (forward-projected 0.25° grid over the SR's region), padded by
    2% and widened to the image's aspect ratio (square pixels), as x0, y0, x1, y1."""
    if crs in FIXED_EXTENTS and width == 2 * height:
        return FIXED_EXTENTS[crs]
    region = WORLD_SRS.get(crs, ("", None))[1] or (-180, 180, -90, 90)
    lon = np.arange(region[0], region[1] + 1e-9, 0.25)
    lat = np.arange(region[2], region[3] + 1e-9, 0.25)
    LON, LAT = np.meshgrid(lon, lat)
    pr = Projector(crs)
    x, y = pr.forward(LON.ravel(), LAT.ravel())
    ok = np.isfinite(x) & np.isfinite(y) & (np.abs(x) < 1e9) & (np.abs(y) < 1e9)
    x0, x1, y0, y1 = x[ok].min(), x[ok].max(), y[ok].min(), y[ok].max()
    w, h = (x1 - x0) * (1 + 2 * pad), (y1 - y0) * (1 + 2 * pad)
    aspect = width / height
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return [float(f"{v:.6g}") for v in (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)]


# MARK: expected mask

def load_countries(path):
    """Country polygons (lon/lat) from a Shapefile/GeoPackage/GeoJSON, via GDAL's Python bindings
    when present, else via shapely reading a GeoJSON written by `graticule convert`."""
    import shapely
    try:
        from osgeo import ogr  # only for /usr/bin/python3
        ds = ogr.Open(path)
        lyr = ds.GetLayer(0)
        geoms = [shapely.from_wkb(bytes(f.GetGeometryRef().ExportToWkb())) for f in lyr]
    except ImportError:
        gj = path
        if not path.endswith(".geojson"):
            gj = path.rsplit(".", 1)[0] + ".oracle.geojson"
            if not os.path.exists(gj):
                src = path
                subprocess.run([GRATICULE, "convert", src, gj], check=True)
        with open(gj) as f:
            fc = json.load(f)
        geoms = [shapely.geometry.shape(ft["geometry"]) for ft in fc["features"] if ft.get("geometry")]
    return geoms


def pixel_grid(extent, width, height, corners=False):
    x0, y0, x1, y1 = extent
    if corners:
        i = np.arange(width + 1, dtype=float)
        j = np.arange(height + 1, dtype=float)
    else:
        i = np.arange(width, dtype=float) + 0.5
        j = np.arange(height, dtype=float) + 0.5
    X = x0 + i * (x1 - x0) / width
    Y = y1 - j * (y1 - y0) / height
    return np.meshgrid(X, Y)


def refine_inverse(pr, X, Y, lon, lat, spread=64, iterations=40):
    """Where PROJ's inverse gives no point (NaN: PROJ's Peirce quincuncial inverse does not
    converge in wedges along the folds of its square), Newton's method on PROJ's forward
    projection, started from the nearest pixel that did invert (within `spread` pixels). Only the
    forward projection judges the result (the round-trip test of `valid_inverse`), so the seed's
    origin does not matter. X, Y, lon, lat: 2-D grids; returns new lon, lat (flat)."""
    shape = X.shape
    L, P = lon.reshape(shape).copy(), lat.reshape(shape).copy()
    todo = ~np.isfinite(L)
    if not todo.any():
        return lon, lat
    seedL, seedP = L.copy(), P.copy()
    for _ in range(spread):
        missing = ~np.isfinite(seedL)
        if not missing.any():
            break
        for axis, step in ((0, 1), (0, -1), (1, 1), (1, -1)):
            nl, nphi = np.roll(seedL, step, axis), np.roll(seedP, step, axis)
            take = missing & np.isfinite(nl) & ~np.isfinite(seedL)
            seedL[take], seedP[take] = nl[take], nphi[take]
    idx = np.nonzero(todo.ravel() & np.isfinite(seedL.ravel()))[0]
    if len(idx) == 0:
        return lon, lat
    tx, ty = X.ravel()[idx], Y.ravel()[idx]
    l, p = seedL.ravel()[idx].copy(), seedP.ravel()[idx].copy()
    h = 1e-6
    with np.errstate(all="ignore"):
        for _ in range(iterations):
            fx, fy = pr.forward(l, p)
            ax, ay = pr.forward(l + h, p)
            bx, by = pr.forward(l, p - h)
            # d/dλ and d/dφ (φ stepped southwards so the pole is never passed).
            j11, j21 = (ax - fx) / h, (ay - fy) / h
            j12, j22 = (fx - bx) / h, (fy - by) / h
            rx, ry = tx - fx, ty - fy
            det = j11 * j22 - j12 * j21
            dl = (rx * j22 - ry * j12) / det
            dp = (ry * j11 - rx * j21) / det
            step = np.hypot(dl, dp)
            scale = np.where(step > 2.0, 2.0 / step, 1.0)
            good = np.isfinite(dl) & np.isfinite(dp)
            l = np.where(good, l + dl * scale, l)
            p = np.where(good, np.clip(p + dp * scale, -90, 90), p)
    out_l, out_p = lon.copy().ravel(), lat.copy().ravel()
    out_l[idx], out_p[idx] = l, p
    return out_l, out_p


def valid_inverse(pr, X, Y, extent, width, refine=False):
    """lon, lat of map points and whether each round-trips within 0.01 px. `refine`: see
    `refine_inverse`."""
    lon, lat = pr.inverse(X.ravel(), Y.ravel())
    if refine:
        lon, lat = refine_inverse(pr, X, Y, lon, lat)
    lon = ((lon + 180) % 360) - 180
    fx, fy = pr.forward(lon, lat)
    px = (extent[2] - extent[0]) / width
    with np.errstate(invalid="ignore"):
        ok = np.isfinite(lon) & np.isfinite(fx) & (np.hypot(fx - X.ravel(), fy - Y.ravel()) < 0.01 * px)
        if pr.crs in DOMAINS:
            clon, clat, r = DOMAINS[pr.crs]
            ok &= angular_distance(lon, lat, clon, clat) <= r
        if pr.crs in LATITUDE_LIMITS:
            ok &= np.abs(lat) <= LATITUDE_LIMITS[pr.crs]
    return lon.reshape(X.shape), lat.reshape(X.shape), ok.reshape(X.shape)


def angular_distance(lon, lat, lon0, lat0):
    """Great-circle distance (degrees, on the sphere) from (lon0, lat0)."""
    p, p0, dl = np.radians(lat), np.radians(lat0), np.radians(lon - lon0)
    c = np.sin(p) * np.sin(p0) + np.cos(p) * np.cos(p0) * np.cos(dl)
    return np.degrees(np.arccos(np.clip(c, -1, 1)))


def boundary_pixels(pr, geoms, extent, width, height, prune_unprojected=False):
    """Pixels any country boundary passes through (bool H × W). `prune_unprojected`: a piece
    under 0.5° whose two ends both fail to project is dropped instead of split (local CRSs, where
    most of the world does not project: splitting those pieces would only grow the arrays)."""
    import shapely
    x0, y0, x1, y1 = extent
    sx, sy = width / (x1 - x0), height / (y1 - y0)
    cut = np.zeros((height, width), bool)
    rings = []
    for g in geoms:
        for poly in getattr(g, "geoms", [g]):
            rings.append(np.asarray(poly.exterior.coords))
            rings += [np.asarray(r.coords) for r in poly.interiors]
    # Segments (lon/lat), subdivided until the projected piece is under 0.5 px.
    a = np.concatenate([r[:-1] for r in rings])
    b = np.concatenate([r[1:] for r in rings])
    if pr.crs in DOMAINS:
        clon, clat, r = DOMAINS[pr.crs]
        keep = (angular_distance(a[:, 0], a[:, 1], clon, clat) <= r + 1) | (angular_distance(b[:, 0], b[:, 1], clon, clat) <= r + 1)
        a, b = a[keep], b[keep]
    for _ in range(24):
        ax, ay = pr.forward(a[:, 0], a[:, 1])
        bx, by = pr.forward(b[:, 0], b[:, 1])
        L = np.hypot((bx - ax) * sx, (by - ay) * sy)
        fin = np.isfinite(L)
        short = fin & (L <= 0.5)
        # Mark both ends of the short pieces.
        for (qx, qy) in ((ax[short], ay[short]), (bx[short], by[short])):
            i = np.floor((qx - x0) * sx).astype(np.int64)
            j = np.floor((y1 - qy) * sy).astype(np.int64)
            inside = (i >= 0) & (i < width) & (j >= 0) & (j < height)
            cut[j[inside], i[inside]] = True
        # Split the long ones (and those with an end that does not project: the part that does
        # may still be visible); a piece whose lon/lat length is below 1e-7° is a jump: skip it.
        longp = ~short & (np.hypot(b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]) > 1e-7)
        if prune_unprojected:
            longp &= ~(np.isnan(ax) & np.isnan(bx) & (np.hypot(b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]) < 0.5))
        if not longp.any() or len(a) > 40_000_000:
            break
        # Pieces entirely off the view by a wide margin need no splitting.
        with np.errstate(invalid="ignore"):
            off = fin & (((ax < x0 - 2 / sx) & (bx < x0 - 2 / sx)) | ((ax > x1 + 2 / sx) & (bx > x1 + 2 / sx)) |
                         ((ay < y0 - 2 / sy) & (by < y0 - 2 / sy)) | ((ay > y1 + 2 / sy) & (by > y1 + 2 / sy)))
            off &= L < 1e4  # a jump across the whole view is not "off"
        longp &= ~off
        aa, bb = a[longp], b[longp]
        m = (aa + bb) / 2
        a = np.concatenate([aa, m])
        b = np.concatenate([m, bb])
    return cut


def grow(mask, r):
    out = mask.copy()
    for dj in range(-r, r + 1):
        for di in range(-r, r + 1):
            if di == 0 and dj == 0:
                continue
            shifted = np.zeros_like(mask)
            H, W = mask.shape
            shifted[max(0, dj):H + min(0, dj), max(0, di):W + min(0, di)] = \
                mask[max(0, -dj):H + min(0, -dj), max(0, -di):W + min(0, -di)]
            out |= shifted
    return out


def expected_mask(crs, extent, width, height, countries, margin=0, datum_shift=None, geoms=None, union=None,
                  prune_unprojected=False):
    """H × W int8: 1 = a country, 0 = not, 2 = excluded (boundary or outline within the pixel).
    `datum_shift`: see `Projector`; `geoms`, `union`: the countries already loaded (and their
    prepared union); `prune_unprojected`: see `boundary_pixels`."""
    import shapely
    pr = Projector(crs, datum_shift)
    geoms = geoms if geoms is not None else load_countries(countries)
    X, Y = pixel_grid(extent, width, height)
    refine = crs in REFINE_INVERSE
    lon, lat, ok = valid_inverse(pr, X, Y, extent, width, refine)
    if union is None:
        union = shapely.unary_union(geoms)
        shapely.prepare(union)
    inside = np.zeros(ok.shape, bool)
    inside[ok] = shapely.contains_xy(union, lon[ok], lat[ok])
    # The map outline: a pixel whose corners do not all agree with its centre on "inverts".
    CX, CY = pixel_grid(extent, width, height, corners=True)
    _, _, cok = valid_inverse(pr, CX, CY, extent, width, refine)
    corner_all = cok[:-1, :-1] & cok[1:, :-1] & cok[:-1, 1:] & cok[1:, 1:]
    corner_any = cok[:-1, :-1] | cok[1:, :-1] | cok[:-1, 1:] | cok[1:, 1:]
    outline = (ok & ~corner_all) | (~ok & corner_any)
    excluded = grow(boundary_pixels(pr, geoms, extent, width, height, prune_unprojected) | outline, margin)
    m = inside.astype(np.int8)
    m[excluded] = 2
    return m


# MARK: rendered mask

def rendered_filled(png, fills, backgrounds):
    from PIL import Image
    img = np.asarray(Image.open(png).convert("RGB"), dtype=float)
    d_fill = np.min([np.sum((img - np.array(c)) ** 2, axis=2) for c in fills], axis=0)
    d_back = np.min([np.sum((img - np.array(c)) ** 2, axis=2) for c in backgrounds], axis=0)
    return d_fill < d_back


def score(expected, filled):
    keep = expected != 2
    right = (filled == (expected == 1)) & keep
    n = int(keep.sum())
    return {
        "pixels": n,
        "excluded": int((~keep).sum()),
        "right": int(right.sum()),
        "filled_but_outside": int((filled & (expected == 0)).sum()),
        "empty_but_inside": int((~filled & (expected == 1)).sum()),
        "score": float(right.sum()) / n if n else float("nan"),
    }


# MARK: run-length fixtures

def rle(mask):
    """Row-major runs as "value:count" tokens joined by spaces."""
    flat = mask.ravel()
    change = np.nonzero(np.diff(flat))[0] + 1
    starts = np.concatenate([[0], change])
    ends = np.concatenate([change, [len(flat)]])
    return " ".join(f"{flat[s]}:{e - s}" for s, e in zip(starts, ends))


def colour(s):
    return tuple(int(v) for v in s.split(","))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("extent")
    e.add_argument("--crs", required=True)
    e.add_argument("--width", type=int, default=1000)
    e.add_argument("--height", type=int, default=500)
    for name in ("score", "mask"):
        p = sub.add_parser(name)
        p.add_argument("--crs", required=True)
        p.add_argument("--extent", required=True)
        p.add_argument("--width", type=int, default=1000)
        p.add_argument("--height", type=int, default=500)
        p.add_argument("--countries", required=True, help="Natural Earth countries (lon/lat), e.g. from `graticule convert countries110 ne110.shp`")
        p.add_argument("--margin", type=int, default=0)
        if name == "score":
            p.add_argument("--png", required=True)
            p.add_argument("--fill", action="append", default=[], help="R,G,B of a filled pixel (repeatable)")
            p.add_argument("--background", action="append", default=[], help="R,G,B of an unfilled pixel (repeatable)")
        else:
            p.add_argument("--out", required=True)
    a = ap.parse_args()
    if a.cmd == "extent":
        print(",".join(repr(v) for v in default_extent(a.crs, a.width, a.height)))
        return
    extent = [float(v) for v in a.extent.split(",")]
    m = expected_mask(a.crs, extent, a.width, a.height, a.countries, a.margin)
    if a.cmd == "mask":
        with open(a.out, "w") as f:
            f.write(rle(m) + "\n")
        print(json.dumps({"inside": int((m == 1).sum()), "outside": int((m == 0).sum()), "excluded": int((m == 2).sum())}))
        return
    filled = rendered_filled(a.png, [colour(c) for c in a.fill] or [(0, 0, 0)],
                             [colour(c) for c in a.background] or [(255, 255, 255)])
    print(json.dumps(score(m, filled)))


if __name__ == "__main__":
    main()
