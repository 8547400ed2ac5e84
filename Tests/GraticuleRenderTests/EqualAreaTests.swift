import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// Goode Homolosine (ESRI:54052, on the sphere R = a) and Bonne (ESRI:54024, on the WGS 84
/// ellipsoid) are equal-area: every country's area measured on the rendered geometry (clipped on
/// the sphere, cut along the lobe seams, resampled, projected) must equal its area on the sphere
/// or ellipsoid. References: `Fixtures/equal_area_110m.csv`, pyproj 3.7.2 Geod areas of the same
/// Natural Earth 1:110m shapefile (tools/oracle/render_equal_area.py).
@Suite struct EqualAreaTests {
    static func reference() throws -> [(sphere: Double, ellipsoid: Double)] {
        // Read beside this file (the target declares no resources; the canvas fixtures sit here too).
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/equal_area_110m.csv")
        var rows: [(Double, Double)] = []
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: ",")
            rows.append((Double(f[1])!, Double(f[2])!))
        }
        return rows
    }

    @Test(arguments: [("ESRI:54052", true), ("ESRI:54024", false)])
    func countryAreasArePreserved(_ crs: String, _ onSphere: Bool) throws {
        let reference = try Self.reference()
        let layer = try NaturalEarth.layer(named: "countries110")
        #expect(reference.count == layer.layer.features.count)
        let r = try RenderTestSupport.renderer(crs, width: 16384, height: 8192)
        var worst = (ratio: 0.0, name: "")
        var failures: [String] = []
        for (i, polygon) in layer.stitched.enumerated() {
            guard let polygon else { continue }
            let rings = r.projectedRings(polygon, name: "feature \(i)", precision: 0.002)
            let area = abs(RenderTestSupport.area(rings))  // map units² = m²
            let want = onSphere ? reference[i].sphere : reference[i].ellipsoid
            let error = abs(area / want - 1)
            let name = layer.layer.features[i].value("ADMIN", in: layer.layer.schema)?.stringValue ?? "feature \(i)"
            if error > worst.ratio { worst = (error, name) }
            if error > 1e-3 { failures.append("\(name): \(area) m², want \(want) (\(error * 100) %)") }
        }
        #expect(failures.isEmpty, "\(crs): \(failures.count) countries off by more than 0.1 %: \(failures.prefix(6))")
        print("\(crs): worst relative area error \(worst.ratio) (\(worst.name))")
    }
}
