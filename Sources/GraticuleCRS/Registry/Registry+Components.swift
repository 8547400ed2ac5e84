import GRDB
import GraticuleCore

/// Lookups of CRS components by code, for readers that assemble a CRS from parts (GeoTIFF keys
/// name a datum, an ellipsoid, a prime meridian or a map projection by EPSG code).
extension Registry {
    /// The geodetic datum with this identifier (`EPSG:6269`), with its ellipsoid and prime meridian.
    public func datum(_ id: Identifier) -> GeodeticDatum? { geodeticDatum(id) }

    /// The ellipsoid with this identifier (`EPSG:7019`).
    public func ellipsoid(_ id: Identifier) -> ReferenceEllipsoid? {
        try? read { db in try loadEllipsoid(db, id.authority, id.code) }
    }

    /// The prime meridian with this identifier (`EPSG:8901`).
    public func primeMeridian(_ id: Identifier) -> PrimeMeridian? {
        try? read { db in try loadPrimeMeridian(db, id.authority, id.code) }
    }

    /// The conversion (map projection and parameter values) with this identifier (`EPSG:16125`,
    /// UTM zone 25S), as projected CRSs of the registry use it.
    public func conversion(_ id: Identifier) -> Conversion? {
        try? read { db in try loadConversion(db, id.authority, id.code) }
    }

    /// The geographic or projected CRS whose name or alias is exactly `name`, preferring current
    /// entries, official names and EPSG; nil when none matches.
    public func crsIdentifier(named name: String) -> Identifier? {
        (try? crsIdentifiers(named: name, types: [.projected, .geographic2D]))?.first
    }
}
