// swift-tools-version: 6.1
// Graticule: a pure-Swift geospatial engine. One target per layer; a target imports only
// targets below it (see docs/architecture.md).
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Graticule",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Graticule", targets: ["Graticule"]),
        .executable(name: "graticule", targets: ["graticule"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only GraticuleServer and the CLI use Hummingbird; no traits keeps its build small.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        // MARK: Engine layers, bottom-up
        .target(name: "GraticuleCore", swiftSettings: swift6),
        .target(
            name: "GraticuleCRS",
            dependencies: ["GraticuleCore", .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.copy("Resources/registry.sqlite")],
            swiftSettings: swift6),
        // Geometry sits above the CRS layer: every geometry carries its SpatialReference.
        .target(
            name: "GraticuleGeometry", dependencies: ["GraticuleCore", "GraticuleCRS"],
            resources: [.copy("Resources/countries110.grl"), .copy("Resources/countries10m.grl")],
            swiftSettings: swift6),
        .target(name: "GraticuleProjection", dependencies: ["GraticuleCore"], swiftSettings: swift6),
        // zlib (system library): Deflate for TIFF, deflate and CRC-32 for PNG.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The one TIFF/GeoTIFF reader (container, codecs, GeoKeys): below both the transformation
        // layer (PROJ GeoTIFF grids) and the file formats (rasters), which must not import each other.
        .target(name: "GraticuleTIFF", dependencies: ["GraticuleCore", "GraticuleCRS"], swiftSettings: swift6),
        .target(
            name: "GraticuleTransform",
            dependencies: ["GraticuleCore", "GraticuleGeometry", "GraticuleCRS", "GraticuleProjection", "GraticuleTIFF"],
            resources: [.copy("Resources/grids")],
            swiftSettings: swift6),
        .target(name: "GraticuleIO", dependencies: ["GraticuleCore", "GraticuleGeometry", "GraticuleCRS", "GraticuleTIFF", "CZlib",
                                                   .product(name: "GRDB", package: "GRDB.swift")],
                swiftSettings: swift6),
        .target(
            name: "GraticuleRaster", dependencies: ["GraticuleTIFF", "GraticuleIO", "GraticuleTransform"],
            resources: [.copy("Resources/ndvi.tif")], swiftSettings: swift6),
        .target(name: "GraticuleRender", dependencies: ["GraticuleGeometry", "GraticuleTransform", "GraticuleIO", "GraticuleRaster"],
                swiftSettings: swift6),
        .target(
            name: "GraticuleServer",
            dependencies: ["GraticuleRender", "GraticuleRaster", "GraticuleTransform", "GraticuleIO",
                           .product(name: "Hummingbird", package: "hummingbird")],
            resources: [.copy("Resources/viewer")],
            swiftSettings: swift6),
        .target(
            name: "Graticule",
            dependencies: [
                "GraticuleCore", "GraticuleGeometry", "GraticuleCRS", "GraticuleProjection", "GraticuleTIFF",
                "GraticuleTransform", "GraticuleIO", "GraticuleRaster", "GraticuleRender",
            ],
            swiftSettings: swift6),

        // MARK: Command-line tool (its `bench` command is the benchmark harness, see Benchmarks/)
        .executableTarget(
            name: "graticule",
            dependencies: ["Graticule", "GraticuleServer",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swift6),

        // MARK: Tests
        .testTarget(name: "GraticuleCoreTests", dependencies: ["GraticuleCore"], swiftSettings: swift6),
        .testTarget(
            name: "GraticuleCRSTests", dependencies: ["GraticuleCRS", .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.copy("Fixtures")], swiftSettings: swift6),
        .testTarget(
            name: "GraticuleProjectionTests", dependencies: ["GraticuleProjection", "GraticuleTransform"],
            resources: [.copy("Fixtures")], swiftSettings: swift6),
        .testTarget(
            name: "GraticuleTransformTests", dependencies: ["GraticuleTransform"],
            resources: [.copy("Fixtures")], swiftSettings: swift6),
        .testTarget(
            name: "GraticuleRasterTests", dependencies: ["GraticuleRaster", "GraticuleIO", "GraticuleTIFF", "CZlib"],
            resources: [.copy("Fixtures")], swiftSettings: swift6),
        .testTarget(name: "GraticuleCLITests", dependencies: ["graticule"], swiftSettings: swift6),
        // Live-server route tests: the app bound to 127.0.0.1:0, requests through URLSession
        // (no HummingbirdTesting: it adds about nine minutes to a cold build).
        .testTarget(
            name: "GraticuleServerTests", dependencies: ["GraticuleServer"],
            resources: [.copy("Fixtures")], swiftSettings: swift6),
        .testTarget(
            name: "GraticuleIOTests", dependencies: ["GraticuleIO", "GraticuleTransform", .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.copy("Fixtures")], swiftSettings: swift6),
        // Fixtures are read from the source tree (#filePath), not bundled.
        .testTarget(name: "GraticuleRenderTests", dependencies: ["GraticuleRender", "GraticuleRaster"], exclude: ["Fixtures"],
                    swiftSettings: swift6),
        .testTarget(
            name: "GraticuleGeometryTests", dependencies: ["GraticuleGeometry", "GraticuleCore"],
            resources: [.copy("Fixtures")], swiftSettings: swift6),
    ]
)
