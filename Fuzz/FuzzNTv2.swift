// libFuzzer target for Graticule's grid file readers (NTv2 `.gsb` first: the header, subgrid
// headers, the nesting by PARENT name and the node bounds). Each input is parsed as an NTv2 file
// held in memory; whatever parses is then applied, forward and inverse, at points spread over
// and around its extent, so interpolation and the subgrid search run on odd grids too. A crash,
// a hang (-timeout) or an out-of-memory (-rss_limit_mb) is a finding; thrown `GraticuleError`s
// are the expected outcome. Build and run with Fuzz/run-ntv2.sh; crashing inputs become cases
// of Tests/GraticuleTransformTests/GridReaderErrorTests.swift.
import GraticuleCore
import GraticuleTransform

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNTv2(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    guard let shift = try? HorizontalGridShift(gridData: bytes, name: "fuzz.gsb"), let e = shift.extent else { return 0 }
    var points: [SIMD3<Double>] = []
    for fx in stride(from: -0.25, through: 1.25, by: 0.25) {
        for fy in stride(from: -0.25, through: 1.25, by: 0.25) {
            let lon = e.west + (e.east - e.west) * fx, lat = e.south + (e.north - e.south) * fy
            points.append(SIMD3(lon * Angle.radiansPerDegree, lat * Angle.radiansPerDegree, 0))
        }
    }
    var copy = points
    points.withUnsafeMutableBufferPointer { shift.forward($0) }
    copy.withUnsafeMutableBufferPointer { shift.inverse($0) }
    return 0
}
