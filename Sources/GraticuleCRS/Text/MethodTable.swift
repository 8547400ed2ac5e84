import GraticuleCore

/// What a projection parameter measures.
enum ParameterKind: Sendable {
    case angle, length, scale
}

/// One parameter of a projection method under its three spellings: the EPSG / WKT2 name and
/// code, the WKT1 (GDAL) name, and the PROJ-string key.
struct ParameterSpec: Sendable {
    let name: String
    let epsg: Int?
    let wkt1: String?
    let kind: ParameterKind
    let proj: String?

    init(_ name: String, _ epsg: Int?, wkt1: String?, _ kind: ParameterKind, proj: String?) {
        self.name = name
        self.epsg = epsg
        self.wkt1 = wkt1
        self.kind = kind
        self.proj = proj
    }

    func with(wkt1: String?) -> ParameterSpec { ParameterSpec(name, epsg, wkt1: wkt1, kind, proj: proj) }
    func with(proj: String?) -> ParameterSpec { ParameterSpec(name, epsg, wkt1: wkt1, kind, proj: proj) }
}

/// A projection method: its EPSG / WKT2 name and code, its WKT1 (GDAL) name, its PROJ operation
/// (with the extra flag that selects the variant, e.g. `axis=wsu`) and its parameters in EPSG order.
///
/// This is the same correspondence PROJ's `parammappings.cpp` establishes (WKT2 ↔ WKT1 ↔ PROJ
/// string), written down as data; the Esri names live in the registry (`esri_method`).
struct MethodSpec: Sendable {
    let name: String
    let epsg: Int?
    let wkt1: String?
    let proj: String?
    let projAux: String?
    let params: [ParameterSpec]
}

/// The method table and lookups into it.
enum MethodTable {
    // MARK: Parameters

