import Foundation
import GRDB
import GraticuleCore
import Synchronization

/// One CRS of the registry as a list shows it: identifier, name, kind, deprecation and the
/// bounding box of its area of use (degrees, west/south/east/north; west > east across the
/// antimeridian).
public struct CRSListing: Hashable, Sendable {
    public var identifier: Identifier
    public var name: String
    public var type: Registry.CRSType
    public var isDeprecated: Bool
    /// The area of use, nil when the registry gives none.
    public var areaOfUse: AreaOfUse?
    /// Other names (Esri names of EPSG CRSs, former names).
    public var aliases: [String]
}

extension Registry {
    /// Every CRS of the given types (all of them by default), with its area of use and aliases,
    /// in authority then numeric code order. Read from the registry once and kept.
    public func listings(types: [CRSType] = CRSType.allCases) throws(GraticuleError) -> [CRSListing] {
        let all = try allListings()
        if types.count == CRSType.allCases.count { return all }
        let wanted = Set(types)
        return all.filter { wanted.contains($0.type) }
    }

    /// Spatial references whose code or name matches `query`, best match first (ArcGIS's
    /// spatial-reference picker, `projinfo --search`).
    ///
    /// A query is a code (`28413`, `EPSG:28413`, `ESRI:54050`) or words of a name or alias in any
    /// case and punctuation (`gauss kruger 13`, `WGS_1984_Web_Mercator`). Ranking: exact
    /// identifier, exact code in another authority, exact name, name starting with the query,
    /// all words in the name (whole words before word starts before parts of words, then shorter
    /// names first), then aliases; non-deprecated before
    /// deprecated, EPSG before ESRI, lower codes first. An empty query gives no result.
    /// - Parameters:
    ///   - types: kinds of CRS searched (default: geographic 2D and projected, what a map uses).
    ///   - includeDeprecated: whether deprecated CRSs are listed (after the others).
    ///   - limit: the most results returned (clamped to 1…1,000).
    public func searchCRS(_ query: String, types: [CRSType] = [.geographic2D, .projected],
                          includeDeprecated: Bool = true, limit: Int = 50) throws(GraticuleError) -> [CRSListing] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        let wanted = Set(types)
        let all = try allListings()
        let limit = min(max(limit, 1), 1000)
        let queryID = Identifier(parsing: trimmed)
        let bareCode = trimmed.allSatisfy(\.isNumber) ? trimmed : nil
        let words = trimmed.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "+") })
            .map { NameKey.of(String($0)) }.filter { !$0.isEmpty }
        let whole = NameKey.of(trimmed)
        guard queryID != nil || bareCode != nil || !words.isEmpty else { return [] }

        var scored: [(score: Int, index: Int)] = []
        for (i, l) in all.enumerated() where wanted.contains(l.type) && (includeDeprecated || !l.isDeprecated) {
            var score = Int.max
            if let queryID, queryID == l.identifier { score = 0 }
            else if let bareCode, bareCode == l.identifier.code { score = l.identifier.authority == "EPSG" ? 1 : 2 }
            else {
                let key = NameKey.of(l.name)
                if key == whole { score = 3_000_000 }
                else if key.hasPrefix(whole) { score = 4_000_000 }
                else if let p = Registry.wordPenalty(words, name: l.name, key: key) { score = 5_000_000 + p * 1000 }
                else if l.aliases.contains(where: { a in
                    let k = NameKey.of(a)
                    return k == whole || Registry.wordPenalty(words, name: a, key: k) != nil
                }) { score = 9_000_000 }
                if score < Int.max { score += min(key.count, 999) }
            }
            guard score < Int.max else { continue }
            // Deprecated after the others, whatever the match.
            if l.isDeprecated { score += 1_000_000_000 }
            scored.append((score, i))
        }
        scored.sort { a, b in
            if a.score != b.score { return a.score < b.score }
            return all[a.index].identifier < all[b.index].identifier
        }
        return scored.prefix(limit).map { all[$0.index] }
    }

    /// How well every query word matches a name: 0 per word equal to a word of the name, 1 per
    /// word starting a word of the name, 2 per word found elsewhere in it; nil when a word is not
    /// in the name at all.
    static func wordPenalty(_ words: [String], name: String, key: String) -> Int? {
        guard !words.isEmpty else { return nil }
        let tokens = name.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "+") }).map { NameKey.of(String($0)) }
        var penalty = 0
        for w in words {
            if tokens.contains(w) { continue }
            if tokens.contains(where: { $0.hasPrefix(w) }) { penalty += 1 }
            else if key.contains(w) { penalty += 2 }
            else { return nil }
        }
        return penalty
    }

    /// Reads the listings on first use.
    private func allListings() throws(GraticuleError) -> [CRSListing] {
        if let cached = listingCache.withLock({ $0 }) { return cached }
        let built: [CRSListing] = try read { db in
            var aliases: [Identifier: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "select auth, code, alias from alias where object_type = 'crs' order by auth, code, seq") {
                aliases[Identifier(row["auth"] as String, row["code"] as String), default: []].append(row["alias"])
            }
            // The first usage (lowest seq) of each CRS gives its area, as `entry(_:)` does.
            let rows = try Row.fetchAll(db, sql: """
                select c.auth, c.code, c.name, c.type, c.deprecated,
                       a.auth as area_auth, a.code as area_code, a.name as area_name, a.west, a.south, a.east, a.north
                from crs c
                left join usage u on u.object_type = 'crs' and u.auth = c.auth and u.code = c.code
                    and u.seq = (select min(seq) from usage v where v.object_type = 'crs' and v.auth = c.auth and v.code = c.code)
                left join area a on a.auth = u.area_auth and a.code = u.area_code
                """)
            var out: [CRSListing] = []
            out.reserveCapacity(rows.count)
            for row in rows {
                guard let type = CRSType(rawValue: row["type"]) else { continue }
                let id = Identifier(row["auth"] as String, row["code"] as String)
                var area: AreaOfUse?
                if let areaName: String = row["area_name"] {
                    area = AreaOfUse(name: areaName, west: row["west"] ?? -180, south: row["south"] ?? -90,
                                     east: row["east"] ?? 180, north: row["north"] ?? 90,
                                     identifier: Identifier(row["area_auth"] as String, row["area_code"] as String))
                }
                out.append(CRSListing(identifier: id, name: row["name"], type: type,
                                      isDeprecated: (row["deprecated"] as Int) != 0, areaOfUse: area,
                                      aliases: aliases[id] ?? []))
            }
            out.sort { $0.identifier < $1.identifier }
            return out
        }
        listingCache.withLock { if $0 == nil { $0 = built } }
        return built
    }
}
