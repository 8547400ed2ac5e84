import GraticuleCore
import GraticuleCRS
import GraticuleProjection

extension ProjectionParameters {
    /// The parameters of a CRS conversion in SI units (radians, metres, unity), keyed by EPSG code
    /// and by name, with the method under its table name (`OperationMethod.canonical`): the
    /// catalog matches kernels by EPSG code or by that name only. Sexagesimal EPSG units are
    /// converted to radians.
    public init(conversion: Conversion) {
        let method = conversion.method.canonical
        self.init(methodName: method.name, methodCode: method.epsgCode)
        for p in conversion.parameters {
            set(p.siValue, code: p.epsgCode, name: p.name)
        }
    }
}

extension ProjectedCRS {
    /// The projection kernel of this CRS's conversion on its base ellipsoid. `wrapsLongitude`
    /// (false for PROJ's `+over`) travels in the parameters to the projection's frame, the one
    /// place longitudes are wrapped.
    /// - Throws: `unsupported` for a method no kernel implements, `invalidParameter` for bad values.
    public func makeProjection() throws(GraticuleError) -> any Projection {
        var parameters = ProjectionParameters(conversion: conversion)
        parameters.wrapsLongitude = wrapsLongitude
        return try ProjectionCatalog.make(ellipsoid: base.datum.ellipsoid.figure, parameters: parameters)
    }
}
