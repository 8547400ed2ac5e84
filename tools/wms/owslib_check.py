#!/usr/bin/env python3
"""OWSLib (PyPI, 0.35) as a real WMS client of `graticule serve`, checked against GDAL.

  1. GetCapabilities 1.3.0 and 1.1.1 parse; layers countries and ndvi; EPSG:4326, CRS:84
     (1.3.0), EPSG:3857 and registry CRSs advertised.
  2. GetMap of the NDVI raster in EPSG:4326 through both versions (OWSLib flips the 1.3.0 BBOX
     itself) and in EPSG:3857: the PNG is compared pixel by pixel with `gdalwarp -r near` of the
     same raster to the same grid, coloured with the same NDVI ramp; both versions must give the
     same image.
  3. GetFeatureInfo (application/json) at pixels of a 1.3.0 EPSG:4326 map equals
     `gdallocationinfo -wgs84` at the pixel centres, and so does the same answer as GML
     (application/vnd.ogc.gml, MapServer's msGMLOutput layout) read by OGR's GML driver
     (`ogrinfo`), which also reads the country (ADMIN) of a pixel of the countries layer.
  4. GetMap of the countries layer (Natural Earth 1:110m) in EPSG:4326 through both versions and
     in EPSG:3857: a pixel is drawn (not the white background) exactly when its centre,
     inverse-projected (Web Mercator's inverse in closed form), lies inside a country, for at
     least 99.9 % of the pixels whose 3 × 3 neighbourhood is all inside or all outside (pixels
     cut by a coastline are not judged). Inside/outside comes from an even-odd scanline fill of
     the Shapefile's rings read by tools/oracle/shp_rings.py (pure Python), not from Graticule.
  5. GetLegendGraphic through the LegendURL OWSLib read from each version's capabilities: the
     countries swatch is 20 × 20 with the map's country fill (E8E4D8) at its centre; the NDVI
     legend is its 20 × 100 bar with labels beside it (35 × 100). GetMap as image/png8 (listed in
     the capabilities) is a palette PNG that passes the countries test of 4, and as image/svg+xml
     (listed too) an SVG document of the requested size in which France is drawn.
  6. GDAL's WMS driver as a second client, run as a user runs it: `gdalinfo WMS:<GetCapabilities
     URL>` lists the layers as subdatasets, and `gdal_translate` of a subdataset asks for
     image/jpeg (GDAL's default when the URL names no format). The countries map must pass the
     test of 4 for 99.5 % of the judged pixels (JPEG rings a little along coastlines), and the
     NDVI map must be within 10 levels of the gdalwarp reference on average (GDAL resamples the
     map it fetched; a map one pixel off is about 17 levels away).
  7. WMTS: OWSLib's WebMapTileService parses the capabilities (WebMercatorQuad, 23 levels, level 0
     at Annex E.4's 1 : 559,082,264.0287178), GetTile by KVP and the RESTful ResourceURL give the
     XYZ route's tile, and GDAL's WMTS driver assembles the world from level 1 tiles, which must
     pass the countries test of 4 (drawn = opaque, the tiles being transparent elsewhere). The
     same for WorldCRS84Quad (OGC 17-083r2 Annex D.2: level 0 is 2 x 1 tiles at
     1 : 279,541,132.0143589, top-left corner -180, 90): OWSLib parses it, and GDAL assembles the
     plate carree world at level 1 (1024 x 512), which must pass the countries test of 4.
  8. Vector files (`--vector-dir` on the server tests' fixtures, tools/oracle/server_vectors.py:
     squares A and B and a point and a line in GeoJSON, the squares again as an EPSG:3857
     Shapefile made by ogr2ogr, a file that is not JSON): both capabilities list the two readable
     files (not the broken one) with their WGS 84 extents; GetMap of each in EPSG:4326 (both
     versions) and EPSG:3857 passes the test of 4 against the squares' own rings, and every pixel
     whose 3 x 3 neighbourhood lies inside one square is drawn in one fill colour;
     GetFeatureInfo finds B inside B as JSON and, from the Shapefile's attributes, as GML read by OGR.
  9. OGC API - Features (/ogcapi): OWSLib's Features client reads the conformance classes and the
     collections, and the countries meeting the box 5..15 E, 47..55 N are those `ogrinfo -spat`
     finds in the exported 1:110m Shapefile; GDAL's OAPIF driver, as a second client, reads the
     same countries and the vector file's squares from the API. Part 2: square A asked for in
     EPSG:3035 (northing first) equals ogr2ogr's projection of the file, axes swapped.
 10. OGC API filters: a served GeoJSON file of dated points read through GDAL's OAPIF driver with
     `-where` (date ranges, which GDAL sends as `datetime`, and property equalities) gives the
     features `ogrinfo -where` finds in the file itself.

Needs python3 with owslib, numpy, Pillow (pip) and GDAL's command-line tools (Debian gdal-bin).
Usage: tools/wms/owslib_check.py [path/to/graticule]   (exit status 1 on any failure)
"""
import io, json, os, re, subprocess, sys, tempfile, urllib.request
from xml.etree import ElementTree

