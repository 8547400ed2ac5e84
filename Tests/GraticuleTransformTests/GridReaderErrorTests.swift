import Foundation
import GraticuleCore
@testable import GraticuleTransform
import Testing

/// Corrupt and truncated grid files give an error naming the file, never a crash (the NTv2
/// fuzz target, Fuzz/FuzzNTv2.swift, keeps its crashing inputs here).
@Suite struct GridReaderErrorTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try DataFiles.locate("grids/\(name)", bundle: "Graticule_GraticuleTransform")))
    }

    static func read(_ data: [UInt8], ext: String = "gsb") throws(GraticuleError) -> GridFile {
        try GridStore.read(MappedFile(path: "test.\(ext)", data: data), name: "test.\(ext)", extension: ext)
    }

    @Test func truncatedNTv2() throws {
        let full = try GridReaderErrorTests.bytes("BETA2007.gsb")
        for cut in [0, 1, 8, 100, 176, 200, 352, 400, full.count / 2, full.count - 17] {  // (the last 16 bytes are the END record)
            let error = #expect(throws: GraticuleError.self) { try GridReaderErrorTests.read(Array(full.prefix(cut))) }
            let m = "\(error.map { "\($0)" } ?? "")"
            #expect(m.contains("test.gsb"), "\(cut): \(m)")
        }
        _ = try GridReaderErrorTests.read(full)
    }

    @Test func corruptNTv2Headers() throws {
        let full = try GridReaderErrorTests.bytes("ntf_r93.gsb")
        func patched(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
            var b = full
            b.replaceSubrange(offset..<offset + bytes.count, with: bytes)
            return b
        }
        let nan = withUnsafeBytes(of: Double.nan.bitPattern.littleEndian, Array.init)
        let huge = withUnsafeBytes(of: Int32(Int32.max).littleEndian, Array.init)
        let cases: [(String, [UInt8])] = [
            ("NUM_OREC", patched(8, [99, 0, 0, 0])),
            ("NUM_FILE", patched(40, huge)),
            ("GS_TYPE", patched(56, Array("MINUTES ".utf8))),
            ("SUB_NAME", patched(176, Array("XXXXXXXX".utf8))),
            ("S_LAT nan", patched(176 + 16 * 4 + 8, nan)),
            ("increment 0", patched(176 + 16 * 8 + 8, [UInt8](repeating: 0, count: 8))),
            ("GS_COUNT", patched(176 + 16 * 10 + 8, huge)),
            ("not NTv2", Array("hello world, this is not a grid file at all".utf8)),
        ]
        for (what, data) in cases {
            #expect(throws: GraticuleError.self, "\(what)") { try GridReaderErrorTests.read(data) }
        }
    }

    @Test func corruptGTXAndNADCON() throws {
        var gtx = [UInt8](repeating: 0, count: 40)
        #expect(throws: GraticuleError.self) { try GridReaderErrorTests.read(gtx, ext: "gtx") }
        // A 3 × 3 GTX of 1 m with a truncated body.
        func be64(_ v: Double) -> [UInt8] { withUnsafeBytes(of: v.bitPattern.bigEndian, Array.init) }
        func be32(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
        gtx = be64(40) + be64(5) + be64(1) + be64(1) + be32(3) + be32(3)
        let body = (0..<9).flatMap { _ in withUnsafeBytes(of: Float(1).bitPattern.bigEndian, Array.init) }
        let g = try GridReaderErrorTests.read(gtx + body, ext: "gtx")
        let v = VerticalGridShift(grids: [g], multiplier: 1)
        #expect(v.value(6 * Angle.radiansPerDegree, 41 * Angle.radiansPerDegree) == 1)
        #expect(v.value(9 * Angle.radiansPerDegree, 41 * Angle.radiansPerDegree) == nil)
        #expect(throws: GraticuleError.self) { try GridReaderErrorTests.read(gtx + body.prefix(20), ext: "gtx") }
        // NADCON: header only.
        let las = MappedFile(path: "x.las", data: [UInt8](repeating: 0, count: 50))
        #expect(throws: GraticuleError.self) { try NADCONReader.read(las: las, los: las, name: "x") }
    }

    /// A missing file is an error naming it.
    @Test func missingFile() throws {
        let error = #expect(throws: GraticuleError.self) {
            try GridStore.read(url: URL(fileURLWithPath: "/nonexistent/grid.gsb"), name: "grid.gsb")
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("/nonexistent/grid.gsb"))
    }
}

/// Inputs the NTv2 fuzz target (Fuzz/FuzzNTv2.swift) once crashed on, run the way the target runs
/// them: parsed, then applied over and around their extent.
@Suite struct NTv2FuzzRegressionTests {
    @Test(arguments: ["ntv2-crash-e7439f8c", "ntv2-crash-e9dece31"])
    func doesNotCrash(_ name: String) throws {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "gsb", subdirectory: "Fixtures/fuzz"))
        let bytes = [UInt8](try Data(contentsOf: url))
        guard let shift = try? HorizontalGridShift(gridData: bytes, name: "fuzz.gsb"), let e = shift.extent else { return }
        var points: [SIMD3<Double>] = []
        for fx in stride(from: -0.25, through: 1.25, by: 0.25) {
            for fy in stride(from: -0.25, through: 1.25, by: 0.25) {
                points.append(SIMD3((e.west + (e.east - e.west) * fx) * Angle.radiansPerDegree,
                                    (e.south + (e.north - e.south) * fy) * Angle.radiansPerDegree, 0))
            }
        }
        var copy = points
        points.withUnsafeMutableBufferPointer { shift.forward($0) }
        copy.withUnsafeMutableBufferPointer { shift.inverse($0) }
    }
}
