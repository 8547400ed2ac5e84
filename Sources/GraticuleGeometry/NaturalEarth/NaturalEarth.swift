import Foundation
import GraticuleCore
import GraticuleCRS
import Synchronization

/// A built-in layer: the features as Natural Earth ships them (cut at ±180°, Antarctica closed
/// along −90°), their stitched forms for spherical drawing, and a spherical index. Any layer in
/// WGS 84 longitude/latitude can be prepared the same way (`init(name:layer:provenance:)`), so
/// that maps draw its polygons as the countries are drawn (clipped and paired once per spatial
/// reference and scale) and points are looked up in its index. Equal by identity.
public final class BuiltInLayer: Sendable, Hashable {
    /// The name the CLI and the server address it by (`countries110`, `countries10m`).
    public let name: String
    /// Features exactly as in the source (coordinates rounded to 10⁻⁷°), EPSG:4326 x/y = lon/lat.
    public let layer: FeatureLayer
    /// Per feature, the polygon with its antimeridian and polar cuts removed (`Stitch`), for the
    /// renderer; nil for a feature without geometry.
    public let stitched: [Polygon?]
    /// Per feature, what stitching did (which features crossed ±180°, which enclose a pole).
    public let stitchReports: [Stitch.Report]
    /// Where the data comes from, its version and licence.
    public let provenance: String
    private let indexCache = Mutex<SphericalIndex?>(nil)

    /// Prepares a layer whose coordinates are WGS 84 longitude/latitude degrees (x/y): stitches
    /// its polygons (the index is built on first use). O(vertices).
    public init(name: String, layer: FeatureLayer, provenance: String) {
        self.name = name
        self.layer = layer
        self.provenance = provenance
        var stitched: [Polygon?] = []
        var reports: [Stitch.Report] = []
        for f in layer.features {
            if case let .polygon(p)? = f.geometry {
                let (s, r) = Stitch.stitched(p)
                stitched.append(s)
                reports.append(r)
            } else {
                stitched.append(nil)
                reports.append(Stitch.Report())
            }
        }
        self.stitched = stitched
        self.stitchReports = reports
    }

    public static func == (a: BuiltInLayer, b: BuiltInLayer) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The spherical index over the features (built on first use, then shared).
    public var index: SphericalIndex {
        indexCache.withLock { cache in
            if let cache { return cache }
            let built = SphericalIndex(polygons: layer.features.map { f in
                if case let .polygon(p)? = f.geometry { return p }
                return nil
            })
            cache = built
            return built
        }
    }

    /// The feature that contains (lon, lat) on the sphere, if any.
    public func feature(containingLon lon: Double, lat: Double) -> Feature? {
        index.firstContaining(lon: lon, lat: lat).map { layer.features[$0] }
    }

    /// The feature whose `ADM0_A3` (Natural Earth's stable country key) is `code`.
    public func feature(adm0A3 code: String) -> Feature? { layer.feature(where: "ADM0_A3", equals: code) }
}

/// The Natural Earth layers shipped with Graticule (public domain, naturalearthdata.com; see NOTICE):
///
/// | name | source | features | vertices |
/// | --- | --- | --- | --- |
/// | `countries110` | Admin 0 – Countries 1:110m, v4.1.0 | 177 | 10,654 |
/// | `countries10m` | Admin 0 – Countries 1:10m (German point of view), v5.1.1 | 250 | 547,488 |
///
/// Key countries by `ADM0_A3`: `ISO_A3` is `-99` for France, Norway and others in these versions.
/// ```swift
/// let countries = try NaturalEarth.layer(named: "countries110")
/// countries.feature(containingLon: 2.35, lat: 48.85)?.value("ADMIN", in: countries.layer.schema)  // "France"
/// ```
public enum NaturalEarth {
    /// The names of the built-in layers.
    public static let layerNames = ["countries110", "countries10m"]
    static let bundle = "Graticule_GraticuleGeometry"
    private static let cache = Mutex<[String: BuiltInLayer]>([:])

    /// Loads (once per process) a built-in layer by name.
    /// - Throws: `invalidInput` for an unknown name or a missing/damaged resource file.
    public static func layer(named name: String) throws(GraticuleError) -> BuiltInLayer {
        if let hit = cache.withLock({ $0[name] }) { return hit }
        guard layerNames.contains(name) else {
            throw .invalidInput("unknown built-in layer \(name); built-in layers: \(layerNames.joined(separator: ", "))")
        }
        let url = try DataFiles.locate("\(name).grl", bundle: bundle)
        let sr = try? SpatialReference(wkid: 4326)
        let (layer, provenance) = try CompactLayer.read(url, name: name, spatialReference: sr)
        let built = BuiltInLayer(name: name, layer: layer, provenance: provenance)
        return cache.withLock { c in
            if let existing = c[name] { return existing }
            c[name] = built
            return built
        }
    }
}
