import Foundation
import GraticuleCore

/// Clips polygons and lines on the sphere against one closed boundary (a cap's circle or a face of
/// the seam graph), keeping what lies on its left, the way d3-geo's clip/rejoin does: each ring is
/// cut where it crosses the boundary into pieces that lie inside; the pieces are joined into rings
/// by walking forwards along the boundary from where a piece leaves to where the next one enters
/// (Weiler–Atherton). A polygon that never crosses the boundary but encloses it gets the whole
/// boundary as a ring.
enum SphereClipper {
    /// A run of a ring inside the boundary, from an entering crossing to a leaving one.
    struct Piece {
        var points: SpherePath
        var start: Double
        var end: Double
    }

    /// The crossings of a path with the boundary, each with the index of the edge it lies on.
    private static func crossings(_ path: SpherePath, closed: Bool, boundary: ClipBoundary,
                                  inside: [Bool]) -> [(edge: Int, crossing: Crossing)] {
        var result: [(edge: Int, crossing: Crossing)] = []
        var scratch: [Crossing] = []
        let n = path.count
        let edges = closed ? n : n - 1
        // Edges in runs of `run`, each run tested only against the boundary edges near it (a
        // face ring of a net has dozens of edges; a country's ring is small next to it).
        let run = 32
        var start = 0
        while start < edges {
            let end = min(edges, start + run)
            // The run's points: edges start..<end join points start...end (the last wraps to 0).
            let candidates: [Int]?
            if end < n {
                candidates = boundary.candidates(near: path[start...end])
            } else {
                candidates = boundary.candidates(near: (Array(path[start..<n]) + [path[0]])[...])
            }
            if let candidates, candidates.isEmpty {
                start = end
                continue
            }
            for i in start..<end {
                let j = i + 1 == n ? 0 : i + 1
                scratch.removeAll(keepingCapacity: true)
                boundary.crossings(path[i], path[j], aInside: inside[i], bInside: inside[j], candidates: candidates,
                                   into: &scratch)
                if scratch.count > 1 { scratch.sort { $0.order < $1.order } }
                for c in scratch { result.append((i, c)) }
            }
            start = end
        }
        return result
    }

    /// Clips the rings of one polygon (kept side on the left of each) against `boundary`.
    /// `enclosesReference` tells whether the polygon (as clipped by earlier stages) contains a
    /// point of the boundary; it is asked only when no ring crosses it.
    static func clipPolygon(_ rings: [SpherePath], boundary: ClipBoundary,
                            enclosesReference: (SpherePoint) -> Bool) -> [SpherePath] {
        var out: [SpherePath] = []
        var pieces: [Piece] = []
        for ring in rings where ring.count >= 3 {
            let inside = ring.map { boundary.contains($0.v) }
            let cuts = crossings(ring, closed: true, boundary: boundary, inside: inside)
            guard !cuts.isEmpty else {
                if inside[0] { out.append(ring) }
                continue
            }
            // The ring as vertices and crossings in order, walked once round from the first crossing.
            var items: [Int] = []  // ≥ 0: vertex index; < 0: −1 − crossing index
            items.reserveCapacity(ring.count + cuts.count)
            var ci = 0
            for i in ring.indices {
                items.append(i)
                while ci < cuts.count && cuts[ci].edge == i {
                    items.append(-1 - ci)
                    ci += 1
                }
            }
            let f = items.firstIndex { $0 < 0 }!
            let first = cuts[-1 - items[f]].crossing
            var current: SpherePath? = first.entering ? [first.point] : nil
            var start = first.parameter
            let m = items.count
            for s in 1..<m {
                let item = items[(f + s) % m]
                if item >= 0 {
                    current?.append(ring[item])
                    continue
                }
                let c = cuts[-1 - item].crossing
                if c.entering {
                    current = [c.point]
                    start = c.parameter
                } else if var piece = current {
                    piece.append(c.point)
                    pieces.append(Piece(points: piece, start: start, end: c.parameter))
                    current = nil
                }
            }
            if var piece = current, !first.entering {
                piece.append(first.point)
                pieces.append(Piece(points: piece, start: start, end: first.parameter))
            }
        }
        if pieces.isEmpty {
            if !enclosesReference(boundary.referencePoint) { return out }
            out.append(boundary.ring())
            return out
        }
        out += rejoin(pieces, boundary: boundary)
        return out
    }

    /// Joins pieces into rings along the boundary.
    static func rejoin(_ pieces: [Piece], boundary: ClipBoundary) -> [SpherePath] {
        let period = boundary.period
        var used = [Bool](repeating: false, count: pieces.count)
        var rings: [SpherePath] = []
        for s in pieces.indices where !used[s] {
            used[s] = true
            var ring = pieces[s].points
            var end = pieces[s].end
            var guardCount = 0
            while guardCount <= pieces.count {
                guardCount += 1
                // The next entry forwards along the boundary (the starting piece included).
                var best = -1
                var bestDistance = Double.infinity
                for j in pieces.indices where !used[j] || j == s {
                    var d = pieces[j].start - end
                    if d < 0 { d += period }
                    if d < bestDistance {
                        bestDistance = d
                        best = j
                    }
                }
                guard best >= 0 else { break }
                boundary.interpolate(from: end, to: pieces[best].start, into: &ring)
                if best == s { break }
                used[best] = true
                ring += pieces[best].points
                end = pieces[best].end
            }
            if ring.count >= 3 { rings.append(ring) }
        }
        return rings
    }

    /// Clips an open line against `boundary`: the runs inside it.
    static func clipLine(_ line: SpherePath, boundary: ClipBoundary) -> [SpherePath] {
        guard line.count >= 2 else { return [] }
        let inside = line.map { boundary.contains($0.v) }
        let cuts = crossings(line, closed: false, boundary: boundary, inside: inside)
        if cuts.isEmpty { return inside[0] ? [line] : [] }
        var out: [SpherePath] = []
        var current: SpherePath? = inside[0] ? [line[0]] : nil
        var k = 0
        for i in 0..<(line.count - 1) {
            while k < cuts.count && cuts[k].edge == i {
                let c = cuts[k].crossing
                if c.entering { current = [c.point] } else if var run = current {
                    run.append(c.point)
                    if run.count >= 2 { out.append(run) }
                    current = nil
                }
                k += 1
            }
            current?.append(line[i + 1])
        }
        if let run = current, run.count >= 2 { out.append(run) }
        return out
    }
}
