import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

/// `ClipRegion`: containment, the faces of the seam graph, and — for every projection method on
/// real CRSs — that the region is what a renderer needs: the map is continuous inside it except
/// across its seams, and a point on a seam takes the image of the side its `owner` names.
@Suite struct ClipRegionTests {
    static func deg(_ lon: Double, _ lat: Double) -> SIMD2<Double> { SIMD2(lon, lat) * Angle.radiansPerDegree }

    @Test func capsBandsAndBoxes() {
        let cap = ClipRegion.cap(lon: 10 * Angle.radiansPerDegree, lat: 0, radius: .pi / 2)
        #expect(cap.contains(Self.deg(99, 0)) && !cap.contains(Self.deg(101, 0)))
        #expect(!cap.contains(Self.deg(-170, 0)), "the antipode of the centre")
        #expect(!cap.contains(Self.deg(99, 0), margin: 2 * Angle.radiansPerDegree))
        let band = ClipRegion(caps: ClipRegion.bandCaps(south: -1.4, north: 1.4))
        #expect(band.contains(Self.deg(123, 80)) && !band.contains(Self.deg(123, 81)) && !band.contains(Self.deg(-3, -81)))
        let box = ClipRegion.box(west: 170 * Angle.radiansPerDegree, south: -0.5, east: -170 * Angle.radiansPerDegree,
                                 north: 0.5)
        #expect(box.contains(Self.deg(175, 0)) && box.contains(Self.deg(-175, 0)) && box.contains(Self.deg(185, 0)))
        #expect(!box.contains(Self.deg(0, 0)) && !box.contains(Self.deg(175, 40)) && !box.contains(Self.deg(-165, 0)))
        #expect(!box.contains(Self.deg(171, 0), margin: 2 * Angle.radiansPerDegree))
        let globe = ClipRegion.globe(cutAt: .pi)
        #expect(globe.contains(Self.deg(180, 10)), "a seam has no width")
        #expect(!globe.contains(Self.deg(179.95, 10), margin: 0.1 * Angle.radiansPerDegree))
        #expect(globe.contains(Self.deg(179.8, 10), margin: 0.1 * Angle.radiansPerDegree))
        #expect(!globe.contains(SIMD2(0, 1.6)) && !globe.contains(SIMD2(.nan, 0)))
    }

    /// The solid angle on the left of a closed ring of great-circle arcs, 2π less its total turn
    /// (Gauss–Bonnet).
    static func leftArea(_ ring: [SIMD3<Double>]) -> Double {
        var turn = 0.0
        for i in ring.indices {
            let u = ring[(i + ring.count - 1) % ring.count], v = ring[i], w = ring[(i + 1) % ring.count]
            let din = -UnitSphere.tangent(from: v, towards: u), dout = UnitSphere.tangent(from: v, towards: w)
            turn += atan2(UnitSphere.dot(UnitSphere.cross(din, dout), v), UnitSphere.dot(din, dout))
        }
        return 2 * .pi - turn
    }

