import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleIO
import Synchronization

/// A georeferenced raster: bands of cells on an affine grid in a spatial reference, read from a
/// GeoTIFF (TIFF or BigTIFF, strips or tiles, any of the codecs `TIFFCompression.isSupported`
/// lists) with its overviews and internal mask.
///
/// Opening reads only the file's directories; cells are decoded block by block on first use
/// and kept in a bounded least-recently-used cache shared by all copies of the value (a
/// `Raster` is a cheap, thread-safe handle).
public struct Raster: Sendable {
    /// The file path, or the built-in raster's name.
    public private(set) var name: String
    /// Size in cells.
    public let width: Int, height: Int
    /// The bands (all of one data type).
    public let bands: [RasterBand]
    /// The cell type.
    public var dataType: RasterDataType { store.images[0].sampleType }
    /// Pixel/line → x/y in `spatialReference` (GDAL's convention: integer pixel/line values are
    /// cell corners). The identity when the file has no georeferencing.
    public let geoTransform: GeoTransform
    /// True when the file gave a geotransform.
    public let isGeoreferenced: Bool
    /// The spatial reference, when the file names one that could be built (resolved from the
    /// GeoKeys on first use, so that reading cells by pixel/line or in the raster's own
    /// coordinates never opens the registry).
    public var spatialReference: SpatialReference? { resolvedSpatialReference.value.reference }
    /// Why the file's GeoKeys did not give a spatial reference, when they did not.
    public var spatialReferenceProblem: String? { resolvedSpatialReference.value.problem }
    /// True for GeoTIFF `RasterPixelIsPoint` (`AREA_OR_POINT=Point`); the geotransform is then
    /// shifted by half a cell, as GDAL reports it.
    public let isPixelIsPoint: Bool
    /// Dataset metadata items (GDAL_METADATA items of the default domain, and `AREA_OR_POINT`).
    public let metadata: [(name: String, value: String)]
    /// How the file stores the cells.
    public let layout: RasterLayout
    /// Overview sizes, largest first (internal overviews, then those of an external `.ovr`).
    public let overviews: [(width: Int, height: Int)]
    /// True when the file has an internal transparency mask (GDAL's per-dataset mask).
    public var hasMask: Bool { maskImage != nil }
    /// The GeoTIFF georeferencing tags as read.
    public let georeference: GeoTIFFGeoreference

    let store: RasterStore
    let overviewImages: [Int]
    let maskImage: Int?
    let inverseTransform: GeoTransform?
    let resolvedSpatialReference: LazySpatialReference

    /// The default cache size for decoded blocks, per raster.
    public static let defaultCacheBytes = 64 << 20

    /// Opens a GeoTIFF (memory-mapped; an external overview file `NAME.ovr` beside it is used).
    /// - Throws: `parse` for a damaged file (naming the problem and its offset), `unsupported`
    ///   for a layout or type this reader does not handle, `invalidInput` when the file cannot be read.
    public init(contentsOf url: URL, cacheBytes: Int = Raster.defaultCacheBytes) throws(GraticuleError) {
        let file = try TIFFFile(contentsOf: url)
        var external: TIFFFile?
        let ovr = URL(fileURLWithPath: url.path + ".ovr")
        if FileManager.default.isReadableFile(atPath: ovr.path) { external = try? TIFFFile(contentsOf: ovr) }
        try self.init(file: file, externalOverviews: external, name: url.path, cacheBytes: cacheBytes)
    }

    /// Reads a GeoTIFF held in memory.
    public init(data: Data, name: String = "raster", cacheBytes: Int = Raster.defaultCacheBytes) throws(GraticuleError) {
        try self.init(file: TIFFFile(data: data, name: name), externalOverviews: nil, name: name, cacheBytes: cacheBytes)
    }

