#!/usr/bin/env python3
"""Browser test of the Graticule web viewer in real Chromium (selenium + chromium-driver).

Starts `graticule serve --port 0` (the binary given, or .build/debug/graticule), opens the printed
URL in headless Chromium and clicks through the five workflows, checking what the page shows:

  4 country selection: choose Mongolia → the info names it, the map extent moves to it;
  3 transformations: list WGS 84 → EPSG:28413, with the "suitable for the current extent" filter,
    missing-grid flags (AGD66 → GDA94 without the A66 grid names "A66 National (13.09.01).gsb"),
    the data directory status; select ESRI:108055 and project (105, 47) with it;
  1 tap → callout with the WGS 84 point, the EPSG:28413 point with the default and with the
    chosen transformation (checked against pyproj 3.7.2 when it is installed);
  5 raster: zoom to the NDVI raster, tap → the NDVI value (checked against gdallocationinfo when
    it is installed), drag → the live identify readout updates;
  2 world maps: each of the eleven spatial references of the picker loads a map image
    (or, while the build has no vector renderer, the page says why);
  and the server's vector files (`--vector-dir` on the server tests' fixtures): each is offered
    as a layer, "Zoom to" shows it, and a tap on square B names it in the callout.

Prints one line per check and exits non-zero on any failure. Bounded: about a minute.
Usage: tools/browser/viewer_test.py [path/to/graticule]
"""
import math, os, re, shutil, subprocess, sys, time, urllib.parse, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from served import check, run_checks  # noqa: E402
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
def browser(scale=1):
    options = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900", "--disable-gpu",
              f"--force-device-scale-factor={scale}"]:
        options.add_argument(a)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium:
        options.binary_location = chromium
    driver_path = shutil.which("chromedriver")
    service = Service(driver_path) if driver_path else Service()
    d = webdriver.Chrome(service=service, options=options)
    d.set_page_load_timeout(30)
    return d


def text(d, id_):
    return d.find_element(By.ID, id_).text


def wait_text(d, id_, predicate, timeout=20):
    try:
        WebDriverWait(d, timeout).until(lambda _: predicate(text(d, id_)))
        return True
    except Exception:
        return False


def extent(d):
    return [float(v) for v in d.find_element(By.ID, "map").get_attribute("data-extent").split(",")]


def tap_center(d):
    m = d.find_element(By.ID, "map")
    ActionChains(d).move_to_element(m).click().perform()


def numbers(s):
    return [float(v) for v in re.findall(r"-?\d+\.\d+", s)]


def main():
    def both(url, _binary):
        run(url)
        hidpi(url)
    run_checks(both, "--vector-dir", os.path.join(ROOT, "Tests/GraticuleServerTests/Fixtures/vectors"))