    @Test func facesOfTheSeamGraph() throws {
        // A tree of seams: one face, the sphere less a sliver (the ring goes clockwise round the sliver).
        for crs in ["ESRI:54052", "ESRI:54090", "ESRI:102299", "ESRI:54050", "EPSG:4326+", "ESRI:54024"] {
            let region: ClipRegion
            if crs == "EPSG:4326+" { region = .globe(cutAt: .pi) } else {
                region = try WorldMapTestSupport.projection(crs).clipRegion
            }
            let rings = region.boundaryRings()
            #expect(rings.count == 1, "\(crs): \(rings.count) faces")
            let area = Self.leftArea(rings[0])
            #expect(area < 4 * .pi && area > 4 * .pi - 1e-6, "\(crs): sphere less \(4 * .pi - area)")
            // Every ring vertex is ε (or a little more at a junction) from a seam, never on one.
            let seams = region.seams.map { $0.path.map(UnitSphere.vector) }
            for v in rings[0] {
                var d = Double.infinity
                for s in seams { for i in 1..<s.count { d = min(d, ClipRegion.distance(v, arcFrom: s[i - 1], to: s[i])) } }
                #expect(d > 0.5e-9 && d < 1e-6, "\(crs): boundary vertex \(d) from the seams")
            }
        }
        // Zone boundaries close loops: one face per zone, each a lune of 4π/60.
        let zoned = try WorldMapTestSupport.projection(method: "Transverse Mercator Zoned Grid System",
                                                       ["Zone_Width": 6, "Initial_Longitude": -180],
                                                       angles: ["Zone_Width", "Initial_Longitude"]).clipRegion
        let zones = zoned.boundaryRings()
        #expect(zones.count == 60)
        for z in zones { #expect(abs(Self.leftArea(z) - 4 * .pi / 60) < 1e-6) }
        #expect(ClipRegion.sphere.boundaryRings().isEmpty)
    }

    /// A deterministic generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    /// Short arcs inside the region, clear of its caps and seams by more than their length: their
    /// images must be finite and continuous (no piece of 32 carries most of the arc: a jump).
    /// Arcs of 1° (a tenth of the smallest cap's radius for regional maps), started uniformly in
    /// that cap or over the globe; a seam of length S is crossed by ≈ 0.02·S/rad of them.
    static func continuity(_ p: any Projection, name: String, samples: Int = 1500) -> [String] {
        let region = p.clipRegion
        var rng = Random(state: 42)
        var failures: [String] = []
        let smallest = region.caps.min { $0.radius < $1.radius }
        let within = smallest?.radius ?? .pi
        let step = min(1 * Angle.radiansPerDegree, within / 10)
        // A frame at the sampling cap's centre (the North Pole for the globe).
        let c = smallest?.centerVector ?? SIMD3(0, 0, 1)
        let e1 = UnitSphere.normalized(abs(c.z) < 0.9 ? UnitSphere.cross(SIMD3(0, 0, 1), c) : UnitSphere.cross(SIMD3(1, 0, 0), c))
        let e2 = UnitSphere.cross(c, e1)
        var tested = 0, attempts = 0
        while tested < samples && attempts < 40 * samples {
            attempts += 1
            // Uniform on the cap: cos of the distance from c uniform in [cos r, 1].
            let cosD = 1 - rng.next() * (1 - cos(within)), phase = 2 * .pi * rng.next()
            let sinD = (1 - cosD * cosD).squareRoot()
            let a = UnitSphere.normalized(c * cosD + (e1 * cos(phase) + e2 * sin(phase)) * sinD)
            let start = UnitSphere.lonLat(a)
            guard region.contains(start, margin: 1.2 * step) else { continue }
            let east = UnitSphere.normalized(UnitSphere.cross(SIMD3(0, 0, 1), a))
            let north = UnitSphere.cross(a, east)
            let az = 2 * .pi * rng.next()
            let b = UnitSphere.offset(a, along: east * cos(az) + north * sin(az), by: step)
            var images: [SIMD2<Double>] = []
            for i in 0...32 { images.append(p.project(UnitSphere.lonLat(UnitSphere.interpolate(a, b, Double(i) / 32)))) }
            tested += 1
            guard images.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                failures.append("\(name): NaN on the arc from \(start * Angle.degreesPerRadian)")
                continue
            }
            let pieces = (1...32).map { i -> Double in
                let d = images[i] - images[i - 1]
                return (d * d).sum().squareRoot()
            }
            let sorted = pieces.sorted()
            let median = sorted[16], largest = sorted[31]
            if largest > 50 * max(median, 1e-9 * p.frame.ellipsoid.semiMajorAxis) {
                failures.append("\(name): jump of \(largest) (median piece \(median)) on the arc from "
                                + "\(start * Angle.degreesPerRadian)°")
            }
        }
        if tested < samples / 2 { failures.append("\(name): only \(tested) arcs inside the region") }
        return failures
    }

    /// Seam owners: a point on the middle of each arc of a seam projects next to the image of the
    /// point 1e-9 rad on its owner's side.
    static func owners(_ p: any Projection, name: String) -> [String] {
        var failures: [String] = []
        for seam in p.clipRegion.seams where seam.owner != .bySign {
            let v = seam.path.map(UnitSphere.vector)
            for i in 1..<v.count {
                let mid = ClipRegion.Seam.midpoint(seam.path[i - 1], seam.path[i])
                let m = UnitSphere.vector(mid)
                let left = UnitSphere.normalized(UnitSphere.cross(v[i - 1], v[i]))
                let side = seam.owner == .left ? left : -left
                let on = p.project(mid)
                let near = p.project(UnitSphere.lonLat(UnitSphere.offset(m, along: side, by: 1e-9)))
                let far = p.project(UnitSphere.lonLat(UnitSphere.offset(m, along: -side, by: 1e-9)))
                let d = ((on - near) * (on - near)).sum().squareRoot()
                let other = ((on - far) * (on - far)).sum().squareRoot()
                if !(d < 1e-3 * other) {
                    failures.append("\(name): seam point \(UnitSphere.lonLat(m) * Angle.degreesPerRadian) is \(d) from its owner's side")
                }
            }
        }
        return failures
    }

    /// Every method of the sweep on three of its CRSs.
    @Test(arguments: SweepFixture.methods)
    func method(_ method: String) throws {
        var failures: [String] = []
        for crs in DomainEdgeTests.crss(method) {
            let p = try WorldMapTestSupport.projection(crs)
            failures += Self.continuity(p, name: crs) + Self.owners(p, name: crs)
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) failures\n" + failures.prefix(10).joined(separator: "\n")))
    }

    /// Transverse cylindrical equal-area, which no registry CRS uses.
    @Test func transverseCylindricalEqualArea() throws {
        let p = try worldProjection("Transverse Cylindrical Equal Area", ellipsoid: .wgs84)
        let failures = Self.continuity(p, name: "tcea", samples: 3000)
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(10).joined(separator: "\n")))
    }

    /// The eleven world maps of the design and other world maps with seams.
    @Test(arguments: ["ESRI:102299", "ESRI:54050", "EPSG:27200", "ESRI:102018", "ESRI:54090", "EPSG:32610",
                      "ESRI:54024", "ESRI:54052", "ESRI:102038", "EPSG:3857", "ESRI:54053", "ESRI:54051", "ESRI:54099"])
    func worldMap(_ crs: String) throws {
        let p = try WorldMapTestSupport.projection(crs)
        let failures = Self.continuity(p, name: crs, samples: 4000) + Self.owners(p, name: crs)
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) failures\n" + failures.prefix(10).joined(separator: "\n")))
    }
}
