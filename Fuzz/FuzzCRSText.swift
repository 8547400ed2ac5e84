// libFuzzer target for Graticule's CRS text readers (WKT1, Esri WKT, WKT2, PROJJSON, PROJ strings).
//
// Each input is read as bytes through `SpatialReference(textData:)` (UTF-8 validation, format
// detection, the readers); whatever parses is then written in every format and read back, so the
// writers are exercised on odd definitions too. A crash, a hang (libFuzzer's -timeout) or an
// out-of-memory (-rss_limit_mb) is a finding; thrown `GraticuleError`s are the expected outcome
// for malformed input. Build and run with Fuzz/run.sh.
import GraticuleCRS

/// Opens the registry and its name index before fuzzing starts, so that their one-time
/// allocations are not charged to the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    _ = try? SpatialReference(text: #"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCRSText(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let sr = try? SpatialReference(textData: bytes) else { return 0 }
    for format in ["wkt2", "wkt1", "esri", "projjson", "proj"] {
        guard let text = try? sr.export(format) else { continue }
        _ = try? SpatialReference(text: text)
        _ = try? sr.isEquivalent(to: sr)
    }
    return 0
}