import numpy as np
from owslib.wms import WebMapService
from owslib.wmts import WebMapTileService
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# GDAL's WMS and WMTS drivers keep the tiles they fetch in ./gdalwmscache unless told otherwise:
# every check fetches afresh, and nothing is left in the working directory.
os.environ["GDAL_ENABLE_WMS_CACHE"] = "NO"
os.environ["GDAL_DEFAULT_WMS_CACHE_PATH"] = os.path.join(tempfile.gettempdir(), "graticule-gdalwmscache")
sys.path.insert(0, os.path.join(ROOT, "tools", "oracle"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "wms"))
from served import check, run_checks, served  # noqa: E402
from countries_judge import country_edges, inside_mask, judge, lonlat_centres  # noqa: E402
NDVI = os.path.join(ROOT, "Sources/GraticuleRaster/Resources/ndvi.tif")
# ColorRamp.ndvi (Sources/GraticuleRaster/Color/ColorRamp.swift): value → RGBA, linear between stops.
STOPS = [(-1.0, (5, 24, 82, 255)), (-0.2, (120, 90, 60, 255)), (0.0, (166, 128, 88, 255)), (0.1, (215, 200, 150, 255)),
         (0.2, (220, 230, 120, 255)), (0.3, (166, 217, 106, 255)), (0.45, (102, 189, 99, 255)), (0.6, (26, 152, 80, 255)),
         (0.8, (0, 104, 55, 255)), (1.0, (0, 69, 41, 255))]
def ramp(values):
    v = values.astype(np.float64)
    xs = np.array([s[0] for s in STOPS])
    out = np.zeros(v.shape + (4,), dtype=np.float64)
    for c in range(4):
        out[..., c] = np.interp(np.nan_to_num(v, nan=0.0), xs, np.array([s[1][c] for s in STOPS], dtype=np.float64))
    out = np.floor(out + 0.5)
    out[np.isnan(v)] = (255, 255, 255, 255)  # nodata shows the map's white background
    return out.astype(np.uint8)


def gdal_reference(srs, bbox_xy, w, h):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "ref.tif")
        subprocess.run(["gdalwarp", "-q", "-t_srs", srs, "-te", *map(str, bbox_xy), "-ts", str(w), str(h), "-r", "near",
                        "-dstnodata", "nan", "-ot", "Float32", NDVI, out], check=True, timeout=120)
        subprocess.run(["gdal_translate", "-q", "-of", "ENVI", out, os.path.join(tmp, "ref.bin")], check=True)
        data = np.fromfile(os.path.join(tmp, "ref.bin"), dtype="<f4").reshape(h, w)
    return ramp(data)


def compare(name, png_bytes, reference):
    img = np.array(Image.open(io.BytesIO(png_bytes)).convert("RGBA"))
    if img.shape != reference.shape:
        check(name, False, f"size {img.shape} vs {reference.shape}")
        return img
    close = np.all(np.abs(img.astype(int) - reference.astype(int)) <= 2, axis=-1)
    frac = close.mean()
    check(name, frac >= 0.98, f"{frac * 100:.2f} % of {close.size} pixels within 2/255 of gdalwarp -r near + the NDVI ramp")
    return img


def check_countries(name, png_bytes, edges, bbox, w, h, mercator=False, min_score=0.999, transparent=False):
    """`transparent`: the map's background is transparent (tiles), so drawn means opaque."""
    img = np.array(Image.open(io.BytesIO(png_bytes)).convert("RGBA")).astype(int)
    if img.shape != (h, w, 4):
        check(name, False, f"size {img.shape}")
        return
    score, judged, inside = judge(img, edges, bbox, mercator=mercator, transparent=transparent)
    check(name, score >= min_score, f"{score * 100:.3f} % of {judged} judged pixels right ({inside} inside a country)")


