import Foundation

/// Geodesics on an ellipsoid of revolution: the inverse problem (distance and azimuths between
/// two points) and geodesic lines (the direct problem), with the reduced length m12 and the
/// geodesic scales M12, M21 that the ellipsoidal azimuthal equidistant and gnomonic projections need.
///
/// Algorithm: C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013): series in
/// the third flattening n and ε to 6th order (eqs. 15–25, 42–43), Newton's method on α1 for the
/// inverse problem with the astroid start for nearly antipodal points. Written from the paper.
/// Accurate to ~15 nm for |f| ≤ 0.01 (the paper's error bounds); angles in radians, lengths in units of `a`
/// unless `a` is given.
public struct Geodesic: Sendable {
    public let a: Double
    public let f: Double
    @usableFromInline let f1: Double
    @usableFromInline let e2: Double
    @usableFromInline let ep2: Double
    @usableFromInline let n: Double
    @usableFromInline let b: Double
    @usableFromInline let etol2: Double
    /// A3 = Σ A3x[k] ε^k (k = 0…5), coefficients already reduced in n.
    @usableFromInline let a3x: (Double, Double, Double, Double, Double, Double)
    /// C3[l] = Σ_k C3x[l][k] ε^k, l = 1…5: rows of 5, 4, 3, 2, 1 coefficients (ε^l … ε^5).
    @usableFromInline let c3x: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
                                Double, Double, Double, Double, Double)

    @usableFromInline static let tiny = Double.leastNormalMagnitude.squareRoot()
    @usableFromInline static let tol0 = Double.ulpOfOne
    @usableFromInline static let tol1 = 200 * tol0
    @usableFromInline static let tol2 = tol0.squareRoot()
    @usableFromInline static let tolb = tol0 * tol2
    @usableFromInline static let xthresh = 1000 * tol2
    @usableFromInline static let maxit1 = 20
    @usableFromInline static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10

    public init(semiMajorAxis a: Double = 1, flattening f: Double) {
        self.a = a
        self.f = f
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * Geodesic.tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
        let n = self.n, n2 = n * n
        // A3 (eq. 24), order 6.
        a3x = (1, -(1 - n) / 2, -(1.0 / 4 + n / 8 - 3 * n2 / 8), -(1.0 / 16 + 3 * n / 16 + n2 / 16),
               -(3.0 / 64 + n / 32), -3.0 / 128)
        // C3 (eq. 25): rows l = 1…5, columns ε^1…ε^5.
        c3x = ((1 - n) / 4, (1 - n2) / 8, (3 + 3 * n - n2) / 64, (5 + 2 * n) / 128, 3.0 / 128,
               (2 - 3 * n + n2) / 32, (3 - 2 * n - 3 * n2) / 64, (3 + n) / 128, 5.0 / 256,
               (5 - 9 * n + 5 * n2) / 192, (9 - 10 * n) / 384, 7.0 / 512,
               (7 - 14 * n) / 512, 7.0 / 512,
               21.0 / 2560)
    }

    /// The geodesic from (`lat1`, 0) to (`lat2`, `lon12`): distance s12 (units of `a`), azimuths α1, α2
    /// (radians clockwise from north), reduced length m12 and geodesic scales M12, M21.
    public struct Inverse: Sendable {
        public var s12: Double
        public var azi1: Double
        public var azi2: Double
        public var m12: Double
        public var M12: Double
        public var M21: Double
    }

    // MARK: Series (Karney 2013 eqs. 17, 18, 21, 42, 43)

    @inlinable static func a1m1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (e2 * (e2 + 4) + 64) / 256
        return (t + eps) / (1 - eps)
    }

    @inlinable static func a2m1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (e2 * (25 * e2 + 36) + 64) / 256
        return (1 - eps) * (1 + t) - 1
    }

    @usableFromInline typealias Six = (Double, Double, Double, Double, Double, Double)

    @inlinable static func c1(_ eps: Double) -> Six {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return (-eps / 2 + 3 * e3 / 16 - e5 / 32,
                -e2 / 16 + e4 / 32 - 9 * e6 / 2048,
                -e3 / 48 + 3 * e5 / 256,
                -5 * e4 / 512 + 3 * e6 / 512,
                -7 * e5 / 1280,
                -7 * e6 / 2048)
    }

    @inlinable static func c1p(_ eps: Double) -> Six {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return (eps / 2 - 9 * e3 / 32 + 205 * e5 / 1536,
                5 * e2 / 16 - 37 * e4 / 96 + 1335 * e6 / 4096,
                29 * e3 / 96 - 75 * e5 / 128,
                539 * e4 / 1536 - 2391 * e6 / 2560,
                3467 * e5 / 7680,
                38081 * e6 / 61440)
    }

    @inlinable static func c2(_ eps: Double) -> Six {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return (eps / 2 + e3 / 16 + e5 / 32,
                3 * e2 / 16 + e4 / 32 + 35 * e6 / 2048,
                5 * e3 / 48 + 5 * e5 / 256,
                35 * e4 / 512 + 7 * e6 / 512,
                63 * e5 / 1280,
                77 * e6 / 2048)
    }

    @inlinable func a3(_ eps: Double) -> Double {
        a3x.0 + eps * (a3x.1 + eps * (a3x.2 + eps * (a3x.3 + eps * (a3x.4 + eps * a3x.5))))
    }

    @inlinable func c3(_ eps: Double) -> Six {
        let c = c3x
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps
        return (eps * (c.0 + eps * (c.1 + eps * (c.2 + eps * (c.3 + eps * c.4)))),
                e2 * (c.5 + eps * (c.6 + eps * (c.7 + eps * c.8))),
                e3 * (c.9 + eps * (c.10 + eps * c.11)),
                e4 * (c.12 + eps * c.13),
                e5 * c.14,
                0)
    }

    /// Σ_{k=1..6} c_k sin(2kσ) by Clenshaw summation from sin σ, cos σ.
    @inlinable static func sinSeries(_ s: Double, _ c: Double, _ k: Six) -> Double {
        Series.sinSum(sin: s, cos: c, k)
    }

    @inlinable static func norm(_ s: inout Double, _ c: inout Double) {
        let r = (s * s + c * c).squareRoot()
        s /= r; c /= r
    }

    // MARK: Inverse problem

    /// Lengths (Karney eqs. 38–41) for the line with parameter ε between σ1 and σ2.
    @inlinable func lengths(_ eps: Double, _ sig12: Double, _ ssig1: Double, _ csig1: Double, _ dn1: Double,
                            _ ssig2: Double, _ csig2: Double, _ dn2: Double, _ cbet1: Double, _ cbet2: Double)
        -> (s12b: Double, m12b: Double, m0: Double, M12: Double, M21: Double) {
        let a1 = Geodesic.a1m1(eps), ca1 = Geodesic.c1(eps)
        let a2 = Geodesic.a2m1(eps), ca2 = Geodesic.c2(eps)
        let m0 = a1 - a2
        let A1 = 1 + a1, A2 = 1 + a2
        let b1 = Geodesic.sinSeries(ssig2, csig2, ca1) - Geodesic.sinSeries(ssig1, csig1, ca1)
        let b2 = Geodesic.sinSeries(ssig2, csig2, ca2) - Geodesic.sinSeries(ssig1, csig1, ca2)
        let s12b = A1 * (sig12 + b1)
        let j12 = m0 * sig12 + (A1 * b1 - A2 * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        let csig12 = csig1 * csig2 + ssig1 * ssig2
        let t = ep2 * (cbet1 - cbet2) * (cbet1 + cbet2) / (dn1 + dn2)
        let M12 = csig12 + (t * ssig2 - csig2 * j12) * ssig1 / dn1
        let M21 = csig12 - (t * ssig1 - csig1 * j12) * ssig2 / dn2
        return (s12b, m12b, m0, M12, M21)
    }

    /// Solves the astroid equation (Karney eq. 55) for k.
    @inlinable static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y, r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4, r2 = r * r, r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    /// The starting α1 for Newton's method (Karney §4–5); sig12 ≥ 0 when the short-line solution is final.
    @inlinable func inverseStart(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double,
                                 _ dn2: Double, _ lam12: Double, _ slam12: Double, _ clam12: Double)
        -> (sig12: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double, dnm: Double) {
        var sig12 = -1.0, salp2 = Double.nan, calp2 = Double.nan, dnm = Double.nan
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * dnm)
            somg12 = sin(omg12); comg12 = cos(omg12)
        } else {
            somg12 = slam12; comg12 = clam12
        }
        var salp1 = cbet2 * somg12
        var calp1 = comg12 >= 0 ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = (salp1 * salp1 + calp1 * calp1).squareRoot()
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        if shortline && ssig12 < etol2 {
            salp2 = cbet1 * somg12
            calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            Geodesic.norm(&salp2, &calp2)
            sig12 = atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // The zeroth-order spherical estimate is good enough.
        } else {
            // Nearly antipodal (oblate case): the astroid.
            let lam12x = atan2(-slam12, -clam12)
            let k2 = sbet1 * sbet1 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let lamscale = f * cbet1 * a3(eps) * .pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale, y = sbet12a / betscale
            if y > -Geodesic.tol1 && x > -1 - Geodesic.xthresh {
                salp1 = min(1, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                let k = Geodesic.astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                somg12 = sin(omg12a); comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            Geodesic.norm(&salp1, &calp1)
        } else {
            salp1 = 1; calp1 = 0
        }
        return (sig12, salp1, calp1, salp2, calp2, dnm)
    }

    /// λ12(α1) − λ12 and its derivative (Karney §3, eq. 46).
    @inlinable func lambda12(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double,
                             _ dn2: Double, _ salp1In: Double, _ calp1In: Double, _ slam120: Double,
                             _ clam120: Double, _ diffp: Bool)
        -> (v: Double, salp2: Double, calp2: Double, sig12: Double, ssig1: Double, csig1: Double, ssig2: Double,
            csig2: Double, eps: Double, dv: Double) {
        let salp1 = salp1In
        var calp1 = calp1In
        if sbet1 == 0 && calp1 == 0 { calp1 = -Geodesic.tiny }
        let salp0 = salp1 * cbet1
        let calp0 = (calp1 * calp1 + (salp1 * sbet1) * (salp1 * sbet1)).squareRoot()
        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = calp1 * cbet1
        let comg1 = csig1
        Geodesic.norm(&ssig1, &csig1)
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 = cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? ((calp1 * cbet1) * (calp1 * cbet1)
               + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)))
            .squareRoot() / cbet2
            : abs(calp1)
        var ssig2 = sbet2
        let somg2 = salp0 * sbet2
        var csig2 = calp2 * cbet2
        let comg2 = csig2
        Geodesic.norm(&ssig2, &csig2)
        let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let ca3 = c3(eps)
        let b312 = Geodesic.sinSeries(ssig2, csig2, ca3) - Geodesic.sinSeries(ssig1, csig1, ca3)
        let domg12 = -f * a3(eps) * salp0 * (sig12 + b312)
        let v = eta + domg12
        var dv = 0.0
        if diffp {
            if calp2 == 0 {
                dv = -2 * f1 * dn1 / sbet1
            } else {
                let l = lengths(eps, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, cbet1, cbet2)
                dv = l.m12b * f1 / (calp2 * cbet2)
            }
        }
        return (v, salp2, calp2, sig12, ssig1, csig1, ssig2, csig2, eps, dv)
    }

    /// Solves the inverse problem from (`lat1`, 0) to (`lat2`, `lon12`), radians.
    public func inverse(lat1 latIn1: Double, lat2 latIn2: Double, lon12 lonIn12: Double) -> Inverse {
        var lat1 = max(-.pi / 2, min(.pi / 2, latIn1)), lat2 = max(-.pi / 2, min(.pi / 2, latIn2))
        var lon12 = Angle.normalizeRadians(lonIn12)
        var lonsign: Double = lon12.sign == .minus ? -1 : 1
        lon12 *= lonsign
        let lam12 = lon12
        var slam12 = sin(lam12), clam12 = cos(lam12)
        if lam12 == .pi { slam12 = 0; clam12 = -1 }
        let swapp: Double = abs(lat1) < abs(lat2) ? -1 : 1
        if swapp < 0 {
            lonsign = -lonsign
            swap(&lat1, &lat2)
        }
        let latsign: Double = lat1 < 0 ? 1 : -1
        lat1 *= latsign
        lat2 *= latsign
        var sbet1 = f1 * sin(lat1), cbet1 = lat1 == -.pi / 2 ? 0 : cos(lat1)
        Geodesic.norm(&sbet1, &cbet1)
        cbet1 = max(Geodesic.tiny, cbet1)
        var sbet2 = f1 * sin(lat2), cbet2 = abs(lat2) == .pi / 2 ? 0 : cos(lat2)
        Geodesic.norm(&sbet2, &cbet2)
        cbet2 = max(Geodesic.tiny, cbet2)
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = sbet2 < 0 ? sbet1 : -sbet1 }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0
        var s12x = 0.0, m12x = 0.0, M12 = 1.0, M21 = 1.0, sig12 = 0.0
        var meridian = lat1 == -.pi / 2 || slam12 == 0
        if meridian {
            calp1 = clam12; salp1 = slam12
            calp2 = 1; salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            let l = lengths(n, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, cbet1, cbet2)
            if sig12 < 1 || l.m12b >= 0 {
                s12x = l.s12b * b; m12x = l.m12b * b; M12 = l.M12; M21 = l.M21
            } else {
                meridian = false
            }
        }
        if !meridian && sbet1 == 0 && (f <= 0 || lon12 >= f * .pi) {
            // Along the equator.
            calp1 = 0; calp2 = 0; salp1 = 1; salp2 = 1
            s12x = a * lam12
            sig12 = lam12 / f1
            m12x = b * sin(sig12)
            M12 = cos(sig12); M21 = M12
        } else if !meridian {
            let st = inverseStart(sbet1, cbet1, dn1, sbet2, cbet2, dn2, lam12, slam12, clam12)
            sig12 = st.sig12
            salp1 = st.salp1; calp1 = st.calp1
            if sig12 >= 0 {
                salp2 = st.salp2; calp2 = st.calp2
                s12x = sig12 * b * st.dnm
                m12x = st.dnm * st.dnm * b * sin(sig12 / st.dnm)
                M12 = cos(sig12 / st.dnm); M21 = M12
            } else {
                var ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0, eps = 0.0
                var salp1a = Geodesic.tiny, calp1a = 1.0, salp1b = Geodesic.tiny, calp1b = -1.0
                var tripn = false, tripb = false
                var numit = 0
                while numit < Geodesic.maxit2 {
                    let r = lambda12(sbet1, cbet1, dn1, sbet2, cbet2, dn2, salp1, calp1, slam12, clam12,
                                     numit < Geodesic.maxit1)
                    salp2 = r.salp2; calp2 = r.calp2; sig12 = r.sig12
                    ssig1 = r.ssig1; csig1 = r.csig1; ssig2 = r.ssig2; csig2 = r.csig2; eps = r.eps
                    let v = r.v
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * Geodesic.tol0) { break }
                    if v > 0 && (numit > Geodesic.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1; calp1b = calp1
                    } else if v < 0 && (numit > Geodesic.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1; calp1a = calp1
                    }
                    numit += 1
                    if numit < Geodesic.maxit1 && r.dv > 0 {
                        let dalp1 = -v / r.dv
                        if abs(dalp1) < .pi {
                            let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                Geodesic.norm(&salp1, &calp1)
                                tripn = abs(v) <= 16 * Geodesic.tol0
                                continue
                            }
                        }
                    }
                    // Bisection.
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    Geodesic.norm(&salp1, &calp1)
                    tripn = false
                    tripb = abs(salp1a - salp1) + (calp1a - calp1) < Geodesic.tolb
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < Geodesic.tolb
                }
                let l = lengths(eps, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, cbet1, cbet2)
                s12x = l.s12b * b; m12x = l.m12b * b; M12 = l.M12; M21 = l.M21
            }
        }
        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
            swap(&M12, &M21)
        }
        salp1 *= swapp * lonsign; calp1 *= swapp * latsign
        salp2 *= swapp * lonsign; calp2 *= swapp * latsign
        return Inverse(s12: s12x, azi1: atan2(salp1, calp1), azi2: atan2(salp2, calp2),
                       m12: m12x, M12: M12, M21: M21)
    }

    // MARK: Direct problem

    /// The geodesic line from (`lat1`, 0) with azimuth `azi1`.
    public func line(lat1: Double, azi1: Double) -> Line { Line(self, lat1: lat1, azi1: azi1) }

    /// A geodesic line (Karney §2): positions along it by distance.
    public struct Line: Sendable {
        public struct Position: Sendable {
            public var lat2: Double
            /// Longitude relative to the start, not reduced (may exceed ±π on long lines).
            public var lon12: Double
            public var azi2: Double
            public var m12: Double
            public var M12: Double
            public var M21: Double
        }

        @usableFromInline let g: Geodesic
        @usableFromInline let salp0: Double, calp0: Double, k2: Double
        @usableFromInline let ssig1: Double, csig1: Double, somg1: Double, comg1: Double, dn1: Double
        @usableFromInline let a1m1: Double, a2m1: Double, a3c: Double
        @usableFromInline let b11: Double, b21: Double, b31: Double
        @usableFromInline let stau1: Double, ctau1: Double
        @usableFromInline let c1a: Six, c1pa: Six, c2a: Six, c3a: Six

        init(_ g: Geodesic, lat1: Double, azi1: Double) {
            self.g = g
            let salp1 = sin(azi1), calp1 = cos(azi1)
            var sbet1 = g.f1 * sin(lat1), cbet1 = abs(lat1) == .pi / 2 ? 0 : cos(lat1)
            Geodesic.norm(&sbet1, &cbet1)
            cbet1 = max(Geodesic.tiny, cbet1)
            dn1 = (1 + g.ep2 * sbet1 * sbet1).squareRoot()
            salp0 = salp1 * cbet1
            calp0 = (calp1 * calp1 + (salp1 * sbet1) * (salp1 * sbet1)).squareRoot()
            var s1 = sbet1
            somg1 = salp0 * sbet1
            var c1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
            comg1 = c1
            Geodesic.norm(&s1, &c1)
            ssig1 = s1; csig1 = c1
            k2 = calp0 * calp0 * g.ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            a1m1 = Geodesic.a1m1(eps)
            c1a = Geodesic.c1(eps)
            b11 = Geodesic.sinSeries(ssig1, csig1, c1a)
            let s = sin(b11), c = cos(b11)
            stau1 = ssig1 * c + csig1 * s
            ctau1 = csig1 * c - ssig1 * s
            c1pa = Geodesic.c1p(eps)
            a2m1 = Geodesic.a2m1(eps)
            c2a = Geodesic.c2(eps)
            b21 = Geodesic.sinSeries(ssig1, csig1, c2a)
            c3a = g.c3(eps)
            a3c = -g.f * salp0 * g.a3(eps)
            b31 = Geodesic.sinSeries(ssig1, csig1, c3a)
        }

        /// The point at distance `s12` (units of the geodesic's `a`) along the line.
        public func position(distance s12: Double) -> Position {
            let tau12 = s12 / (g.b * (1 + a1m1))
            let s = sin(tau12), c = cos(tau12)
            let b12 = -Geodesic.sinSeries(stau1 * c + ctau1 * s, ctau1 * c - stau1 * s, c1pa)
            var sig12 = tau12 - (b12 - b11)
            var ssig12 = sin(sig12), csig12 = cos(sig12)
            if abs(g.f) > 0.01 {
                let ssig2 = ssig1 * csig12 + csig1 * ssig12
                let csig2 = csig1 * csig12 - ssig1 * ssig12
                let b = Geodesic.sinSeries(ssig2, csig2, c1a)
                let serr = (1 + a1m1) * (sig12 + (b - b11)) - s12 / g.b
                sig12 -= serr / (1 + k2 * ssig2 * ssig2).squareRoot()
                ssig12 = sin(sig12); csig12 = cos(sig12)
            }
            let ssig2 = ssig1 * csig12 + csig1 * ssig12
            var csig2 = csig1 * csig12 - ssig1 * ssig12
            let dn2 = (1 + k2 * ssig2 * ssig2).squareRoot()
            let b12b = Geodesic.sinSeries(ssig2, csig2, c1a)
            let ab1 = (1 + a1m1) * (b12b - b11)
            let sbet2 = calp0 * ssig2
            var cbet2 = (salp0 * salp0 + (calp0 * csig2) * (calp0 * csig2)).squareRoot()
            if cbet2 == 0 { cbet2 = Geodesic.tiny; csig2 = Geodesic.tiny }
            let salp2 = salp0, calp2 = calp0 * csig2
            let somg2 = salp0 * ssig2, comg2 = csig2
            let e: Double = salp0.sign == .minus ? -1 : 1
            let omg12 = e * (sig12 - (atan2(ssig2, csig2) - atan2(ssig1, csig1))
                             + (atan2(e * somg2, comg2) - atan2(e * somg1, comg1)))
            let lam12 = omg12 + a3c * (sig12 + (Geodesic.sinSeries(ssig2, csig2, c3a) - b31))
            let lat2 = atan2(sbet2, g.f1 * cbet2)
            let ab2 = (1 + a2m1) * (Geodesic.sinSeries(ssig2, csig2, c2a) - b21)
            let j12 = (a1m1 - a2m1) * sig12 + (ab1 - ab2)
            let m12 = g.b * ((dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2)) - csig1 * csig2 * j12)
            let t = k2 * (ssig2 - ssig1) * (ssig2 + ssig1) / (dn1 + dn2)
            let M12 = csig12 + (t * ssig2 - csig2 * j12) * ssig1 / dn1
            let M21 = csig12 - (t * ssig1 - csig1 * j12) * ssig2 / dn2
            return Position(lat2: lat2, lon12: lam12, azi2: atan2(salp2, calp2), m12: m12, M12: M12, M21: M21)
        }
    }
}
