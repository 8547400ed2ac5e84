import GraticuleCore
import GraticuleCRS

extension GeoTIFFGeoreference {
    /// The spatial reference the GeoKeys describe, built as GDAL builds it:
    ///
    /// - an EPSG code in `ProjectedCSTypeGeoKey` or `GeographicTypeGeoKey` resolves from the registry;
    /// - an Esri WKT in the citation (`ESRI PE String = …`) is parsed;
    /// - otherwise the CRS is assembled from the parts: datum, ellipsoid and prime meridian (by
    ///   EPSG code or by value), angular and linear units, and the projection (an EPSG conversion
    ///   code in `ProjectionGeoKey`, or `ProjCoordTransGeoKey` with its parameter keys);
    /// - a file with only a citation becomes an engineering CRS of that name (GDAL's
    ///   `LOCAL_CS`), unless the name is a registry CRS.
    ///
    /// - Returns: nil when the file has no GeoKeys.
    /// - Throws: `unsupported` for a geocentric model or a projection method with no mapping,
    ///   `unknownCode` for a code the registry does not hold.
    public func spatialReference() throws(GraticuleError) -> SpatialReference? {
        guard let keys else { return nil }
        let model = keys.short(GeoKey.modelType)
        for key in [GeoKey.citation, GeoKey.pcsCitation] {
            if let c = keys.string(key), let r = c.range(of: "ESRI PE String = ") {
                return try SpatialReference(text: String(c[r.upperBound...]))
            }
        }
        if model == 3 { throw .unsupported("geocentric GeoTIFF model (GTModelTypeGeoKey 3)") }
        if let code = keys.short(GeoKey.projectedCSType), code > 0, code != GeoKey.userDefined, model != 2 {
            return try SpatialReference(authority: "EPSG", code: code)
        }
        let projected = model == 1 || keys.short(GeoKey.projection) != nil || keys.short(GeoKey.coordinateTransformation) != nil
        if !projected, let code = keys.short(GeoKey.geographicType), code > 0, code != GeoKey.userDefined {
            return try SpatialReference(authority: "EPSG", code: code)
        }
        if model == nil && !projected && keys.short(GeoKey.geographicType) == nil && keys.short(GeoKey.geodeticDatum) == nil
            && keys.double(GeoKey.semiMajorAxis) == nil {
            // Citation-only (or nothing): a registry CRS of that name, else an engineering CRS.
            guard let name = keys.string(GeoKey.citation) ?? keys.string(GeoKey.pcsCitation) else { return nil }
            if let id = try? Registry.shared.crsIdentifier(named: name) {
                return try SpatialReference(authority: id.authority, code: id.code)
            }
            let unit = try linearUnit(keys)
            return SpatialReference(definition: .engineering(EngineeringCRS(
                name: name, datumName: "", coordinateSystem: CoordinateSystem(kind: .cartesian, axes: [
                    Axis(name: "Easting", abbreviation: "E", direction: "east", unit: unit),
                    Axis(name: "Northing", abbreviation: "N", direction: "north", unit: unit),
                ]))))
        }
        let geographic = try geographicCRS(keys)
        guard projected else { return SpatialReference(definition: .geodetic(geographic)) }
        let unit = try linearUnit(keys)
        let conversion = try self.conversion(keys, angularUnit: geographic.coordinateSystem.unit ?? .degree, linearUnit: unit)
        let name = keys.string(GeoKey.pcsCitation) ?? keys.string(GeoKey.citation) ?? "unknown"
        let cs = unit == .metre ? CoordinateSystem.eastingNorthingMetres : CoordinateSystem(kind: .cartesian, axes: [
            Axis(name: "Easting", abbreviation: "E", direction: "east", unit: unit),
            Axis(name: "Northing", abbreviation: "N", direction: "north", unit: unit),
        ])
        return SpatialReference(definition: .projected(ProjectedCRS(name: name, base: geographic, conversion: conversion,
                                                                    coordinateSystem: cs)))
    }

