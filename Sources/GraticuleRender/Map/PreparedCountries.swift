import Foundation
import GraticuleCore
import GraticuleGeometry
import GraticuleProjection
import Synchronization

/// The countries of a built-in layer clipped on the sphere to one projection's region, at one
/// simplification tolerance: what does not depend on the view's extent, so repeated maps in one
/// spatial reference (tiles, zooms) only project. Cached per (region, prime meridian, layer,
/// tolerance, datum transformation) for the process (a few dozen entries at most).
final class PreparedCountries: Sendable {
    /// Per feature, the clipped rings (frame radians, inside on the left).
    let rings: [[SpherePath]]
    let warnings: [String]
    let layer: BuiltInLayer
    /// Per feature, its `ADM0_A3` code and its `ADMIN` name (read once, not per map).
    let codes: [String?], names: [String?]
    /// Per feature, what warnings call it: its name, else "{layer} feature {i}".
    let labels: [String]
    /// Per feature, the drawing values of its own properties (`SimpleStyle.perFeature`); nil
    /// when the layer has no such field (the countries).
    let simpleStyles: [SimpleStyle]?

    private init(layer: BuiltInLayer, clipper: RegionClipper, primeMeridianDegrees: Double, tolerance: Double,
                 datumShift: DatumShift?) {
        let schema = layer.layer.schema
        codes = layer.layer.features.map { $0.value("ADM0_A3", in: schema)?.stringValue }
        names = layer.layer.features.map { $0.value("ADMIN", in: schema)?.stringValue }
        labels = names.enumerated().map { i, name in name ?? "\(layer.name) feature \(i)" }
        var input = SphereInput(primeMeridianDegrees: primeMeridianDegrees, tolerance: tolerance)
        let polygons = layer.stitched.map { polygon in polygon.map { datumShift?.apply($0) ?? $0 } }
        // Neighbours keep the same vertices along their common border (`SharedBorders`).
        input.learnCells(polygons.compactMap { $0 })
        var rings: [[SpherePath]] = []
        rings.reserveCapacity(polygons.count)
        for (i, polygon) in polygons.enumerated() {
            guard let polygon else {
                rings.append([])
                continue
            }
            rings.append(clipper.clip(polygon, input: &input, name: labels[i]))
        }
        self.rings = rings
        var warnings = input.warnings
        simpleStyles = SimpleStyle.perFeature(layer.layer, warnings: &warnings)
        self.warnings = warnings
        self.layer = layer
    }

    struct Key: Hashable {
        let region: ClipRegion
        let primeMeridian: Double
        /// The layer, by identity (the entry holds it, so no other layer takes its address).
        let layer: ObjectIdentifier
        let tolerance: Double
        let capStep: Double
        /// The datum transformation's codes ("" for none).
        let datum: String
    }

    private static let cache = Mutex<[Key: PreparedCountries]>([:])
    static let cacheLimit = 48

    static func get(layer: BuiltInLayer, region: ClipRegion, clipper: @autoclosure () -> RegionClipper,
                    primeMeridianDegrees: Double, tolerance: Double, capStep: Double,
                    datumShift: DatumShift?) -> PreparedCountries {
        let key = Key(region: region, primeMeridian: primeMeridianDegrees, layer: ObjectIdentifier(layer), tolerance: tolerance,
                      capStep: capStep, datum: datumShift?.code ?? "")
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let built = PreparedCountries(layer: layer, clipper: clipper(), primeMeridianDegrees: primeMeridianDegrees,
                                      tolerance: tolerance, datumShift: datumShift)
        return cache.withLock { c in
            if let existing = c[key] { return existing }
            if c.count >= cacheLimit { c.removeAll() }
            c[key] = built
            return built
        }
    }

    static func clear() { cache.withLock { $0.removeAll() } }
}
