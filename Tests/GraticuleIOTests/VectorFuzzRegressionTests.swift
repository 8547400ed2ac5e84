import Foundation
import Testing
@testable import GraticuleIO
import GraticuleCore
import GraticuleGeometry

/// Inputs the vector fuzz targets (Fuzz/run-vector.sh) once crashed on; each must now give a value
/// or a GraticuleError.
@Suite struct VectorFuzzRegressionTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            out.append(UInt8(hex[i ..< j], radix: 16)!)
            i = j
        }
        return out
    }

    /// A polyline record with points but no part (the one-buffer invariant trapped): an error.
    @Test func shapefilePointsInNoPart() throws {
        let input = Self.bytes("030000000000000000000000000000000000000000000000000000000000000000000000000000000500000000000000008066c036936fb6b94932c000000000008066402ec5218a580530c00300000016000000000000000800000011000000000000000080664072d6329b2f000000000000001130c00000000000806640aae943ac228e30c0dc06830ea76b6640000000000000000000000000000000001bd82ac1e2a031c082c5e1cd00718a25cd30c06677b1af335766408d99c529150330c099e0404d19536640093d9b559fa330c0ebd1846c30c0000000000080664072d6329b2f1130c07b6b60a3044466409ab1683a3b8131c024b9fc87f44b66409e4343ff045731c01b12f758fa5666401bd82ac1e201000016a031c082c5e1ccaf516640ca1af5108d2632c033c9c859d83d664036936fb6b94932c06e179aeb342c6640271422e0102a32c0a9c1340c1f296640e10b93a982b931c0c3bb5cc4773566408c321b64926131c07b6b60ab044466409ab1683a3b8131c0f073dae0627966c02ec5218a580530c0653d0a175b7d66c06a4c0ddc748030c000000000008066c0aae943ac228e30c00000000000ff66c072d6329b2fccaf516640ca8066c0aae943ac228e30c000000000008066c072d6329b2f1130c0f073dae06279")
        let error = #expect(throws: GraticuleError.self) {
            _ = try input.withUnsafeBytes { try ShapefileReader.decode($0, sr: nil) }
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("no part"))
    }

    /// A GeoPackage blob whose point has a NaN z (the envelope's z range trapped): decoded or refused, never a trap.
    @Test func geoPackagePointWithNaNZ() throws {
        let input = Self.bytes("47500003e61000000000000000040000000000000000909090909090909090909090f03f00feffff00f000000100000000ffffff0000000004004750ffffffffffffffffffffffffffffffffffffffffffffffffffff0003e600000000000000f03f00feffff00f0f6fffeff000000ffff1000000000ffffffc647502400000000")
        do {
            let g = try input.withUnsafeBytes { try GeoPackageBinary.decode($0) }
            _ = g?.extent
        } catch {
            #expect(!"\(error)".isEmpty)
        }
        // The invariant itself: a point with a NaN z has an extent without a z range.
        #expect(Geometry.point(Point(x: 1, y: 2, z: .nan)).extent.zRange == nil)
    }
}