VECTORS = os.path.join(ROOT, "Tests/GraticuleServerTests/Fixtures/vectors")


def main():
    run_checks(lambda url, binary: run(binary, url), "--vector-dir", VECTORS)


def run(binary, url):
    wms13 = WebMapService(url + "wms", version="1.3.0", timeout=120)
    wms11 = WebMapService(url + "wms", version="1.1.1", timeout=120)
    for name, wms in (("1.3.0", wms13), ("1.1.1", wms11)):
        layers = list(wms.contents)
        crs = wms["ndvi"].crsOptions
        ok = {"countries", "ndvi"} <= set(layers) and {"EPSG:4326", "EPSG:3857", "EPSG:28413"} <= set(crs)
        check(f"GetCapabilities {name} parses", ok, f"layers {layers}, {len(crs)} CRSs")
        check(f"GetCapabilities {name} GetMap URL", wms.getOperationByName("GetMap").methods[0]["url"].startswith(url + "wms"),
              wms.getOperationByName("GetMap").methods[0]["url"])
    check("GetCapabilities 1.3.0 CRS:84", "CRS:84" in wms13["ndvi"].crsOptions)

    w, h = 300, 280
    bbox = (-34.915, -8.04, -34.826, -7.95)
    ref = gdal_reference("EPSG:4326", bbox, w, h)
    imgs = []
    for name, wms in (("1.3.0", wms13), ("1.1.1", wms11)):
        r = wms.getmap(layers=["ndvi"], styles=[""], srs="EPSG:4326", bbox=bbox, size=(w, h), format="image/png")
        imgs.append(compare(f"GetMap {name} EPSG:4326", r.read(), ref))
    check("GetMap 1.3.0 and 1.1.1 give the same image", imgs[0].shape == imgs[1].shape and np.array_equal(imgs[0], imgs[1]))

    merc = (-3886900.0, -898500.0, -3876900.0, -888300.0)
    ref3857 = gdal_reference("EPSG:3857", merc, 256, 261)
    r = wms13.getmap(layers=["ndvi"], styles=[""], srs="EPSG:3857", bbox=merc, size=(256, 261), format="image/png")
    compare("GetMap 1.3.0 EPSG:3857", r.read(), ref3857)

    agree = 0
    pixels = [(20, 30), (150, 140), (250, 60), (100, 250), (290, 270), (299, 279)]
    for i, j in pixels:
        r = wms13.getfeatureinfo(layers=["ndvi"], query_layers=["ndvi"], styles=[""], srs="EPSG:4326", bbox=bbox,
                                 size=(w, h), format="image/png", info_format="application/json", xy=(i, j))
        features = json.loads(r.read())["features"]
        lon = bbox[0] + (i + 0.5) * (bbox[2] - bbox[0]) / w
        lat = bbox[3] - (j + 0.5) * (bbox[3] - bbox[1]) / h
        expected = subprocess.run(["gdallocationinfo", "-valonly", "-wgs84", NDVI, repr(lon), repr(lat)],
                                  capture_output=True, text=True, timeout=30).stdout.strip()
        got = features[0]["properties"]["Band_0"] if features else ""
        # Outside the raster both answer nothing (gdallocationinfo prints no value).
        same = (got == "" and expected == "") or (got != "" and expected != "" and abs(float(got) - float(expected)) < 1e-6)
        gml = wms13.getfeatureinfo(layers=["ndvi"], query_layers=["ndvi"], styles=[""], srs="EPSG:4326", bbox=bbox,
                                   size=(w, h), format="image/png", info_format="application/vnd.ogc.gml", xy=(i, j)).read()
        by_ogr = ogr_attribute(gml, "Band_0")
        same_gml = (by_ogr == "" and expected == "") or (by_ogr != "" and expected != "" and abs(float(by_ogr) - float(expected)) < 1e-6)
        agree += same and same_gml
        check(f"GetFeatureInfo I={i} J={j}", same and same_gml,
              f"JSON {got or 'no cell'}, GML by OGR {by_ogr or 'no cell'} vs gdallocationinfo {expected or 'no value'}")
    print(f"GetFeatureInfo: {agree}/{len(pixels)} equal to gdallocationinfo")
    gml = wms13.getfeatureinfo(layers=["countries"], query_layers=["countries"], styles=[""], srs="EPSG:4326",
                               bbox=(-180.0, -90.0, 180.0, 90.0), size=(512, 256), format="image/png",
                               info_format="application/vnd.ogc.gml", xy=(270, 60)).read()
    check("GetFeatureInfo GML of countries read by OGR", ogr_attribute(gml, "ADMIN") == "Germany", ogr_attribute(gml, "ADMIN"))

    edges = country_edges(binary)
    world = (-180.0, -90.0, 180.0, 90.0)
    for name, wms in (("1.3.0", wms13), ("1.1.1", wms11)):
        r = wms.getmap(layers=["countries"], styles=[""], srs="EPSG:4326", bbox=world, size=(720, 360), format="image/png")
        check_countries(f"GetMap {name} countries EPSG:4326", r.read(), edges, world, 720, 360)
    merc = (-20037508.342789244, -10018754.171394622, 20037508.342789244, 10018754.171394622)
    r = wms13.getmap(layers=["countries"], styles=[""], srs="EPSG:3857", bbox=merc, size=(720, 360), format="image/png")
    check_countries("GetMap 1.3.0 countries EPSG:3857", r.read(), edges, merc, 720, 360, mercator=True)
    # The 8-bit format the capabilities list: a palette PNG that passes the same test.
    formats = wms13.getOperationByName("GetMap").formatOptions
    check("GetCapabilities 1.3.0 lists image/png8", "image/png8" in formats, ", ".join(formats))
    r = wms13.getmap(layers=["countries"], styles=[""], srs="EPSG:4326", bbox=world, size=(720, 360), format="image/png8")
    body = r.read()
    check("GetMap 1.3.0 image/png8 is a palette PNG", Image.open(io.BytesIO(body)).mode == "P", Image.open(io.BytesIO(body)).mode)
    check_countries("GetMap 1.3.0 countries EPSG:4326 (image/png8)", body, edges, world, 720, 360)
    # SVG (listed in the capabilities): a document of the requested size with France's path.
    check("GetCapabilities 1.3.0 lists image/svg+xml", "image/svg+xml" in formats, ", ".join(formats))
    svg = wms13.getmap(layers=["countries"], styles=[""], srs="EPSG:4326", bbox=(-10.0, 35.0, 30.0, 60.0), size=(400, 250),
                       format="image/svg+xml").read()
    try:
        root = ElementTree.fromstring(svg)
        paths = {p.get("id") for p in root.iter("{http://www.w3.org/2000/svg}path")}
        ok = root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("width") == "400" and "FRA" in paths
    except ElementTree.ParseError as e:
        ok, paths = False, {str(e)}
    check("GetMap 1.3.0 image/svg+xml parses, France drawn", ok, f"{len(paths)} paths")
    for name, wms in (("1.3.0", wms13), ("1.1.1", wms11)):
        legend = wms["countries"].styles.get("default", {}).get("legend")
        if not legend:
            check(f"GetLegendGraphic {name} LegendURL", False, "no legend URL in the capabilities")
            continue
        img = np.array(Image.open(io.BytesIO(urllib.request.urlopen(legend, timeout=60).read())).convert("RGBA"))
        centre = tuple(int(v) for v in img[img.shape[0] // 2, img.shape[1] // 2])
        check(f"GetLegendGraphic {name} countries", img.shape == (20, 20, 4) and centre == (0xE8, 0xE4, 0xD8, 255),
              f"{img.shape[1]} x {img.shape[0]}, centre {centre}")
    # The NDVI legend as QGIS shows it: the bar and its labels, at the size the LegendURL states.
    for layer in [wms13["ndvi"]]:
        legend = layer.styles.get("default", {}).get("legend")
        size = layer.styles.get("default", {}).get("legend_width"), layer.styles.get("default", {}).get("legend_height")
        img = np.array(Image.open(io.BytesIO(urllib.request.urlopen(legend, timeout=60).read())).convert("RGBA"))
        labels = img[:, 23:]
        ink = labels[..., 3] > 0
        check("GetLegendGraphic 1.3.0 ndvi: bar with labels", img.shape[:2] == (100, 35) and ink.any()
              and tuple(img[0, 10, :3]) != tuple(img[99, 10, :3]),
              f"{img.shape[1]} x {img.shape[0]} (LegendURL states {size[0]} x {size[1]}), label ink in rows "
              f"{np.nonzero(ink.any(axis=1))[0].min() if ink.any() else '-'}–{np.nonzero(ink.any(axis=1))[0].max() if ink.any() else '-'}")
    gdal_client(url, edges)
    wmts_clients(url, edges)
    vector_files(wms13, wms11)
    features_api(url, binary)


def features_api(url, binary):
    """Check 9: OGC API - Features through OWSLib and GDAL's OAPIF driver, against OGR on the Shapefile."""
    from owslib.ogcapi.features import Features
    api = Features(url + "ogcapi")
    conformance = api.conformance().get("conformsTo", [])
    check("OGC API Features conformance (OWSLib)", "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson" in conformance,
          ", ".join(c.rsplit("/", 1)[-1] for c in conformance))
    ids = [c["id"] for c in api.collections()["collections"]]
    check("OGC API Features collections (OWSLib)", {"countries", "countries10m", "squares", "squares_3857"} <= set(ids), ", ".join(ids))
    items = api.collection_items("countries", bbox=[5, 47, 15, 55], limit=100)
    got = sorted(f["properties"]["ADMIN"] for f in items["features"])
    with tempfile.TemporaryDirectory() as tmp:
        shp = os.path.join(tmp, "countries110.shp")
        subprocess.run([binary, "convert", "countries110", shp], check=True, capture_output=True, timeout=120)
        out = subprocess.run(["ogrinfo", "-ro", "-q", "-spat", "5", "47", "15", "55", shp, "countries110"],
                             capture_output=True, text=True, timeout=60).stdout
    expected = sorted(re.findall(r"^\s+ADMIN \(String\) = (.*)$", out, re.M))
    check("OGC API Features items in a box equal ogrinfo -spat (OWSLib)", got == expected and len(got) == 11,
          f"{len(got)}: {', '.join(got)}")
    oapif = subprocess.run(["ogrinfo", "-ro", "-q", "-spat", "5", "47", "15", "55", f"OAPIF:{url}ogcapi", "countries"],
                           capture_output=True, text=True, timeout=120).stdout
    by_gdal = sorted(re.findall(r"^\s+ADMIN \(String\) = (.*)$", oapif, re.M))
    check("OGC API Features read by GDAL's OAPIF driver", by_gdal == expected, f"{len(by_gdal)}: {', '.join(by_gdal)}")
    squares = subprocess.run(["ogrinfo", "-ro", "-q", f"OAPIF:{url}ogcapi", "squares_3857"], capture_output=True, text=True, timeout=120).stdout
    names = sorted(re.findall(r"^\s+name \(String\) = (.*)$", squares, re.M))
    check("OGC API Features: the Shapefile's squares through GDAL's OAPIF driver", names == ["A", "B"], f"{names}")
    features_api_crs(api)
    features_api_filters(binary)


# Check 10's file: six points with a date property, as text (what a GeoJSON file carries; GDAL's
# GeoJSON reader makes the field a Date), one without a number.
EVENTS = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "properties": {"name": name, "when": when, "n": n}, "geometry": {"type": "Point", "coordinates": [10 * i, 5 * i]}}
    for i, (name, when, n) in enumerate([("a", "2019-05-01", 0), ("b", "2020-01-15", 1), ("c", "2020-06-30", 2), ("d", "2021-02-01", 3),
                                         ("e", "2022-12-31", 4), ("f", "2023-03-03", None)])]}


