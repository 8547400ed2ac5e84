import Foundation
import GraticuleCore
import GraticuleCRS

/// One operation of a built pipeline and the direction it runs in.
public struct PipelineStep: Sendable {
    public let operation: any DatumOperation
    public let isInverse: Bool
    /// The registry name of the transformation it comes from (for messages).
    public let name: String

    @inline(__always)
    func apply(_ p: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        if isInverse { operation.inverse(p) } else { operation.forward(p) }
    }
}

/// Turns registry operation records into datum operations (the maths), opening grid files
/// through a `GridStore`.
struct OperationBuilder {
    let catalog: TransformationCatalog
    let grids: GridStore
    let coordinateEpoch: Double?

    /// Seconds in the EPSG year (unit EPSG:1029), to turn rates per second back into rates per year.
    static let secondsPerYear = 31_556_925.445

    /// The operations of a record, in the record's forward direction.
    func operations(_ r: OperationRecord, depth: Int = 0) throws(GraticuleError) -> [PipelineStep] {
        switch r.kind {
        case .concatenated:
            guard depth < 4 else { throw .unsupported("\(r.identifier) nests concatenated operations too deeply") }
            var out: [PipelineStep] = []
            for s in r.steps {
                guard let step = catalog.record(s.operation) else {
                    // Conversions inside concatenations (height/depth reversal, vertical unit
                    // changes, map projections) are not transformations Graticule chains.
                    throw .unsupported("step \(s.operation) of \(r.identifier) \(r.name) is a conversion "
                                       + "Graticule does not chain")
                }
                let ops = try operations(step, depth: depth + 1)
                out += s.isReversed ? ops.reversed().map {
                    PipelineStep(operation: $0.operation, isInverse: !$0.isInverse, name: $0.name)
                } : ops
            }
            return out
        case .helmert:
            return [PipelineStep(operation: try helmert(r), isInverse: false, name: r.name)]
        case .other:
            if r.methodCode == 9601 { return try longitudeRotation(r) }
            return [PipelineStep(operation: try other(r), isInverse: false, name: r.name)]
        case .grid:
            return [try grid(r)]
        }
    }

    func ellipsoids(_ r: OperationRecord) throws(GraticuleError) -> (Ellipsoid, Ellipsoid) {
        let s = try catalog.crsInfo(r.source), t = try catalog.crsInfo(r.target)
        guard let es = s.ellipsoid, let et = t.ellipsoid else {
            throw .unsupported("\(r.identifier) \(r.name): source or target is not a geodetic CRS")
        }
        return (es, et)
    }

    func helmert(_ r: OperationRecord) throws(GraticuleError) -> any DatumOperation {
        let (es, et) = try ellipsoids(r)
        let name = r.methodName.lowercased()
        func v(_ code: Int) -> Double { r.siValue(code: code) ?? 0 }
        func rate(_ code: Int) -> Double {
            guard let p = r.parameter(code: code), let value = p.value else { return 0 }
            guard let unit = p.unit else { return value }
            return value * unit.factor * OperationBuilder.secondsPerYear
        }
        let t = SIMD3(v(8605), v(8606), v(8607))
        if name.contains("molodensky") && !name.contains("badekas") {
            return MolodenskyTransformation(translation: t, source: es, target: et, abridged: name.contains("abridged"))
        }
        let convention: HelmertTransformation.Convention =
            name.contains("coordinate frame") || name.contains("(cf ") ? .coordinateFrame : .positionVector
        let epoch = r.parameter(code: 1047)?.value
        return HelmertTransformation(
            translation: t, rotation: SIMD3(v(8608), v(8609), v(8610)), scaleDifference: v(8611),
            translationRate: SIMD3(rate(1040), rate(1041), rate(1042)),
            rotationRate: SIMD3(rate(1043), rate(1044), rate(1045)), scaleDifferenceRate: rate(1046),
            referenceEpoch: epoch, pivot: SIMD3(v(8667), v(8668), v(8669)), convention: convention,
            source: es, target: et, coordinateEpoch: epoch == nil ? nil : coordinateEpoch)
    }

