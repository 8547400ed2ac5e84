#!/usr/bin/env python3
"""Writes the pixel-oracle fixtures of Tests/GraticuleRenderTests/Fixtures/pixel-oracle/: for each
spatial reference, the expected mask of a 1000 × 500 map of the Natural Earth countries (1 = a
country, 0 = not, 2 = excluded: a country boundary or the map's outline passes through the
pixel), computed by tools/oracle/pixel_oracle.py (PROJ's inverse through pyproj 3.7.2, shapely
point-in-polygon; Graticule's own inverse for Berghaus Star and Fuller, which PROJ lacks), as
row-major runs "value:count", zlib-compressed, base64, with the extent (outer pixel edges) used.

Usage: GRATICULE=.build/release/graticule python3 tools/oracle/pixel_oracle_fixtures.py [--data 110m|10m] [--srs A,B]
"""
import argparse, base64, json, os, subprocess, sys, zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pixel_oracle as po  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "GraticuleRenderTests", "Fixtures", "pixel-oracle")


def versions():
    import numpy, pyproj, shapely
    return f"pyproj {pyproj.__version__} (PROJ {pyproj.proj_version_str}), shapely {shapely.__version__} (GEOS {shapely.geos_version_string}), numpy {numpy.__version__}, Python {sys.version.split()[0]}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="110m", choices=["110m", "10m"])
    ap.add_argument("--srs", default=",".join(po.WORLD_SRS))
    ap.add_argument("--width", type=int, default=1000)
    ap.add_argument("--height", type=int, default=500)
    ap.add_argument("--work", default="/tmp/graticule-pixel-oracle")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    shp = os.path.join(a.work, f"ne{a.data}.shp")
    if not os.path.exists(shp):
        subprocess.run([po.GRATICULE, "convert", "countries110" if a.data == "110m" else "countries10m", shp], check=True)
    out_dir = os.path.join(OUT, a.data)
    os.makedirs(out_dir, exist_ok=True)
    for code in a.srs.split(","):
        extent = po.default_extent(code, a.width, a.height)
        m = po.expected_mask(code, extent, a.width, a.height, shp)
        text = po.rle(m).encode()
        doc = {
            "generator": "tools/oracle/pixel_oracle_fixtures.py (tools/oracle/pixel_oracle.py)",
            "versions": versions(),
            "inverse": "Graticule (graticule project)" if code.upper() in po.PROJ_CANNOT else "PROJ (pyproj)",
            "crs": code, "data": a.data, "width": a.width, "height": a.height, "extent": extent,
            "inside": int((m == 1).sum()), "outside": int((m == 0).sum()), "excluded": int((m == 2).sum()),
            "rleBytes": len(text), "rleZlibBase64": base64.b64encode(zlib.compress(text, 9)).decode(),
        }
        path = os.path.join(out_dir, code.replace(":", "_") + ".json")
        with open(path, "w") as f:
            json.dump(doc, f)
        print(code, extent, doc["inside"], doc["outside"], doc["excluded"], os.path.getsize(path), flush=True)


if __name__ == "__main__":
    main()