def features_api_filters(binary):
    """Check 10: the API definition offers CQL text (filter-lang's enum has cql-text), so GDAL's
    OAPIF driver sends its -where to the server as a filter and trusts the answer; on a served
    file it must find what ogrinfo finds in the file itself. (No NOT over a null: OGR SQL takes
    it as true, CQL2 and SQL as unknown.)"""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "events.geojson")
        with open(path, "w") as f:
            json.dump(EVENTS, f)
        with served(binary, "--vector-dir", tmp) as url:
            for where in ["when >= '2020-01-01'", "when <= '2020-06-30'", "when = '2020-06-30'", "when > '2020-06-30'",
                          "when < '2020-06-30'", "when >= '2020-01-01' AND when <= '2021-02-01'", "name = 'c'", "n = 3",
                          "n > 1 AND n <= 3", "n < 1 OR name = 'e'", "NOT (name = 'a' OR name = 'b')", "name <> 'c'",
                          "n IS NULL", "name LIKE 'c%'", "n BETWEEN 1 AND 2", "n >= 2 AND when < '2022-01-01'"]:
                found = []
                for source in [f"OAPIF:{url}ogcapi", path]:
                    out = subprocess.run(["ogrinfo", "-ro", "-q", source, "events", "-where", where],
                                         capture_output=True, text=True, timeout=120)
                    found.append(sorted(re.findall(r"^\s+name \(String\) = (.*)$", out.stdout, re.M)) if out.returncode == 0 else out.stderr)
                check(f"OGC API Features filter through GDAL's OAPIF driver equals ogrinfo on the file: {where}",
                      found[0] == found[1] and len(found[1]) > 0, f"{found[0]} against {found[1]}")
            # GDAL sends the whole -where to the server as CQL text.
            debug = subprocess.run(["ogrinfo", "-ro", "-q", "--debug", "on", f"OAPIF:{url}ogcapi", "events", "-where", "n > 1 AND name <> 'c'"],
                                   capture_output=True, text=True, timeout=120).stderr
            fetched = [u for u in re.findall(r"Fetch\((\S+)\)", debug) if "/items" in u]
            check("GDAL's OAPIF driver sends its -where to the server as a CQL text filter",
                  any("filter=" in u and "filter-lang=cql-text" in u for u in fetched) and "client side" not in debug, f"{fetched}")


