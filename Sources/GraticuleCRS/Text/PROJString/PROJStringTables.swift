import GraticuleCore

/// PROJ's built-in names: ellipsoids (`+ellps=`), prime meridians (`+pm=`) and datums
/// (`+datum=`), with the EPSG objects they correspond to.
enum PROJNames {
    struct EllipsoidDef: Sendable {
        let name: String
        let a: Double
        /// 1/f, or nil when defined by `b`.
        let rf: Double?
        let b: Double?
        let epsg: Int?

        var inverseFlattening: Double {
            if let rf { return rf }
            guard let b, b < a else { return 0 }
            return a / (a - b)
        }
    }

    /// `+ellps=` names (PROJ 9.5, `pj_get_ellps_ref`).
    static let ellipsoids: [EllipsoidDef] = [
        .init(name: "MERIT", a: 6378137.0, rf: 298.257, b: nil, epsg: nil),
        .init(name: "SGS85", a: 6378136.0, rf: 298.257, b: nil, epsg: nil),
        .init(name: "GRS80", a: 6378137.0, rf: 298.257222101, b: nil, epsg: 7019),
        .init(name: "IAU76", a: 6378140.0, rf: 298.257, b: nil, epsg: nil),
        .init(name: "airy", a: 6377563.396, rf: 299.3249646, b: nil, epsg: 7001),
        .init(name: "APL4.9", a: 6378137.0, rf: 298.25, b: nil, epsg: nil),
        .init(name: "NWL9D", a: 6378145.0, rf: 298.25, b: nil, epsg: 7025),
        .init(name: "mod_airy", a: 6377340.189, rf: nil, b: 6356034.446, epsg: 7002),
        .init(name: "andrae", a: 6377104.43, rf: 300.0, b: nil, epsg: nil),
        .init(name: "danish", a: 6377019.2563, rf: 300.0, b: nil, epsg: 7051),
        .init(name: "aust_SA", a: 6378160.0, rf: 298.25, b: nil, epsg: 7003),
        .init(name: "GRS67", a: 6378160.0, rf: 298.247167427, b: nil, epsg: 7036),
        .init(name: "GSK2011", a: 6378136.5, rf: 298.2564151, b: nil, epsg: 1025),
        .init(name: "bessel", a: 6377397.155, rf: 299.1528128, b: nil, epsg: 7004),
        .init(name: "bess_nam", a: 6377483.865, rf: 299.1528128, b: nil, epsg: 7046),
        .init(name: "clrk66", a: 6378206.4, rf: nil, b: 6356583.8, epsg: 7008),
        .init(name: "clrk80", a: 6378249.145, rf: 293.4663, b: nil, epsg: 7012),
        .init(name: "clrk80ign", a: 6378249.2, rf: 293.4660212936269, b: nil, epsg: 7011),
        .init(name: "CPM", a: 6375738.7, rf: 334.29, b: nil, epsg: nil),
        .init(name: "delmbr", a: 6376428.0, rf: 311.5, b: nil, epsg: nil),
        .init(name: "engelis", a: 6378136.05, rf: 298.2566, b: nil, epsg: nil),
        .init(name: "evrst30", a: 6377276.345, rf: 300.8017, b: nil, epsg: 7015),
        .init(name: "evrst48", a: 6377304.063, rf: 300.8017, b: nil, epsg: 7018),
        .init(name: "evrst56", a: 6377301.243, rf: 300.8017, b: nil, epsg: 7044),
        .init(name: "evrst69", a: 6377295.664, rf: 300.8017, b: nil, epsg: 7056),
        .init(name: "evrstSS", a: 6377298.556, rf: 300.8017, b: nil, epsg: 7016),
        .init(name: "fschr60", a: 6378166.0, rf: 298.3, b: nil, epsg: nil),
        .init(name: "fschr60m", a: 6378155.0, rf: 298.3, b: nil, epsg: nil),
        .init(name: "fschr68", a: 6378150.0, rf: 298.3, b: nil, epsg: nil),
        .init(name: "helmert", a: 6378200.0, rf: 298.3, b: nil, epsg: 7020),
        .init(name: "hough", a: 6378270.0, rf: 297.0, b: nil, epsg: 7053),
        .init(name: "intl", a: 6378388.0, rf: 297.0, b: nil, epsg: 7022),
        .init(name: "krass", a: 6378245.0, rf: 298.3, b: nil, epsg: 7024),
        .init(name: "kaula", a: 6378163.0, rf: 298.24, b: nil, epsg: nil),
        .init(name: "lerch", a: 6378139.0, rf: 298.257, b: nil, epsg: nil),
        .init(name: "mprts", a: 6397300.0, rf: 191.0, b: nil, epsg: nil),
        .init(name: "new_intl", a: 6378157.5, rf: nil, b: 6356772.2, epsg: nil),
        .init(name: "plessis", a: 6376523.0, rf: nil, b: 6355863.0, epsg: 7027),
        .init(name: "PZ90", a: 6378136.0, rf: 298.25784, b: nil, epsg: 7054),
        .init(name: "SEasia", a: 6378155.0, rf: nil, b: 6356773.3205, epsg: nil),
        .init(name: "walbeck", a: 6376896.0, rf: nil, b: 6355834.8467, epsg: nil),
        .init(name: "WGS60", a: 6378165.0, rf: 298.3, b: nil, epsg: nil),
        .init(name: "WGS66", a: 6378145.0, rf: 298.25, b: nil, epsg: nil),
        .init(name: "WGS72", a: 6378135.0, rf: 298.26, b: nil, epsg: 7043),
        .init(name: "WGS84", a: 6378137.0, rf: 298.257223563, b: nil, epsg: 7030),
        .init(name: "sphere", a: 6370997.0, rf: nil, b: 6370997.0, epsg: 7052),
    ]

