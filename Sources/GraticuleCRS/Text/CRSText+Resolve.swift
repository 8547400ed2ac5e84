import Foundation
import GraticuleCore

/// Helpers shared by the text readers: resolving names and units against the registry the
/// reader was given (instance methods) and building the default coordinate systems of each kind
/// of CRS (static functions).
struct CRSResolve: Sendable {
    /// The registry names, units and datums are resolved against.
    let registry: Registry
    /// Its name index.
    let names: RegistryNames

    /// - Throws: the registry's error when its name index cannot be read.
    init(registry: Registry) throws(GraticuleError) {
        self.registry = registry
        self.names = try registry.names()
    }

    /// A unit as text gives it (name, factor to SI, optional identifier), resolved to the registry
    /// unit when the identifier or the name agrees with the factor.
    func unit(name: String, factor: Double?, kind: UnitOfMeasure.Kind, identifier: Identifier?) -> UnitOfMeasure {
        if let identifier, let u = names.units[identifier],
           factor == nil || CRSEquivalence.close(u.factor, factor!, 1e-10) || u.factor.isNaN {
            return u
        }
        if let u = names.unit(named: name, factor: factor, kind: kind) { return u }
        // Esri and GDAL spellings of the common units ("Degree", "Meter", "Foot_US").
        if let factor, let u = names.unit(factor: factor, kind: kind),
           RegistryNames.key(name) == RegistryNames.key(u.name) || Self.commonSpellings.contains(RegistryNames.key(name)) {
            return u
        }
        if let factor {
            if kind == .angle, CRSEquivalence.close(factor, Angle.radiansPerDegree, 1e-10),
               ["degree", "degrees", "deg"].contains(name.lowercased()) { return .degree }
            if kind == .length, factor == 1, ["metre", "meter", "m"].contains(name.lowercased()) { return .metre }
            if kind == .scale, factor == 1 { return .unity }
            return UnitOfMeasure(name: name, kind: kind, factor: factor,
                                 authority: identifier?.authority, code: identifier?.code)
        }
        return UnitOfMeasure(name: name, kind: kind, factor: kind == .angle ? Angle.radiansPerDegree : 1,
                             authority: identifier?.authority, code: identifier?.code)
    }

    static let commonSpellings: Set<String> = ["degree", "degrees", "meter", "metre", "meters", "metres", "radian",
                                               "grad", "gon", "foot", "feet", "footus", "usfoot", "ussurveyfoot",
                                               "unity", "kilometer", "kilometre"]

    /// An ellipsoid from its name, semi-major axis (in `unit`), inverse flattening (0 for a sphere)
    /// and identifier, named as the registry names it when one matches.
    func ellipsoid(name: String, semiMajorAxis a: Double, inverseFlattening rf: Double, unit: UnitOfMeasure,
                          identifier: Identifier?, offset: Int, format: String,
                          bytes: [UInt8], definedBySemiMinorAxis: Bool = false) throws(GraticuleError) -> ReferenceEllipsoid {
        let aMetres = a * unit.factor
        guard aMetres.isFinite, aMetres > 0 else {
            throw .parse(format: format, message: "semi-major axis of \(name.brief) must be positive, got \(a)",
                         offset: TextOffsets.characterOffset(bytes, byteOffset: offset))
        }
        guard rf == 0 || (rf.isFinite && rf > 1) else {
            throw .parse(format: format,
                         message: "inverse flattening of \(name.brief) must be 0 (sphere) or greater than 1, got \(rf)",
                         offset: TextOffsets.characterOffset(bytes, byteOffset: offset))
        }
        let figure = Ellipsoid(semiMajorAxis: aMetres, inverseFlattening: rf)
        var resolvedName = name
        var resolvedID = identifier
        let matches: (RegistryNames.EllipsoidRow) -> Bool = {
            CRSEquivalence.close($0.semiMajorAxis, aMetres, 1e-12) && CRSEquivalence.close($0.inverseFlattening, rf, 1e-12)
        }
        if let identifier, let row = names.ellipsoids[identifier], matches(row) {
            resolvedName = row.name
        } else if let row = names.ellipsoids(named: name).first(where: matches) {
            resolvedName = row.name
            resolvedID = resolvedID ?? row.id
        } else if name == "WGS_1984" || name == "WGS84" {
            resolvedName = "WGS 84"
        }
        return ReferenceEllipsoid(name: resolvedName, identifier: resolvedID, figure: figure,
                                  unit: unit.kind == .length ? unit : .metre, isDefinedBySemiMinorAxis: definedBySemiMinorAxis)
    }