    /// A longitude rotation (EPSG method 9601) on Greenwich-based longitudes, as the pipeline's
    /// steps take them: the rotation less the change of prime meridian, which the pipeline's ends
    /// already apply. Nothing for a pure change of prime meridian (NTF (Paris) → NTF, the first
    /// step of "NTF (Paris) to WGS 84 (1)": applying it as well rotated twice, 171 km off in NTF
    /// (Paris) / Lambert zone II); the remaining 10.405″ for Tokyo 1892 → Tokyo (both Greenwich).
    func longitudeRotation(_ r: OperationRecord) throws(GraticuleError) -> [PipelineStep] {
        let s = try catalog.crsInfo(r.source), t = try catalog.crsInfo(r.target)
        let residual = (r.siValue(code: 8602) ?? 0) - (s.primeMeridian - t.primeMeridian)
        guard abs(residual) > 1e-15 else { return [] }
        return [PipelineStep(operation: GeographicOffsets(longitude: residual, latitude: 0, height: 0), isInverse: false,
                             name: r.name)]
    }

    func other(_ r: OperationRecord) throws(GraticuleError) -> any DatumOperation {
        switch r.methodCode {
        case 9619, 9660, 9618, 9601:
            // Geographic2D/3D offsets, Geographic2D with Height Offsets, Longitude rotation.
            return GeographicOffsets(longitude: r.siValue(code: 8602) ?? 0, latitude: r.siValue(code: 8601) ?? 0,
                                     height: r.siValue(code: 8603) ?? r.siValue(code: 8604) ?? 0)
        case 9616:
            return GeographicOffsets(height: r.siValue(code: 8603) ?? 0)
        default:
            throw .unsupported("\(r.identifier) \(r.name): method \(r.methodName) is not implemented")
        }
    }

    /// How Graticule applies a grid operation.
    enum GridKind {
        case horizontal
        /// Vertical: heights change by `multiplier` × the grid value.
        case vertical(multiplier: Double)
    }

    /// The kind of a grid operation, nil for grid methods Graticule does not implement
    /// (deformation models, velocity grids, geocentric translation grids, TIN shifts).
    static func gridKind(_ r: OperationRecord, alternative: GridAlternative?) -> GridKind? {
        switch r.methodCode {
        case 9615, 9613, 9614: return .horizontal
        default: break
        }
        let m = r.methodName.lowercased()
        if let alt = alternative {
            switch alt.projMethod {
            case "hgridshift": return .horizontal
            case "geoid_like": return .vertical(multiplier: m.contains("depth") ? 1 : -1)
            case "vgridshift": return .vertical(multiplier: 1)
            default: return nil
            }
        }
        if m.contains("gravityrelatedheight") || m.contains("to depth") {
            return .vertical(multiplier: m.contains("depth") ? 1 : -1)
        }
        if m.hasPrefix("vertical offset by grid interpolation") { return .vertical(multiplier: 1) }
        return nil
    }

    func grid(_ r: OperationRecord) throws(GraticuleError) -> PipelineStep {
        let files = r.gridNames
        guard !files.isEmpty else { throw .invalidInput("\(r.identifier) \(r.name) names no grid file") }
        let alternative = catalog.gridAlternative(files[0])
        guard let kind = OperationBuilder.gridKind(r, alternative: alternative) else {
            throw .unsupported("\(r.identifier) \(r.name): grid method \(r.methodName) is not implemented")
        }
        let inverse = alternative?.isInverse ?? false
        switch kind {
        case .horizontal:
            // NADCON names two files (.las, .los): the reader opens the pair from either name.
            let grid = try grids.open(files[0])
            return PipelineStep(operation: HorizontalGridShift(grids: [grid]), isInverse: inverse, name: r.name)
        case let .vertical(multiplier):
            var list: [GridFile] = []
            for f in files { list.append(try grids.open(f)) }
            return PipelineStep(operation: VerticalGridShift(grids: list, multiplier: multiplier), isInverse: inverse,
                                name: r.name)
        }
    }
}
