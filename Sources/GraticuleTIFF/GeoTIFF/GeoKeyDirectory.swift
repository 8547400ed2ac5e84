import GraticuleCore

/// GeoKey numbers (GeoTIFF 1.1, OGC 19-008r4, §7).
public enum GeoKey {
    public static let modelType = 1024, rasterType = 1025, citation = 1026
    public static let geographicType = 2048, geogCitation = 2049, geodeticDatum = 2050, primeMeridian = 2051
    public static let geogLinearUnits = 2052, geogLinearUnitSize = 2053, geogAngularUnits = 2054, geogAngularUnitSize = 2055
    public static let ellipsoid = 2056, semiMajorAxis = 2057, semiMinorAxis = 2058, inverseFlattening = 2059
    public static let azimuthUnits = 2060, primeMeridianLongitude = 2061, toWGS84 = 2062
    public static let projectedCSType = 3072, pcsCitation = 3073, projection = 3074, coordinateTransformation = 3075
    public static let projLinearUnits = 3076, projLinearUnitSize = 3077
    public static let stdParallel1 = 3078, stdParallel2 = 3079, natOriginLong = 3080, natOriginLat = 3081
    public static let falseEasting = 3082, falseNorthing = 3083, falseOriginLong = 3084, falseOriginLat = 3085
    public static let falseOriginEasting = 3086, falseOriginNorthing = 3087, centerLong = 3088, centerLat = 3089
    public static let centerEasting = 3090, centerNorthing = 3091, scaleAtNatOrigin = 3092, scaleAtCenter = 3093
    public static let azimuthAngle = 3094, straightVertPoleLong = 3095, rectifiedGridAngle = 3096
    public static let verticalCSType = 4096, verticalCitation = 4097, verticalDatum = 4098, verticalUnits = 4099

    /// Value of a code key meaning "user-defined" (the parameters follow in other keys).
    public static let userDefined = 32767
}

/// The GeoKey directory of a GeoTIFF: key → value, with SHORT values inline, DOUBLE values from
/// `GeoDoubleParams` and ASCII values from `GeoAsciiParams` resolved.
public struct GeoKeyDirectory: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case shorts([Int])
        case doubles([Double])
        case ascii(String)
    }
    /// `KeyDirectoryVersion`, `KeyRevision`, `MinorRevision`.
    public let version: Int, revision: Int, minorRevision: Int
    /// Keys in file order.
    public let keys: [(key: Int, value: Value)]

    public static func == (a: GeoKeyDirectory, b: GeoKeyDirectory) -> Bool {
        a.version == b.version && a.revision == b.revision && a.minorRevision == b.minorRevision
            && a.keys.map(\.key) == b.keys.map(\.key) && a.keys.map(\.value) == b.keys.map(\.value)
    }

    public func hash(into h: inout Hasher) { h.combine(keys.map(\.key)) }

    /// Reads the directory of a TIFF directory, or nil when it has no `GeoKeyDirectory` tag.
    /// - Throws: `parse` for a directory whose keys point outside their value tags.
    public init?(directory dir: TIFFDirectory) throws(GraticuleError) {
        guard let raw = try dir.integers(TIFFTag.geoKeyDirectory) else { return nil }
        let shorts = raw.map { Int($0 & 0xFFFF) }
        guard shorts.count >= 4 else {
            throw tiffError("GeoKeyDirectory has \(shorts.count) values, at least 4 expected")
        }
        version = shorts[0]; revision = shorts[1]; minorRevision = shorts[2]
        let count = shorts[3]
        guard shorts.count >= 4 + 4 * count else {
            throw tiffError("GeoKeyDirectory declares \(count) keys but holds \(max(0, (shorts.count - 4) / 4))")
        }
        let doubles = try dir.doubles(TIFFTag.geoDoubleParams) ?? []
        let ascii = Array((try dir.bytes(TIFFTag.geoAsciiParams) ?? []))
        var keys: [(Int, Value)] = []
        for k in 0..<count {
            let e = 4 + 4 * k
            let key = shorts[e], location = shorts[e + 1], n = shorts[e + 2], value = shorts[e + 3]
            switch location {
            case 0:
                keys.append((key, .shorts([value])))
            case Int(TIFFTag.geoDoubleParams):
                guard value + n <= doubles.count else {
                    throw tiffError("GeoKey \(key): \(n) doubles at index \(value) beyond the \(doubles.count) of GeoDoubleParams")
                }
                keys.append((key, .doubles(Array(doubles[value ..< value + n]))))
            case Int(TIFFTag.geoAsciiParams):
                guard value + n <= ascii.count else {
                    throw tiffError("GeoKey \(key): \(n) characters at index \(value) beyond the \(ascii.count) of GeoAsciiParams")
                }
                var bytes = Array(ascii[value ..< value + n])
                while let last = bytes.last, last == UInt8(ascii: "|") || last == 0 { bytes.removeLast() }
                let text = String(validating: bytes, as: UTF8.self) ?? String(bytes.map { Character(Unicode.Scalar($0)) })
                keys.append((key, .ascii(text)))
            case Int(TIFFTag.geoKeyDirectory):
                guard value + n <= shorts.count else { throw tiffError("GeoKey \(key): shorts beyond the directory") }
                keys.append((key, .shorts(Array(shorts[value ..< value + n]))))
            default:
                continue  // a key stored in an unknown tag: ignored, as libgeotiff does
            }
        }
        self.keys = keys
    }

    public func value(_ key: Int) -> Value? { keys.first { $0.key == key }?.value }

    /// A SHORT key's value.
    public func short(_ key: Int) -> Int? {
        if case let .shorts(v)? = value(key) { return v.first }
        return nil
    }

    /// A DOUBLE key's first value (a SHORT key's value converted).
    public func double(_ key: Int) -> Double? {
        switch value(key) {
        case let .doubles(v)?: v.first
        case let .shorts(v)?: v.first.map(Double.init)
        default: nil
        }
    }

    /// A DOUBLE key's values.
    public func doubles(_ key: Int) -> [Double]? {
        if case let .doubles(v)? = value(key) { return v }
        return nil
    }

    /// An ASCII key's text.
    public func string(_ key: Int) -> String? {
        if case let .ascii(s)? = value(key) { return s }
        return nil
    }
}
