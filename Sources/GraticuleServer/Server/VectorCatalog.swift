import Foundation
import Synchronization
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleIO
import GraticuleRender
import GraticuleTransform

/// A vector file served as a map layer: its features in WGS 84 longitude/latitude, prepared for
/// maps and for finding the polygon at a point (`BuiltInLayer`: stitched polygons, a spherical
/// index), and its extent.
final class VectorFile: Sendable {
    /// The name requests use: the file name without its extension.
    let name: String
    /// The features, prepared (its `layer`: in WGS 84, x/y = longitude/latitude, degrees).
    let prepared: BuiltInLayer
    /// West, south, east, north (degrees); the whole world for a layer without geometry.
    let lonLatExtent: [Double]
    /// Its own colours (`VectorStyle`: a `NAME.style.json` beside it), nil for the map style's;
    /// with its rules' classes, each feature's values (`FeatureStyle.perFeature`).
    let style: FeatureStyle?
    /// The style's classes by attribute (`VectorStyle.Rule`), in order; empty without.
    let rules: [VectorStyle.Rule]
    /// Its labels (`VectorStyle.Label`), nil without.
    let label: VectorStyle.Label?
    /// With a label: the features that have a text for it, each with its text, its label
    /// point (longitude, latitude) and whether it is a point feature (its label goes above its
    /// dot), larger polygons first (their labels win where they meet).
    let labelPoints: [(text: String, point: SIMD2<Double>, above: Bool)]
    /// Which reading of the file this is (unique in the process): image cache keys name it, so
    /// that a map drawn from an earlier reading is never served for a later one.
    let version: Int
    private static let readings = Atomic(0)
    /// How capabilities documents and the OGC API name it.
    var title: String { "Vector file \(name) (\(layer.features.count) features)" }

    /// The features in WGS 84.
    var layer: FeatureLayer { prepared.layer }
    /// Over the polygon features, in their order (built on first use).
    var index: SphericalIndex { prepared.index }

    /// `rules` must name the layer's properties (`VectorStyle.classes` checks; a rule that does
    /// not is left out here).
    init(name: String, layer: FeatureLayer, source: String, style: FeatureStyle? = nil, rules: [VectorStyle.Rule] = [],
         label: VectorStyle.Label? = nil) {
        self.name = name
        self.rules = rules
        self.label = label
        var points: [(text: String, point: SIMD2<Double>, above: Bool, size: Double)] = []
        if let label, let k = layer.schema.index(ofField: label.field) {
            for f in layer.features {
                guard k < f.attributes.count, !f.attributes[k].isNull, let g = f.geometry else { continue }
                let text = f.attributes[k].description
                guard !text.isEmpty else { continue }
                let p = GeometryEngine.labelPoint(for: g)
                guard !p.isEmpty else { continue }
                points.append((text, p.xy, g.type == .point || g.type == .multipoint, g.type == .polygon ? GeometryEngine.area(of: g) : 0))
            }
        }
        labelPoints = points.enumerated().sorted { a, b in a.element.size != b.element.size ? a.element.size > b.element.size : a.offset < b.offset }
            .map { ($0.element.text, $0.element.point, $0.element.above) }
        var style = style
        if let classes = (try? VectorStyle.classes(rules, layer)) ?? nil {
            style = style ?? FeatureStyle(.standard)
            style?.perFeature = classes
        }
        self.style = style
        version = Self.readings.add(1, ordering: .relaxed).newValue
        prepared = BuiltInLayer(name: name, layer: layer, provenance: source)
        let e = layer.extent
        lonLatExtent = e.isEmpty ? [-180, -90, 180, 90]
            : [max(e.xMin, -180), max(e.yMin, -90), min(e.xMax, 180), min(e.yMax, 90)]
    }
}

/// The vector files a server offers as map layers (WMS, WMTS, tiles, `/api/map`): the files
/// directly inside the configured vector directories whose extension names a format Graticule
/// reads (`.geojson`, `.json`, `.geojsonl`, `.shp`, `.gpkg` (its first table), `.csv`),
/// addressed by file name without extension. A request names a layer only by one of these names,
/// so no request reaches any other file.
///
/// Every file is read when the server starts and projected to WGS 84 longitude/latitude with the
/// default transformation (the server's default data directory's grids): maps draw from memory,
/// and a file that cannot be read is left out with a warning on standard error instead of failing
/// requests. A name that a built-in layer or a raster already has is left out the same way.
/// A file's `NAME.style.json` beside it gives its colours (`VectorStyle`); one that cannot be
/// read leaves the file in the map style's colours, with a warning.
///
/// The directories are looked at again when a request asks for the files and `refreshInterval`
/// has passed since the last look: a file added, changed (its size or modification time, or its
/// style's) or removed is read, re-read or dropped, without a restart, and `onChange` runs (the
/// server empties its image and capabilities caches). A file that changed but cannot be read
/// keeps its last good version (a file being written is not served half-read).
final class VectorCatalog: Sendable {
    /// What one look at the directories found: the layers, and what each was read from.
    private struct Snapshot {
        var files: [String: VectorFile] = [:]
        /// Per layer name: the file's and its style's size and modification time when read.
        var stamps: [String: [FileStamp]] = [:]
        var lastLook = ContinuousClock.now
    }

    private struct FileStamp: Equatable {
        var size: UInt64
        var modified: Date
    }

    private let directories: [URL]
    private let taken: Set<String>
    private let catalog: TransformationCatalog
    private let onChange: @Sendable () -> Void
    private let state = Mutex(Snapshot())
    /// Whether a look is under way (one at a time; other requests use the last snapshot).
    private let looking = Atomic(false)
    let refreshInterval: Duration