    /// A prime meridian from its name and longitude in `unit`, the registry's when one matches.
    func primeMeridian(name: String, longitude: Double, unit: UnitOfMeasure, identifier: Identifier?) -> PrimeMeridian {
        if let reg = registryPrimeMeridian(name: name, longitude: longitude, unit: unit, identifier: identifier) { return reg }
        let pm = PrimeMeridian(name: name, identifier: identifier, longitude: longitude, unit: unit)
        if pm.longitudeDegrees == 0 && identifier == nil && (name.lowercased() == "greenwich" || name.isEmpty) {
            return .greenwich
        }
        return pm
    }

    /// The registry prime meridian with this identifier, or this name (or Esri alias), whose
    /// longitude equals the given one; nil when none does.
    func registryPrimeMeridian(name: String, longitude: Double, unit: UnitOfMeasure, identifier: Identifier?) -> PrimeMeridian? {
        let degrees = PrimeMeridian(name: name, longitude: longitude, unit: unit).longitudeDegrees
        guard degrees.isFinite else { return nil }
        if let identifier, let row = names.primeMeridians.first(where: { $0.id == identifier }), abs(row.degrees - degrees) < 1e-7 {
            return row.meridian
        }
        return names.primeMeridian(named: name, degrees: degrees)
    }

    /// Resolves a geodetic datum's name and identifier against the registry: with
    /// `adoptRegistryDefinition` (WKT1 and Esri names), a match is replaced by the registry's datum
    /// (its official name, identifier and ensemble members), keeping the text's ellipsoid and prime
    /// meridian; otherwise (WKT2, PROJJSON) the text's datum is kept as written.
    func geodeticDatum(name: String, identifier: Identifier?, ellipsoid: ReferenceEllipsoid,
                              primeMeridian: PrimeMeridian, adoptRegistryDefinition: Bool) -> GeodeticDatum {
        var datum = GeodeticDatum(name: name, identifier: identifier, ellipsoid: ellipsoid, primeMeridian: primeMeridian)
        func ellipsoidMatches(_ row: RegistryNames.DatumRow) -> Bool {
            names.datum(row, matches: ellipsoid.figure, primeMeridianDegrees: primeMeridian.longitudeDegrees)
        }
        var row: RegistryNames.DatumRow?
        if let identifier, let r = names.datums[identifier], !r.isVertical, ellipsoidMatches(r) {
            row = r
        } else {
            row = names.resolveDatum(named: name, figure: ellipsoid.figure, primeMeridianDegrees: primeMeridian.longitudeDegrees)
        }
        guard let row else { return datum }
        if adoptRegistryDefinition, let reg = registry.geodeticDatum(row.id) {
            datum.name = reg.name
            datum.identifier = reg.identifier
            datum.ensemble = reg.ensemble
            datum.frameReferenceEpoch = reg.frameReferenceEpoch
            datum.anchor = reg.anchor
        }
        return datum
    }

    /// Resolves a vertical datum name (WKT1 / Esri) to the registry's.
    func verticalDatum(name: String, identifier: Identifier?) -> VerticalDatum {
        var datum = VerticalDatum(name: name, identifier: identifier)
        var row: RegistryNames.DatumRow?
        if let identifier, let r = names.datums[identifier], r.isVertical { row = r }
        if row == nil { row = names.datums(named: name, vertical: true).first }
        guard let row, let reg = registry.verticalDatum(row.id) else { return datum }
        datum.name = reg.name
        datum.identifier = reg.identifier
        datum.ensemble = reg.ensemble
        return datum
    }

    // MARK: Default coordinate systems

    static func ellipsoidal(latitudeFirst: Bool, unit: UnitOfMeasure, height: UnitOfMeasure? = nil) -> CoordinateSystem {
        let lat = Axis(name: "Geodetic latitude", abbreviation: "Lat", direction: "north", unit: unit)
        let lon = Axis(name: "Geodetic longitude", abbreviation: "Lon", direction: "east", unit: unit)
        var axes = latitudeFirst ? [lat, lon] : [lon, lat]
        if let height { axes.append(Axis(name: "Ellipsoidal height", abbreviation: "h", direction: "up", unit: height)) }
        return CoordinateSystem(kind: .ellipsoidal, axes: axes)
    }

