import Foundation
import Testing

/// `graticule identify` and `graticule info` on rasters. Expected values: gdallocationinfo and
/// gdalinfo (GDAL 3.6.2) on the same files (see Tests/GraticuleRasterTests/Fixtures/rasters).
@Suite struct RasterCLITests {
    /// The raster fixtures of the raster test target, found from this file's location (the CLI
    /// tests run the built executable on real files).
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GraticuleRasterTests/Fixtures/rasters/\(name)").path
    }

    @Test func identifyOnePoint() throws {
        // gdallocationinfo -geoloc elev.tif 6.0 49.8 → (31P,47L) 301
        let r = try runGraticule(["identify", Self.fixture("real/elev.tif"), "6.0", "49.8"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("Location: (31P, 47L)"))
        #expect(r.out.contains("Band_0: 301"))
        #expect(r.out.contains("Pixel.Type: int16"))
    }

    @Test func identifyInAnotherCRSAsJSON() throws {
        // gdallocationinfo -valonly -l_srs EPSG:3857 elev.tif 667916 6446275 → 325
        let r = try runGraticule(["identify", Self.fixture("real/elev.tif"), "--crs", "EPSG:3857", "--json", "--", "667916", "6446275"])
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let attributes = try #require(json["attributes"] as? [String: Any])
        #expect(attributes["Band_0"] as? Int == 325)
        #expect(attributes["Pixel.Type"] as? String == "int16")
        #expect(json["nodata"] as? Bool == false)
        let extent = try #require(json["extent"] as? [String: Any])
        #expect(((extent["spatialReference"] as? [String: Any])?["wkid"] as? Int) == 3857)
        let xmin = try #require(extent["xmin"] as? Double), xmax = try #require(extent["xmax"] as? Double)
        #expect(xmin < 667916 && 667916 < xmax)
    }

    @Test func identifyFromStandardInputLikeGdallocationinfo() throws {
        // L7_ETMs.tif: gdallocationinfo -geoloc 290000 9115000 → (42P,202L) 75 61 67 52 108 92
        let input = "290000 9115000\n0 0\nnot a point\n290000,9115000\n"
        let r = try runGraticule(["identify", Self.fixture("real/L7_ETMs.tif")], stdin: input)
        #expect(r.status == 0)
        #expect(r.out.split(separator: "\n").map(String.init) ==
                ["42 202 75 61 67 52 108 92", "outside", "error", "42 202 75 61 67 52 108 92"])
        #expect(r.err.contains("line 3"))
        // nodata is flagged (elev.tif at (10, 20) holds −32768, its nodata value)
        let n = try runGraticule(["identify", Self.fixture("real/elev.tif")], stdin: "5.8291667 50.0208333\n")
        #expect(n.out.trimmingCharacters(in: .whitespacesAndNewlines) == "10 20 nodata")
    }

    /// Standard input long enough to be cut into chunks worked on by several threads and
    /// written as each is done: every output line still answers its own input line, and the
    /// messages for bad lines name the right line numbers, in order. Expected values: the
    /// gdallocationinfo fixture of srtm90_crop_cog.tif (2,048 + 300 points) repeated 12 times.
    @Test func identifyManyLinesFromStandardInputInOrder() throws {
        let table = try String(contentsOfFile: Self.fixture("identify/srtm90_crop_cog.txt"), encoding: .utf8)
        let rows = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) }
        var input = "", expected: [String] = [], badLines: [Int] = []
        for copy in 0..<12 {
            for (k, f) in rows.enumerated() {
                if (copy * rows.count + k) % 997 == 500 {
                    input += "bad \(k)\n"
                    expected.append("error")
                    badLines.append(expected.count)
                }
                input += "\(f[0]) \(f[1])\n"
                expected.append(f[2] == "-" ? "outside" : f[2...].joined(separator: " "))
            }
        }
        #expect(input.utf8.count > 8 << 16, "input must span several 64 KB chunks")
        let r = try runGraticule(["identify", Self.fixture("real/srtm90_crop_cog.tif")], stdin: input)
        #expect(r.status == 0)
        let out = r.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(out.count == expected.count)
        #expect(zip(out, expected).filter { $0 != $1 }.count == 0)
        let messageLines = r.err.split(separator: "\n").compactMap { line -> Int? in
            line.hasPrefix("line ") ? Int(line.dropFirst(5).prefix { $0 != ":" }) : nil
        }
        #expect(messageLines == badLines)
    }

    @Test func identifyTheBuiltInNDVIByName() throws {
        let r = try runGraticule(["identify", "ndvi", "--json", "--", "293890", "9115245"])
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect((json["attributes"] as? [String: Any])?["Pixel.Type"] as? String == "float32")
        #expect(json["pixel"] as? Int == 179 && json["line"] as? Int == 193)
        // NDVI of L7_ETMs.tif bands 4 and 3 at that cell (gdallocationinfo L7_ETMs.tif 179 193:
        // band 4 = 70, band 3 = 49): (70 − 49) / (70 + 49), stored as Float32
        let value = try #require((json["attributes"] as? [String: Any])?["Band_0"] as? Double)
        #expect(Float(value) == Float(21.0 / 119.0))
    }

    @Test func errorsAreClear() throws {
        let r = try runGraticule(["identify", "/nonexistent.tif", "1", "2"])
        #expect(r.status != 0 && r.err.contains("/nonexistent.tif"))
        let u = try runGraticule(["identify", Self.fixture("matrix/elev_LERC.tif"), "6.0", "49.8"])
        #expect(u.status != 0 && u.err.contains("unsupported: TIFF compression LERC"))
    }

    @Test func infoLikeGdalinfo() throws {
        let r = try runGraticule(["info", Self.fixture("real/L7_ETMs.tif")])
        #expect(r.status == 0, "\(r.err)")
        for line in ["Size is 349, 352", "ID[\"EPSG\",31985]", "Origin = (288776.250000803149305,9120760.750028736889362)",
                     "Pixel Size = (28.499999999274539,-28.499999999274539)", "COMPRESSION=DEFLATE",
                     "Upper Left  (  288776.250,  9120760.750) ( 34d54'58.20\"W,   7d56'59.36\"S)",
                     "Band 6 Block=349x3 Type=Byte, ColorInterp=Undefined", "Overviews: 175x176, 88x88, 44x44, 22x22"] {
            #expect(r.out.contains(line), "missing \(line)")
        }
        let j = try runGraticule(["info", "ndvi", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(j.out.utf8)) as? [String: Any])
        #expect(json["size"] as? [Int] == [349, 352])
        let band = try #require((json["bands"] as? [[String: Any]])?.first)
        #expect(band["type"] as? String == "Float32" && band["noDataValue"] as? String == "nan")
        #expect(band["description"] as? String == "NDVI")
    }
}
