/// TIFF, GeoTIFF and GDAL tag numbers the reader uses (TIFF 6.0, TIFF Technical Notes, GeoTIFF 1.1
/// (OGC 19-008r4), GDAL's private tags).
public enum TIFFTag {
    public static let newSubfileType: UInt16 = 254
    public static let imageWidth: UInt16 = 256
    public static let imageLength: UInt16 = 257
    public static let bitsPerSample: UInt16 = 258
    public static let compression: UInt16 = 259
    public static let photometricInterpretation: UInt16 = 262
    public static let fillOrder: UInt16 = 266
    public static let imageDescription: UInt16 = 270
    public static let stripOffsets: UInt16 = 273
    public static let samplesPerPixel: UInt16 = 277
    public static let rowsPerStrip: UInt16 = 278
    public static let stripByteCounts: UInt16 = 279
    public static let planarConfiguration: UInt16 = 284
    public static let predictor: UInt16 = 317
    public static let colorMap: UInt16 = 320
    public static let tileWidth: UInt16 = 322
    public static let tileLength: UInt16 = 323
    public static let tileOffsets: UInt16 = 324
    public static let tileByteCounts: UInt16 = 325
    public static let subIFDs: UInt16 = 330
    public static let extraSamples: UInt16 = 338
    public static let sampleFormat: UInt16 = 339
    public static let jpegTables: UInt16 = 347
    public static let yCbCrSubSampling: UInt16 = 530
    public static let modelPixelScale: UInt16 = 33550
    public static let modelTiepoint: UInt16 = 33922
    public static let modelTransformation: UInt16 = 34264
    public static let geoKeyDirectory: UInt16 = 34735
    public static let geoDoubleParams: UInt16 = 34736
    public static let geoAsciiParams: UInt16 = 34737
    public static let gdalMetadata: UInt16 = 42112
    public static let gdalNoData: UInt16 = 42113
    public static let lercParameters: UInt16 = 50674

    /// A readable name for messages (`273 (StripOffsets)`).
    public static func name(_ tag: UInt16) -> String {
        let names: [UInt16: String] = [
            254: "NewSubfileType", 256: "ImageWidth", 257: "ImageLength", 258: "BitsPerSample",
            259: "Compression", 262: "PhotometricInterpretation", 266: "FillOrder", 270: "ImageDescription",
            273: "StripOffsets", 277: "SamplesPerPixel", 278: "RowsPerStrip", 279: "StripByteCounts",
            284: "PlanarConfiguration", 317: "Predictor", 320: "ColorMap", 322: "TileWidth",
            323: "TileLength", 324: "TileOffsets", 325: "TileByteCounts", 330: "SubIFDs",
            338: "ExtraSamples", 339: "SampleFormat", 347: "JPEGTables", 530: "YCbCrSubSampling",
            33550: "ModelPixelScale", 33922: "ModelTiepoint", 34264: "ModelTransformation",
            34735: "GeoKeyDirectory", 34736: "GeoDoubleParams", 34737: "GeoAsciiParams",
            42112: "GDAL_METADATA", 42113: "GDAL_NODATA", 50674: "LercParameters",
        ]
        if let n = names[tag] { return "\(tag) (\(n))" }
        return "\(tag)"
    }
}
