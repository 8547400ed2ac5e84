#!/usr/bin/env python3
"""Expected identify / GetFeatureInfo values of the built-in NDVI raster for the server tests.

Every value comes from GDAL's `gdallocationinfo` (Debian gdal-bin) run on the raster file the
server embeds (Sources/GraticuleRaster/Resources/ndvi.tif), never from Graticule:
    gdallocationinfo -xml -wgs84 ndvi.tif LON LAT
Writes Tests/GraticuleServerTests/Fixtures/server_raster.json.
"""
import json, os, re, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NDVI = os.path.join(ROOT, "Sources/GraticuleRaster/Resources/ndvi.tif")
POINTS = [(-34.87, -8.0), (-34.9, -7.96), (-34.85, -8.03), (-34.91, -8.035), (-34.83, -7.955)]


def locate(lon, lat):
    xml = subprocess.run(["gdallocationinfo", "-xml", "-wgs84", NDVI, str(lon), str(lat)],
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r'pixel="(\d+)" line="(\d+)"', xml)
    v = re.search(r"<Value>([^<]*)</Value>", xml)
    return {"lon": lon, "lat": lat, "column": int(m.group(1)), "row": int(m.group(2)),
            "value": float(v.group(1)) if v else None}


def main():
    version = subprocess.run(["gdalinfo", "--version"], capture_output=True, text=True).stdout.strip()
    doc = {"generator": f"tools/oracle/server_raster.py, {version} (gdallocationinfo -xml -wgs84)",
           "raster": "ndvi", "points": [locate(lon, lat) for lon, lat in POINTS]}
    out = os.path.join(ROOT, "Tests/GraticuleServerTests/Fixtures/server_raster.json")
    with open(out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(out)


if __name__ == "__main__":
    main()
