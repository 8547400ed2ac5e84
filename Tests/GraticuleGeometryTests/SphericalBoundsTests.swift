import Foundation
import Testing
@testable import GraticuleGeometry

/// Spherical bounds across the antimeridian and round the poles. Expected longitudes are the
/// complement of the largest gap between the vertex longitudes of the Natural Earth source
/// shapefiles (computed in Python from ne_110m_admin_0_countries.shp, NE 4.1.0, and
/// ne_10m_admin_0_countries_deu.shp, NE 5.1.1); the built-in layers round to 1e-7°.
@Suite struct SphericalBoundsTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var layer: String, code: String, west: Double, east: Double, south: Double, north: Double
        var testDescription: String { "\(layer) \(code)" }
    }

    static let cases: [Expected] = [
        Expected(layer: "countries110", code: "FJI", west: 177.28504, east: -179.79332010904864, south: -18.28799, north: -16.020882256741224),
        Expected(layer: "countries110", code: "RUS", west: 19.660640089606403, east: -169.89958, south: 41.15141612402135, north: 81.2504),
        Expected(layer: "countries110", code: "USA", west: -171.79111060289122, east: -66.96466, south: 18.91619, north: 71.35776357694175),
        Expected(layer: "countries110", code: "FRA", west: -54.52475419779972, east: 9.560016310269134, south: 2.0533891870159806, north: 51.14850617126183),
        Expected(layer: "countries10m", code: "FJI", west: 174.5888778000001, east: -178.2161352199999, south: -21.711114190999922, north: -12.475274346999925),
        Expected(layer: "countries10m", code: "RUS", west: 19.609548373000052, east: -168.99461829299992, south: 41.19268056200009, north: 81.85871002800008),
        Expected(layer: "countries10m", code: "USA", west: 172.47608483200008, east: -66.9773249989999, south: 18.906117143000074, north: 71.41250234600005),
        Expected(layer: "countries10m", code: "NZL", west: 165.88648522200003, east: -171.18565833199992, south: -52.60031327099995, north: -8.543226820999905),
        Expected(layer: "countries10m", code: "KIR", west: 169.52214603000004, east: -151.78095455599993, south: -11.461114190999922, north: 4.723089911000045),
        Expected(layer: "countries10m", code: "FRA", west: -61.79784094999991, east: 55.854502800000034, south: -21.37078215899993, north: 51.08754088371883),
    ]

    @Test(arguments: cases)
    func countries(_ e: Expected) throws {
        let layer = try NaturalEarth.layer(named: e.layer)
        let f = try #require(layer.feature(adm0A3: e.code))
        let geometry = try #require(f.geometry)
        let b = try #require(GeometryEngine.sphericalBounds(of: geometry))
        #expect(abs(b.west - e.west) < 1e-6 && abs(b.east - e.east) < 1e-6, "\(b)")
        // Great-circle edges may bulge poleward of their vertices (never by more than a few tenths of a degree here).
        #expect(b.south <= e.south + 1e-6 && b.south > e.south - 0.5, "\(b)")
        #expect(b.north >= e.north - 1e-6 && b.north < e.north + 0.5, "\(b)")
        #expect(b.crossesAntimeridian == (e.west > e.east))
        // Every vertex is inside the bounds; the planar envelope of a crossing country spans the globe.
        for v in f.geometry!.coordinates!.xy { #expect(b.contains(lon: v.x, lat: v.y), "\(v)") }
        if b.crossesAntimeridian {
            #expect(b.width < 250)
            let env = Envelope(points: f.geometry!.coordinates!.xy)
            #expect(env.width > 300)
            #expect(b.envelopes().count == 2)
        }
    }

    /// Antarctica holds the South Pole: every longitude, south −90°, in the published (cut) form
    /// and in the stitched one (no vertex on the pole).
    @Test(arguments: ["countries110", "countries10m"])
    func antarctica(_ name: String) throws {
        let layer = try NaturalEarth.layer(named: name)
        let i = try #require(layer.layer.features.firstIndex { $0.value("ADM0_A3", in: layer.layer.schema)?.description == "ATA" })
        for g in [layer.layer.features[i].geometry!, .polygon(try #require(layer.stitched[i]))] {
            let b = try #require(GeometryEngine.sphericalBounds(of: g))
            #expect(b.south == -90 && b.coversAllLongitudes && b.west == -180 && b.east == 180, "\(b)")
            #expect(b.north > -64 && b.north < -60, "\(b)")
            #expect(b.contains(lon: 123, lat: -89))
            #expect(!b.contains(lon: 0, lat: -50))
        }
    }

    /// A polygon round the North Pole (a cap ring at 80°N, counter-clockwise) and a great-circle arc
    /// that bulges towards the pole: between (0°, 60°N) and (170°, 60°N) the arc reaches
    /// atan(tan 60° / cos 85°) = 87.1214…° (spherical trigonometry).
    @Test func polesAndBulges() throws {
        let cap = (0 ... 12).map { SIMD2(Double($0) * 30 - 180, 80.0) }
        let b = try #require(GeometryEngine.sphericalBounds(of: .polygon(Polygon(rings: [cap]))))
        #expect(b.north == 90 && b.coversAllLongitudes && abs(b.south - 80) < 1e-12, "\(b)")
        let arc = try #require(GeometryEngine.sphericalBounds(of: .polyline(Polyline(paths: [[SIMD2(0, 60), SIMD2(170, 60)]]))))
        let top = atan(tan(60 * Double.pi / 180) / cos(85 * Double.pi / 180)) * 180 / .pi
        #expect(abs(arc.north - top) < 1e-9 && arc.south == 60 && arc.west == 0 && arc.east == 170, "\(arc)")
        // The same arc the short way across the antimeridian.
        let across = try #require(GeometryEngine.sphericalBounds(of: .polyline(Polyline(paths: [[SIMD2(170, 10), SIMD2(-170, 10)]]))))
        #expect(across.west == 170 && across.east == -170 && across.width == 20)
        // A southern bulge: between (−10°, −50°) and (10°, −50°).
        let south = try #require(GeometryEngine.sphericalBounds(of: .polyline(Polyline(paths: [[SIMD2(-10, -50), SIMD2(10, -50)]]))))
        let bottom = -atan(tan(50 * Double.pi / 180) / cos(10 * Double.pi / 180)) * 180 / .pi
        #expect(abs(south.south - bottom) < 1e-9 && south.north == -50)
        // Points, an empty geometry, and unions.
        let p = try #require(GeometryEngine.sphericalBounds(of: .point(Point(x: 179.5, y: -17))))
        #expect(p.west == 179.5 && p.east == 179.5 && p.width == 0)
        #expect(GeometryEngine.sphericalBounds(of: .multipoint(Multipoint(points: []))) == nil)
        let u = try #require(SphericalBounds.union([p, SphericalBounds(west: -179, south: -20, east: -178, north: -16)]))
        #expect(u.west == 179.5 && u.east == -178 && u.south == -20 && u.north == -16)
    }
}