def features_api_crs(api):
    """Check 9, Part 2: features asked for in EPSG:3035 (northing first) through OWSLib, against
    ogr2ogr's projection of the same file to EPSG:3035 (GDAL writes easting first: swapped)."""
    crs = "http://www.opengis.net/def/crs/EPSG/0/3035"
    items = api.collection_items("squares", limit=10, crs=crs)
    ring = next(f for f in items["features"] if f["properties"]["name"] == "A")["geometry"]["coordinates"][0]
    source = os.path.join(ROOT, "Tests/GraticuleServerTests/Fixtures/vectors/squares.geojson")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "a.geojson")
        subprocess.run(["ogr2ogr", "-f", "GeoJSON", "-t_srs", "EPSG:3035", "-lco", "COORDINATE_PRECISION=6", "-where", "name = 'A'",
                        out, source], check=True, capture_output=True, timeout=60)
        expected = json.load(open(out))["features"][0]["geometry"]["coordinates"][0]
    worst = max(max(abs(p[0] - q[1]), abs(p[1] - q[0])) for p, q in zip(ring, expected)) if len(ring) == len(expected) else float("inf")
    check("OGC API Features in EPSG:3035 (northing first, OWSLib) equal ogr2ogr -t_srs EPSG:3035", worst < 0.01,
          f"largest difference {worst:.2e} m over {len(ring)} points")