    init(file: TIFFFile, externalOverviews: TIFFFile?, name: String, cacheBytes: Int) throws(GraticuleError) {
        self.name = name
        let main = try file.image(at: 0)
        var images = [main]
        var overviewImages: [Int] = []
        var maskImage: Int?
        for i in 1..<file.directories.count {
            guard let img = try? file.image(at: i) else { continue }
            if img.isMask {
                if !img.isOverview, maskImage == nil, img.width == main.width, img.height == main.height {
                    images.append(img); maskImage = images.count - 1
                }
            } else if img.isOverview, img.samplesPerPixel == main.samplesPerPixel, img.sampleType == main.sampleType,
                      img.width < main.width || img.height < main.height {
                images.append(img); overviewImages.append(images.count - 1)
            }
        }
        if let externalOverviews {
            for i in 0..<externalOverviews.directories.count {
                guard let img = try? externalOverviews.image(at: i), !img.isMask,
                      img.samplesPerPixel == main.samplesPerPixel, img.sampleType == main.sampleType,
                      img.width < main.width || img.height < main.height else { continue }
                images.append(img); overviewImages.append(images.count - 1)
            }
        }
        store = RasterStore(images: images, cacheBytes: cacheBytes)
        self.overviewImages = overviewImages
        self.maskImage = maskImage
        overviews = overviewImages.map { (images[$0].width, images[$0].height) }
        width = main.width
        height = main.height
        layout = RasterLayout(image: main, file: file)

        let geo = try GeoTIFFGeoreference(directory: main.directory)
        georeference = geo
        isPixelIsPoint = geo.isPixelIsPoint
        if let gt = geo.geoTransform() {
            geoTransform = gt; isGeoreferenced = true
        } else {
            geoTransform = .identity; isGeoreferenced = false
        }
        inverseTransform = geoTransform.inverse
        resolvedSpatialReference = LazySpatialReference(geo)

        let gdal = main.gdalMetadata.map(GDALMetadata.init(xml:))
        var metadata: [(String, String)] = []
        if geo.keys != nil { metadata.append(("AREA_OR_POINT", geo.isPixelIsPoint ? "Point" : "Area")) }
        for item in gdal?.items ?? [] where item.sample == nil && (item.domain ?? "").isEmpty && item.name != "AREA_OR_POINT" {
            metadata.append((item.name, item.value))
        }
        self.metadata = metadata
        bands = Raster.bands(of: main, metadata: gdal)
    }

    static func bands(of image: TIFFImage, metadata gdal: GDALMetadata?) -> [RasterBand] {
        let noData = image.gdalNoData.flatMap { RasterLayout.parseNoData($0) }
        var table: [SIMD4<UInt8>]?
        if let map = image.colorMap, image.bitsPerSample <= 16 {
            let n = 1 << image.bitsPerSample
            table = (0..<n).map { SIMD4(UInt8(map[$0] / 257), UInt8(map[n + $0] / 257), UInt8(map[2 * n + $0] / 257), 255) }
        } else if image.photometric == 0, image.samplesPerPixel == 1, image.bitsPerSample <= 16 {
            // Min-is-white grey of up to 16 bits: GDAL gives it an inverted grey palette, white at 0,
            // built as a 16-bit TIFF colour map (65535 − i·65535/(n − 1)) and cut to 8 bits.
            let n = 1 << image.bitsPerSample
            table = (0..<n).map { i in
                let v = UInt8((65535 - i * 65535 / (n - 1)) / 257)
                return SIMD4(v, v, v, 255)
            }
        } else if image.bitsPerSample == 1, image.samplesPerPixel == 1, image.photometric == 1 {
            // A bilevel min-is-black image: GDAL gives it a black-and-white palette.
            table = [SIMD4(0, 0, 0, 255), SIMD4(255, 255, 255, 255)]
        }
        return (0..<image.samplesPerPixel).map { b in
            let items = gdal?.items.filter { $0.sample == b && $0.role == nil && ($0.domain ?? "").isEmpty } ?? []
            var interpretation: String
            switch image.photometric {
            case 2 where b < 3: interpretation = ["Red", "Green", "Blue"][b]
            case 6 where b < 3: interpretation = ["Red", "Green", "Blue"][b]
            case 3 where b == 0: interpretation = "Palette"
            case 0 where table != nil && b == 0, 1 where table != nil && b == 0: interpretation = "Palette"
            case 0, 1: interpretation = b == 0 ? "Gray" : "Undefined"
            default: interpretation = "Undefined"
            }
            let extraIndex = b - (image.samplesPerPixel - image.extraSamples.count)
            if extraIndex >= 0, extraIndex < image.extraSamples.count, image.extraSamples[extraIndex] != 0 { interpretation = "Alpha" }
            if let ci = gdal?.value(role: "colorinterp", sample: b) { interpretation = ci }
            return RasterBand(
                index: b,
                description: gdal?.value(role: "description", sample: b) ?? "",
                dataType: image.sampleType,
                bitsPerSample: image.bitsPerSample,
                noData: noData,
                scale: gdal?.value(role: "scale", sample: b).flatMap(Double.init) ?? 1,
                offset: gdal?.value(role: "offset", sample: b).flatMap(Double.init) ?? 0,
                unit: gdal?.value(role: "unittype", sample: b) ?? "",
                colorInterpretation: interpretation,
                colorTable: b == 0 ? table : nil,
                metadata: items.map { ($0.name, $0.value) })
        }
    }

    // MARK: - Cells

    /// The exact value of one band at a cell.
    /// - Throws: `invalidInput` for a band or cell outside the raster; decoding errors of its block.
    public func value(band: Int, column: Int, row: Int) throws(GraticuleError) -> RasterValue {
        try checkCell(band: band, column: column, row: row)
        return try store.value(image: 0, band: band, column: column, row: row, fill: bands[band].noData ?? 0)
    }

