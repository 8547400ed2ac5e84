// Graticule viewer: plain JavaScript, no build step. Everything it shows comes from the
// server's JSON API (/api/…); the map images from /api/map (any spatial reference).
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  sr: "EPSG:4326", srName: "WGS 84", extent: null, world: null,
  transformation: null, rasterOn: false, countriesOn: true, countriesFilter: "", vectorsOn: [], lastTap: null,
  liveBusy: false, livePending: false, drag: null,
};

async function api(path, options) {
  const r = await fetch(path, options);
  const type = r.headers.get("Content-Type") || "";
  const body = type.includes("json") ? await r.json() : await r.text();
  if (!r.ok) throw new Error((body && body.error && body.error.message) || `${r.status} ${path}`);
  return body;
}
const q = (o) => Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== "")
  .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
const fmt = (v, d = 6) => (typeof v === "number" && isFinite(v) ? v.toFixed(d) : String(v));
const setText = (id, text) => { $(id).textContent = text; };

// ---- Projection helpers (all through the server) ----
async function projectPoints(from, to, points, transformation) {
  if (from === to) return points;
  const r = await api(`/api/project?${q({ from, to, transformation })}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ points }) });
  return r.points;
}
function boundsOf(points) {
  let xmin = Infinity, ymin = Infinity, xmax = -Infinity, ymax = -Infinity;
  for (const p of points) if (p) { xmin = Math.min(xmin, p[0]); xmax = Math.max(xmax, p[0]); ymin = Math.min(ymin, p[1]); ymax = Math.max(ymax, p[1]); }
  return isFinite(xmin) ? { xmin, ymin, xmax, ymax } : null;
}
function pad(e, f) {
  const dx = (e.xmax - e.xmin) * f || 1, dy = (e.ymax - e.ymin) * f || 1;
  return { xmin: e.xmin - dx, ymin: e.ymin - dy, xmax: e.xmax + dx, ymax: e.ymax + dy };
}
// A lon/lat box as a grid of points (the outline and inside), for extents in any projection.
function lonLatGrid(w, s, e, n, nx = 36, ny = 18) {
  if (e < w) e += 360;
  const pts = [];
  for (let i = 0; i <= nx; i++) for (let j = 0; j <= ny; j++) {
    let lon = w + (e - w) * i / nx; if (lon > 180) lon -= 360;
    pts.push([lon, s + (n - s) * j / ny]);
  }
  return pts;
}

// ---- Map ----
function mapSize() { const m = $("map"); return { w: m.clientWidth, h: m.clientHeight }; }
// Widens the extent so that its aspect matches the map's (square pixels).
function fit(e) {
  const { w, h } = mapSize();
  const cx = (e.xmin + e.xmax) / 2, cy = (e.ymin + e.ymax) / 2;
  const res = Math.max((e.xmax - e.xmin) / w, (e.ymax - e.ymin) / h);
  return { xmin: cx - res * w / 2, xmax: cx + res * w / 2, ymin: cy - res * h / 2, ymax: cy + res * h / 2 };
}
function resolution() { return (state.extent.xmax - state.extent.xmin) / mapSize().w; }
function pixelToMap(px, py) {
  const r = resolution();
  return [state.extent.xmin + px * r, state.extent.ymax - py * r];
}
function mapToPixel(x, y) {
  const r = resolution();
  return [(x - state.extent.xmin) / r, (state.extent.ymax - y) / r];
}

let drawSerial = 0;
function draw() {
  const { w, h } = mapSize();
  if (!state.extent || w < 2 || h < 2) return;
  const serial = ++drawSerial;
  const e = state.extent;
  // On a HiDPI screen the images have one pixel per device pixel (lines as much wider, so they
  // look as on a 1x screen, only sharper), within the server's 4096-pixel limit.
  const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 4, 4096 / Math.max(w, h));
  const common = { sr: state.sr, bbox: [e.xmin, e.ymin, e.xmax, e.ymax].join(","),
                   width: Math.round(w * ratio), height: Math.round(h * ratio) };
  if (ratio !== 1) common.pixelRatio = ratio;
  for (const img of [$("map-base"), $("map-overlay")]) img.style.transform = "";
  // The countries, then the vector files switched on (drawn over them in the same style).
  const names = [...(state.countriesOn ? ["countries"] : []), ...state.vectorsOn];
  const base = names.join(",");
  const params = { ...common, layers: base, background: "dfe9f3" };
  // The countries' CQL2 filter (cql_filter: one per layer, INCLUDE for the vector files).
  if (state.countriesOn && state.countriesFilter) {
    params.cql_filter = names.map((n) => (n === "countries" ? state.countriesFilter : "INCLUDE")).join(";");
  }
  setImage($("map-base"), base ? `/api/map?${q(params)}` : null, serial, base || "countries");
  setImage($("map-overlay"), state.rasterOn ? `/api/map?${q({ ...common, layers: "ndvi", transparent: "true" })}` : null, serial, "ndvi");
  $("map").dataset.extent = common.bbox;
  setText("status", `${state.sr}  1 px = ${fmt(resolution(), 4)} ${state.sr === "EPSG:4326" ? "°" : "units"}`);
}
const layerErrors = {};
function setImage(img, url, serial, name) {
  delete layerErrors[name];
  showLayerErrors();
  img.dataset.sr = state.sr;
  if (!url) { img.removeAttribute("src"); img.hidden = true; img.dataset.state = "off"; return; }
  img.hidden = false;
  img.dataset.state = "loading";
  img.onerror = async () => {
    if (serial !== drawSerial) return;
    try { await api(url); } catch (err) { layerErrors[name] = err.message; showLayerErrors(); }
    if (serial === drawSerial) img.dataset.state = "error";
  };
  img.onload = () => { if (serial === drawSerial) img.dataset.state = "loaded"; };
  img.src = url;
}
function showLayerErrors() {
  setText("map-message", Object.entries(layerErrors).map(([k, v]) => `${k}: ${v}`).join("\n"));
}
function setExtent(e) { state.extent = fit(e); draw(); if (state.lastTap) placeCallout(); }

// ---- Spatial reference ----
async function chooseSR(id, name) {
  state.sr = id;
  state.srName = name || id;
  setText("sr-name", `${state.srName} (${id})`);
  const opt = [...$("sr-select").options].find((o) => o.value === id);
  $("sr-select").value = opt ? id : "";
  $("callout").hidden = true; state.lastTap = null;
  try {
    const d = await api(`/api/sr/${encodeURIComponent(id)}`);
    state.srName = d.name; setText("sr-name", `${d.name} (${id})`);
    const a = d.areaOfUse || { west: -180, south: -90, east: 180, north: 90 };
    const world = id === "EPSG:3857" ? { west: -180, south: -85, east: 180, north: 85 } : a;
    const pts = await projectPoints("EPSG:4326", id, lonLatGrid(world.west, world.south, world.east, world.north));
    const b = boundsOf(pts);
    state.world = b ? pad(b, 0.03) : { xmin: -180, ymin: -90, xmax: 180, ymax: 90 };
  } catch (err) {
    setText("map-message", `${id}: ${err.message}`);
    state.world = { xmin: -180, ymin: -90, xmax: 180, ymax: 90 };
  }
  setExtent(state.world);
}
async function loadPresets() {
  const p = await api("/api/presets");
  const sel = $("sr-select");
  sel.innerHTML = "";
  for (const s of p.presets) {
    const o = document.createElement("option");
    o.value = s.id; o.textContent = `${s.name} (${s.id})`; o.title = s.note;
    sel.appendChild(o);
  }
  const other = document.createElement("option");
  other.value = ""; other.textContent = "Other (from search)"; sel.appendChild(other);
  sel.onchange = () => { if (sel.value) chooseSR(sel.value, sel.selectedOptions[0].textContent); };
}
async function searchSR() {
  const text = $("sr-search").value.trim();
  const list = $("sr-results");
  list.innerHTML = "";
  if (!text) return;
  try {
    const r = await api(`/api/sr?${q({ q: text, limit: 25 })}`);
    if (!r.results.length) { list.innerHTML = "<li>no match</li>"; return; }
    for (const s of r.results) {
      const li = document.createElement("li");
      li.textContent = `${s.id} — ${s.name}${s.deprecated ? " (deprecated)" : ""}`;
      li.dataset.id = s.id;
      li.onclick = () => chooseSR(s.id, s.name);
      list.appendChild(li);
    }
  } catch (err) { list.innerHTML = ""; const li = document.createElement("li"); li.textContent = err.message; list.appendChild(li); }
}

// ---- Tap: callout with the WGS 84 point and the point projected (workflow 1) ----
async function tap(px, py) {
  const [mx, my] = pixelToMap(px, py);
  state.lastTap = { x: mx, y: my };
  const c = $("callout");
  c.hidden = false;
  placeCallout();
  for (const id of ["callout-wgs84", "callout-default", "callout-chosen", "callout-country", "callout-raster"]) setText(id, "");
  setText("callout-wgs84", "…");
  let lon, lat;
  try {
    if (state.sr === "EPSG:4326") { lon = mx; lat = my; }
    else {
      const p = await api(`/api/project?${q({ from: state.sr, to: "EPSG:4326", x: mx, y: my })}`);
      lon = p.x; lat = p.y;
    }
  } catch (err) { setText("callout-wgs84", `Outside the map: ${err.message}`); return; }
  setText("callout-wgs84", `WGS 84: ${fmt(lon)}, ${fmt(lat)} (lon, lat)`);
  const to = $("tf-to").value.trim() || "EPSG:28413";
  const jobs = [
    api(`/api/project?${q({ from: "EPSG:4326", to, x: lon, y: lat })}`).then((p) =>
      setText("callout-default", `${to} default: ${fmt(p.x, 3)}, ${fmt(p.y, 3)}\n  via ${p.transformation ? p.transformation.name : "no datum change"}`),
      (err) => setText("callout-default", `${to} default: ${err.message}`)),
    api(`/api/country?${q({ x: lon, y: lat })}`).then((r) =>
      setText("callout-country", r.country ? `Country: ${r.country.name} (${r.country.code})` : "Country: none (sea)"),
      (err) => setText("callout-country", `Country: ${err.message}`)),
  ];
  if (state.transformation) {
    jobs.push(api(`/api/project?${q({ from: "EPSG:4326", to, x: lon, y: lat, transformation: state.transformation.code })}`).then((p) =>
      setText("callout-chosen", `${to} with ${state.transformation.name}: ${fmt(p.x, 3)}, ${fmt(p.y, 3)}`),
      (err) => setText("callout-chosen", `${to} with ${state.transformation.name}: ${err.message}`)));
  } else {
    setText("callout-chosen", "Chosen transformation: none selected (list them in the Transformations panel)");
  }
  if (state.rasterOn) {
    jobs.push(identifyAt(lon, lat).then((t) => { setText("callout-raster", t); setText("identify-readout", t); }));
  }
  setText("callout-vector", "");
  if (state.vectorsOn.length) jobs.push(vectorFeaturesAt(state.lastTap.x, state.lastTap.y).then((t) => setText("callout-vector", t)));
  await Promise.all(jobs);
  placeCallout();  // its final height
}
function placeCallout() {
  if (!state.lastTap || !state.extent) return;
  const [px, py] = mapToPixel(state.lastTap.x, state.lastTap.y);
  const c = $("callout");
  const { w, h } = mapSize();
  c.style.left = `${Math.min(Math.max(px + 8, 4), w - 290)}px`;
  // Below the point when it fits in the map, else above it, else as low as it fits (the map
  // clips what overflows).
  const below = Math.max(py + 8, 4), above = py - 8 - c.offsetHeight, height = c.offsetHeight;
  c.style.top = `${below + height <= h - 4 ? below : above >= 4 ? above : Math.max(h - 4 - height, 4)}px`;
}
async function identifyAt(lon, lat) {
  try {
    const r = await api(`/api/raster/ndvi/identify?${q({ x: lon, y: lat, sr: "EPSG:4326" })}`);
    if (!r.cell) return `NDVI: outside the raster (${fmt(lon, 5)}, ${fmt(lat, 5)})`;
    const v = r.cell.scaledValues[0];
    return `NDVI: ${v === null ? "nodata" : fmt(v, 4)} at cell (${r.cell.column}, ${r.cell.row}) — ${fmt(lon, 5)}, ${fmt(lat, 5)}`;
  } catch (err) { return `NDVI: ${err.message}`; }
}
// While dragging: the value under the centre cross, at most one request in flight.
async function liveIdentify() {
  if (!state.rasterOn || !state.drag) return;
  if (state.liveBusy) { state.livePending = true; return; }
  state.liveBusy = true;
  try {
    const { w, h } = mapSize();
    const [mx, my] = pixelToMap(w / 2 - state.drag.dx, h / 2 - state.drag.dy);
    let lon = mx, lat = my;
    if (state.sr !== "EPSG:4326") {
      const p = await api(`/api/project?${q({ from: state.sr, to: "EPSG:4326", x: mx, y: my })}`);
      lon = p.x; lat = p.y;
    }
    setText("identify-readout", `${await identifyAt(lon, lat)} (live)`);
  } catch (err) { setText("identify-readout", `NDVI: ${err.message}`); }
  state.liveBusy = false;
  if (state.livePending) { state.livePending = false; liveIdentify(); }
}

// ---- Pan and zoom ----
function installMapEvents() {
  const m = $("map");
  m.addEventListener("pointerdown", (ev) => {
    if (ev.target.closest("#callout") || ev.target.closest(".zoom")) return;
    m.setPointerCapture(ev.pointerId);
    state.drag = { x0: ev.clientX, y0: ev.clientY, dx: 0, dy: 0 };
    m.classList.add("dragging");
  });
  m.addEventListener("pointermove", (ev) => {
    const rect = m.getBoundingClientRect();
    if (state.extent) {
      const [x, y] = pixelToMap(ev.clientX - rect.left, ev.clientY - rect.top);
      setText("status", `${state.sr}  x ${fmt(x, 4)}  y ${fmt(y, 4)}`);
    }
    if (!state.drag) return;
    state.drag.dx = ev.clientX - state.drag.x0; state.drag.dy = ev.clientY - state.drag.y0;
    for (const img of [$("map-base"), $("map-overlay")]) img.style.transform = `translate(${state.drag.dx}px, ${state.drag.dy}px)`;
    liveIdentify();
  });
  const end = (ev) => {
    if (!state.drag) return;
    const d = state.drag; state.drag = null;
    m.classList.remove("dragging");
    const rect = m.getBoundingClientRect();
    if (Math.hypot(d.dx, d.dy) < 4) { tap(ev.clientX - rect.left, ev.clientY - rect.top); return; }
    const r = resolution(), e = state.extent;
    setExtent({ xmin: e.xmin - d.dx * r, xmax: e.xmax - d.dx * r, ymin: e.ymin + d.dy * r, ymax: e.ymax + d.dy * r });
  };
  m.addEventListener("pointerup", end);
  m.addEventListener("pointercancel", () => { state.drag = null; m.classList.remove("dragging"); draw(); });
  m.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const rect = m.getBoundingClientRect();
    zoomAt(ev.deltaY < 0 ? 1 / 1.5 : 1.5, ev.clientX - rect.left, ev.clientY - rect.top);
  }, { passive: false });
  $("zoom-in").onclick = () => { const { w, h } = mapSize(); zoomAt(1 / 2, w / 2, h / 2); };
  $("zoom-out").onclick = () => { const { w, h } = mapSize(); zoomAt(2, w / 2, h / 2); };
  $("zoom-world").onclick = () => setExtent(state.world);
  $("callout-close").onclick = () => { $("callout").hidden = true; state.lastTap = null; };
  window.addEventListener("resize", () => state.extent && setExtent(state.extent));
}
function zoomAt(factor, px, py) {
  const [x, y] = pixelToMap(px, py), e = state.extent;
  setExtent({ xmin: x - (x - e.xmin) * factor, xmax: x + (e.xmax - x) * factor,
              ymin: y - (y - e.ymin) * factor, ymax: y + (e.ymax - y) * factor });
}

// ---- Countries (workflow 4) ----
async function loadCountries() {
  const r = await api("/api/countries");
  const sel = $("country-select");
  for (const c of r.countries) {
    const o = document.createElement("option"); o.value = c.code; o.textContent = c.name; sel.appendChild(o);
  }
  sel.onchange = () => sel.value && zoomToCountry(sel.value);
}
async function zoomToCountry(code) {
  try {
    const c = await api(`/api/country/${encodeURIComponent(code)}?${q({ sr: state.sr })}`);
    const a = c.attributes;
    setText("country-info", `${c.name} (${c.code})\n${a.CONTINENT || ""}${a.SUBREGION ? " — " + a.SUBREGION : ""}\n`
      + `population ${a.POP_EST || "?"}\nextent ${fmt(c.extent.west, 2)}…${fmt(c.extent.east, 2)}°E, ${fmt(c.extent.south, 2)}…${fmt(c.extent.north, 2)}°N`);
    const p = c.projectedExtent;
    if (p) setExtent(pad({ xmin: p.xmin, ymin: p.ymin, xmax: p.xmax, ymax: p.ymax }, 0.08));
    else setText("map-message", `${c.name} is not visible in ${state.sr}`);
  } catch (err) { setText("country-info", err.message); }
}

// ---- Vector files (graticule serve --vector-dir) ----
async function loadLayers() {
  const r = await api("/api/layers");
  setText("layer-names", r.layers.map((l) => l.name).join(", "));
  for (const l of r.layers.filter((l) => l.kind === "vector")) {
    const row = document.createElement("div");
    row.className = "row";
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = `layer-vector-${l.name}`;
    box.onchange = () => {
      state.vectorsOn = state.vectorsOn.filter((n) => n !== l.name).concat(box.checked ? [l.name] : []);
      draw();
    };
    label.append(box, ` ${l.title}`);
    const zoom = document.createElement("button");
    zoom.id = `zoom-vector-${l.name}`;
    zoom.textContent = "Zoom to";
    zoom.onclick = () => zoomToLonLat(l.lonLatExtent, box);
    row.append(label, zoom);
    $("vector-layers").append(row);
  }
}
// The features of the vector layers on at map point (x, y) of the view: WMS GetFeatureInfo
// (1.1.1: x/y order in any spatial reference), the polygon there and points and lines nearby.
async function vectorFeaturesAt(x, y) {
  const { w, h } = mapSize();
  const [px, py] = mapToPixel(x, y);
  const e = state.extent, layers = state.vectorsOn.join(",");
  try {
    const r = await api(`/wms?${q({ SERVICE: "WMS", VERSION: "1.1.1", REQUEST: "GetFeatureInfo", LAYERS: layers,
      QUERY_LAYERS: layers, STYLES: "", SRS: state.sr, BBOX: [e.xmin, e.ymin, e.xmax, e.ymax].join(","),
      WIDTH: Math.round(w), HEIGHT: Math.round(h), X: Math.floor(px), Y: Math.floor(py),
      INFO_FORMAT: "application/json", FEATURE_COUNT: 5 })}`);
    if (!r.features.length) return `${layers}: no feature here`;
    return r.features.map((f) => {
      const { layer, ...attributes } = f.properties;
      return `${layer}: ${Object.entries(attributes).map(([k, v]) => `${k} = ${v}`).join(", ")}`;
    }).join("\n");
  } catch (err) { return `${layers}: ${err.message}`; }
}

// ---- Raster (workflow 5) ----
async function zoomToLonLat(b, box) {
  const pts = await projectPoints("EPSG:4326", state.sr, lonLatGrid(b[0], b[1], b[2], b[3], 4, 4));
  const e = boundsOf(pts);
  if (!box.checked) { box.checked = true; box.dispatchEvent(new Event("change")); }
  if (e) setExtent(pad(e, 0.05));
}
async function zoomToRaster() {
  const r = await api("/api/raster/ndvi");
  await zoomToLonLat(r.lonLatExtent, $("layer-ndvi"));
}

// ---- Transformations (workflow 3) ----
async function currentLonLatArea() {
  const { w, h } = mapSize();
  const pts = [];
  for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) pts.push(pixelToMap(w * i / 4, h * j / 4));
  const ll = await projectPoints(state.sr, "EPSG:4326", pts);
  const b = boundsOf(ll);
  if (!b) return null;
  const c = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  return [c(b.xmin, -180, 180), c(b.ymin, -90, 90), c(b.xmax, -180, 180), c(b.ymax, -90, 90)].map((v) => v.toFixed(4)).join(",");
}
async function listTransformations() {
  const list = $("tf-results");
  list.innerHTML = "<li>…</li>";
  state.transformation = null;
  try {
    const area = $("tf-suitable").checked ? await currentLonLatArea() : undefined;
    const r = await api(`/api/transformations?${q({ from: $("tf-from").value.trim(), to: $("tf-to").value.trim(), area })}`);
    const d = r.dataDirectory;
    setText("tf-datadir", d ? `Data directory ${d.id}: ${d.exists ? (d.readable ? "readable" : "not readable") : "missing"}, ${d.gridFiles.length} grid file(s)`
                            : "Data directory: none configured (embedded grids only)");
    list.innerHTML = "";
    if (area) list.dataset.area = area; else delete list.dataset.area;
    if (!r.transformations.length) { list.innerHTML = "<li>no transformation needed or none found</li>"; return; }
    for (const t of r.transformations) {
      const li = document.createElement("li");
      const missing = t.missingGridFiles && t.missingGridFiles.length;
      li.className = missing ? "missing" : "usable";
      li.dataset.code = t.code;
      const input = document.createElement("input");
      input.type = "radio"; input.name = "transformation"; input.value = t.code; input.disabled = !t.usable;
      input.onchange = () => { state.transformation = t; setText("tf-project-result", `Selected: ${t.name}`); };
      li.appendChild(input);
      li.appendChild(document.createTextNode(` ${t.name} (${t.code}) ${t.accuracy != null ? "±" + t.accuracy + " m" : "accuracy unknown"}${t.isBallpark ? " ballpark" : ""}`));
      if (missing) {
        const g = document.createElement("div"); g.className = "grid";
        g.textContent = `missing grid: ${t.missingGridFiles.join(", ")}`; li.appendChild(g);
      }
      list.appendChild(li);
    }
  } catch (err) { list.innerHTML = ""; setText("tf-datadir", err.message); }
}
function useCode() {
  const code = $("tf-code").value.trim();
  if (!code) return;
  for (const r of document.querySelectorAll("#tf-results input[type=radio]")) r.checked = false;
  state.transformation = { code, name: code };
  setText("tf-project-result", `Selected: ${code}`);
}
async function projectWithSelected() {
  const from = $("tf-from").value.trim(), to = $("tf-to").value.trim();
  const x = $("tf-x").value.trim(), y = $("tf-y").value.trim();
  const transformation = state.transformation ? state.transformation.code : "default";
  try {
    const p = await api(`/api/project?${q({ from, to, x, y, transformation })}`);
    setText("tf-project-result", `${from} (${x}, ${y}) → ${to} (${fmt(p.x, 3)}, ${fmt(p.y, 3)})\nvia ${p.transformation ? p.transformation.name : "no datum change"}`);
  } catch (err) { setText("tf-project-result", err.message); }
}

// ---- Start ----
async function start() {
  installMapEvents();
  $("sr-search-button").onclick = searchSR;
  $("sr-search").addEventListener("keydown", (ev) => { if (ev.key === "Enter") searchSR(); });
  $("layer-countries").onchange = (ev) => { state.countriesOn = ev.target.checked; draw(); };
  $("layer-ndvi").onchange = (ev) => { state.rasterOn = ev.target.checked; draw(); };
  const applyFilter = () => { state.countriesFilter = $("countries-filter").value.trim(); draw(); };
  $("countries-filter-apply").onclick = applyFilter;
  $("countries-filter").addEventListener("keydown", (ev) => { if (ev.key === "Enter") applyFilter(); });
  $("zoom-raster").onclick = zoomToRaster;
  $("tf-list").onclick = listTransformations;
  $("tf-project").onclick = projectWithSelected;
  $("tf-use-code").onclick = useCode;
  // The service addresses, as this page was reached (the capabilities advertise the same host).
  setText("url-wms", `${location.origin}/wms`);
  setText("url-wmts", `${location.origin}/wmts/1.0.0/WMTSCapabilities.xml`);
  setText("url-xyz", `${location.origin}/tiles/{z}/{x}/{y}.png?layers=countries`);
  setText("url-ogcapi", `${location.origin}/ogcapi`);
  await Promise.all([loadPresets(), loadCountries(), loadLayers()]);
  await chooseSR("EPSG:4326", "WGS 84");
  document.body.dataset.ready = "true";
}
start().catch((err) => setText("map-message", `start: ${err.message}`));
