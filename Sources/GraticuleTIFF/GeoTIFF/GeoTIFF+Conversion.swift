import GraticuleCore
import GraticuleCRS

/// How a GeoTIFF coordinate transformation code (`ProjCoordTransGeoKey`, GeoTIFF 1.1 §7.5.3)
/// maps to an EPSG (or Esri-named) method and which GeoKeys hold each parameter, in the order
/// GDAL's GeoTIFF reader accepts them.
struct GeoTIFFMethod {
    enum Kind { case angle, length, scale }
    struct Parameter {
        let code: Int
        let name: String
        let keys: [Int]
        let kind: Kind
        let fallback: Double
    }
    let code: Int?
    let name: String
    let parameters: [Parameter]

    typealias K = GeoKey
    static func p(_ code: Int, _ name: String, _ keys: [Int], _ kind: Kind, _ fallback: Double = 0) -> Parameter {
        Parameter(code: code, name: name, keys: keys, kind: kind, fallback: fallback)
    }
    static let latNat = p(8801, "Latitude of natural origin", [K.natOriginLat, K.centerLat, K.falseOriginLat], .angle)
    static let lonNat = p(8802, "Longitude of natural origin", [K.natOriginLong, K.centerLong, K.falseOriginLong, K.straightVertPoleLong], .angle)
    static let latCenterFirst = p(8801, "Latitude of natural origin", [K.centerLat, K.natOriginLat, K.falseOriginLat], .angle)
    static let lonCenterFirst = p(8802, "Longitude of natural origin", [K.centerLong, K.natOriginLong, K.falseOriginLong], .angle)
    static let scaleNat = p(8805, "Scale factor at natural origin", [K.scaleAtNatOrigin, K.scaleAtCenter], .scale, 1)
    static let fe = p(8806, "False easting", [K.falseEasting, K.centerEasting, K.falseOriginEasting], .length)
    static let fn = p(8807, "False northing", [K.falseNorthing, K.centerNorthing, K.falseOriginNorthing], .length)
    static let latFalse = p(8821, "Latitude of false origin", [K.falseOriginLat, K.natOriginLat, K.centerLat], .angle)
    static let lonFalse = p(8822, "Longitude of false origin", [K.falseOriginLong, K.natOriginLong, K.centerLong], .angle)
    static let sp1 = p(8823, "Latitude of 1st standard parallel", [K.stdParallel1], .angle)
    static let sp2 = p(8824, "Latitude of 2nd standard parallel", [K.stdParallel2], .angle)
    static let eFalse = p(8826, "Easting at false origin", [K.falseOriginEasting, K.falseEasting, K.centerEasting], .length)
    static let nFalse = p(8827, "Northing at false origin", [K.falseOriginNorthing, K.falseNorthing, K.centerNorthing], .length)
    static let latCentre = p(8811, "Latitude of projection centre", [K.centerLat, K.natOriginLat], .angle)
    static let lonCentre = p(8812, "Longitude of projection centre", [K.centerLong, K.natOriginLong], .angle)
    static let azimuth = p(8813, "Azimuth at projection centre", [K.azimuthAngle], .angle)
    static let rectified = p(8814, "Angle from Rectified to Skew Grid", [K.rectifiedGridAngle, K.azimuthAngle], .angle)
    static let scaleCentre = p(8815, "Scale factor at projection centre", [K.scaleAtCenter, K.scaleAtNatOrigin], .scale, 1)
    static let eCentre = p(8816, "Easting at projection centre", [K.centerEasting, K.falseEasting], .length)
    static let nCentre = p(8817, "Northing at projection centre", [K.centerNorthing, K.falseNorthing], .length)
    static let sp1OrCenter = p(8823, "Latitude of 1st standard parallel", [K.stdParallel1, K.centerLat, K.natOriginLat], .angle)
    static let lonOnly = p(8802, "Longitude of natural origin", [K.centerLong, K.natOriginLong, K.falseOriginLong], .angle)

