/// The errors Graticule throws. Every case names what went wrong and what was given.
public enum GraticuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An authority code the registry does not hold (`unknown WKID 99999`).
    case unknownCode(authority: String, code: String)
    /// Text that could not be parsed: the format, what was wrong, and the 0-based character offset.
    case parse(format: String, message: String, offset: Int)
    /// A parameter value a method cannot use: parameter name, the value given and why.
    case invalidParameter(name: String, value: Double, reason: String)
    /// A method, unit or feature the engine does not implement.
    case unsupported(String)
    /// A coordinate outside the domain of an operation (e.g. the far side of an orthographic globe).
    case outOfDomain(String)
    /// Any other invalid input, with a message.
    case invalidInput(String)
    /// The registry file (`registry.sqlite`) is missing, unreadable, truncated or not a Graticule
    /// registry: its path (or every path searched) and what is wrong.
    case registry(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownCode(authority, code):
            if authority.isEmpty { return "unknown WKID \(code)" }
            return "unknown code \(authority):\(code)"
        case let .parse(format, message, offset):
            return "\(format) parse error at offset \(offset): \(message)"
        case let .invalidParameter(name, value, reason):
            return "invalid parameter \(name) = \(value): \(reason)"
        case let .unsupported(what): return "unsupported: \(what)"
        case let .outOfDomain(what): return "outside the domain: \(what)"
        case let .invalidInput(what): return what
        case let .registry(path, reason): return "registry \(path): \(reason)"
        }
    }
}