    static let latNat = ParameterSpec("Latitude of natural origin", 8801, wkt1: "latitude_of_origin", .angle, proj: "lat_0")
    static let lonNat = ParameterSpec("Longitude of natural origin", 8802, wkt1: "central_meridian", .angle, proj: "lon_0")
    static let kNat0 = ParameterSpec("Scale factor at natural origin", 8805, wkt1: "scale_factor", .scale, proj: "k_0")
    static let kNat = ParameterSpec("Scale factor at natural origin", 8805, wkt1: "scale_factor", .scale, proj: "k")
    static let fe = ParameterSpec("False easting", 8806, wkt1: "false_easting", .length, proj: "x_0")
    static let fn = ParameterSpec("False northing", 8807, wkt1: "false_northing", .length, proj: "y_0")
    static let latFalse = ParameterSpec("Latitude of false origin", 8821, wkt1: "latitude_of_origin", .angle, proj: "lat_0")
    static let lonFalse = ParameterSpec("Longitude of false origin", 8822, wkt1: "central_meridian", .angle, proj: "lon_0")
    static let eFalse = ParameterSpec("Easting at false origin", 8826, wkt1: "false_easting", .length, proj: "x_0")
    static let nFalse = ParameterSpec("Northing at false origin", 8827, wkt1: "false_northing", .length, proj: "y_0")
    static let lat1 = ParameterSpec("Latitude of 1st standard parallel", 8823, wkt1: "standard_parallel_1", .angle, proj: "lat_1")
    static let lat2 = ParameterSpec("Latitude of 2nd standard parallel", 8824, wkt1: "standard_parallel_2", .angle, proj: "lat_2")
    static let latCentre = ParameterSpec("Latitude of projection centre", 8811, wkt1: "latitude_of_center", .angle, proj: "lat_0")
    static let lonCentre = ParameterSpec("Longitude of projection centre", 8812, wkt1: "longitude_of_center", .angle, proj: "lonc")
    static let azimuth = ParameterSpec("Azimuth at projection centre", 8813, wkt1: "azimuth", .angle, proj: "alpha")
    static let skew = ParameterSpec("Angle from Rectified to Skew Grid", 8814, wkt1: "rectified_grid_angle", .angle, proj: "gamma")
    static let kCentre = ParameterSpec("Scale factor at projection centre", 8815, wkt1: "scale_factor", .scale, proj: "k")
    static let eCentre = ParameterSpec("Easting at projection centre", 8816, wkt1: "false_easting", .length, proj: "x_0")
    static let nCentre = ParameterSpec("Northing at projection centre", 8817, wkt1: "false_northing", .length, proj: "y_0")
    static let latStd = ParameterSpec("Latitude of standard parallel", 8832, wkt1: "latitude_of_origin", .angle, proj: "lat_ts")
    static let lonOrigin = ParameterSpec("Longitude of origin", 8833, wkt1: "central_meridian", .angle, proj: "lon_0")
    static let point1Lat = ParameterSpec("Latitude of 1st point", nil, wkt1: "Latitude_Of_1st_Point", .angle, proj: "lat_1")
    static let point1Lon = ParameterSpec("Longitude of 1st point", nil, wkt1: "Longitude_Of_1st_Point", .angle, proj: "lon_1")
    static let point2Lat = ParameterSpec("Latitude of 2nd point", nil, wkt1: "Latitude_Of_2nd_Point", .angle, proj: "lat_2")
    static let point2Lon = ParameterSpec("Longitude of 2nd point", nil, wkt1: "Longitude_Of_2nd_Point", .angle, proj: "lon_2")
    static let coneAxis = ParameterSpec("Co-latitude of cone axis", 1036, wkt1: "azimuth", .angle, proj: "alpha")
    static let pseudoParallel = ParameterSpec("Latitude of pseudo standard parallel", 8818, wkt1: "pseudo_standard_parallel_1", .angle, proj: nil)
    static let pseudoScale = ParameterSpec("Scale factor on pseudo standard parallel", 8819, wkt1: "scale_factor", .scale, proj: "k")
    static let ellipsoidScale = ParameterSpec("Ellipsoid scaling factor", 1038, wkt1: nil, .scale, proj: "k_0")
    static let satelliteHeight = ParameterSpec("Satellite Height", nil, wkt1: "satellite_height", .length, proj: "h")
    static let latTopo = ParameterSpec("Latitude of topocentric origin", 8834, wkt1: nil, .angle, proj: "lat_0")
    static let lonTopo = ParameterSpec("Longitude of topocentric origin", 8835, wkt1: nil, .angle, proj: "lon_0")
    static let hTopo = ParameterSpec("Ellipsoidal height of topocentric origin", 8836, wkt1: nil, .length, proj: nil)
    static let viewpoint = ParameterSpec("Viewpoint height", 8840, wkt1: nil, .length, proj: "h")
    static let planeHeight = ParameterSpec("Projection plane origin height", 1039, wkt1: nil, .length, proj: "h_0")
    static let initialLon = ParameterSpec("Initial longitude", 8830, wkt1: nil, .angle, proj: "lon_0")
    static let zoneWidth = ParameterSpec("Zone width", 8831, wkt1: nil, .angle, proj: "width")

