import GraticuleCore

/// A geodetic reference frame (or a datum ensemble of them): ellipsoid and prime meridian.
public struct GeodeticDatum: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    public var ellipsoid: ReferenceEllipsoid
    public var primeMeridian: PrimeMeridian
    /// Set when the datum is an ensemble (e.g. EPSG:6326 "World Geodetic System 1984 ensemble").
    public var ensemble: DatumEnsemble?
    /// Frame reference epoch of a dynamic datum, decimal year.
    public var frameReferenceEpoch: Double?
    public var anchor: String?
    /// The 3 or 7 Bursa-Wolf parameters to WGS 84 a WKT1 `TOWGS84` node (or a WKT2 `BOUNDCRS`
    /// to WGS 84) gave: translations in metres, rotations in arc-seconds (position vector
    /// convention), scale difference in parts per million. Kept for round trips; not used to
    /// transform.
    public var towgs84: [Double]?

    public init(name: String, identifier: Identifier? = nil, ellipsoid: ReferenceEllipsoid,
                primeMeridian: PrimeMeridian = .greenwich, ensemble: DatumEnsemble? = nil,
                frameReferenceEpoch: Double? = nil, anchor: String? = nil, towgs84: [Double]? = nil) {
        self.name = name
        self.identifier = identifier
        self.ellipsoid = ellipsoid
        self.primeMeridian = primeMeridian
        self.ensemble = ensemble
        self.frameReferenceEpoch = frameReferenceEpoch
        self.anchor = anchor
        self.towgs84 = towgs84
    }
}

/// The members of a datum ensemble and its accuracy in metres.
public struct DatumEnsemble: Hashable, Sendable {
    public struct Member: Hashable, Sendable {
        public var name: String
        public var identifier: Identifier?
        public init(name: String, identifier: Identifier? = nil) {
            self.name = name
            self.identifier = identifier
        }
    }
    public var members: [Member]
    /// Ensemble accuracy, metres.
    public var accuracy: Double?

    public init(members: [Member], accuracy: Double?) {
        self.members = members
        self.accuracy = accuracy
    }
}

/// A vertical reference frame (or ensemble).
public struct VerticalDatum: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    public var ensemble: DatumEnsemble?

    public init(name: String, identifier: Identifier? = nil, ensemble: DatumEnsemble? = nil) {
        self.name = name
        self.identifier = identifier
        self.ensemble = ensemble
    }
}
