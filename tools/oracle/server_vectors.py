#!/usr/bin/env python3
"""The vector directory of the server tests (Tests/GraticuleServerTests/Fixtures/vectors/).

    squares.geojson      two 9° x 9° squares sharing a side (A: 1..10°E, B: 10..20°E, both 1..10°N),
                         a point P (30°W, 20°N) and a line L (40°W → 20°W along 20°S), WGS 84
    squares_3857.shp     the two squares, projected to EPSG:3857 by GDAL's ogr2ogr (with .dbf, .shx,
                         .prj, .cpg): the server must take them back to longitude/latitude
    overlaps.geojson     two squares that overlap: X (30..40°E, 30..40°N) and Y (35..45°E, 35..45°N)
    overlaps.style.json  overlaps' own colours (simplestyle keys: fill #d81b60 at opacity 0.5,
                         stroke #000 2 px wide)
    squares_3857.style.json  a style with a misspelt key: the server warns and draws the file
                         in the map style's colours
    broken.geojson       not JSON: the server leaves it out with a warning
    notes.txt            not a vector format: ignored

What each query finds follows from these definitions (a point 3 px from P finds P; a point in
A finds A), never from Graticule's output.
"""
import json, os, shutil, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests/GraticuleServerTests/Fixtures/vectors")


def square(name, n, west, south, east, north):
    ring = [[west, south], [east, south], [east, north], [west, north], [west, south]]
    return {"type": "Feature", "properties": {"name": name, "n": n}, "geometry": {"type": "Polygon", "coordinates": [ring]}}


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    squares = [square("A", 1, 1, 1, 10, 10), square("B", 2, 10, 1, 20, 10)]
    features = squares + [
        {"type": "Feature", "properties": {"name": "P", "n": 3}, "geometry": {"type": "Point", "coordinates": [-30, 20]}},
        {"type": "Feature", "properties": {"name": "L", "n": 4},
         "geometry": {"type": "LineString", "coordinates": [[-40, -20], [-20, -20]]}},
    ]
    with open(os.path.join(OUT, "squares.geojson"), "w") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, indent=1)
        f.write("\n")
    tmp = os.path.join(OUT, "_squares_only.geojson")
    with open(tmp, "w") as f:
        json.dump({"type": "FeatureCollection", "features": squares}, f)
    subprocess.run(["ogr2ogr", "-f", "ESRI Shapefile", "-s_srs", "EPSG:4326", "-t_srs", "EPSG:3857",
                    os.path.join(OUT, "squares_3857.shp"), tmp], check=True)
    os.remove(tmp)
    overlapping = [square("X", 5, 30, 30, 40, 40), square("Y", 6, 35, 35, 45, 45)]
    with open(os.path.join(OUT, "overlaps.geojson"), "w") as f:
        json.dump({"type": "FeatureCollection", "features": overlapping}, f, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, "overlaps.style.json"), "w") as f:
        json.dump({"fill": "#d81b60", "fill-opacity": 0.5, "stroke": "#000", "stroke-width": 2}, f, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, "squares_3857.style.json"), "w") as f:
        json.dump({"fill": "#ff0000", "stroke-widht": 3}, f, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, "broken.geojson"), "w") as f:
        f.write("not json\n")
    version = subprocess.run(["ogr2ogr", "--version"], capture_output=True, text=True).stdout.strip()
    with open(os.path.join(OUT, "notes.txt"), "w") as f:
        f.write(f"generator: tools/oracle/server_vectors.py; squares_3857.shp by ogr2ogr ({version}) "
                "-s_srs EPSG:4326 -t_srs EPSG:3857\n")


if __name__ == "__main__":
    main()