    static func eastingNorthing(unit: UnitOfMeasure) -> CoordinateSystem {
        CoordinateSystem(kind: .cartesian, axes: [
            Axis(name: "Easting", abbreviation: "E", direction: "east", unit: unit),
            Axis(name: "Northing", abbreviation: "N", direction: "north", unit: unit),
        ])
    }

    static func geocentric(unit: UnitOfMeasure) -> CoordinateSystem {
        CoordinateSystem(kind: .cartesian, axes: [
            Axis(name: "Geocentric X", abbreviation: "X", direction: "geocentricX", unit: unit),
            Axis(name: "Geocentric Y", abbreviation: "Y", direction: "geocentricY", unit: unit),
            Axis(name: "Geocentric Z", abbreviation: "Z", direction: "geocentricZ", unit: unit),
        ])
    }

    static func height(unit: UnitOfMeasure, down: Bool = false) -> CoordinateSystem {
        CoordinateSystem(kind: .vertical, axes: [
            down ? Axis(name: "Depth", abbreviation: "D", direction: "down", unit: unit)
                : Axis(name: "Gravity-related height", abbreviation: "H", direction: "up", unit: unit),
        ])
    }

    /// The implicit axes of a projected CRS whose text gives none, as PROJ infers them: south-west
    /// for Krovak, the polar axes of polar stereographic and polar azimuthal projections,
    /// westing-southing for TM south-orientated; easting-northing otherwise.
    static func implicitProjectedAxes(conversion: Conversion, unit: UnitOfMeasure) -> CoordinateSystem {
        let code = conversion.method.epsgCode
        func latitude(_ c: Int) -> Double? { conversion.parameter(epsg: c)?.normalizedValue }
        switch code {
        case 9819, 1042:
            return CoordinateSystem(kind: .cartesian, axes: [
                Axis(name: "Southing", abbreviation: "X", direction: "south", unit: unit),
                Axis(name: "Westing", abbreviation: "Y", direction: "west", unit: unit),
            ])
        case 9808:
            return CoordinateSystem(kind: .cartesian, axes: [
                Axis(name: "Westing", abbreviation: "Y", direction: "west", unit: unit),
                Axis(name: "Southing", abbreviation: "X", direction: "south", unit: unit),
            ])
        case 9810, 9820, 1027, 1125, 9832:
            if let lat0 = latitude(8801), abs(abs(lat0) - 90) < 1e-10 {
                return polar(north: lat0 > 0, longitudeOfOrigin: latitude(8802) ?? 0, unit: unit)
            }
        case 9829, 9830:
            if let lat = latitude(8832), lat != 0 {
                return polar(north: lat > 0, longitudeOfOrigin: latitude(8833) ?? 0, unit: unit)
            }
        case 9826:
            return CoordinateSystem(kind: .cartesian, axes: [
                Axis(name: "Northing", abbreviation: "Y", direction: "north", unit: unit),
                Axis(name: "Westing", abbreviation: "X", direction: "west", unit: unit),
            ])
        case 9828:
            return CoordinateSystem(kind: .cartesian, axes: [
                Axis(name: "Southing", abbreviation: "P", direction: "south", unit: unit),
                Axis(name: "Westing", abbreviation: "M", direction: "west", unit: unit),
            ])
        default:
            break
        }
        return eastingNorthing(unit: unit)
    }

    /// True for the methods whose implicit axes are polar (`North along …` / `South along …`).
    static func isPolar(_ conversion: Conversion) -> Bool {
        implicitProjectedAxes(conversion: conversion, unit: .metre).axes.first?.direction.contains("along") ?? false
    }

    /// The axes EPSG gives polar projections: at the north pole easting points south along the
    /// meridian 90° east of the origin's and northing south along the opposite meridian; at the
    /// south pole both point north.
    static func polar(north: Bool, longitudeOfOrigin lon0: Double, unit: UnitOfMeasure) -> CoordinateSystem {
        north
            ? CoordinateSystem(kind: .cartesian, axes: [
                Axis(name: "Easting", abbreviation: "E", direction: direction("south", meridianDegrees: lon0 + 90), unit: unit),
                Axis(name: "Northing", abbreviation: "N", direction: direction("south", meridianDegrees: lon0 + 180), unit: unit),
            ])
            : CoordinateSystem(kind: .cartesian, axes: [
                Axis(name: "Easting", abbreviation: "E", direction: direction("north", meridianDegrees: lon0 + 90), unit: unit),
                Axis(name: "Northing", abbreviation: "N", direction: direction("north", meridianDegrees: lon0), unit: unit),
            ])
    }

