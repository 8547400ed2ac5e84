import GraticuleCore

/// A geographic (2D or 3D) or geocentric CRS on a geodetic datum.
public struct GeodeticCRS: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case geographic2D = "geographic 2D", geographic3D = "geographic 3D", geocentric

        /// The kind a coordinate system makes a geodetic CRS: ellipsoidal 2D or 3D, or geocentric
        /// (3D Cartesian or spherical); nil for any other CS.
        init?(coordinateSystem cs: CoordinateSystem) {
            switch (cs.kind, cs.axes.count) {
            case (.ellipsoidal, 2): self = .geographic2D
            case (.ellipsoidal, 3): self = .geographic3D
            case (.cartesian, 3), (.spherical, _): self = .geocentric
            default: return nil
            }
        }
    }
    public var name: String
    public var identifier: Identifier?
    public var kind: Kind
    public var datum: GeodeticDatum
    public var coordinateSystem: CoordinateSystem

    public init(name: String, identifier: Identifier? = nil, kind: Kind, datum: GeodeticDatum,
                coordinateSystem: CoordinateSystem) {
        self.name = name
        self.identifier = identifier
        self.kind = kind
        self.datum = datum
        self.coordinateSystem = coordinateSystem
    }
}

/// A projected CRS: a geographic base CRS, a map projection and a Cartesian coordinate system.
public struct ProjectedCRS: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    public var base: GeodeticCRS
    public var conversion: Conversion
    public var coordinateSystem: CoordinateSystem
    /// False for PROJ's `+over`: longitudes are not reduced to ±180° around the central meridian,
    /// so that a map may extend past the antimeridian. Read from and written to PROJ strings only.
    public var wrapsLongitude = true

    public init(name: String, identifier: Identifier? = nil, base: GeodeticCRS, conversion: Conversion,
                coordinateSystem: CoordinateSystem) {
        self.name = name
        self.identifier = identifier
        self.base = base
        self.conversion = conversion
        self.coordinateSystem = coordinateSystem
    }
}

/// A vertical CRS (heights or depths).
public struct VerticalCRS: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    public var datum: VerticalDatum
    public var coordinateSystem: CoordinateSystem

    public init(name: String, identifier: Identifier? = nil, datum: VerticalDatum, coordinateSystem: CoordinateSystem) {
        self.name = name
        self.identifier = identifier
        self.datum = datum
        self.coordinateSystem = coordinateSystem
    }
}

/// An engineering (local) CRS: a named datum and a coordinate system, not tied to the Earth.
public struct EngineeringCRS: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    public var datumName: String
    public var coordinateSystem: CoordinateSystem

    public init(name: String, identifier: Identifier? = nil, datumName: String, coordinateSystem: CoordinateSystem) {
        self.name = name
        self.identifier = identifier
        self.datumName = datumName
        self.coordinateSystem = coordinateSystem
    }
}

/// A compound CRS: a horizontal CRS and a vertical CRS (in that order).
public struct CompoundCRS: Hashable, Sendable {
    public var name: String
    public var identifier: Identifier?
    public var components: [CRS]

    public init(name: String, identifier: Identifier? = nil, components: [CRS]) {
        self.name = name
        self.identifier = identifier
        self.components = components
    }
}

/// A coordinate reference system of any kind.
public indirect enum CRS: Hashable, Sendable {
    case geodetic(GeodeticCRS)
    case projected(ProjectedCRS)
    case vertical(VerticalCRS)
    case compound(CompoundCRS)
    case engineering(EngineeringCRS)

    public var name: String {
        switch self {
        case let .geodetic(c): c.name
        case let .projected(c): c.name
        case let .vertical(c): c.name
        case let .compound(c): c.name
        case let .engineering(c): c.name
        }
    }

    public var identifier: Identifier? {
        switch self {
        case let .geodetic(c): c.identifier
        case let .projected(c): c.identifier
        case let .vertical(c): c.identifier
        case let .compound(c): c.identifier
        case let .engineering(c): c.identifier
        }
    }

    /// The coordinate system (for a compound CRS, the horizontal component's).
    public var coordinateSystem: CoordinateSystem? {
        switch self {
        case let .geodetic(c): c.coordinateSystem
        case let .projected(c): c.coordinateSystem
        case let .vertical(c): c.coordinateSystem
        case let .compound(c): c.components.first?.coordinateSystem
        case let .engineering(c): c.coordinateSystem
        }
    }

    /// The geodetic CRS underneath: itself, a projected CRS's base, a compound CRS's horizontal one.
    public var geodetic: GeodeticCRS? {
        switch self {
        case let .geodetic(c): c
        case let .projected(c): c.base
        case let .compound(c): c.components.lazy.compactMap(\.geodetic).first
        case .vertical, .engineering: nil
        }
    }

    /// The horizontal component: itself unless compound.
    public var horizontal: CRS? {
        switch self {
        case .geodetic, .projected: self
        case let .compound(c): c.components.first { $0.geodetic != nil }
        case .vertical, .engineering: nil
        }
    }

    /// The projected CRS, if this is one (or a compound CRS whose horizontal part is one).
    public var projected: ProjectedCRS? {
        switch self {
        case let .projected(c): c
        case let .compound(c): c.components.lazy.compactMap(\.projected).first
        default: nil
        }
    }
}
