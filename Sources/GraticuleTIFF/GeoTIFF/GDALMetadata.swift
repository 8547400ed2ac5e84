import GraticuleCore

/// GDAL's `GDAL_METADATA` TIFF tag (42112): an XML list of metadata items, dataset-wide or per
/// band (`sample`, 0-based), some with a role (`scale`, `offset`, `description`, `unittype`,
/// `colorinterp`).
///
///     <GDALMetadata>
///       <Item name="SCALE" sample="0" role="scale">0.1</Item>
///       <Item name="DESCRIPTION" sample="0" role="description">B1</Item>
///     </GDALMetadata>
public struct GDALMetadata: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var name: String
        /// The band (0-based), or nil for a dataset item.
        public var sample: Int?
        public var role: String?
        public var domain: String?
        public var value: String
    }
    public let items: [Item]

    /// Parses the XML; unknown elements are skipped, malformed items dropped (GDAL ignores them too).
    public init(xml: String) {
        var items: [Item] = []
        var rest = Substring(xml)
        while let open = rest.range(of: "<Item") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else { break }
            let attributesText = rest[open.upperBound ..< tagEnd]
            let selfClosing = attributesText.hasSuffix("/")
            // A few attributes: a list (a first Dictionary<String, String> costs a tenth of a
            // millisecond of runtime set-up in a one-shot command).
            var attributes: [(key: String, value: String)] = []
            var a = attributesText
            while let eq = a.firstIndex(of: "=") {
                let key = a[..<eq].trimmingWhitespace
                var after = a[a.index(after: eq)...].drop { $0 == " " }
                guard let quote = after.first, quote == "\"" || quote == "'" else { break }
                after = after.dropFirst()
                guard let close = after.firstIndex(of: quote) else { break }
                attributes.append((key, GDALMetadata.unescape(String(after[..<close]))))
                a = after[after.index(after: close)...]
            }
            var value = ""
            var next = rest.index(after: tagEnd)
            if !selfClosing {
                guard let close = rest[next...].range(of: "</Item>") else { break }
                value = GDALMetadata.unescape(String(rest[next ..< close.lowerBound]))
                next = close.upperBound
            }
            func attribute(_ key: String) -> String? { attributes.last { $0.key == key }?.value }
            if let name = attribute("name") {
                items.append(Item(name: name, sample: attribute("sample").flatMap { Int($0) }, role: attribute("role"),
                                  domain: attribute("domain"), value: value))
            }
            rest = rest[next...]
        }
        self.items = items
    }

    /// The value of a dataset item (default domain) or of a band item.
    public func value(_ name: String, sample: Int? = nil, domain: String? = nil) -> String? {
        items.first { $0.name.caseInsensitiveCompare(name) == .orderedSame && $0.sample == sample && ($0.domain ?? "") == (domain ?? "") }?.value
    }

    /// The value of a band item by role (`scale`, `offset`, `description`).
    public func value(role: String, sample: Int) -> String? {
        items.first { $0.role == role && $0.sample == sample }?.value
    }

    static func unescape(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "&", let semi = s[i...].firstIndex(of: ";"), s.distance(from: i, to: semi) <= 10 {
                let entity = s[s.index(after: i) ..< semi]
                var replacement: String?
                switch entity {
                case "amp": replacement = "&"
                case "lt": replacement = "<"
                case "gt": replacement = ">"
                case "quot": replacement = "\""
                case "apos": replacement = "'"
                default:
                    if entity.hasPrefix("#x"), let v = UInt32(entity.dropFirst(2), radix: 16), let u = Unicode.Scalar(v) {
                        replacement = String(Character(u))
                    } else if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()), let u = Unicode.Scalar(v) {
                        replacement = String(Character(u))
                    }
                }
                if let replacement {
                    out += replacement
                    i = s.index(after: semi)
                    continue
                }
            }
            out.append(s[i])
            i = s.index(after: i)
        }
        return out
    }
}
