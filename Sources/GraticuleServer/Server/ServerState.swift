import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleRender
import GraticuleTransform
import Synchronization

/// What every request shares: the registry, one transformation catalog per data directory the
/// server may use, and caches of built transformers. Thread-safe.
final class ServerState: Sendable {
    let configuration: ServerConfiguration
    let registry: Registry
    /// The catalog with the embedded grids only (`dataDir=none`).
    let embeddedCatalog: TransformationCatalog
    /// One catalog per configured data directory, in configuration order, with the identifier
    /// requests and responses name it by (`dataDir=`): its directory name, made unique with
    /// `-2`, `-3`, … Responses never show the directory's path.
    let directoryCatalogs: [(id: String, directory: URL, catalog: TransformationCatalog)]
    private let transformers = BoundedCache<TransformerKey, Transformer>(capacity: 512)
    /// Spatial references by request text (short texts only: codes and names), so repeated
    /// requests (WMS, tiles) do not query the registry again.
    private let spatialReferences = BoundedCache<String, SpatialReference>(capacity: 1024)
    /// The rasters served (built-in and the configured raster directories).
    let rasters: RasterCatalog
    /// The vector files served (the configured vector directories).
    let vectors: VectorCatalog
    /// Capabilities documents per version and base URL.
    let capabilities = BoundedCache<GraticuleServer.CapabilitiesKey, [UInt8]>(capacity: 64)
    /// Rendered map PNGs by request (`ServerConfiguration.cachesImages`), bounded by
    /// `Limits.imageCacheBytes`: WMS clients and tiled viewers ask for the same images again.
    let images: BoundedCache<MapRequest.Key, [UInt8]>
    /// Layers as `CQL_FILTER` leaves them, by the layer's reading and the filter
    /// (`filteringLayers`): the features kept, prepared once for every map of them. Bounded by
    /// their vertices too (4 million, about seven whole 1:10m countries layers), so that many
    /// filters keeping most of a large layer cannot hold many copies of it.
    let filteredLayers = BoundedCache<String, VectorFile>(capacity: 64, maxCost: 4_000_000)
    /// Labels placed over a tile matrix's whole level (`GraticuleServer.drawLabels`), at most
    /// a million labels in all.
    let tileLabels = BoundedCache<TileLabelsKey, [PlacedLabel]>(capacity: 256, maxCost: 1_000_000)
    /// Attribute text of built-in features by "layer#index", for GetFeatureInfo.
    let featureAttributes = BoundedCache<String, [(String, String)]>(capacity: 4096)
    /// The registry CRSs advertised in WMS capabilities, listed once.
    let advertisedCRSs = Mutex<[String]?>(nil)

    init(configuration: ServerConfiguration) throws(GraticuleError) {
        self.configuration = configuration
        registry = try Registry.shared
        embeddedCatalog = TransformationCatalog(registry: registry, grids: GridStore())
        var catalogs: [(String, URL, TransformationCatalog)] = []
        for dir in configuration.dataDirectories {
            let grids = GridStore()
            try grids.setDataDirectories([dir])
            let url = dir.standardizedFileURL
            let name = url.lastPathComponent.isEmpty || url.lastPathComponent == "/" ? "data" : url.lastPathComponent
            var id = name, n = 1
            while catalogs.contains(where: { $0.0 == id }) || id.lowercased() == "none" { n += 1; id = "\(name)-\(n)" }
            catalogs.append((id, url, TransformationCatalog(registry: registry, grids: grids)))
        }
        directoryCatalogs = catalogs
        rasters = RasterCatalog(directories: configuration.rasterDirectories)
        let images = BoundedCache<MapRequest.Key, [UInt8]>(capacity: 4096,
                                                          maxCost: configuration.cachesImages ? configuration.limits.imageCacheBytes : 0)
        self.images = images
        // A vector file read again, added or removed: maps and capabilities drawn before are stale.
        vectors = VectorCatalog(directories: configuration.vectorDirectories,
                                taken: Set(GraticuleServer.countriesLayers.flatMap { [$0.0, $0.1] } + rasters.names),
                                catalog: catalogs.first?.2 ?? embeddedCatalog) { [capabilities] in
            images.removeAll()
            capabilities.removeAll()
        }
    }