    /// The parts GDAL writes in `GeogCitationGeoKey` (`GCS Name = …|Datum = …|Ellipsoid = …|Primem = …|`).
    static func citationParts(_ citation: String?) -> [String: String] {
        guard let citation, citation.contains("=") else { return [:] }
        var parts: [String: String] = [:]
        for item in citation.split(separator: "|") {
            let kv = item.split(separator: "=", maxSplits: 1)
            if kv.count == 2 {
                parts[kv[0].trimmingCharacters(in: .whitespaces)] = kv[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return parts
    }

    func unit(code: Int?, size: Double?, kind: UnitOfMeasure.Kind, fallback: UnitOfMeasure) throws(GraticuleError) -> UnitOfMeasure {
        if let code, code > 0, code != GeoKey.userDefined {
            guard let u = try Registry.shared.unit(Identifier("EPSG", code)) else { throw .unknownCode(authority: "EPSG", code: String(code)) }
            return u
        }
        if let size, size > 0 { return UnitOfMeasure(name: "unknown", kind: kind, factor: size) }
        return fallback
    }

    func linearUnit(_ keys: GeoKeyDirectory) throws(GraticuleError) -> UnitOfMeasure {
        try unit(code: keys.short(GeoKey.projLinearUnits), size: keys.double(GeoKey.projLinearUnitSize), kind: .length,
                 fallback: .metre)
    }

    func geographicCRS(_ keys: GeoKeyDirectory) throws(GraticuleError) -> GeodeticCRS {
        let angular = try unit(code: keys.short(GeoKey.geogAngularUnits), size: keys.double(GeoKey.geogAngularUnitSize),
                               kind: .angle, fallback: .degree)
        let cs = CoordinateSystem(kind: .ellipsoidal, axes: [
            Axis(name: "Geodetic latitude", abbreviation: "Lat", direction: "north", unit: angular),
            Axis(name: "Geodetic longitude", abbreviation: "Lon", direction: "east", unit: angular),
        ], identifier: angular == .degree ? Identifier("EPSG", 6422) : nil)
        if let code = keys.short(GeoKey.geographicType), code > 0, code != GeoKey.userDefined {
            let sr = try SpatialReference(authority: "EPSG", code: code)
            guard var g = sr.definition.geodetic else { throw .unsupported("EPSG:\(code) is not a geographic CRS") }
            if angular != .degree { g.coordinateSystem = cs; g.identifier = nil }
            return g
        }
        let citation = keys.string(GeoKey.geogCitation)
        let parts = GeoTIFFGeoreference.citationParts(citation)
        let registry = try Registry.shared
        var datum: GeodeticDatum
        if let code = keys.short(GeoKey.geodeticDatum), code > 0, code != GeoKey.userDefined {
            guard let d = registry.datum(Identifier("EPSG", code)) else { throw .unknownCode(authority: "EPSG", code: String(code)) }
            datum = d
        } else {
            var ellipsoid: ReferenceEllipsoid
            if let code = keys.short(GeoKey.ellipsoid), code > 0, code != GeoKey.userDefined {
                guard let e = registry.ellipsoid(Identifier("EPSG", code)) else {
                    throw .unknownCode(authority: "EPSG", code: String(code))
                }
                ellipsoid = e
            } else if let a = keys.double(GeoKey.semiMajorAxis), a > 0 {
                let rf = keys.double(GeoKey.inverseFlattening)
                let b = keys.double(GeoKey.semiMinorAxis)
                // Refused rather than trusted: an axis that is not a finite length, a flattening
                // of 1 or more (1/f ≤ 1), a semi-minor axis longer than the semi-major one.
                guard a.isFinite else { throw .invalidInput("GeoTIFF GeogSemiMajorAxisGeoKey \(a): not a finite length") }
                let figure: Ellipsoid
                if let rf, rf > 0 {
                    guard rf.isFinite, rf > 1 else {
                        throw .invalidInput("GeoTIFF GeogInvFlatteningGeoKey \(rf): an inverse flattening must be finite and above 1")
                    }
                    figure = Ellipsoid(semiMajorAxis: a, inverseFlattening: rf)
                } else if let b, b > 0 {
                    guard b.isFinite, b <= a else {
                        throw .invalidInput("GeoTIFF GeogSemiMinorAxisGeoKey \(b): must be finite and at most the semi-major axis \(a)")
                    }
                    figure = Ellipsoid(semiMajorAxis: a, semiMinorAxis: b)
                } else {
                    figure = Ellipsoid(semiMajorAxis: a, inverseFlattening: 0)
                }
                ellipsoid = ReferenceEllipsoid(name: parts["Ellipsoid"] ?? "unknown", figure: figure,
                                               isDefinedBySemiMinorAxis: (rf ?? 0) <= 0 && b != nil)
            } else {
                throw .invalidInput("GeoTIFF user-defined geographic CRS without an ellipsoid (no GeogEllipsoidGeoKey or GeogSemiMajorAxisGeoKey)")
            }
            datum = GeodeticDatum(name: parts["Datum"] ?? "unknown", ellipsoid: ellipsoid)
        }
        if let code = keys.short(GeoKey.primeMeridian), code > 0, code != GeoKey.userDefined {
            if let pm = registry.primeMeridian(Identifier("EPSG", code)) { datum.primeMeridian = pm }
        } else if let lon = keys.double(GeoKey.primeMeridianLongitude), lon != 0 {
            datum.primeMeridian = PrimeMeridian(name: parts["Primem"] ?? "unknown", longitude: lon, unit: angular)
        }
        if let t = keys.doubles(GeoKey.toWGS84), t.count == 3 || t.count == 7 { datum.towgs84 = t }
        let name = parts["GCS Name"] ?? citation ?? "unknown"
        return GeodeticCRS(name: name, kind: .geographic2D, datum: datum, coordinateSystem: cs)
    }
}