    /// The method for a `ProjCoordTransGeoKey` value; the keys decide between variants.
    static func method(transformation ct: Int, keys: GeoKeyDirectory) -> GeoTIFFMethod? {
        switch ct {
        case 1: return GeoTIFFMethod(code: 9807, name: "Transverse Mercator", parameters: [latNat, lonNat, scaleNat, fe, fn])
        case 27: return GeoTIFFMethod(code: 9808, name: "Transverse Mercator (South Orientated)", parameters: [latNat, lonNat, scaleNat, fe, fn])
        case 3: return GeoTIFFMethod(code: 9812, name: "Hotine Oblique Mercator (variant A)",
                                     parameters: [latCentre, lonCentre, azimuth, rectified, scaleCentre, fe, fn])
        case 9815: return GeoTIFFMethod(code: 9815, name: "Hotine Oblique Mercator (variant B)",
                                        parameters: [latCentre, lonCentre, azimuth, rectified, scaleCentre, eCentre, nCentre])
        case 4: return GeoTIFFMethod(code: 9813, name: "Laborde Oblique Mercator",
                                     parameters: [latCentre, lonCentre, azimuth, scaleCentre, fe, fn])
        case 7:
            if keys.double(GeoKey.stdParallel1) != nil {
                return GeoTIFFMethod(code: 9805, name: "Mercator (variant B)", parameters: [sp1, lonNat, fe, fn])
            }
            return GeoTIFFMethod(code: 9804, name: "Mercator (variant A)", parameters: [latNat, lonNat, scaleNat, fe, fn])
        case 8: return GeoTIFFMethod(code: 9802, name: "Lambert Conic Conformal (2SP)",
                                     parameters: [latFalse, lonFalse, sp1, sp2, eFalse, nFalse])
        case 9: return GeoTIFFMethod(code: 9801, name: "Lambert Conic Conformal (1SP)", parameters: [latNat, lonNat, scaleNat, fe, fn])
        case 10: return GeoTIFFMethod(code: 9820, name: "Lambert Azimuthal Equal Area", parameters: [latCenterFirst, lonCenterFirst, fe, fn])
        case 11: return GeoTIFFMethod(code: 9822, name: "Albers Equal Area", parameters: [latFalse, lonFalse, sp1, sp2, eFalse, nFalse])
        case 12: return GeoTIFFMethod(code: 1125, name: "Azimuthal Equidistant", parameters: [latCenterFirst, lonCenterFirst, fe, fn])
        case 13: return GeoTIFFMethod(code: 1119, name: "Equidistant Conic", parameters: [latFalse, lonFalse, sp1, sp2, eFalse, nFalse])
        case 14: return GeoTIFFMethod(code: nil, name: "Stereographic", parameters: [latCenterFirst, lonCenterFirst, scaleNat, fe, fn])
        case 15:
            let lat = keys.double(GeoKey.natOriginLat) ?? keys.double(GeoKey.stdParallel1) ?? 90
            if abs(abs(lat) - 90) < 1e-9 {
                return GeoTIFFMethod(code: 9810, name: "Polar Stereographic (variant A)", parameters: [latNat, lonNat, scaleNat, fe, fn])
            }
            return GeoTIFFMethod(code: 9829, name: "Polar Stereographic (variant B)", parameters: [
                p(8832, "Latitude of standard parallel", [K.natOriginLat, K.stdParallel1], .angle),
                p(8833, "Longitude of origin", [K.straightVertPoleLong, K.natOriginLong], .angle), fe, fn,
            ])
        case 16: return GeoTIFFMethod(code: 9809, name: "Oblique Stereographic", parameters: [latNat, lonNat, scaleNat, fe, fn])
        case 17: return GeoTIFFMethod(code: 1028, name: "Equidistant Cylindrical", parameters: [sp1OrCenter, lonOnly, fe, fn])
        case 18: return GeoTIFFMethod(code: 9806, name: "Cassini-Soldner", parameters: [latNat, lonNat, fe, fn])
        case 19: return GeoTIFFMethod(code: nil, name: "Gnomonic", parameters: [latCenterFirst, lonCenterFirst, fe, fn])
        case 20: return GeoTIFFMethod(code: nil, name: "Miller Cylindrical", parameters: [lonOnly, fe, fn])
        case 21: return GeoTIFFMethod(code: 9840, name: "Orthographic", parameters: [latCenterFirst, lonCenterFirst, fe, fn])
        case 22: return GeoTIFFMethod(code: 9818, name: "American Polyconic", parameters: [latNat, lonNat, fe, fn])
        case 23: return GeoTIFFMethod(code: nil, name: "Robinson", parameters: [lonOnly, fe, fn])
        case 24: return GeoTIFFMethod(code: nil, name: "Sinusoidal", parameters: [lonOnly, fe, fn])
        case 25: return GeoTIFFMethod(code: nil, name: "Van Der Grinten", parameters: [lonOnly, fe, fn])
        case 26: return GeoTIFFMethod(code: 9811, name: "New Zealand Map Grid", parameters: [latNat, lonNat, fe, fn])
        case 28: return GeoTIFFMethod(code: 9835, name: "Lambert Cylindrical Equal Area", parameters: [sp1, lonNat, fe, fn])
        default: return nil
        }
    }
}

extension GeoTIFFGeoreference {
    /// The map projection of a user-defined projected CRS: an EPSG conversion named by
    /// `ProjectionGeoKey`, or the method of `ProjCoordTransGeoKey` with its parameter keys
    /// (angles in the geographic CRS's angular unit, lengths in the projected linear unit).
    func conversion(_ keys: GeoKeyDirectory, angularUnit: UnitOfMeasure, linearUnit: UnitOfMeasure) throws(GraticuleError) -> Conversion {
        if let code = keys.short(GeoKey.projection), code > 0, code != GeoKey.userDefined {
            guard let c = try Registry.shared.conversion(Identifier("EPSG", code)) else {
                throw .unknownCode(authority: "EPSG", code: String(code))
            }
            return c
        }
        guard let ct = keys.short(GeoKey.coordinateTransformation) else {
            throw .invalidInput("GeoTIFF projected CRS without ProjectedCSTypeGeoKey, ProjectionGeoKey or ProjCoordTransGeoKey")
        }
        guard let method = GeoTIFFMethod.method(transformation: ct, keys: keys) else {
            throw .unsupported("GeoTIFF coordinate transformation \(ct) (ProjCoordTransGeoKey)")
        }
        let azimuthUnit = (try? unit(code: keys.short(GeoKey.azimuthUnits), size: nil, kind: .angle, fallback: angularUnit)) ?? angularUnit
        var parameters: [OperationParameter] = []
        for p in method.parameters {
            let value = p.keys.lazy.compactMap { keys.double($0) }.first ?? p.fallback
            let unit: UnitOfMeasure
            switch p.kind {
            case .angle: unit = (p.code == 8813 || p.code == 8814) ? azimuthUnit : angularUnit
            case .length: unit = linearUnit
            case .scale: unit = .unity
            }
            parameters.append(OperationParameter(name: p.name, identifier: Identifier("EPSG", p.code), value: value, unit: unit))
        }
        return Conversion(name: method.name, method: OperationMethod(name: method.name, identifier: method.code.map { Identifier("EPSG", $0) }),
                          parameters: parameters)
    }
}
