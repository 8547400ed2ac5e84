import GraticuleCore

/// A coordinate operation method, identified by EPSG code when it has one (`EPSG:9807` Transverse
/// Mercator) and otherwise by name (`Fuller`, `Winkel Tripel`).
public struct OperationMethod: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?

    public init(name: String, identifier: Identifier? = nil) {
        self.name = name
        self.identifier = identifier
    }

    /// The EPSG method code, when the method has one.
    public var epsgCode: Int? { identifier?.authority == "EPSG" ? identifier?.number : nil }

    /// The method under the one name Graticule's method table gives it, for matching it to a
    /// projection kernel (`ProjectionCatalog`): a method with an EPSG code is returned as it is;
    /// a name in another spelling the table knows — WKT1/GDAL (`Lambert_Conformal_Conic_1SP`),
    /// a synonym (`Sanson-Flamsteed`), an Esri-only projection (`Berghaus Star`) — becomes the
    /// table's name (`Lambert Conic Conformal (1SP)`, `Sinusoidal`, `Berghaus_Star`), without
    /// inventing an EPSG code; an unknown name is kept.
    public var canonical: OperationMethod {
        guard epsgCode == nil, let name = MethodTable.canonicalName(name) else { return self }
        return OperationMethod(name: name, identifier: identifier)
    }
}

/// A parameter value of an operation: the value in its unit.
public struct OperationParameter: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    public var value: Double
    public var unit: UnitOfMeasure?

    public init(name: String, identifier: Identifier? = nil, value: Double, unit: UnitOfMeasure?) {
        self.name = name
        self.identifier = identifier
        self.value = value
        self.unit = unit
    }

    /// The EPSG parameter code, when the parameter has one.
    public var epsgCode: Int? { identifier?.authority == "EPSG" ? identifier?.number : nil }

    /// The value in SI units (metres, radians, unity). Values in the EPSG sexagesimal units
    /// (9110 DDD.MMSSsss, 9111 DDD.MM) are decoded to radians.
    public var siValue: Double { unit?.toSI(value) ?? value }

    /// The value in degrees for an angle, metres for a length, unity for a scale. A value in
    /// degrees is returned as given (no round trip through radians: the EPSG factor of the
    /// degree, 0.0174532925199433, is π/180 to 15 digits only).
    public var normalizedValue: Double {
        guard let unit else { return value }
        guard unit.kind == .angle else { return siValue }
        if unit.authority == "EPSG", let code = unit.code, let d = UnitOfMeasure.sexagesimalDegrees(value, unitCode: code) { return d }
        if abs(unit.factor - Angle.radiansPerDegree) <= 1e-12 * Angle.radiansPerDegree { return value }
        return siValue / Angle.radiansPerDegree
    }
}

/// A map projection (or other conversion) with its parameter values.
public struct Conversion: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    public var method: OperationMethod
    public var parameters: [OperationParameter]

    public init(name: String, identifier: Identifier? = nil, method: OperationMethod, parameters: [OperationParameter]) {
        self.name = name
        self.identifier = identifier
        self.method = method
        self.parameters = parameters
    }

    /// The parameter with this EPSG code, if present.
    public func parameter(epsg code: Int) -> OperationParameter? {
        parameters.first { $0.epsgCode == code }
    }

    /// The parameter with this name (case and separator insensitive), if present.
    public func parameter(named name: String) -> OperationParameter? {
        let key = NameKey.of(name)
        return parameters.first { NameKey.of($0.name) == key }
    }

    /// The first parameter with EPSG code `code` (when given) or with this name (`RegistryNames.key`:
    /// case, spaces and punctuation ignored), as the writers match a method's parameter list.
    func parameter(epsg code: Int?, orNamed name: String) -> OperationParameter? {
        let key = RegistryNames.key(name)
        return parameters.first { (code != nil && $0.epsgCode == code) || RegistryNames.key($0.name) == key }
    }

}

import Foundation