    // MARK: Axis text

    /// Splits a WKT2 axis designation `geodetic latitude (Lat)` into a name and abbreviation,
    /// naming abbreviation-only axes (`(E)`, `(X)`) as EPSG does.
    static func axisNameAndAbbreviation(_ designation: String, direction: String, csKind: CoordinateSystem.Kind) -> (String, String) {
        var name = designation.trimmingSpaces
        var abbrev = ""
        if name.hasSuffix(")") {
            // The parenthesis that opens the final one (abbreviations may nest: "E(X)").
            var depth = 0
            var index = name.endIndex
            var open: String.Index?
            while index > name.startIndex {
                index = name.index(before: index)
                if name[index] == ")" { depth += 1 }
                if name[index] == "(" {
                    depth -= 1
                    if depth == 0 { open = index; break }
                }
            }
            if let open {
                abbrev = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
                name = String(name[..<open]).trimmingSpaces
            }
        }
        if name.isEmpty {
            switch (abbrev, direction.lowercased()) {
            case ("E", _), ("X", "east"), ("Y", "east"): name = "Easting"
            case ("N", _), ("Y", "north"), ("X", "north"): name = "Northing"
            case ("X", "geocentricx"): name = "Geocentric X"
            case ("Y", "geocentricy"): name = "Geocentric Y"
            case ("Z", "geocentricz"): name = "Geocentric Z"
            case ("X", "south"), ("Y", "south"): name = "Southing"
            case ("X", "west"), ("Y", "west"): name = "Westing"
            case ("H", _): name = "Gravity-related height"
            case ("D", _): name = "Depth"
            case ("h", _): name = "Ellipsoidal height"
            case ("Lat", _), ("lat", _): name = "Latitude"
            case ("Lon", _), ("lon", _), ("Long", _): name = "Longitude"
            default: name = abbrev
            }
        } else if let first = name.first {
            name = String(first).uppercased() + name.dropFirst()
        }
        if abbrev.isEmpty {
            switch name.lowercased() {
            case "latitude", "geodetic latitude": abbrev = csKind == .spherical ? "lat" : "Lat"
            case "longitude", "geodetic longitude": abbrev = csKind == .spherical ? "lon" : "Lon"
            case "easting": abbrev = "E"
            case "northing": abbrev = "N"
            case "ellipsoidal height": abbrev = "h"
            case "gravity-related height": abbrev = "H"
            case "depth": abbrev = "D"
            case "geocentric x": abbrev = "X"
            case "geocentric y": abbrev = "Y"
            case "geocentric z": abbrev = "Z"
            default: break
            }
        }
        if name == "Latitude" && csKind == .ellipsoidal { name = "Geodetic latitude" }
        if name == "Longitude" && csKind == .ellipsoidal { name = "Geodetic longitude" }
        return (name, abbrev)
    }

    /// `north` + meridian 90 (degrees) → `North along 90°E`. The meridian is reduced to
    /// (−180°, 180°] and rounded to 1e-9° (unit conversions leave noise in the last digits).
    static func direction(_ direction: String, meridianDegrees: Double?) -> String {
        guard var m = meridianDegrees, m.isFinite else { return direction }
        m = Angle.normalizeDegrees(m)
        m = Angle.normalizeDegrees((m * 1e9).rounded() / 1e9)
        let d = direction.prefix(1).uppercased() + direction.dropFirst().lowercased()
        let v = abs(m)
        let text = v == v.rounded() && v < 1e15 ? String(Int(v)) : TextFormat.g15(v)
        return "\(d) along \(text)°\(m < 0 ? "W" : "E")"
    }

    /// `North along 90°E` → (`north`, 90); other directions → (direction, nil).
    static func splitDirection(_ direction: String) -> (String, Double?) {
        let parts = direction.split(separator: " ")
        guard parts.count == 3, parts[1].lowercased() == "along" else { return (direction, nil) }
        var m = String(parts[2])
        let west = m.hasSuffix("W")
        m = m.replacingOccurrences(of: "°", with: "").replacingOccurrences(of: "E", with: "").replacingOccurrences(of: "W", with: "")
        guard let v = Double(m), v.isFinite, abs(v) <= 360 else { return (direction, nil) }
        return (parts[0].lowercased(), west ? -v : v)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
