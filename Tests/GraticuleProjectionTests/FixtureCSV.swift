import Foundation

/// The CSV fixtures under `Fixtures/`: a `# generator: …` line naming the script and versions that
/// wrote the file, a header line, then one record a line.
enum FixtureCSV {
    /// The records of `Fixtures/NAME.csv`, split into fields (comment lines and the header skipped).
    /// A missing fixture stops the run: a test must never pass on an empty table.
    static func rows(_ name: String) -> [[String]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("missing test fixture Fixtures/\(name).csv")
        }
        var rows: [[String]] = []
        var header = true
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if header { header = false; continue }
            rows.append(split(String(line)))
        }
        return rows
    }

    /// The fields of one line: commas inside double quotes do not split, empty fields are kept.
    static func split(_ line: String) -> [String] {
        var fields: [String] = []
        var cur = ""
        var quoted = false
        for ch in line {
            if ch == "\"" { quoted.toggle() } else if ch == "," && !quoted { fields.append(cur); cur = "" } else {
                cur.append(ch)
            }
        }
        fields.append(cur)
        return fields
    }
}
