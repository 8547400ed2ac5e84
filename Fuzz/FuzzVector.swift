// libFuzzer targets for the vector readers (Fuzz/run-vector.sh TARGET): every input must give a
// value or a GraticuleError, never a crash, a hang or an unbounded allocation.
//   geojson    GeoJSONReader (FeatureCollection, Feature, geometry, RFC 8142 sequences)
//   shapefile  one Shapefile record (ShapefileReader.decode)
//   gpkgblob   a GeoPackage geometry blob (GeoPackageBinary.decode: header, envelope, WKB)
import Foundation
import GraticuleIO

#if FUZZ_GEOJSON
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? GeoJSONReader(data: Data(bytes: data, count: size), name: "fuzz").readLayer()
    return 0
}
#elseif FUZZ_SHAPEFILE
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? ShapefileReader.decode(UnsafeRawBufferPointer(start: data, count: size), sr: nil)
    return 0
}
#else
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? GeoPackageBinary.decode(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#endif