    init(directories: [URL], taken: Set<String>, catalog: TransformationCatalog, refreshInterval: Duration = .seconds(2),
         onChange: @escaping @Sendable () -> Void = {}) {
        self.directories = directories
        self.taken = taken
        self.catalog = catalog
        self.onChange = onChange
        self.refreshInterval = refreshInterval
        var first = Snapshot()
        let warnings = Self.look(directories: directories, taken: taken, catalog: catalog, into: &first, atStart: true)
        state.withLock { $0 = first }
        Self.report(warnings)
    }

    /// The layers by name, after looking at the directories again if `refreshInterval` has passed.
    var files: [String: VectorFile] {
        refreshIfDue()
        return state.withLock { $0.files }
    }

    /// The layers in name order (one snapshot).
    var sorted: [VectorFile] { files.values.sorted { $0.name < $1.name } }

    var names: [String] { files.keys.sorted() }

    /// Looks at the directories again now (tests; `files` does it when due).
    func refresh() {
        guard looking.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return }
        defer { looking.store(false, ordering: .releasing) }
        var next = state.withLock { $0 }
        let before = next.stamps
        let warnings = Self.look(directories: directories, taken: taken, catalog: catalog, into: &next, atStart: false)
        next.lastLook = .now
        state.withLock { $0 = next }
        Self.report(warnings)
        if next.stamps != before { onChange() }
    }

    private func refreshIfDue() {
        let due = state.withLock { ContinuousClock.now - $0.lastLook >= refreshInterval }
        if due && !directories.isEmpty { refresh() }
    }

    private static func report(_ warnings: [String]) {
        for w in warnings { FileHandle.standardError.write(Data("graticule serve: \(w)\n".utf8)) }
    }

    private static func stamp(_ path: String) -> FileStamp? {
        guard let a = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return FileStamp(size: (a[.size] as? NSNumber)?.uint64Value ?? 0, modified: a[.modificationDate] as? Date ?? .distantPast)
    }

    /// Reads what is new or changed into `snapshot` and drops what is gone; the warnings to print
    /// (at start every problem; later only those of files that changed).
    private static func look(directories: [URL], taken: Set<String>, catalog: TransformationCatalog,
                             into snapshot: inout Snapshot, atStart: Bool) -> [String] {
        var warnings: [String] = []
        var seen: Set<String> = []
        for dir in directories {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            if entries.isEmpty && atStart { warnings.append("vector directory \(dir.path): no files") }
            for e in entries.sorted() {
                // A shapefile's .dbf names the same format as its .shp: the .shp is the layer.
                guard let format = VectorFormat.of(e), format != .builtIn, !e.lowercased().hasSuffix(".dbf"),
                      !VectorStyle.isSidecar(e) else { continue }
                let name = (e as NSString).deletingPathExtension
                guard RasterCatalog.isValidName(name) else {
                    if atStart { warnings.append("vector file \(e): left out (a layer name is letters, digits, _, - and . only)") }
                    continue
                }
                guard !taken.contains(name), !seen.contains(name) else {
                    if atStart { warnings.append("vector file \(e): left out (the name \(name) is already a layer)") }
                    continue
                }
                seen.insert(name)
                let path = dir.appendingPathComponent(e).path
                let sidecar = dir.appendingPathComponent(VectorStyle.sidecarName(of: name)).path
                // A Shapefile's attributes and geometry may change without its .shp.
                let parts = [path, sidecar] + (format == .shapefile ? [String(path.dropLast(4)) + ".dbf"] : [])
                let stamps = parts.map { stamp($0) ?? FileStamp(size: 0, modified: .distantPast) }
                if snapshot.stamps[name] == stamps { continue }
                do {
                    let layer = try GeometryEngine.geographic(try VectorDataset.read(path), catalog: catalog).layer
                    var sidecarStyle: VectorStyle.Sidecar?
                    if let data = FileManager.default.contents(atPath: sidecar) {
                        do throws(GraticuleError) {
                            let parsed = try VectorStyle.parse(data)
                            _ = try VectorStyle.classes(parsed.rules, layer)  // the rules' properties are the file's
                            if let label = parsed.label, layer.schema.index(ofField: label.field) == nil {
                                throw .invalidInput("label: no property \"\(label.field)\"; properties: "
                                                    + layer.schema.fields.map(\.name).joined(separator: ", "))
                            }
                            sidecarStyle = parsed
                        } catch {
                            warnings.append("style \(sidecar): not used (\(error.description)); \(name) drawn in the map style's colours")
                        }
                    }
                    let known = snapshot.files[name] != nil
                    snapshot.files[name] = VectorFile(name: name, layer: layer, source: path, style: sidecarStyle?.style,
                                                      rules: sidecarStyle?.rules ?? [], label: sidecarStyle?.label)
                    if !atStart { warnings.append("vector file \(path): \(known ? "read again" : "added")") }
                } catch {
                    warnings.append("vector file \(path): left out: \(error.description)"
                                    + (snapshot.files[name] != nil ? " (its last good version is served)" : ""))
                }
                snapshot.stamps[name] = stamps
            }
        }
        for gone in Set(snapshot.stamps.keys).subtracting(seen) {
            snapshot.stamps[gone] = nil
            if snapshot.files.removeValue(forKey: gone) != nil { warnings.append("vector file \(gone): removed") }
        }
        return warnings
    }
}
