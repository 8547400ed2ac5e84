import Foundation
import GraticuleCore
import GraticuleCRS

/// The ranked datum transformations between two spatial references as a JSON document: what
/// `graticule transformations --json` prints and what the server's `/api/transformations`
/// returns (one encoder for both).
///
/// ```json
/// {"from": "EPSG:4326", "to": "EPSG:28413", "transformations": [
///   {"rank": 1, "name": "~Pulkovo 1942 to WGS 84 (16)", "code": "~EPSG:15865", "isBallpark": false,
///    "accuracy": 5, "area": {"name": "…", "west": …, "south": …, "east": …, "north": …},
///    "usable": true, "missingGridFiles": [], "unsupported": null,
///    "steps": [{"code": "EPSG:15865", "wkid": 15865, "name": "…", "isInverse": true, "gridFiles": []}]}]}
/// ```
/// Accuracy is in metres (null when unknown); areas are degrees, west > east across the
/// antimeridian; `missingGridFiles` names the files the data directories lack.
public struct TransformationReport: Encodable, Sendable {
    /// The source and target as `AUTH:CODE` (their names when they have no identifier).
    public var from: String, to: String
    /// The ranked list, most suitable first.
    public var ranked: [RankedTransformation]

    public init(ranked: [RankedTransformation], source: SpatialReference, target: SpatialReference) {
        self.ranked = ranked
        from = source.identifier?.description ?? source.name
        to = target.identifier?.description ?? target.name
    }

    enum Keys: String, CodingKey { case from, to, transformations }
    enum ItemKeys: String, CodingKey {
        case rank, name, code, isBallpark, accuracy, area, usable, missingGridFiles, unsupported, steps
    }
    enum StepKeys: String, CodingKey { case code, wkid, name, isInverse, gridFiles }
    enum AreaKeys: String, CodingKey { case name, west, south, east, north }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        var list = c.nestedUnkeyedContainer(forKey: .transformations)
        for (i, r) in ranked.enumerated() {
            let t = r.transformation
            var item = list.nestedContainer(keyedBy: ItemKeys.self)
            try item.encode(i + 1, forKey: .rank)
            try item.encode(t.name, forKey: .name)
            try item.encode(t.code, forKey: .code)
            try item.encode(t.isBallpark, forKey: .isBallpark)
            try item.encode(r.accuracy, forKey: .accuracy)
            if let a = r.areaOfUse {
                var area = item.nestedContainer(keyedBy: AreaKeys.self, forKey: .area)
                try area.encode(a.name, forKey: .name)
                try area.encode(a.west, forKey: .west)
                try area.encode(a.south, forKey: .south)
                try area.encode(a.east, forKey: .east)
                try area.encode(a.north, forKey: .north)
            } else {
                try item.encodeNil(forKey: .area)
            }
            try item.encode(r.isUsable, forKey: .usable)
            try item.encode(r.missingGridFiles, forKey: .missingGridFiles)
            try item.encode(r.unsupportedReason, forKey: .unsupported)
            var steps = item.nestedUnkeyedContainer(forKey: .steps)
            for s in t.steps {
                var step = steps.nestedContainer(keyedBy: StepKeys.self)
                try step.encode(s.identifier.description, forKey: .code)
                try step.encode(s.wkid, forKey: .wkid)
                try step.encode(s.name, forKey: .name)
                try step.encode(s.isInverse, forKey: .isInverse)
                try step.encode(s.gridFileNames, forKey: .gridFiles)
            }
        }
    }

    /// The document as JSON text (keys in declaration order).
    public var json: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
