#!/usr/bin/env python3
"""Pixel-oracle fixtures for registry projected CRSs drawn over their area of use: 200 EPSG
projected CRSs (non-deprecated, Greenwich prime meridian, area of use at least 2° × 2°), chosen
round-robin over projection methods so every method in the sample is represented, codes in
ascending order within a method. Each map: 1000 × 500, the area of use's bounding box projected
(pyproj transform_bounds, densified), padded 2% and widened to 2:1; expected mask by
tools/oracle/pixel_oracle.py with Natural Earth 1:110m. Written to
Tests/GraticuleRenderTests/Fixtures/pixel-oracle/registry/.

Usage: GRATICULE=.build/debug/graticule python3 tools/oracle/pixel_oracle_registry.py [--count 200]
"""
import argparse, base64, json, os, subprocess, sys, zlib
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pixel_oracle as po  # noqa: E402
from pixel_oracle_fixtures import OUT, versions  # noqa: E402


def sample(count):
    from pyproj import CRS
    from pyproj.database import query_crs_info
    from pyproj.enums import PJType
    by_method = defaultdict(list)
    for info in query_crs_info(auth_name="EPSG", pj_types=PJType.PROJECTED_CRS, allow_deprecated=False):
        a = info.area_of_use
        if a is None or a.east - a.west < 2 or a.north - a.south < 2 or a.west > a.east:
            continue
        by_method[info.projection_method_name].append(info)
    for m in by_method:
        by_method[m].sort(key=lambda i: int(i.code))
    chosen, round_ = [], 0
    while len(chosen) < count and any(len(v) > round_ for v in by_method.values()):
        for m in sorted(by_method):
            v = by_method[m]
            # Spread the picks over the method's codes.
            k = round_ * 37 % len(v) if round_ < len(v) else None
            if k is None or len(chosen) >= count:
                continue
            info = v[k]
            if any(c.code == info.code for c in chosen):
                continue
            c = CRS(f"EPSG:{info.code}")
            if c.prime_meridian.longitude != 0:
                continue
            chosen.append(info)
        round_ += 1
    return chosen


def extent_of(info, width, height, pad=0.02):
    from pyproj import CRS, Transformer
    c = CRS(f"EPSG:{info.code}")
    t = Transformer.from_crs(c.geodetic_crs, c, always_xy=True)
    a = info.area_of_use
    x0, y0, x1, y1 = t.transform_bounds(a.west, a.south, a.east, a.north, densify_pts=51)
    w, h = (x1 - x0) * (1 + 2 * pad), (y1 - y0) * (1 + 2 * pad)
    if w / h < width / height:
        w = h * width / height
    else:
        h = w * height / width
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return [float(f"{v:.7g}") for v in (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--work", default="/tmp/graticule-pixel-oracle")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    shp = os.path.join(a.work, "ne110m.shp")
    if not os.path.exists(shp):
        subprocess.run([po.GRATICULE, "convert", "countries110", shp], check=True)
    out_dir = os.path.join(OUT, "registry")
    os.makedirs(out_dir, exist_ok=True)
    for info in sample(a.count):
        code = f"EPSG:{info.code}"
        path = os.path.join(out_dir, code.replace(":", "_") + ".json")
        if os.path.exists(path):
            continue
        try:
            extent = extent_of(info, 1000, 500)
            m = po.expected_mask(code, extent, 1000, 500, shp)
        except Exception as e:  # noqa: BLE001
            print(code, "skipped:", e, flush=True)
            continue
        text = po.rle(m).encode()
        doc = {"generator": "tools/oracle/pixel_oracle_registry.py (tools/oracle/pixel_oracle.py)", "versions": versions(),
               "inverse": "PROJ (pyproj)", "crs": code, "name": info.name, "method": info.projection_method_name,
               "data": "110m", "width": 1000, "height": 500, "extent": extent,
               "inside": int((m == 1).sum()), "outside": int((m == 0).sum()), "excluded": int((m == 2).sum()),
               "rleBytes": len(text), "rleZlibBase64": base64.b64encode(zlib.compress(text, 9)).decode()}
        with open(path, "w") as f:
            json.dump(doc, f)
        print(code, info.projection_method_name, doc["inside"], doc["outside"], doc["excluded"], os.path.getsize(path), flush=True)


if __name__ == "__main__":
    main()
