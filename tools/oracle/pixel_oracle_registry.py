#!/usr/bin/env python3
"""Pixel-oracle fixture for 200 registry projected CRSs, each drawn over its area of use.

Sample (reproducible): the non-deprecated EPSG projected CRSs of the pinned registry (pyproj
3.7.2: PROJ 9.5.1, EPSG v11.022), grouped by projection method. First one CRS per method, so
every method the registry uses appears: a seeded choice among the method's CRSs whose area of use
is at least 2° × 2°, or the method's largest area of use when none is (up to six candidates per
method, the first PROJ can judge taken); then the rest drawn by a seeded sample from all remaining CRSs with an area of use at least 2° × 2° (so the common methods,
Transverse Mercator and Lambert Conic Conformal (2SP), take their registry share). Seed 10.

Each map: the area of use (a longitude/latitude box, crossing ±180° when west > east) projected
with pyproj `transform_bounds` (densified), padded 2%; the image's aspect is the box's, kept
between 1:2 and 2:1 (the box widened to it) with the longer side 256 pixels. Expected mask by
tools/oracle/pixel_oracle.py with Natural Earth 1:110m: PROJ's inverse (pyproj) from the map to
EPSG:4326 through PROJ's best operation for the CRS's area of use (`pixel_oracle.single_operation`:
the datum transformation PROJ ranks first there, applied over the whole map; its description is
kept as "operation"), and shapely point-in-polygon.

A CRS pyproj cannot build a transformation to from EPSG:4326 is skipped (listed under
"skipped" with PROJ's message) and the next of the seeded order taken.

Output: one JSON file, Tests/GraticuleRenderTests/Fixtures/pixel-oracle/registry.json:
{generator, versions, sample, data, maps: [{crs, name, method, width, height, extent, inside,
outside, excluded, rleBytes, rleZlibBase64}]}; masks as in pixel_oracle_fixtures.py (row-major
runs "value:count", 1 = a country, 0 = not, 2 = excluded, zlib, base64).

Usage: GRATICULE=.build/debug/graticule python3 tools/oracle/pixel_oracle_registry.py [--count 200] [--seed 10]
"""
import argparse, base64, json, os, random, subprocess, sys, zlib
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pixel_oracle as po  # noqa: E402
from pixel_oracle_fixtures import OUT, versions  # noqa: E402

LONG_SIDE = 256
MIN_SPAN = 2.0


def span(a):
    """Longitude and latitude extent of an area of use (degrees)."""
    w = a.east - a.west if a.east >= a.west else a.east - a.west + 360
    return w, a.north - a.south


def sample(count, seed):
    from pyproj.database import query_crs_info
    from pyproj.enums import PJType
    infos = [i for i in query_crs_info(auth_name="EPSG", pj_types=PJType.PROJECTED_CRS, allow_deprecated=False)
             if i.area_of_use is not None]
    infos.sort(key=lambda i: int(i.code))
    big = lambda i: min(span(i.area_of_use)) >= MIN_SPAN  # noqa: E731
    by_method = defaultdict(list)
    for i in infos:
        by_method[i.projection_method_name].append(i)
    rng = random.Random(seed)
    chosen = []
    for m in sorted(by_method):
        v = by_method[m]
        large = [i for i in v if big(i)]
        # The method's candidates in a seeded order (the largest areas first when none is 2° × 2°):
        # the caller takes the first PROJ can judge.
        chosen.append((rng.sample(large, len(large)) if large else
                       sorted(v, key=lambda i: -span(i.area_of_use)[0] * span(i.area_of_use)[1]))[:6])
    rest = [i for i in infos if big(i)]
    # The rest in a seeded order: the caller takes from it, skipping CRSs already drawn, until it
    # has `count` maps (a CRS PROJ cannot project to from EPSG:4326 is skipped and recorded).
    return chosen, rng.sample(rest, len(rest))


def map_of(info):
    """(width, height, extent) of the map of the area of use."""
    t = po.Projector(f"EPSG:{info.code}", datum_shift=True).fwd
    a = info.area_of_use
    x0, y0, x1, y1 = t.transform_bounds(a.west, a.south, a.east, a.north, densify_pts=101)
    w, h = (x1 - x0) * 1.04, (y1 - y0) * 1.04
    aspect = min(2.0, max(0.5, w / h))
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    width, height = (LONG_SIDE, round(LONG_SIDE / aspect)) if aspect >= 1 else (round(LONG_SIDE * aspect), LONG_SIDE)
    # Square pixels: the extent's aspect is the image's.
    if w / h < width / height:
        w = h * width / height
    else:
        h = w * height / width
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return width, height, [float(f"{v:.9g}") for v in (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--work", default="/tmp/graticule-pixel-oracle")
    ap.add_argument("--out", default=os.path.join(OUT, "registry.json"))
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    shp = os.path.join(a.work, "ne110m.shp")
    if not os.path.exists(shp):
        subprocess.run([po.GRATICULE, "convert", "countries110", shp], check=True)
    import shapely
    geoms = po.load_countries(shp)
    union = shapely.unary_union(geoms)
    shapely.prepare(union)
    maps, skipped = [], []
    per_method, rest = sample(a.count, a.seed)

    def judge(info):
        code = f"EPSG:{info.code}"
        try:
            width, height, extent = map_of(info)
            m = po.expected_mask(code, extent, width, height, shp, datum_shift=True, geoms=geoms, union=union,
                                 prune_unprojected=True)
            return code, width, height, extent, m
        except Exception as e:  # noqa: BLE001
            skipped.append({"crs": code, "method": info.projection_method_name, "reason": f"{type(e).__name__}: {e}"})
            print(code, "skipped:", e, flush=True)
            return None

    def take(info):
        r = judge(info)
        if r is None:
            return False
        code, width, height, extent, m = r
        text = po.rle(m).encode()
        maps.append({"crs": code, "name": info.name, "method": info.projection_method_name,
                     "operation": po.Projector(code, datum_shift=True).operation or "none (same datum or ballpark)",
                     "width": width, "height": height, "extent": extent,
                     "inside": int((m == 1).sum()), "outside": int((m == 0).sum()), "excluded": int((m == 2).sum()),
                     "rleBytes": len(text), "rleZlibBase64": base64.b64encode(zlib.compress(text, 9)).decode()})
        print(code, info.projection_method_name, width, height, maps[-1]["inside"], maps[-1]["outside"],
              maps[-1]["excluded"], flush=True)
        return True

    # One CRS per method (the first of its candidates PROJ can judge), then the seeded sample.
    for options in per_method:
        for info in options:
            if len(maps) < a.count and take(info):
                break
    drawn = {m["crs"] for m in maps}
    for info in rest:
        if len(maps) >= a.count:
            break
        if f"EPSG:{info.code}" not in drawn:
            take(info)
    doc = {"generator": "tools/oracle/pixel_oracle_registry.py (tools/oracle/pixel_oracle.py)", "versions": versions(),
           "sample": f"EPSG projected CRSs, one per projection method then a seeded sample (seed {a.seed}), {len(maps)} maps",
           "inverse": "PROJ (pyproj) to EPSG:4326 through PROJ's best operation for the CRS's area of use", "data": "110m",
           "skipped": skipped, "maps": maps}
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=0)
    print(a.out, os.path.getsize(a.out), "bytes")


if __name__ == "__main__":
    main()