    static func ellipsoid(named name: String) -> EllipsoidDef? { ellipsoids.first { $0.name == name } }

    /// The PROJ name of an ellipsoid with this figure (exact to 1e-12 in `a` and `1/f`).
    static func ellipsoidName(for e: Ellipsoid) -> String? {
        ellipsoids.first { d in
            CRSEquivalence.close(d.a, e.semiMajorAxis, 1e-12)
                && (d.inverseFlattening == 0 ? e.isSphere : CRSEquivalence.close(d.inverseFlattening, e.inverseFlattening, 1e-11))
        }?.name
    }

    /// `+pm=` names and their longitudes in degrees (PROJ's `pj_prime_meridians`).
    static let primeMeridians: [(name: String, degrees: Double)] = [
        ("greenwich", 0),
        ("lisbon", -(9 + 7.0 / 60 + 54.862 / 3600)),
        ("paris", 2 + 20.0 / 60 + 14.025 / 3600),
        ("bogota", -(74 + 4.0 / 60 + 51.3 / 3600)),
        ("madrid", -(3 + 41.0 / 60 + 16.58 / 3600)),
        ("rome", 12 + 27.0 / 60 + 8.4 / 3600),
        ("bern", 7 + 26.0 / 60 + 22.5 / 3600),
        ("jakarta", 106 + 48.0 / 60 + 27.79 / 3600),
        ("ferro", -(17 + 40.0 / 60)),
        ("brussels", 4 + 22.0 / 60 + 4.71 / 3600),
        ("stockholm", 18 + 3.0 / 60 + 29.8 / 3600),
        ("athens", 23 + 42.0 / 60 + 58.815 / 3600),
        ("oslo", 10 + 43.0 / 60 + 22.5 / 3600),
        ("copenhagen", 12 + 34.0 / 60 + 40.35 / 3600),
    ]

    /// `+datum=` names: the ellipsoid and the EPSG datum (PROJ's `pj_datums`).
    static let datums: [(name: String, ellps: String, epsg: Int?)] = [
        ("WGS84", "WGS84", 6326), ("GGRS87", "GRS80", 6121), ("NAD83", "GRS80", 6269), ("NAD27", "clrk66", 6267),
        ("potsdam", "bessel", 6314), ("carthage", "clrk80ign", 6223), ("hermannskogel", "bessel", 6312),
        ("ire65", "mod_airy", 6299), ("nzgd49", "intl", 6272), ("OSGB36", "airy", 6277),
    ]
}
