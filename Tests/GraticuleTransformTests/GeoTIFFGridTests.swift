import Foundation
import GraticuleCore
@testable import GraticuleTransform
import Testing

/// PROJ GeoTIFF grids (the PROJ-CDN profile) against PROJ's `cct` on PROJ's own test grids
/// (Fixtures/proj-grids, Fixtures/geotiff_grids.csv from tools/oracle/geotiff_grids.py): strips,
/// tiles, separate planes, Deflate with predictors 2 and 3, big-endian BigTIFF, integer samples
/// with scale and offset, float64, PixelIsPoint, degree units, positive-west longitudes and
/// nested subgrids; horizontal shifts forward and inverse, geoid/offset heights; points PROJ
/// refuses are NaN here too. Three re-encodings of PROJ's grids (LZW + floating-point predictor tiled,
/// ZSTD separate planes, PackBits) check the shared TIFF reader's other codecs on grids.
@Suite struct GeoTIFFGridTests {
    static let rows = TransformFixtures.rows("geotiff_grids")

    static func url(_ name: String) throws -> URL {
        let base = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        return try #require(Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Fixtures/proj-grids"))
    }

    @Test(arguments: Array(Set(rows.map { $0[0] })).sorted())
    func agreesWithPROJ(_ name: String) throws {
        let grid = try GridStore.read(url: try GeoTIFFGridTests.url(name), name: name)
        let h = HorizontalGridShift(grids: [grid]), v = VerticalGridShift(grids: [grid], multiplier: 1)
        for r in GeoTIFFGridTests.rows where r[0] == name {
            let lon = Double(r[2])!, lat = Double(r[3])!
            var p = [SIMD3(lon * Angle.radiansPerDegree, lat * Angle.radiansPerDegree, 0)]
            p.withUnsafeMutableBufferPointer { b in
                switch r[1] {
                case "forward": h.forward(b)
                case "inverse": h.inverse(b)
                default: v.forward(b)
                }
            }
            if r[4].isEmpty {
                #expect(p[0].x.isNaN, "\(name) \(r[1]) (\(lon), \(lat)): PROJ refuses it")
                continue
            }
            let d = TransformFixtures.metres(p[0].x * Angle.degreesPerRadian, p[0].y * Angle.degreesPerRadian,
                                             Double(r[4])!, Double(r[5])!)
            #expect(d < 1e-3, "\(name) \(r[1]) (\(lon), \(lat)): \(d) m from PROJ")
            #expect(abs(p[0].z - Double(r[6])!) < 1e-3, "\(name) \(r[1]) (\(lon), \(lat)): z \(p[0].z) vs PROJ \(r[6])")
        }
    }

    @Test func subgridsNest() throws {
        let grid = try GridStore.read(url: try GeoTIFFGridTests.url("test_hgrid_with_subgrid.tif"), name: "sub")
        // CAwest holds ALbanff, CAeast holds ONtronto.
        #expect(grid.lattices.map(\.name) == ["CAwest", "CAeast"])
        #expect(grid.lattices.map { $0.children.map(\.name) } == [["ALbanff"], ["ONtronto"]])
    }

    @Test(arguments: ["egm96_15_uncompressed_truncated.tif", "test_vgrid_single_strip_truncated.tif"])
    func truncatedFilesAreErrors(_ name: String) throws {
        let error = #expect(throws: GraticuleError.self) { try GridStore.read(url: try GeoTIFFGridTests.url(name), name: name) }
        #expect("\(error.map { "\($0)" } ?? "")".contains(name), "\(error.map { "\($0)" } ?? "")")
    }

    /// Every prefix of a real grid is refused or read, never a crash.
    @Test func everyPrefixOfAGrid() throws {
        let bytes = [UInt8](try Data(contentsOf: try GeoTIFFGridTests.url("test_hgrid_tiled.tif")))
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            _ = try? GridStore.read(MappedFile(path: "cut.tif", data: Array(bytes.prefix(cut))), name: "cut.tif", extension: "tif")
        }
    }
}