    /// The data directory a request uses (its identifier, nil for none, and its catalog):
    /// `dataDir` absent → the first configured one (or none); `none` → embedded grids only;
    /// otherwise one of the configured directories, by identifier (or by the path it was
    /// configured with). A refusal names neither the configured directories nor their paths.
    func dataDirectory(_ query: Query) throws(APIError) -> (id: String?, catalog: TransformationCatalog) {
        guard let raw = query["dataDir"], !raw.isEmpty else {
            if let first = directoryCatalogs.first { return (first.id, first.catalog) }
            return (nil, embeddedCatalog)
        }
        if raw.lowercased() == "none" { return (nil, embeddedCatalog) }
        if let hit = directoryCatalogs.first(where: { $0.id == raw }) { return (hit.id, hit.catalog) }
        if raw.hasPrefix("/") {
            let wanted = URL(fileURLWithPath: raw).standardizedFileURL.path
            if let hit = directoryCatalogs.first(where: { $0.directory.path == wanted }) { return (hit.id, hit.catalog) }
        }
        throw APIError(.forbidden, "dataDir=\(APIError.quoted(raw)): not a data directory of this server "
                       + "(GET /api/data-directories lists their identifiers; none for the embedded grids only)")
    }

    /// A spatial reference from request text: `EPSG:n`, `ESRI:n`, a bare WKID, `CRS:84`, a URN,
    /// WKT, PROJJSON or a PROJ string.
    func spatialReference(_ text: String, parameter: String) throws(APIError) -> SpatialReference {
        if text.utf8.count <= 256, let hit = spatialReferences.value(for: text) { return hit }
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !t.isEmpty else { throw APIError.missing(parameter, "a spatial reference: EPSG:n, ESRI:n, a WKID, WKT or PROJ string") }
        guard t.utf8.count <= 64 << 10 else {
            throw APIError.badParameter(parameter, t, "spatial reference text longer than 65,536 bytes")
        }
        let cacheable = t.utf8.count <= 256
        if cacheable, let hit = spatialReferences.value(for: t) { return hit }
        let sr = try resolveSpatialReference(t, parameter: parameter)
        if cacheable { spatialReferences.insert(sr, for: t) }
        if text != t, text.utf8.count <= 256 { spatialReferences.insert(sr, for: text) }
        return sr
    }

    private func resolveSpatialReference(_ t: String, parameter: String) throws(APIError) -> SpatialReference {
        if t.uppercased() == "CRS:84" || t.uppercased() == "OGC:CRS84" {
            do { return try SpatialReference(authority: "OGC", code: "CRS84", registry: registry) } catch {
                throw APIError.engine(error, parameter: parameter)
            }
        }
        do { return try SpatialReference(text: t, registry: registry) } catch {
            throw APIError.engine(error, parameter: parameter)
        }
    }

    /// A transformer, built once per (source, target, transformation, data directory) and kept.
    func transformer(from source: SpatialReference, to target: SpatialReference, transformation: String?,
                     catalog: TransformationCatalog) throws(APIError) -> Transformer {
        let choiceText = transformation.map { $0.trimmingCharacters(in: .whitespaces) } ?? "default"
        let key = TransformerKey(source: source, target: target, choice: choiceText.lowercased(),
                                 catalog: ObjectIdentifier(catalog))
        if let hit = transformers.value(for: key) { return hit }
        let choice: Transformer.Choice
        switch choiceText.lowercased() {
        case "", "default": choice = .default
        case "none": choice = .none
        default:
            // Steps are joined by "+", which a query string turns into a space when not escaped.
            let steps = choiceText.split(whereSeparator: \.isWhitespace).joined(separator: "+")
            do { choice = .transformation(try catalog.transformation(parsing: steps)) } catch {
                throw APIError.engine(error, parameter: "transformation")
            }
        }
        let built: Transformer
        do {
            built = try Transformer(from: source, to: target, transformation: choice, catalog: catalog)
        } catch {
            throw APIError.engine(error, parameter: choice == .default || choice == .none ? nil : "transformation")
        }
        transformers.insert(built, for: key)
        return built
    }

    struct TransformerKey: Hashable, Sendable {
        var source: SpatialReference
        var target: SpatialReference
        var choice: String
        var catalog: ObjectIdentifier
    }
}
