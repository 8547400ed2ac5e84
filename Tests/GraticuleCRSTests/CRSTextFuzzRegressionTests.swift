import Foundation
import GraticuleCore
@testable import GraticuleCRS
import Testing

/// Inputs that once crashed, hung or misbehaved (found by Fuzz/run.sh or by review), kept so they
/// stay fixed. Each must parse or fail with `GraticuleError`, and whatever parses must export and
/// read back without trapping.
@Suite struct CRSTextFuzzRegressionTests {
    static let cases: [(String, [UInt8])] = [
        // A PROJJSON axis direction with a non-finite meridian ("North along nan°E") once reached
        // an Int conversion in the equivalence key.
        ("nan meridian", Array(#"{"type":"GeographicCRS","name":"x","datum":{"type":"GeodeticReferenceFrame","name":"d","ellipsoid":{"name":"e","semi_major_axis":6378137,"inverse_flattening":298.3}},"coordinate_system":{"subtype":"ellipsoidal","axis":[{"name":"Lat","abbreviation":"Lat","direction":"North along nan°E","unit":"degree"},{"name":"Lon","abbreviation":"Lon","direction":"east","unit":"degree"}]}}"#.utf8)),
        // A DMS angle with hundreds of digits overflowed to infinity.
        ("huge DMS", Array(("+proj=tmerc +lon_0=" + String(repeating: "9", count: 400) + "d +ellps=GRS80").utf8)),
        // A polar stereographic origin longitude that overflows the meridian rounding.
        ("huge polar origin", Array("+proj=stere +lat_0=90 +lon_0=1e300 +k=0.994 +datum=WGS84".utf8)),
        // A wide WKT node: appends used to copy the node's values (quadratic time).
        ("wide node", Array(("GEOGCS[\"x\"," + String(repeating: "1,", count: 200_000) + "1]").utf8)),
    ]

    @Test(arguments: cases.map(\.0))
    func regression(name: String) throws {
        let bytes = try #require(Self.cases.first { $0.0 == name }).1
        let start = ContinuousClock.now
        do {
            let sr = try SpatialReference(textData: bytes)
            for format in ["wkt2", "wkt1", "esri", "projjson", "proj"] {
                if let text = try? sr.export(format) { _ = try? SpatialReference(text: text) }
            }
            _ = try sr.isEquivalent(to: sr)
        } catch {
            switch error {
            case .parse, .unsupported, .unknownCode: break
            default: Issue.record("\(name): unexpected \(error)")
            }
        }
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