    static let natOriginScaleK = [latNat, lonNat, kNat, fe, fn]
    static let natOriginScale = [latNat, lonNat, kNat0, fe, fn]
    static let natOrigin = [latNat, lonNat, fe, fn]
    static let lonNatOnly = [lonNat, fe, fn]
    static let lonNatCenter = [lonNat.with(wkt1: "longitude_of_center"), fe, fn]
    static let aeaEqdc = [latFalse.with(wkt1: "latitude_of_center"), lonFalse.with(wkt1: "longitude_of_center"),
                          lat1, lat2, eFalse, nFalse]
    static let lcc1SP = [latNat.with(proj: "lat_1"), lonNat, kNat0, fe, fn]
    static let lcc1SPB = [latNat.with(proj: "lat_1"), kNat0, latFalse, lonFalse, eFalse, nFalse]
    static let lcc2SP = [latFalse, lonFalse, lat1, lat2, eFalse, nFalse]
    static let lcc2SPMichigan = lcc2SP + [ellipsoidScale]
    static let aeqd = [latNat.with(wkt1: "latitude_of_center"), lonNat.with(wkt1: "longitude_of_center"), fe, fn]
    static let bonne = [latNat.with(wkt1: "standard_parallel_1").with(proj: "lat_1"), lonNat, fe, fn]
    static let cea = [lat1.with(proj: "lat_ts"), lonNat, fe, fn]
    static let eqc = [lat1.with(proj: "lat_ts"), latNat, lonNat, fe, fn]
    static let tmg = [latFalse, lonFalse, eFalse, nFalse]
    static let tpeqd = [point1Lat, point1Lon, point2Lat, point2Lon, fe, fn]
    static let geos = [lonNat, satelliteHeight, fe, fn]
    static let homA = [latCentre, lonCentre, azimuth, skew, kCentre, fe, fn]
    static let homB = [latCentre, lonCentre, azimuth, skew, kCentre, eCentre, nCentre]
    static let homTwoPoint = [latCentre, point1Lat.with(wkt1: "latitude_of_point_1"),
                              point1Lon.with(wkt1: "longitude_of_point_1"), point2Lat.with(wkt1: "latitude_of_point_2"),
                              point2Lon.with(wkt1: "longitude_of_point_2"), kCentre, eCentre, nCentre]
    static let localOrtho = [latCentre, lonCentre.with(proj: "lon_0"), azimuth, kCentre, eCentre, nCentre]
    static let krovak = [latCentre, lonOrigin.with(wkt1: "longitude_of_center"), coneAxis, pseudoParallel,
                         pseudoScale, fe, fn]
    static let laea = [latNat.with(wkt1: "latitude_of_center"), lonNat.with(wkt1: "longitude_of_center"), fe, fn]
    static let merc1SP = [ParameterSpec("Latitude of natural origin", 8801, wkt1: nil, .angle, proj: nil),
                          lonNat, kNat, fe, fn]
    static let merc2SP = [lat1.with(proj: "lat_ts"), lonNat, fe, fn]
    static let obliqueStereo = [latNat, lonNat, kNat, fe, fn]
    static let polarStereoB = [latStd, lonOrigin, fe, fn]
    static let wag3 = [ParameterSpec("Latitude of true scale", nil, wkt1: "latitude_of_origin", .angle, proj: "lat_ts"),
                       lonNat, fe, fn]
    static let wink1 = [lonNat, lat1.with(proj: "lat_ts"), fe, fn]
    static let wink2 = [lonNat, lat1, fe, fn]
    static let loxim = [latNat.with(proj: "lat_1"), lonNat, fe, fn]
    static let labrd = [latCentre, lonCentre.with(proj: "lon_0"), azimuth.with(proj: "azi"), kCentre, fe, fn]
    static let vertPersp = [latTopo, lonTopo, hTopo, viewpoint, fe, fn]
    static let colombiaUrban = [latNat, lonNat, fe, fn, planeHeight]
    static let tmZoned = [latNat, initialLon, zoneWidth, kNat0, fe, fn]
    static let imwp = [lonNat, point1Lat, point2Lat, fe, fn]

    // MARK: Methods

