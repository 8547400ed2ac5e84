import Foundation
import GraticuleCRS
import GraticuleGeometry
import Testing
@testable import GraticuleRender

/// The pixel oracle over 200 registry projected CRSs (issue 10), each map drawn over the CRS's
/// area of use (longer side 256 pixels) from the Natural Earth 1:110m countries: filled exactly
/// where PROJ's inverse of the pixel centre (to EPSG:4326, through PROJ's default datum
/// transformation) lies in a country, on at least 99.9% of the pixels no country boundary and no
/// map outline crosses. The CRSs: one per projection method of the EPSG registry, then a seeded
/// sample (`Fixtures/pixel-oracle/registry.json`, written by
/// `tools/oracle/pixel_oracle_registry.py` with pyproj 3.7.2 and shapely 2.2.0).
@Suite struct PixelOracleRegistryTests {
    struct Map: Decodable, Sendable, CustomTestStringConvertible {
        let crs: String
        let name: String
        let method: String
        let width: Int, height: Int
        let extent: [Double]
        let inside: Int, outside: Int, excluded: Int
        let rleBytes: Int
        let rleZlibBase64: String
        var testDescription: String { "\(crs) \(method)" }
    }

    struct Document: Decodable {
        let generator: String
        let versions: String
        let maps: [Map]
    }

    static let maps: [Map] = {
        let url = PixelOracleTests.directory.appendingPathComponent("registry.json")
        guard let data = try? Data(contentsOf: url), let doc = try? JSONDecoder().decode(Document.self, from: data) else { return [] }
        return doc.maps
    }()

    /// CRSs under the bar, with the reason (recorded as known issues so the test reports the number).
    static let belowBar: [String: String] = [:]

    @Test func fixtureHoldsTwoHundredMaps() {
        #expect(Self.maps.count == 200)
        #expect(Set(Self.maps.map(\.crs)).count == Self.maps.count)
    }

    @Test(arguments: maps)
    func countries110(map: Map) throws {
        if let reason = Self.belowBar[map.crs] {
            withKnownIssue("\(map.crs) \(map.name): \(reason)") { try score(map) }
        } else {
            try score(map)
        }
    }

    func score(_ m: Map) throws {
        let expected = try PixelOracleTests.mask(rleZlibBase64: m.rleZlibBase64, rleBytes: m.rleBytes, count: m.width * m.height)
        let renderer = try MapRenderer(spatialReference: SpatialReference(text: m.crs),
                                       extent: Envelope(xMin: m.extent[0], yMin: m.extent[1], xMax: m.extent[2], yMax: m.extent[3]),
                                       width: m.width, height: m.height, layers: [.countries(.low)], style: PixelOracleTests.style)
        let canvas = MapRenderer.canvas(of: try renderer.scene())
        let s = PixelOracleTests.score(canvas, expected: expected, width: m.width, height: m.height, name: "registry-\(m.crs)")
        #expect(s.counted == m.inside + m.outside)
        #expect(s.fraction >= 0.999, "\(m.crs) \(m.name) (\(m.method)): \(s)")
    }
}
