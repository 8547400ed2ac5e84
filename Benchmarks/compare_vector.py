#!/usr/bin/env python3
"""Vector benchmarks, side by side in one run (build first: swift build -c release).

1. Whole programs: `graticule convert NE10m.shp out.geojson` vs `ogr2ogr -f GeoJSON out.geojson NE10m.shp`
   (GDAL 3.6.2), best of N runs each, and the ratio.
2. Point in country: `graticule bench point-in-country` (1,000,000 random points, countries10m,
   spherical, one core) beside shapely 2 STRtree + contains (planar) on the same layer read from
   the same shapefile.

Usage: python3 Benchmarks/compare_vector.py .build/release/graticule NE10m.shp [runs]
"""
import os, subprocess, sys, tempfile, time

def best_of(cmd, runs, output=None):
    best = float("inf")
    for _ in range(runs):
        if output and os.path.exists(output):
            os.remove(output)   # ogr2ogr's GeoJSON driver cannot overwrite a layer (-overwrite fails on a 2nd run)
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t)
    return best

def main():
    exe, shp = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    with tempfile.TemporaryDirectory() as d:
        g = best_of([exe, "convert", shp, os.path.join(d, "g.geojson")], runs, os.path.join(d, "g.geojson"))
        o = best_of(["ogr2ogr", "-f", "GeoJSON", os.path.join(d, "o.geojson"), shp], runs, os.path.join(d, "o.geojson"))
        print("convert %s -> GeoJSON: graticule %.3f s, ogr2ogr %.3f s, ratio %.2fx" % (os.path.basename(shp), g, o, o / g))
    out = subprocess.run([exe, "bench", "point-in-country", "--points", "1000000"], check=True, capture_output=True, text=True).stdout.strip()
    print("graticule:", out)
    try:
        import numpy as np, shapely
        from osgeo import ogr  # noqa: F401  (only with Debian's python3-gdal)
    except Exception:
        np = None
    import numpy as np, shapely, struct
    from shapely import STRtree, MultiPolygon, Polygon, points as mkpoints
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools", "naturalearth"))
    from generate import read_shp
    polys = []
    for groups in read_shp(shp):
        polys.append(MultiPolygon([Polygon(g[0], g[1:]) for g in groups]) if groups else None)
    polys = [p for p in polys if p is not None]
    rng = np.random.default_rng(42)
    n = 1_000_000
    lon = rng.random(n) * 360 - 180
    lat = np.degrees(np.arcsin(rng.random(n) * 2 - 1))
    pts = mkpoints(lon, lat)
    t = time.perf_counter()
    tree = STRtree(polys)
    build = time.perf_counter() - t
    t = time.perf_counter()
    hits = tree.query(pts, predicate="within")
    dt = time.perf_counter() - t
    print("shapely %s STRtree + contains (planar): tree %.3f s; %d points in %.3f s = %.2f M points/s; %d on land"
          % (shapely.__version__, build, n, dt, n / dt / 1e6, len(set(hits[0].tolist()))))

main()
