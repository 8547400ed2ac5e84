#!/usr/bin/env python3
"""Minimax coefficients for Sources/GraticuleCore/VectorMath.swift (SIMD2<Double> sin/cos, atan, log, exp).

Each kernel approximates a smooth function g on a small interval by a polynomial P of fixed degree,
minimising the largest *weighted* error max |w(z)·(g(z) − P(z))|, where the weight converts an error in
P into a relative error of the final function (see the table below). The Remez exchange algorithm runs
in mpmath at 80 digits; the coefficients are then rounded to double, and the error of the rounded
polynomial is re-measured on a dense grid (that is the number reported, in units of 2⁻⁵³ relative).

Kernels (z the polynomial variable; the Swift code evaluates exactly these forms):
  sin   sin r = r + r·z·S(z),          z = r² ∈ [0, (π/4)²]      weight z·r/sin r
  cos   cos r = 1 − z/2 + z²·C(z),     z = r² ∈ [0, (π/4)²]      weight z²/cos r
  atan  atan t = t + t·z·A(z),         z = t² ∈ [0, 0.55²]        weight z·t/atan t
  log   log(1+f) = f − (f²/2 − s(f²/2 + z·L(z))),  s = f/(2+f), z = s² ∈ [0, ((√2−1)/(√2+1))²]
                                                                  weight z·s/log(1+f)
  exp   exp r = 1 + r + r²·E(r),       r ∈ [−ln2/2, ln2/2]        weight (ln2/2)²/exp r

Usage: python3 tools/minimax/vector_math.py      (prints Swift literals and the measured errors)
"""
import mpmath as mp

mp.mp.dps = 80


def remez(g, w, a, b, degree, iterations=30):
    """Coefficients c[0..degree] of P minimising max |w(x)(g(x) − P(x))| on [a, b]."""
    n = degree + 2
    # Chebyshev extrema as the initial reference.
    xs = [(a + b) / 2 - (b - a) / 2 * mp.cos(mp.pi * i / (n - 1)) for i in range(n)]
    for _ in range(iterations):
        # Solve Σ c_j x_i^j + (−1)^i E / w(x_i) = g(x_i).
        A = mp.matrix(n, n)
        rhs = mp.matrix(n, 1)
        for i, x in enumerate(xs):
            for j in range(degree + 1):
                A[i, j] = x ** j
            A[i, degree + 1] = (-1) ** i / w(x)
            rhs[i] = g(x)
        sol = mp.lu_solve(A, rhs)
        c = [sol[j] for j in range(degree + 1)]
        E = sol[degree + 1]

        def err(x):
            return w(x) * (g(x) - mp.polyval(c[::-1], x))
        # New reference: the extrema of the error between sign changes, on a fine grid then refined.
        grid = [a + (b - a) * (mp.mpf(k) / 4000) for k in range(4001)]
        vals = [err(x) for x in grid]
        # Split into runs of one sign; take the extremum of each run.
        runs, cur = [], [0]
        for k in range(1, len(grid)):
            if mp.sign(vals[k]) == mp.sign(vals[cur[-1]]) or vals[k] == 0:
                cur.append(k)
            else:
                runs.append(cur)
                cur = [k]
        runs.append(cur)
        ext = [max(r, key=lambda k: abs(vals[k])) for r in runs]
        # Keep n alternating extrema with the largest errors.
        while len(ext) > n:
            if abs(vals[ext[0]]) < abs(vals[ext[-1]]):
                ext.pop(0)
            else:
                ext.pop()
        if len(ext) < n:
            break
        new = []
        for k in ext:
            lo, hi = grid[max(k - 1, 0)], grid[min(k + 1, len(grid) - 1)]
            try:
                x = mp.findroot(lambda t: mp.diff(err, t), grid[k], solver='secant', tol=mp.mpf(10) ** -60)
                if not (lo <= x <= hi):
                    x = grid[k]
            except Exception:
                x = grid[k]
            new.append(x)
        xs = new
    return c, abs(E)


def rounded_error(g, w, a, b, c):
    """Max weighted error (relative units of 2⁻⁵³) of P with coefficients rounded to double."""
    cd = [mp.mpf(float(x)) for x in c]
    worst = 0
    for k in range(20001):
        x = a + (b - a) * (mp.mpf(k) / 20000)
        worst = max(worst, abs(w(x) * (g(x) - mp.polyval(cd[::-1], x))))
    return worst * 2 ** 53


def tiny(z):
    return z if z != 0 else mp.mpf(10) ** -40


def sin_g(z):
    z = tiny(z); r = mp.sqrt(z)
    return (mp.sin(r) - r) / (r * z)


def sin_w(z):
    z = tiny(z); r = mp.sqrt(z)
    return z * r / mp.sin(r)


def cos_g(z):
    z = tiny(z); r = mp.sqrt(z)
    return (mp.cos(r) - 1 + z / 2) / (z * z)


def cos_w(z):
    z = tiny(z); r = mp.sqrt(z)
    return z * z / mp.cos(r)


def atan_g(z):
    z = tiny(z); t = mp.sqrt(z)
    return (mp.atan(t) - t) / (t * z)


def atan_w(z):
    z = tiny(z); t = mp.sqrt(z)
    return z * t / mp.atan(t)


def log_g(z):
    # s = sqrt(z); log((1+s)/(1−s)) = 2s + s·z·L(z)
    z = tiny(z); s = mp.sqrt(z)
    return (mp.log((1 + s) / (1 - s)) - 2 * s) / (s * z)


def log_w(z):
    z = tiny(z); s = mp.sqrt(z)
    return z * s / mp.log((1 + s) / (1 - s))


def exp_g(r):
    if abs(r) < mp.mpf(10) ** -15:  # (eʳ − 1 − r)/r² by its series: no cancellation
        return mp.mpf(1) / 2 + r / 6 + r * r / 24
    return (mp.exp(r) - 1 - r) / (r * r)


def exp_w(r):
    # The error of E enters exp r as r²·δE, at most (ln 2/2)²·δE: minimise δE relative to that
    # bound (a weight vanishing inside the interval would break the alternation).
    return (mp.log(2) / 2) ** 2 / mp.exp(r)


KERNELS = [
    ("sin S(z)", sin_g, sin_w, mp.mpf(0), (mp.pi / 4) ** 2, 5),
    ("cos C(z)", cos_g, cos_w, mp.mpf(0), (mp.pi / 4) ** 2, 5),
    ("atan A(z)", atan_g, atan_w, mp.mpf(0), mp.mpf('0.55') ** 2, 12),
    ("log L(z)", log_g, log_w, mp.mpf(0), ((mp.sqrt(2) - 1) / (mp.sqrt(2) + 1)) ** 2, 6),
    ("exp E(r)", exp_g, exp_w, -mp.log(2) / 2, mp.log(2) / 2, 10),
]

if __name__ == "__main__":
    import sys
    only = sys.argv[1:]
    for name, g, w, a, b, deg in KERNELS:
        if only and not any(name.startswith(o) for o in only):
            continue
        c, E = remez(g, w, a, b, deg)
        re = rounded_error(g, w, a, b, c)
        print(f"// {name}, degree {deg} on [{mp.nstr(a, 6)}, {mp.nstr(b, 6)}]: "
              f"minimax weighted error {mp.nstr(E, 3)} = {mp.nstr(E * 2 ** 53, 3)} × 2⁻⁵³; "
              f"with double coefficients {mp.nstr(re, 3)} × 2⁻⁵³")
        for j, x in enumerate(c):
            print(f"    {float(x).hex()},  // {mp.nstr(x, 20)}  z^{j}")
