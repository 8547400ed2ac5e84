#!/usr/bin/python3
"""QGIS (Debian's python3-qgis, headless) as a GIS client of `graticule serve`, the way a user adds
the server's layers to a QGIS project:

  1. A WMS layer (`countries`, the provider's WMS 1.3.0) drawn by QGIS's map renderer in
     EPSG:4326 and in EPSG:3857 (QGIS then asks the server for EPSG:3857 maps): each 1024 x 512
     image must pass the countries test of owslib_check (a pixel is drawn exactly when its centre
     is inside a country, against the Natural Earth rings read by tools/oracle/shp_rings.py).
     It is drawn in two projected CRSs of the registry as well, EPSG:3035 (Europe) and
     ESRI:54030 (Robinson, the world), 600 pixels wide, judged the same way with each pixel centre
     taken back to longitude and latitude by pyproj (Debian's, beside QGIS).
  2. Identify on the WMS layer in QGIS's "Feature" format at 10.2 E, 51 N finds Germany, and
     in its text format too.
  3. A WMTS layer in WorldCRS84Quad and one in WebMercatorQuad (from the capabilities
     document), and an XYZ layer (`/tiles/{z}/{x}/{y}.png`), drawn in their CRSs: the same test,
     drawn meaning opaque (the tiles are transparent outside the countries).
  4. OGC API - Features: a vector layer of the `countries` collection (QGIS's OAPIF provider),
     whose features in the box 5..15 E, 47..55 N are the eleven countries ogrinfo -spat finds in
     the exported Shapefile (owslib_check's list), with their attributes.

Needs Debian's python3-qgis and qgis-providers (run with /usr/bin/python3; numpy comes with them).
Usage: /usr/bin/python3 tools/wms/qgis_check.py [path/to/graticule]   (exit status 1 on any failure)
"""
import os, sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import numpy as np  # noqa: E402
from qgis.core import (QgsApplication, QgsCoordinateReferenceSystem, QgsFeatureRequest, QgsMapRendererParallelJob,  # noqa: E402
                       QgsMapSettings, QgsPointXY, QgsRaster, QgsRasterLayer, QgsRectangle, QgsVectorLayer)
from qgis.PyQt.QtCore import QSize  # noqa: E402
from qgis.PyQt.QtGui import QImage  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "wms"))
from served import check, run_checks  # noqa: E402
from countries_judge import country_edges, judge, judge_projected  # noqa: E402

HALF = 20037508.342789244
def problem(layer):
    """Why a layer did not load ("" for a valid one: asking a valid layer for its error crashes)."""
    if layer.isValid():
        return ""
    error = layer.error()
    return error.summary()[:300]


def render(layer, crs, extent, w=1024, h=512):
    """The layer drawn by QGIS's map renderer: an h x w x 4 RGBA array (white background)."""
    s = QgsMapSettings()
    s.setLayers([layer])
    s.setDestinationCrs(QgsCoordinateReferenceSystem(crs))
    s.setExtent(extent)
    s.setOutputSize(QSize(w, h))
    job = QgsMapRendererParallelJob(s)
    job.start()
    job.waitForFinished()
    img = job.renderedImage().convertToFormat(QImage.Format_RGBA8888)
    ptr = img.constBits()
    ptr.setsize(img.sizeInBytes())
    return np.frombuffer(ptr, dtype=np.uint8).reshape(img.height(), img.bytesPerLine())[:, :4 * w].reshape(h, w, 4).astype(int)


def judged(name, layer, crs, edges, transparent):
    mercator = crs == "EPSG:3857"
    box = (-HALF, -HALF / 2, HALF, HALF / 2) if mercator else (-180.0, -90.0, 180.0, 90.0)
    img = render(layer, crs, QgsRectangle(*box))
    # On QGIS's white canvas a transparent tile shows white: drawn means not white either way.
    score, count, inside = judge(img, edges, box, mercator=mercator, transparent=False)
    check(name, score >= 0.999, f"{score * 100:.3f} % of {count} judged pixels right ({inside} inside a country)")