def run(url):
    d = browser()
    try:
        d.get(url)
        WebDriverWait(d, 30).until(lambda _: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
        check("viewer loads", True, url)
        # The service addresses the page shows work as a GIS client would use them.
        base = url.rstrip("/")
        shown = {k: text(d, f"url-{k}") for k in ("wms", "wmts", "xyz")}
        wms_caps = urllib.request.urlopen(shown["wms"] + "?SERVICE=WMS&REQUEST=GetCapabilities", timeout=30).read()
        wmts_caps = urllib.request.urlopen(shown["wmts"], timeout=30).read()
        tile = urllib.request.urlopen(shown["xyz"].replace("{z}/{x}/{y}", "1/1/0"), timeout=30).read()
        check("GIS service addresses shown and answering", shown["wms"] == base + "/wms" and b"<WMS_Capabilities" in wms_caps
              and b"<Capabilities" in wmts_caps and tile[:8] == b"\x89PNG\r\n\x1a\n", f"{shown}")

        # Workflow 4: country selection with zoom.
        Select(d.find_element(By.ID, "country-select")).select_by_visible_text("Mongolia")
        ok = wait_text(d, "country-info", lambda t: "Mongolia" in t)
        check("workflow 4: country info", ok, text(d, "country-info").split("\n")[0])
        time.sleep(0.5)
        e = extent(d)
        cx, cy = (e[0] + e[2]) / 2, (e[1] + e[3]) / 2
        check("workflow 4: zoomed to Mongolia", 87 < cx < 120 and 41 < cy < 52 and e[2] - e[0] < 60, f"extent {e}")

        # Workflow 3: transformations for the current extent, missing grids, project with the selected one.
        d.find_element(By.ID, "tf-suitable").click()
        d.find_element(By.ID, "tf-list").click()
        ok = wait_text(d, "tf-results", lambda t: "Pulkovo 1942 to WGS 84" in t)
        items = d.find_elements(By.CSS_SELECTOR, "#tf-results li")
        check("workflow 3: transformations for Mongolia's extent", ok, f"{len(items)} listed")
        area = d.find_element(By.ID, "tf-results").get_attribute("data-area") or ""
        check("workflow 3: filter used the current extent", bool(area), area)
        check("workflow 3: data directory status shown", "Data directory" in text(d, "tf-datadir"), text(d, "tf-datadir"))
        radio = d.find_element(By.CSS_SELECTOR, "#tf-results li[data-code='~EPSG:5044'] input")
        radio.click()
        d.find_element(By.ID, "tf-project").click()
        ok = wait_text(d, "tf-project-result", lambda t: "→" in t)
        res = text(d, "tf-project-result")
        check("workflow 3: projected with the selected transformation", ok and "Pulkovo 1942 to WGS 84 (20)" in res, res.replace("\n", " | "))

        # Missing grids: AGD66 → GDA94 over Australia needs the A66 grid, which the embedded data lacks.
        for id_, v in (("tf-from", "EPSG:4202"), ("tf-to", "EPSG:4283")):
            el = d.find_element(By.ID, id_); el.clear(); el.send_keys(v)
        d.find_element(By.ID, "tf-suitable").click()  # off: the whole list
        d.find_element(By.ID, "tf-list").click()
        ok = wait_text(d, "tf-results", lambda t: "missing grid" in t)
        check("workflow 3: missing grid file named", ok and "A66 National (13.09.01).gsb" in text(d, "tf-results"),
              next((l for l in text(d, "tf-results").split("\n") if "missing" in l), ""))
        for id_, v in (("tf-from", "EPSG:4326"), ("tf-to", "EPSG:28413")):
            el = d.find_element(By.ID, id_); el.clear(); el.send_keys(v)
        d.find_element(By.ID, "tf-list").click()
        wait_text(d, "tf-results", lambda t: "Pulkovo" in t)
        # Workflow 1's chosen transformation is Esri's WGS_1984_To_MSK_1942, entered by code.
        d.find_element(By.ID, "tf-code").send_keys("ESRI:108055")
        d.find_element(By.ID, "tf-use-code").click()

        # Workflow 1: tap → callout with the WGS 84 point, default and chosen transformations.
        tap_center(d)
        ok = wait_text(d, "callout-chosen", lambda t: "with" in t and re.search(r"\d+\.\d{3}", t) is not None)
        w84, dflt, chosen = text(d, "callout-wgs84"), text(d, "callout-default"), text(d, "callout-chosen")
        check("workflow 1: callout", ok and "WGS 84" in w84 and "default" in dflt, f"{w84} | {dflt.splitlines()[0]} | {chosen}")
        check("workflow 1: country in callout", wait_text(d, "callout-country", lambda t: "Mongolia" in t), text(d, "callout-country"))
        try:
            from pyproj.transformer import TransformerGroup
            lon, lat = numbers(w84)[:2]
            x, y = numbers(dflt)[:2]
            # The default is the first of PROJ's ranked operations (pyproj's Transformer.from_crs
            # instead picks per point among those whose area holds it).
            ex, ey = TransformerGroup("EPSG:4326", "EPSG:28413", always_xy=True).transformers[0].transform(lon, lat)
            check("workflow 1: default point agrees with pyproj's first ranked operation", math.hypot(x - ex, y - ey) < 1.0, f"Δ {math.hypot(x - ex, y - ey):.3f} m")
            cx_, cy_ = numbers(chosen)[-2:]
            check("workflow 1: chosen differs from default", math.hypot(cx_ - x, cy_ - y) > 0.5, f"Δ {math.hypot(cx_ - x, cy_ - y):.2f} m")
        except ImportError:
            print("skip pyproj comparison (pyproj not installed)")

        # Workflow 5: raster layer, identify on tap and live while dragging.
        d.find_element(By.ID, "zoom-raster").click()
        WebDriverWait(d, 30).until(lambda _: d.execute_script(
            "const i = document.getElementById('map-overlay'); return i.complete && i.naturalWidth > 0 && !i.hidden"))
        check("workflow 5: raster image shown", True)
        legend = d.execute_script("const i = document.getElementById('ndvi-legend'); "
                                  "return i.complete ? [i.naturalWidth, i.naturalHeight] : null")
        check("workflow 5: NDVI legend (GetLegendGraphic) shown", legend == [160, 12], f"{legend}")
        tap_center(d)
        ok = wait_text(d, "callout-raster", lambda t: "NDVI:" in t and "cell" in t)
        r = text(d, "callout-raster")
        check("workflow 5: identify on tap", ok, r)
        try:
            lon, lat = numbers(text(d, "callout-wgs84"))[:2]
            ndvi = os.path.join(ROOT, "Sources/GraticuleRaster/Resources/ndvi.tif")
            out = subprocess.run(["gdallocationinfo", "-valonly", "-wgs84", ndvi, str(lon), str(lat)],
                                 capture_output=True, text=True, timeout=30).stdout.strip()
            shown = numbers(r)[0]
            check("workflow 5: value equals gdallocationinfo", abs(shown - float(out)) < 1e-4, f"{shown} vs {out}")
        except FileNotFoundError:
            print("skip gdallocationinfo comparison (GDAL not installed)")
        d.find_element(By.ID, "callout-close").click()
        m = d.find_element(By.ID, "map")
        ActionChains(d).move_to_element(m).click_and_hold().move_by_offset(30, 10).pause(0.4).move_by_offset(30, 10).pause(0.8).perform()
        ok = wait_text(d, "identify-readout", lambda t: "(live)" in t, timeout=10)
        check("workflow 5: live identify while dragging", ok, text(d, "identify-readout"))
        ActionChains(d).release().perform()

        # The server's vector files: offered as layers, zoomed to, identified on tap.
        offered = [e.get_attribute("id") for e in d.find_elements(By.CSS_SELECTOR, "#vector-layers input")]
        check("vector files offered as layers", offered == ["layer-vector-overlaps", "layer-vector-squares", "layer-vector-squares_3857"],
              f"{offered}")
        d.find_element(By.ID, "zoom-vector-squares_3857").click()
        try:
            WebDriverWait(d, 30).until(lambda _: d.execute_script(
                "const i = document.getElementById('map-base'); return i.src.includes('squares_3857') "
                "&& i.dataset.state === 'loaded' && i.naturalWidth > 0"))
            shown = True
        except Exception:
            shown = False
        e = extent(d)
        check("vector file zoomed to and drawn", shown and e[0] < 1 and e[2] > 20 and e[2] - e[0] < 40, f"extent {e}")
        px, py = d.execute_script("return mapToPixel(15, 5.5)")
        size = d.find_element(By.ID, "map").size
        ActionChains(d).move_to_element_with_offset(d.find_element(By.ID, "map"), px - size["width"] / 2,
                                                    py - size["height"] / 2).click().perform()
        ok = wait_text(d, "callout-vector", lambda t: "name = B" in t)
        check("vector file identified on tap", ok and "squares_3857" in text(d, "callout-vector"), text(d, "callout-vector"))
        d.find_element(By.ID, "callout-close").click()
        d.find_element(By.ID, "layer-vector-squares_3857").click()  # off

        # The countries filtered by a CQL2 condition (cql_filter), and a bad one reported.
        def filtered(condition):
            box = d.find_element(By.ID, "countries-filter"); box.clear(); box.send_keys(condition)
            d.find_element(By.ID, "countries-filter-apply").click()
            try:
                WebDriverWait(d, 30).until(lambda _: d.execute_script(
                    "const i = document.getElementById('map-base'); return i.src.includes('cql_filter') "
                    "&& (i.dataset.state === 'loaded' || i.dataset.state === 'error')"))
            except Exception:
                pass
            return d.execute_script("const i = document.getElementById('map-base'); return [i.dataset.state, i.src]")
        state, src = filtered("CONTINENT = 'Africa'")
        check("countries filtered by CQL2", state == "loaded" and "Africa" in urllib.parse.unquote(src), f"{state} {src[-80:]}")
        state, _ = filtered("POP_EST >")
        ok = wait_text(d, "map-message", lambda t: "offset" in t, timeout=10)
        check("a bad filter is reported", state == "error" and ok, text(d, "map-message"))
        box = d.find_element(By.ID, "countries-filter"); box.clear()
        d.find_element(By.ID, "countries-filter-apply").click()

        # Workflow 2: world maps in the eleven spatial references.
        sel = Select(d.find_element(By.ID, "sr-select"))
        presets = [o.get_attribute("value") for o in sel.options if o.get_attribute("value")]
        check("workflow 2: eleven world spatial references offered", len(presets) == 11, ", ".join(presets))
        d.find_element(By.ID, "layer-ndvi").click()  # off
        for sr in presets:
            Select(d.find_element(By.ID, "sr-select")).select_by_value(sr)
            ok = wait_text(d, "sr-name", lambda t: sr in t)
            loaded = False
            try:
                WebDriverWait(d, 60).until(lambda _: d.execute_script(
                    "const i = document.getElementById('map-base'); return i.dataset.sr === arguments[0] "
                    "&& (i.dataset.state === 'loaded' || i.dataset.state === 'error')", sr))
                loaded = d.execute_script("const i = document.getElementById('map-base'); "
                                          "return i.dataset.state === 'loaded' && i.naturalWidth > 0")
            except Exception:
                pass
            msg = text(d, "map-message")
            if loaded:
                check(f"workflow 2: {sr} map", ok, text(d, "sr-name"))
            elif "renderer" in msg:
                print(f"note workflow 2: {sr}: {text(d, 'sr-name')}; no map image: {msg.splitlines()[0]}")
            else:
                check(f"workflow 2: {sr} map", False, msg)
        # Search by WKID and by name.
        box = d.find_element(By.ID, "sr-search"); box.clear(); box.send_keys("british national grid")
        d.find_element(By.ID, "sr-search-button").click()
        ok = wait_text(d, "sr-results", lambda t: "EPSG:27700" in t)
        check("SR search by name", ok, text(d, "sr-results").split("\n")[0])
        d.find_element(By.CSS_SELECTOR, "#sr-results li[data-id='EPSG:27700']").click()
        check("SR chosen from search", wait_text(d, "sr-name", lambda t: "27700" in t), text(d, "sr-name"))
    finally:
        d.quit()


def hidpi(url):
    """On a screen of two device pixels per CSS pixel the map image has one pixel per device
    pixel (twice the map element's CSS size) and asks for pixelRatio=2 (lines twice as wide)."""
    d = browser(scale=2)
    try:
        d.get(url)
        WebDriverWait(d, 30).until(lambda _: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
        WebDriverWait(d, 30).until(lambda _: d.execute_script(
            "const i = document.getElementById('map-base'); return i.complete && i.naturalWidth > 0"))
        got = d.execute_script("const i = document.getElementById('map-base'), m = document.getElementById('map');"
                               "return [window.devicePixelRatio, i.naturalWidth, i.naturalHeight, m.clientWidth, m.clientHeight,"
                               " i.getBoundingClientRect().width, i.src]")
        dpr, nw, nh, cw, ch, shown, src = got
        check("HiDPI: one image pixel per device pixel", dpr == 2 and nw == 2 * cw and nh == 2 * ch
              and abs(shown - cw) < 1 and "pixelRatio=2" in src, f"dpr {dpr}, image {nw} x {nh}, map {cw} x {ch}, shown {shown}")
    finally:
        d.quit()


if __name__ == "__main__":
    main()