    /// One band at a cell as a Double (real part for complex cells).
    public func double(band: Int, column: Int, row: Int) throws(GraticuleError) -> Double {
        try checkCell(band: band, column: column, row: row)
        return try store.sample(image: 0, band: band, column: column, row: row, fill: bands[band].noData ?? 0)
    }

    /// False where the internal mask marks the cell invalid (true everywhere without a mask).
    public func isValidInMask(column: Int, row: Int) throws(GraticuleError) -> Bool {
        guard let maskImage else { return true }
        try checkCell(band: 0, column: column, row: row)
        return try store.sample(image: maskImage, band: 0, column: column, row: row, fill: 0) != 0
    }

    func checkCell(band: Int, column: Int, row: Int) throws(GraticuleError) {
        guard band >= 0, band < bands.count else { throw .invalidInput("band \(band) of \(name): it has \(bands.count) bands (0-based)") }
        guard column >= 0, column < width, row >= 0, row < height else {
            throw .invalidInput("cell (\(column), \(row)) is outside \(name) (\(width) × \(height))")
        }
    }

    /// The same raster under another name (shares the decoded-block cache).
    func renamed(_ newName: String) -> Raster {
        var r = self
        r.name = newName
        return r
    }

    /// The cache's current use: bytes of decoded blocks and their number.
    public var cacheUsage: (bytes: Int, blocks: Int) { store.cache.usage }
}

/// A raster's spatial reference, built from its GeoKeys on first use and kept (shared by copies
/// of the raster; thread-safe).
final class LazySpatialReference: Sendable {
    let georeference: GeoTIFFGeoreference
    private let state = Mutex<(reference: SpatialReference?, problem: String?)?>(nil)

    init(_ georeference: GeoTIFFGeoreference) { self.georeference = georeference }

    var value: (reference: SpatialReference?, problem: String?) {
        if let known = state.withLock({ $0 }) { return known }
        let built: (reference: SpatialReference?, problem: String?)
        do { built = (try georeference.spatialReference(), nil) } catch { built = (nil, error.description) }
        state.withLock { $0 = built }
        return built
    }
}

/// How a raster file stores its cells (what gdalinfo reports as image structure).
public struct RasterLayout: Sendable, Hashable {
    /// Block size in cells (strips are `width × rows per strip`).
    public let blockWidth: Int, blockHeight: Int
    public let isTiled: Bool
    /// Compression as the file declares it (TIFF code and name).
    public let compression: TIFFCompression
    /// The compression as GDAL names it in `COMPRESSION=` (`YCbCr JPEG` for JPEG with YCbCr photometric).
    public let compressionName: String
    public let predictor: Int
    /// `PIXEL` (chunky) or `BAND` (planar).
    public let interleave: String
    public let bitsPerSample: Int
    public let isBigEndian: Bool
    public let isBigTIFF: Bool
    /// True for a cloud-optimised GeoTIFF as GDAL recognises one (`LAYOUT=COG`): its ghost header
    /// (`GDAL_STRUCTURAL_METADATA`) promises directories before data, tiles in row-major order,
    /// each with its size before it and its last 4 bytes repeated after it.
    public let isCOG: Bool

    init(image: TIFFImage, file: TIFFFile) {
        blockWidth = image.blockWidth
        blockHeight = image.declaredBlockHeight
        isTiled = image.isTiled
        compression = image.compression
        compressionName = image.compression == .jpeg && image.photometric == 6 ? "YCbCr JPEG" : image.compression.name
        predictor = image.predictor
        interleave = image.isPlanar ? "BAND" : "PIXEL"
        bitsPerSample = image.bitsPerSample
        isBigEndian = file.isBigEndian
        isBigTIFF = file.isBigTIFF
        // GDAL's ghost header right after the TIFF header names the COG layout's promises.
        let start = file.isBigTIFF ? 16 : 8
        let header = String(decoding: file.data.prefix(start + 1024).dropFirst(start), as: UTF8.self)
        isCOG = header.hasPrefix("GDAL_STRUCTURAL_METADATA_SIZE=") && header.contains("LAYOUT=IFDS_BEFORE_DATA")
            && header.contains("BLOCK_ORDER=ROW_MAJOR") && header.contains("BLOCK_LEADER=SIZE_AS_UINT4")
            && header.contains("BLOCK_TRAILER=LAST_4_BYTES_REPEATED") && !header.contains("KNOWN_INCOMPATIBLE_EDITION=YES")
    }

    /// GDAL_NODATA text → value (`nan`, `-32768`, `-3.40282306073709653e+38`, `inf`).
    static func parseNoData(_ text: String) -> Double? {
        let t = text.trimmingWhitespace.lowercased()
        switch t {
        case "nan", "-nan": return .nan
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        default: return Double(t)
        }
    }
}
