// libFuzzer target for CQL2 text and JSON (FUZZ_TARGET=cql2 Fuzz/run.sh): every input must parse or give a
// GraticuleError, never crash or hang; what parses is bound to a schema of its own properties
// (text, number, date and boolean fields in turn) and evaluated over features with values,
// nulls and geometries, which must not crash either (division by zero, powers, LIKE patterns,
// geometry literals against points, lines and polygons; DWITHIN and BEYOND bound to geographic
// and projected layers).
import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleIO

private let geometries: [Geometry?] = [
    nil, .point(Point(x: 1, y: 2)),
    .polyline(Polyline(paths: [[SIMD2(0, 0), SIMD2(10, 10)]])),
    .polygon(Polygon(rings: [[SIMD2(0, 0), SIMD2(5, 0), SIMD2(5, 5), SIMD2(0, 5), SIMD2(0, 0)]])),
]

private let references: [SpatialReference] = [4326, 3857].compactMap { try? SpatialReference(wkid: $0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let e = (try? CQL2Text.parse(text)) ?? (try? CQL2JSON.parse(text)) else { return 0 }
    let types: [FieldType] = [.string, .real, .date, .boolean, .integer]
    let names = e.propertyNames.filter { $0.lowercased() != "geometry" }
    let fields = names.enumerated().map { FieldDefinition(name: $1, type: types[$0 % types.count]) }
    // Without a spatial reference, then (for DWITHIN and BEYOND, which need one) geographic
    // (geodesic metres) and projected (planar metres).
    let filters = ([nil] + references).compactMap { sr in
        try? CQL2Filter(e, schema: LayerSchema(fields: fields, geometryType: .unknown, spatialReference: sr))
    }
    guard !filters.isEmpty else { return 0 }
    let samples: [[AttributeValue]] = [
        fields.map { _ in .null },
        fields.map { f in
            switch f.type {
            case .string: .string("Zürich%_")
            case .real: .real(0)
            case .integer: .integer(-3)
            case .date, .dateTime: .date(CivilDate(year: 2020, month: 2, day: 29))
            case .boolean: .boolean(true)
            }
        },
    ]
    for filter in filters {
        for g in geometries {
            for values in samples { _ = filter.matches(Feature(geometry: g, attributes: values)) }
        }
    }
    return 0
}