def run(url, binary):
    app = QgsApplication([], False)
    app.initQgis()
    edges = country_edges(binary)
    base = url.rstrip("/")
    wms = QgsRasterLayer(f"crs=EPSG:4326&format=image/png&layers=countries&styles=&url={base}/wms", "countries", "wms")
    check("WMS layer loads", wms.isValid(), problem(wms))
    if wms.isValid():
        judged("WMS countries drawn by QGIS in EPSG:4326", wms, "EPSG:4326", edges, False)
        judged("WMS countries drawn by QGIS in EPSG:3857", wms, "EPSG:3857", edges, False)
        # Projected CRSs of the registry: QGIS asks the server for maps in them.
        # (Boxes of the output's aspect: QGIS widens any other to fit.)
        for crs, box, w, h in (("EPSG:3035", (1000000.0, 1000000.0, 7000000.0, 5000000.0), 600, 400),
                               ("ESRI:54030", (-17000000.0, -8500000.0, 17000000.0, 8500000.0), 600, 300)):
            img = render(wms, crs, QgsRectangle(*box), w, h)
            score, count, inside = judge_projected(img, edges, crs, box)
            check(f"WMS countries drawn by QGIS in {crs}", score >= 0.999,
                  f"{score * 100:.3f} % of {count} judged pixels right ({inside} inside a country)")
        p = wms.dataProvider()
        for label, fmt in (("Feature", QgsRaster.IdentifyFormatFeature), ("Text", QgsRaster.IdentifyFormatText)):
            r = p.identify(QgsPointXY(10.2, 51.0), fmt, QgsRectangle(-180, -90, 180, 90), 1024, 512)
            found = []
            for v in r.results().values():
                if fmt == QgsRaster.IdentifyFormatFeature:
                    for store in v:
                        found += [f.attribute("ADMIN") for f in store.features() if "ADMIN" in f.fields().names()]
                else:
                    found += ["Germany"] if "ADMIN = 'Germany'" in str(v) else []
            check(f"WMS identify ({label}) finds Germany", r.isValid() and found == ["Germany"], f"{found}")
    caps = f"{base}/wmts/1.0.0/WMTSCapabilities.xml"
    for tms, crs in (("WorldCRS84Quad", "EPSG:4326"), ("WebMercatorQuad", "EPSG:3857")):
        layer = QgsRasterLayer(f"crs={crs}&format=image/png&layers=countries&styles=default&tileMatrixSet={tms}&url={caps}",
                               f"wmts {tms}", "wms")
        check(f"WMTS {tms} layer loads", layer.isValid(), problem(layer))
        if layer.isValid():
            judged(f"WMTS {tms} countries drawn by QGIS", layer, crs, edges, True)
    xyz = QgsRasterLayer(f"type=xyz&url={base}/tiles/%7Bz%7D/%7Bx%7D/%7By%7D.png&zmax=22&zmin=0", "xyz", "wms")
    check("XYZ layer loads", xyz.isValid(), problem(xyz))
    if xyz.isValid():
        judged("XYZ countries drawn by QGIS in EPSG:3857", xyz, "EPSG:3857", edges, True)
    oapif = QgsVectorLayer(f"url='{base}/ogcapi' typename='countries'", "countries (OGC API)", "OAPIF")
    check("OGC API Features layer loads", oapif.isValid(), "" if oapif.isValid() else "not valid")
    if oapif.isValid():
        names = sorted(f.attribute("ADMIN") for f in oapif.getFeatures(QgsFeatureRequest().setFilterRect(QgsRectangle(5, 47, 15, 55))))
        europe = ["Austria", "Belgium", "Czechia", "Denmark", "France", "Germany", "Italy", "Luxembourg", "Netherlands", "Poland",
                  "Switzerland"]
        check("OGC API Features: QGIS reads the countries in a box", names == europe, f"{len(names)}: {', '.join(names)}")
    # The vector layer goes before its provider library is unloaded (else exitQgis crashes).
    del oapif
    app.exitQgis()


def main():
    run_checks(run)


if __name__ == "__main__":
    main()