def vector_files(wms13, wms11):
    """Check 8: the vector directory's files as WMS layers."""
    for name, wms in (("1.3.0", wms13), ("1.1.1", wms11)):
        layers = set(wms.contents)
        check(f"GetCapabilities {name} lists the vector files", {"squares", "squares_3857"} <= layers and "broken" not in layers,
              ", ".join(sorted(layers)))
    boxes = {n: tuple(round(v, 6) for v in wms13[n].boundingBoxWGS84) for n in ("squares", "squares_3857")}
    check("GetCapabilities vector extents", boxes == {"squares": (-40, -20, 20, 20), "squares_3857": (1, 1, 20, 10)}, str(boxes))
    with open(os.path.join(VECTORS, "squares.geojson")) as f:
        rings = [feat["geometry"]["coordinates"][0] for feat in json.load(f)["features"] if feat["geometry"]["type"] == "Polygon"]
    edges = np.array([(a[0], a[1], b[0], b[1]) for ring in rings for a, b in zip(ring, ring[1:])], dtype=np.float64).T
    world = (-180.0, -90.0, 180.0, 90.0)
    merc = (-5000000.0, -3000000.0, 3000000.0, 3000000.0)
    for label, wms, layer, srs, bbox, size in (("1.3.0 squares EPSG:4326", wms13, "squares", "EPSG:4326", world, (1024, 512)),
                                               ("1.1.1 squares_3857 EPSG:4326", wms11, "squares_3857", "EPSG:4326", world, (1024, 512)),
                                               ("1.3.0 squares_3857 EPSG:3857", wms13, "squares_3857", "EPSG:3857", merc, (800, 600))):
        body = wms.getmap(layers=[layer], styles=[""], srs=srs, bbox=bbox, size=size, format="image/png").read()
        mercator = srs == "EPSG:3857"
        check_countries(f"GetMap {label}", body, edges, bbox, size[0], size[1], mercator=mercator)
        img = np.array(Image.open(io.BytesIO(body)).convert("RGBA")).astype(int)
        xs, ys = lonlat_centres(img, bbox, mercator)
        # Pixels whose 3 x 3 neighbourhood lies inside one square (not on the border A and B
        # share, which is outlined as the countries' borders are).
        core = np.zeros(img.shape[:2], dtype=bool)
        for ring in rings:
            one = np.array([(a[0], a[1], b[0], b[1]) for a, b in zip(ring, ring[1:])], dtype=np.float64).T
            inside = inside_mask(one, np.tile(xs, (len(ys), 1)), ys)
            core |= np.all([np.roll(np.roll(inside, dy, 0), dx, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)
        # The style's feature fill over the white background: one colour, not the background's.
        colours = {tuple(c) for c in img[core][:, :3]}
        check(f"GetMap {label}: the squares filled", core.sum() > 100 and len(colours) == 1 and colours != {(255, 255, 255)},
              f"{core.sum()} pixels inside a square, colours {sorted(colours)[:4]}")
    point = dict(styles=[""], srs="EPSG:4326", bbox=world, size=(1024, 512), format="image/png",
                 xy=(int((15 + 180) / 360 * 1024), int((90 - 5.5) / 180 * 512)))
    r = wms13.getfeatureinfo(layers=["squares"], query_layers=["squares"], info_format="application/json", **point)
    names = [f["properties"].get("name") for f in json.loads(r.read())["features"]]
    check("GetFeatureInfo JSON of a vector file", names == ["B"], str(names))
    gml = wms13.getfeatureinfo(layers=["squares_3857"], query_layers=["squares_3857"], info_format="application/vnd.ogc.gml",
                               **point).read()
    check("GetFeatureInfo GML of a Shapefile read by OGR", ogr_attribute(gml, "name") == "B", ogr_attribute(gml, "name"))


def wmts_clients(url, edges):
    """WMTS through OWSLib's WebMapTileService and GDAL's WMTS driver."""
    wmts = WebMapTileService(url + "wmts", timeout=120)
    tms = wmts.tilematrixsets.get("WebMercatorQuad")
    check("WMTS GetCapabilities parses", {"countries", "ndvi"} <= set(wmts.contents) and tms is not None
          and len(tms.tilematrix) == 23, f"layers {list(wmts.contents)}, sets {list(wmts.tilematrixsets)}")
    if tms is None:
        return
    # Annex E.4 of the WMTS standard: GoogleMapsCompatible, level 0 at 1 : 559,082,264.0287178.
    level = tms.tilematrix["0"]
    check("WMTS WebMercatorQuad level 0", abs(level.scaledenominator - 559082264.0287178) < 1e-6
          and level.matrixwidth == 1 and level.tilewidth == 256, f"{level.scaledenominator}, {level.topleftcorner}")
    tile = wmts.gettile(layer="countries", tilematrixset="WebMercatorQuad", tilematrix="2", row=1, column=2,
                        format="image/png").read()
    xyz = urllib.request.urlopen(url + "tiles/2/2/1.png", timeout=60).read()
    check("WMTS GetTile (OWSLib, KVP) is the XYZ tile", tile == xyz, f"{len(tile)} B")
    resource = [r["template"] for r in wmts.contents["countries"].resourceURLs if r["format"] == "image/png"]
    rest = resource[0].replace("{Style}", "default").replace("{TileMatrixSet}", "WebMercatorQuad") \
        .replace("{TileMatrix}", "2").replace("{TileRow}", "1").replace("{TileCol}", "2") if resource else ""
    check("WMTS RESTful ResourceURL gives the same tile", bool(rest) and urllib.request.urlopen(rest, timeout=60).read() == xyz, rest)
    # GDAL's WMTS driver assembles the world at level 1 (512 x 512) from the tiles, as a user runs it.
    gdal_wmts_world("GDAL WMTS countries EPSG:3857 (level 1)", url, "", edges,
                    (-20037508.342789244, -20037508.342789244, 20037508.342789244, 20037508.342789244), 512, 512, True)
    wmts_crs84(wmts, url, edges)


def gdal_wmts_world(name, url, options, edges, bbox, w, h, mercator):
    """The countries layer as GDAL's WMTS driver assembles it from the capabilities (with
    `options`, such as ",tilematrixset=…"), w x h, through the countries test."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "wmts.png")
        r = subprocess.run(["gdal_translate", "-q", "-of", "PNG", "-outsize", str(w), str(h),
                            f"WMTS:{url}wmts/1.0.0/WMTSCapabilities.xml,layer=countries{options}", out],
                           capture_output=True, text=True, timeout=180)
        if r.returncode != 0:
            check(name, False, r.stderr.strip()[-300:])
            return
        with open(out, "rb") as f:
            check_countries(name, f.read(), edges, bbox, w, h, mercator=mercator, transparent=True)


def wmts_crs84(wmts, url, edges):
    """The WorldCRS84Quad set through OWSLib and GDAL's WMTS driver."""
    tms = wmts.tilematrixsets.get("WorldCRS84Quad")
    check("WMTS WorldCRS84Quad parses", tms is not None and len(tms.tilematrix) == 22,
          f"sets {list(wmts.tilematrixsets)}")
    if tms is None:
        return
    level = tms.tilematrix["0"]
    check("WMTS WorldCRS84Quad level 0", abs(level.scaledenominator - 279541132.0143589) < 1e-6
          and (level.matrixwidth, level.matrixheight) == (2, 1) and tuple(level.topleftcorner) == (-180, 90),
          f"{level.scaledenominator}, {level.matrixwidth} x {level.matrixheight}, {level.topleftcorner}")
    gdal_wmts_world("GDAL WMTS countries WorldCRS84Quad (level 1)", url, ",tilematrixset=WorldCRS84Quad", edges,
                    (-180, -90, 180, 90), 1024, 512, False)


def ogr_attribute(gml, name):
    """The value OGR's GML driver reads for attribute `name` of the first feature of a
    GetFeatureInfo GML answer ("" when it reads no feature)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gfi.gml")
        with open(path, "wb") as f:
            f.write(gml)
        out = subprocess.run(["ogrinfo", "-ro", "-al", "-q", path], capture_output=True, text=True, timeout=60).stdout
    m = re.search(r"^\s+" + re.escape(name) + r" \([A-Za-z]+\) = (.*)$", out, re.M)
    return m.group(1).strip() if m else ""


def gdal_translate(subdataset, args, out):
    """gdal_translate of a WMS subdataset to PNG; the GetMap requests GDAL logged (--debug on)."""
    r = subprocess.run(["gdal_translate", "--debug", "on", "-of", "PNG", *args, subdataset, out],
                       capture_output=True, text=True, timeout=180)
    return r.returncode, [line for line in r.stderr.splitlines() if "Request [" in line]


def gdal_client(url, edges):
    info = subprocess.run(["gdalinfo", f"WMS:{url}wms?SERVICE=WMS&REQUEST=GetCapabilities"], capture_output=True,
                          text=True, timeout=120).stdout
    subdatasets = {m.group(2): m.group(1) for m in re.finditer(r"SUBDATASET_\d+_NAME=(WMS:\S*?LAYERS=(\w+)\S*)", info)}
    check("GDAL WMS driver lists the layers", {"countries", "ndvi"} <= set(subdatasets), ", ".join(subdatasets))
    if not {"countries", "ndvi"} <= set(subdatasets):
        return
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "countries.png")
        code, requests = gdal_translate(subdatasets["countries"], ["-outsize", "720", "360"], out)
        jpeg = bool(requests) and all("format=image/jpeg" in q and "type = image/jpeg" in q and "status = 200" in q
                                      for q in requests)
        check("GDAL WMS driver fetches image/jpeg", code == 0 and jpeg, requests[0] if requests else f"exit {code}")
        if code == 0:
            with open(out, "rb") as f:
                check_countries("GDAL WMS countries EPSG:4326 (JPEG)", f.read(), edges, (-180.0, -90.0, 180.0, 90.0),
                                720, 360, min_score=0.995)
        w, h = 300, 280
        bbox = (-34.915, -8.04, -34.826, -7.95)
        out = os.path.join(tmp, "ndvi.png")
        code, _ = gdal_translate(subdatasets["ndvi"], ["-projwin", *map(str, (bbox[0], bbox[3], bbox[2], bbox[1])),
                                                       "-outsize", str(w), str(h)], out)
        if code != 0:
            check("GDAL WMS ndvi (JPEG)", False, f"gdal_translate exit {code}")
            return
        img = np.array(Image.open(out).convert("RGB")).astype(int)
        ref = gdal_reference("EPSG:4326", bbox, w, h)[..., :3].astype(int)
        error = np.abs(img - ref).mean() if img.shape == ref.shape else float("inf")
        check("GDAL WMS ndvi EPSG:4326 (JPEG)", error <= 10, f"mean difference {error:.2f} levels from gdalwarp -r near + the ramp")


if __name__ == "__main__":
    main()
