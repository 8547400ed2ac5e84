import Foundation
import Testing

/// `graticule identify RASTER` (standard input; run without ArgumentParser, see
/// `GraticuleMain.identifyStandardInput`) against the same command parsed by ArgumentParser
/// (`identify -- RASTER`): the same output, messages and exit status.
@Suite struct IdentifyFastPathTests {
    static let input = "290000 9115000\n0 0\nnot a point\n290000,9115000\n\n1e400 2\n"

    @Test(arguments: ["real/L7_ETMs.tif", "real/elev.tif", "matrix/sparse_f32.tif", "real/no-such-file.tif", "ndvi"])
    func sameAsParsed(_ raster: String) throws {
        let path = raster == "ndvi" ? raster : RasterCLITests.fixture(raster)
        let fast = try runGraticule(["identify", path], stdin: Self.input)
        let parsed = try runGraticule(["identify", "--", path], stdin: Self.input)
        #expect(fast.status == parsed.status)
        #expect(fast.out == parsed.out)
        #expect(fast.err == parsed.err)
        // Not vacuous: a readable raster identifies the first point or says it is outside.
        if raster.hasSuffix("no-such-file.tif") {
            #expect(fast.status != 0 && fast.err.contains("no-such-file.tif"))
        } else {
            #expect(fast.status == 0 && fast.out.split(separator: "\n").count == 6, "\(fast.out)")
        }
    }
}