    /// Every projection method Graticule can name in WKT1 and PROJ strings. Order matters for
    /// lookups by WKT1 or PROJ name: the first entry with a name is the default one.
    static let methods: [MethodSpec] = [
        MethodSpec(name: "Transverse Mercator", epsg: 9807, wkt1: "Transverse_Mercator", proj: "tmerc", projAux: nil, params: natOriginScaleK),
        MethodSpec(name: "Transverse Mercator 3D", epsg: 1111, wkt1: "Transverse_Mercator", proj: "tmerc", projAux: nil, params: natOriginScaleK),
        MethodSpec(name: "Transverse Mercator (South Orientated)", epsg: 9808, wkt1: "Transverse_Mercator_South_Orientated", proj: "tmerc", projAux: "axis=wsu", params: natOriginScaleK),
        MethodSpec(name: "Two Point Equidistant", epsg: nil, wkt1: "Two_Point_Equidistant", proj: "tpeqd", projAux: nil, params: tpeqd),
        MethodSpec(name: "Tunisia Mining Grid", epsg: 9816, wkt1: "Tunisia_Mining_Grid", proj: nil, projAux: nil, params: tmg),
        MethodSpec(name: "Albers Equal Area", epsg: 9822, wkt1: "Albers_Conic_Equal_Area", proj: "aea", projAux: nil, params: aeaEqdc),
        MethodSpec(name: "Lambert Conic Conformal (1SP)", epsg: 9801, wkt1: "Lambert_Conformal_Conic_1SP", proj: "lcc", projAux: nil, params: lcc1SP),
        MethodSpec(name: "Lambert Conic Conformal (1SP variant B)", epsg: 1102, wkt1: nil, proj: "lcc", projAux: nil, params: lcc1SPB),
        MethodSpec(name: "Lambert Conic Conformal (2SP)", epsg: 9802, wkt1: "Lambert_Conformal_Conic_2SP", proj: "lcc", projAux: nil, params: lcc2SP),
        MethodSpec(name: "Lambert Conic Conformal (2SP Michigan)", epsg: 1051, wkt1: nil, proj: "lcc", projAux: nil, params: lcc2SPMichigan),
        MethodSpec(name: "Lambert Conic Conformal (2SP Belgium)", epsg: 9803, wkt1: "Lambert_Conformal_Conic_2SP_Belgium", proj: "lcc", projAux: nil, params: lcc2SP),
        MethodSpec(name: "Azimuthal Equidistant", epsg: 1125, wkt1: "Azimuthal_Equidistant", proj: "aeqd", projAux: nil, params: aeqd),
        MethodSpec(name: "Modified Azimuthal Equidistant", epsg: 9832, wkt1: "Azimuthal_Equidistant", proj: "aeqd", projAux: nil, params: aeqd),
        MethodSpec(name: "Guam Projection", epsg: 9831, wkt1: nil, proj: "aeqd", projAux: "guam", params: natOrigin),
        MethodSpec(name: "Bonne", epsg: 9827, wkt1: "Bonne", proj: "bonne", projAux: nil, params: bonne),
        MethodSpec(name: "Compact Miller", epsg: nil, wkt1: "Compact_Miller", proj: "comill", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Lambert Cylindrical Equal Area", epsg: 9835, wkt1: "Cylindrical_Equal_Area", proj: "cea", projAux: nil, params: cea),
        MethodSpec(name: "Lambert Cylindrical Equal Area (Spherical)", epsg: 9834, wkt1: "Cylindrical_Equal_Area", proj: "cea", projAux: "R_A", params: cea),
        MethodSpec(name: "Cassini-Soldner", epsg: 9806, wkt1: "Cassini_Soldner", proj: "cass", projAux: nil, params: natOrigin),
        MethodSpec(name: "Hyperbolic Cassini-Soldner", epsg: 9833, wkt1: nil, proj: "cass", projAux: "hyperbolic", params: natOrigin),
        MethodSpec(name: "Equidistant Conic", epsg: 1119, wkt1: "Equidistant_Conic", proj: "eqdc", projAux: nil, params: aeaEqdc),
        MethodSpec(name: "Eckert I", epsg: nil, wkt1: "Eckert_I", proj: "eck1", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Eckert II", epsg: nil, wkt1: "Eckert_II", proj: "eck2", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Eckert III", epsg: nil, wkt1: "Eckert_III", proj: "eck3", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Eckert IV", epsg: nil, wkt1: "Eckert_IV", proj: "eck4", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Eckert V", epsg: nil, wkt1: "Eckert_V", proj: "eck5", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Eckert VI", epsg: nil, wkt1: "Eckert_VI", proj: "eck6", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Equidistant Cylindrical", epsg: 1028, wkt1: "Equirectangular", proj: "eqc", projAux: nil, params: eqc),
        MethodSpec(name: "Equidistant Cylindrical (Spherical)", epsg: 1029, wkt1: "Equirectangular", proj: "eqc", projAux: nil, params: eqc),
        MethodSpec(name: "Flat Polar Quartic", epsg: nil, wkt1: "Flat_Polar_Quartic", proj: "mbtfpq", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Gall Stereographic", epsg: nil, wkt1: "Gall_Stereographic", proj: "gall", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Goode Homolosine", epsg: nil, wkt1: "Goode_Homolosine", proj: "goode", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Interrupted Goode Homolosine", epsg: nil, wkt1: "Interrupted_Goode_Homolosine", proj: "igh", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Interrupted Goode Homolosine Ocean", epsg: nil, wkt1: nil, proj: "igh_o", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Geostationary Satellite (Sweep X)", epsg: nil, wkt1: nil, proj: "geos", projAux: "sweep=x", params: geos),
        MethodSpec(name: "Geostationary Satellite (Sweep Y)", epsg: nil, wkt1: "Geostationary_Satellite", proj: "geos", projAux: nil, params: geos),
        MethodSpec(name: "Gauss Schreiber Transverse Mercator", epsg: nil, wkt1: "Gauss_Schreiber_Transverse_Mercator", proj: "gstmerc", projAux: nil, params: natOriginScale),
        MethodSpec(name: "Gnomonic", epsg: nil, wkt1: "Gnomonic", proj: "gnom", projAux: nil, params: natOrigin),
        MethodSpec(name: "Hotine Oblique Mercator (variant A)", epsg: 9812, wkt1: "Hotine_Oblique_Mercator", proj: "omerc", projAux: "no_uoff", params: homA),
        MethodSpec(name: "Hotine Oblique Mercator (variant B)", epsg: 9815, wkt1: "Hotine_Oblique_Mercator_Azimuth_Center", proj: "omerc", projAux: nil, params: homB),
        MethodSpec(name: "Hotine Oblique Mercator Two Point Natural Origin", epsg: nil, wkt1: "Hotine_Oblique_Mercator_Two_Point_Natural_Origin", proj: "omerc", projAux: nil, params: homTwoPoint),
        // PROJ's two-point omerc: u from the projection centre (Esri's name for that form).
        MethodSpec(name: "Hotine Oblique Mercator Two Point Center", epsg: nil, wkt1: "Hotine_Oblique_Mercator_Two_Point_Center", proj: "omerc", projAux: nil, params: homTwoPoint),
        MethodSpec(name: "International Map of the World Polyconic", epsg: nil, wkt1: "International_Map_of_the_World_Polyconic", proj: "imw_p", projAux: nil, params: imwp),
        MethodSpec(name: "Krovak (North Orientated)", epsg: 1041, wkt1: "Krovak", proj: "krovak", projAux: nil, params: krovak),
        MethodSpec(name: "Krovak", epsg: 9819, wkt1: "Krovak", proj: "krovak", projAux: "axis=swu", params: krovak),
        MethodSpec(name: "Krovak Modified (North Orientated)", epsg: 1043, wkt1: nil, proj: "mod_krovak", projAux: nil, params: krovak),
        MethodSpec(name: "Krovak Modified", epsg: 1042, wkt1: nil, proj: "mod_krovak", projAux: "axis=swu", params: krovak),
        MethodSpec(name: "Lambert Azimuthal Equal Area", epsg: 9820, wkt1: "Lambert_Azimuthal_Equal_Area", proj: "laea", projAux: nil, params: laea),
        MethodSpec(name: "Lambert Azimuthal Equal Area (Spherical)", epsg: 1027, wkt1: "Lambert_Azimuthal_Equal_Area", proj: "laea", projAux: "R_A", params: laea),
        MethodSpec(name: "Miller Cylindrical", epsg: nil, wkt1: "Miller_Cylindrical", proj: "mill", projAux: "R_A", params: lonNatCenter),
        MethodSpec(name: "Mercator (variant A)", epsg: 9804, wkt1: "Mercator_1SP", proj: "merc", projAux: nil, params: merc1SP),
        MethodSpec(name: "Mercator (variant B)", epsg: 9805, wkt1: "Mercator_2SP", proj: "merc", projAux: nil, params: merc2SP),
        MethodSpec(name: "Popular Visualisation Pseudo Mercator", epsg: 1024, wkt1: "Popular_Visualisation_Pseudo_Mercator", proj: "webmerc", projAux: nil, params: natOrigin),
        MethodSpec(name: "Mercator (Spherical)", epsg: 1026, wkt1: nil, proj: "merc", projAux: "R_C", params: natOrigin),
        MethodSpec(name: "Mollweide", epsg: nil, wkt1: "Mollweide", proj: "moll", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Natural Earth", epsg: nil, wkt1: "Natural_Earth", proj: "natearth", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Natural Earth II", epsg: nil, wkt1: "Natural_Earth_II", proj: "natearth2", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "New Zealand Map Grid", epsg: 9811, wkt1: "New_Zealand_Map_Grid", proj: "nzmg", projAux: nil, params: natOrigin),
        MethodSpec(name: "Oblique Stereographic", epsg: 9809, wkt1: "Oblique_Stereographic", proj: "sterea", projAux: nil, params: obliqueStereo),
        MethodSpec(name: "Orthographic", epsg: 9840, wkt1: "Orthographic", proj: "ortho", projAux: nil, params: natOrigin),
        MethodSpec(name: "Local Orthographic", epsg: 1130, wkt1: "Local Orthographic", proj: "ortho", projAux: nil, params: localOrtho),
        MethodSpec(name: "Orthographic (Spherical)", epsg: nil, wkt1: "Orthographic", proj: "ortho", projAux: "f=0", params: natOrigin),
        MethodSpec(name: "Patterson", epsg: nil, wkt1: "Patterson", proj: "patterson", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "American Polyconic", epsg: 9818, wkt1: "Polyconic", proj: "poly", projAux: nil, params: natOrigin),
        MethodSpec(name: "Polar Stereographic (variant A)", epsg: 9810, wkt1: "Polar_Stereographic", proj: "stere", projAux: nil, params: obliqueStereo),
        MethodSpec(name: "Polar Stereographic (variant B)", epsg: 9829, wkt1: "Polar_Stereographic", proj: "stere", projAux: nil, params: polarStereoB),
        MethodSpec(name: "Robinson", epsg: nil, wkt1: "Robinson", proj: "robin", projAux: nil, params: lonNatCenter),
        MethodSpec(name: "Peirce Quincuncial (Square)", epsg: nil, wkt1: nil, proj: "peirce_q", projAux: "shape=square", params: natOriginScale),
        MethodSpec(name: "Peirce Quincuncial (Diamond)", epsg: nil, wkt1: nil, proj: "peirce_q", projAux: "shape=diamond", params: natOriginScale),
        MethodSpec(name: "Sinusoidal", epsg: nil, wkt1: "Sinusoidal", proj: "sinu", projAux: nil, params: lonNatCenter),
        MethodSpec(name: "Stereographic", epsg: nil, wkt1: "Stereographic", proj: "stere", projAux: nil, params: obliqueStereo),
        MethodSpec(name: "Times", epsg: nil, wkt1: "Times", proj: "times", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Van Der Grinten", epsg: nil, wkt1: "VanDerGrinten", proj: "vandg", projAux: "R_A", params: lonNatOnly),
        MethodSpec(name: "Wagner I", epsg: nil, wkt1: "Wagner_I", proj: "wag1", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Wagner II", epsg: nil, wkt1: "Wagner_II", proj: "wag2", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Wagner III", epsg: nil, wkt1: "Wagner_III", proj: "wag3", projAux: nil, params: wag3),
        MethodSpec(name: "Wagner IV", epsg: nil, wkt1: "Wagner_IV", proj: "wag4", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Wagner V", epsg: nil, wkt1: "Wagner_V", proj: "wag5", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Wagner VI", epsg: nil, wkt1: "Wagner_VI", proj: "wag6", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Wagner VII", epsg: nil, wkt1: "Wagner_VII", proj: "wag7", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Quadrilateralized Spherical Cube", epsg: nil, wkt1: "Quadrilateralized_Spherical_Cube", proj: "qsc", projAux: nil, params: natOrigin),
        MethodSpec(name: "Aitoff", epsg: nil, wkt1: "Aitoff", proj: "aitoff", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Winkel I", epsg: nil, wkt1: "Winkel_I", proj: "wink1", projAux: nil, params: wink1),
        MethodSpec(name: "Winkel II", epsg: nil, wkt1: "Winkel_II", proj: "wink2", projAux: nil, params: wink2),
        MethodSpec(name: "Winkel Tripel", epsg: nil, wkt1: "Winkel_Tripel", proj: "wintri", projAux: nil, params: wink2),
        MethodSpec(name: "Craster Parabolic", epsg: nil, wkt1: "Craster_Parabolic", proj: "crast", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Loximuthal", epsg: nil, wkt1: "Loximuthal", proj: "loxim", projAux: nil, params: loxim),
        MethodSpec(name: "Quartic Authalic", epsg: nil, wkt1: "Quartic_Authalic", proj: "qua_aut", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Transverse Cylindrical Equal Area", epsg: nil, wkt1: "Transverse_Cylindrical_Equal_Area", proj: "tcea", projAux: nil, params: obliqueStereo),
        MethodSpec(name: "Equal Earth", epsg: 1078, wkt1: nil, proj: "eqearth", projAux: nil, params: lonNatOnly),
        MethodSpec(name: "Laborde Oblique Mercator", epsg: 9813, wkt1: "Laborde_Oblique_Mercator", proj: "labrd", projAux: nil, params: labrd),
        MethodSpec(name: "Vertical Perspective", epsg: 9838, wkt1: nil, proj: "nsper", projAux: nil, params: vertPersp),
        MethodSpec(name: "Colombia Urban", epsg: 1052, wkt1: nil, proj: "col_urban", projAux: nil, params: colombiaUrban),
        MethodSpec(name: "Transverse Mercator Zoned Grid System", epsg: 9824, wkt1: nil, proj: nil, projAux: nil, params: tmZoned),
        // EPSG methods without a PROJ or WKT1 equivalent (kept so that names and parameters resolve).
        MethodSpec(name: "Lambert Conic Conformal (West Orientated)", epsg: 9826, wkt1: nil, proj: nil, projAux: nil, params: lcc1SP),
        MethodSpec(name: "Bonne (South Orientated)", epsg: 9828, wkt1: nil, proj: nil, projAux: nil, params: natOrigin),
        MethodSpec(name: "Polar Stereographic (variant C)", epsg: 9830, wkt1: nil, proj: nil, projAux: nil,
                   params: [latStd, lonOrigin, eFalse, nFalse]),
        MethodSpec(name: "Lambert Conic Near-Conformal", epsg: 9817, wkt1: nil, proj: nil, projAux: nil, params: lcc1SP),
    ]

    /// Esri projections that neither EPSG, PROJ nor GDAL define (ArcGIS's own world maps): the
    /// registry names them so (`conversion.method_name`, authority ESRI) and their parameters keep
    /// Esri's names (`Option`, `XY_Plane_Rotation`).
    static let esriOnlyMethods = ["Adams_Square_II", "Berghaus_Star", "Cube", "Fuller", "Hammer_Aitoff",
                                  "Tobler_Cylindrical_I", "Tobler_Cylindrical_II"]

    /// Other names of methods (textbook and software synonyms) and the table name each stands for.
    static let aliases: [String: String] = [
        "Azimuthal Equidistant (Spherical)": "Azimuthal Equidistant",
        "Gnomonic (Spherical)": "Gnomonic",
        "Lambert Azimuthal Equal Area (Spherical) (deprecated)": "Lambert Azimuthal Equal Area (Spherical)",
        "Stereographic_RD": "Oblique Stereographic",
        "Universal Polar Stereographic": "Polar Stereographic (variant A)",
        "Near-sided perspective": "Vertical Perspective",
        "Polyconic (American)": "American Polyconic",
        "Modified Krovak": "Krovak Modified",
        "Krovak East North": "Krovak (North Orientated)",
        "Lambert Conic Conformal": "Lambert Conic Conformal (2SP)",
        "Gall": "Gall Stereographic",
        "Miller": "Miller Cylindrical",
        "Swiss Oblique Mercator": "Hotine Oblique Mercator (variant B)",
        "Laborde": "Laborde Oblique Mercator",
        "Laborde Madagascar": "Laborde Oblique Mercator",
        "Mercator (1SP) (Spherical)": "Mercator (Spherical)",
        "Patterson Cylindrical": "Patterson",
        "Bartholomew Times": "Times",
        "Hammer-Wagner": "Wagner VII",
        "Putnins P4": "Craster Parabolic",
        "Putnins P2'": "Wagner IV",
        "McBryde-Thomas Flat-Polar Quartic": "Flat Polar Quartic",
        "Homolosine": "Goode Homolosine",
        "Interrupted Goode Homolosine Oceanic View": "Interrupted Goode Homolosine Ocean",
        "Homalographic": "Mollweide",
        "Natural Earth I": "Natural Earth",
        "Natural Earth 2": "Natural Earth II",
        "Sanson-Flamsteed": "Sinusoidal",
        "Sinusoidal (Sanson-Flamsteed)": "Sinusoidal",
        "Peirce_Quincuncial": "Peirce Quincuncial (Square)",
        "Adams World in a Square II": "Adams_Square_II",
        "Spilhaus": "Adams_Square_II",
        "Berghaus": "Berghaus_Star",
        "World on a Cube": "Cube",
        "Dymaxion": "Fuller",
        "AirOcean": "Fuller",
    ]

    private static let byAlias: [String: String] = {
        var d: [String: String] = [:]
        for (alias, name) in aliases { d[normalize(alias)] = name }
        for name in esriOnlyMethods { d[normalize(name)] = name }
        return d
    }()

    /// The table's name for a method name in any spelling the table knows (EPSG / WKT2, WKT1 /
    /// GDAL, an alias, an Esri-only method), nil for a name it does not know.
    static func canonicalName(_ name: String) -> String? {
        if let m = method(named: name) { return m.name }
        if let n = byAlias[normalize(name)] { return method(named: n)?.name ?? n }
        return method(wkt1: name)?.name
    }

    /// Deprecated EPSG method codes and the current code of the same method.
    static let supersededCodes: [Int: Int] = [9823: 1029, 9842: 1028, 9821: 1027, 9841: 1026]

    /// Methods that are the same map on a sphere (the spherical form of an ellipsoidal method).
    static let sphericalForms: [Int: Int] = [1027: 9820, 1029: 1028, 9834: 9835, 1026: 9804]

    private static let byCode: [Int: MethodSpec] = {
        var d: [Int: MethodSpec] = [:]
        for m in methods { if let c = m.epsg, d[c] == nil { d[c] = m } }
        return d
    }()

    private static let byName: [String: MethodSpec] = {
        var d: [String: MethodSpec] = [:]
        for m in methods { let k = normalize(m.name); if d[k] == nil { d[k] = m } }
        return d
    }()

    private static let byWKT1: [String: MethodSpec] = {
        var d: [String: MethodSpec] = [:]
        for m in methods { if let w = m.wkt1 { let k = normalize(w); if d[k] == nil { d[k] = m } } }
        // Other spellings seen in WKT1 files.
        d[normalize("Mercator")] = byCodeUnsafe(9804)
        d[normalize("Albers_Conical_Equal_Area")] = byCodeUnsafe(9822)
        d[normalize("Stereographic_North_Pole")] = byCodeUnsafe(9829)
        d[normalize("Stereographic_South_Pole")] = byCodeUnsafe(9829)
        d[normalize("Oblique_Mercator")] = byCodeUnsafe(9815)
        d[normalize("Mercator_Auxiliary_Sphere")] = byCodeUnsafe(1024)
        d[normalize("Rectified_Skew_Orthomorphic")] = byCodeUnsafe(9815)
        d[normalize("Swiss_Oblique_Cylindrical")] = byCodeUnsafe(9815)
        d[normalize("Double_Stereographic")] = byCodeUnsafe(9809)
        d[normalize("Gauss_Kruger")] = byCodeUnsafe(9807)
        d[normalize("Polyconic")] = byCodeUnsafe(9818)
        d[normalize("Equidistant_Cylindrical")] = byCodeUnsafe(1028)
        d[normalize("Plate_Carree")] = byCodeUnsafe(1028)
        return d
    }()

    private static func byCodeUnsafe(_ code: Int) -> MethodSpec? { methods.first { $0.epsg == code } }

    /// The method with this EPSG code (deprecated codes resolve to the current method).
    static func method(epsg code: Int) -> MethodSpec? {
        byCode[code] ?? supersededCodes[code].flatMap { byCode[$0] }
    }

    /// The method with this EPSG / WKT2 name (case, space and punctuation insensitive).
    static func method(named name: String) -> MethodSpec? { byName[normalize(name)] }

    /// The method with this WKT1 (GDAL) projection name.
    static func method(wkt1 name: String) -> MethodSpec? { byWKT1[normalize(name)] }

    /// The methods implemented by a PROJ operation, in table order.
    static func methods(proj name: String) -> [MethodSpec] { methods.filter { $0.proj == name } }

    /// The spec of a method as the model names it (by EPSG code, else by name).
    static func spec(for method: OperationMethod) -> MethodSpec? {
        if let c = method.epsgCode, let m = self.method(epsg: c) { return m }
        return self.method(named: method.name)
    }

    /// The comparison key of a name (`NameKey`).
    static func normalize(_ s: String) -> String { NameKey.of(s) }
}

extension MethodTable {
    /// A parameter read from WKT2 or PROJJSON: matched to the method's parameter by EPSG code or by
    /// normalised name, given the EPSG identifier when the text has none, and given the default
    /// unit of its kind (degree, metre, unity) when the text names no unit.
    static func parameter(_ name: String, identifier: Identifier?, value: Double, unit: UnitOfMeasure?,
                          of method: MethodSpec?) -> OperationParameter {
        let spec = method?.params.first {
            ($0.epsg != nil && identifier?.number == $0.epsg && identifier?.authority == "EPSG")
                || normalize($0.name) == normalize(name)
        }
        let id = identifier ?? spec.flatMap { $0.epsg.map { Identifier("EPSG", $0) } }
        return OperationParameter(name: name, identifier: id, value: value,
                                  unit: unit ?? (spec?.kind ?? ParameterKind.guess(name)).defaultUnit)
    }
}
