import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast line-oriented I/O for `project`: large buffered reads from a file descriptor, numbers
/// parsed in place without building strings, output accumulated in a byte buffer and written in
/// large blocks. Nothing is allocated per line.
struct LineReader {
    private let fd: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var eof = false

    init(fd: Int32, capacity: Int = 1 << 20) {
        self.fd = fd
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    func deallocate() { buffer.deallocate() }

    /// Calls `body` with the bytes of the next line (without the newline); false at the end.
    mutating func nextLine(_ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        while true {
            if let nl = memchr(buffer.baseAddress! + start, 0x0A, end - start) {
                let lineEnd = buffer.baseAddress!.distance(to: nl)
                var e = lineEnd
                if e > start && buffer[e - 1] == 0x0D { e -= 1 }
                body(UnsafeRawBufferPointer(rebasing: buffer[start..<e]))
                start = lineEnd + 1
                return true
            }
            if eof {
                guard start < end else { return false }
                var e = end
                if buffer[e - 1] == 0x0D { e -= 1 }
                body(UnsafeRawBufferPointer(rebasing: buffer[start..<e]))
                start = end
                return true
            }
            // Move the partial line to the front, grow if a line fills the buffer, then read.
            if start > 0 {
                let n = end - start
                if n > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, n) }
                start = 0
                end = n
            }
            if end == buffer.count {
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
                bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = bigger
            }
            let n = read(fd, buffer.baseAddress! + end, buffer.count - end)
            if n <= 0 { eof = true } else { end += n }
        }
    }
}

/// An output byte buffer flushed to a file descriptor in large blocks.
struct ByteWriter {
    private let fd: Int32
    private let buffer: UnsafeMutableRawBufferPointer
    private var count = 0

    init(fd: Int32, capacity: Int = 1 << 20) {
        self.fd = fd
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    func deallocate() { buffer.deallocate() }

    @inline(__always) mutating func reserve(_ n: Int) {
        if count + n > buffer.count { flush() }
    }

    mutating func flush() {
        var off = 0
        while off < count {
            let w = write(fd, buffer.baseAddress! + off, count - off)
            if w <= 0 { break }
            off += w
        }
        count = 0
    }

    @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1)
        buffer[count] = b
        count += 1
    }

    mutating func bytes(_ s: StaticString) {
        reserve(s.utf8CodeUnitCount)
        s.withUTF8Buffer { b in
            for c in b {
                buffer[count] = c
                count += 1
            }
        }
    }

    /// Writes a non-negative integer in decimal (0 for a negative one).
    @inline(__always) mutating func integer(_ v: Int) { unsigned(UInt64(max(0, v))) }

    /// Writes a signed integer in decimal.
    @inline(__always) mutating func signed(_ v: Int64) {
        if v < 0 {
            byte(0x2D)
            unsigned(v == .min ? UInt64(1) << 63 : UInt64(-v))
        } else {
            unsigned(UInt64(v))
        }
    }

    /// Writes an unsigned integer in decimal.
    @inline(__always) mutating func unsigned(_ v: UInt64) {
        reserve(20)
        var n = 1
        var x = v
        while x >= 10 { x /= 10; n += 1 }
        x = v
        var k = count + n - 1
        repeat {
            buffer[k] = UInt8(truncatingIfNeeded: x % 10) &+ 0x30
            x /= 10
            k -= 1
        } while x > 0
        count += n
    }

    /// Writes raw bytes.
    mutating func bytes(_ b: some Collection<UInt8>) {
        reserve(b.count)
        for c in b {
            buffer[count] = c
            count += 1
        }
    }

    /// Writes a Float in shortest round-trip form (`Float.description`'s text).
    @inline(__always) mutating func float(_ v: Float) {
        reserve(40)
        count += NumberFormat.write(v, into: buffer.baseAddress! + count)
    }

    /// Writes a number in shortest round-trip form (`Double.description`'s digits), `nan` for NaN.
    @inline(__always) mutating func number(_ v: Double) {
        reserve(40)
        count += NumberFormat.write(v, into: buffer.baseAddress! + count)
    }
}

/// Shortest round-trip formatting and fast parsing of decimal numbers.
enum NumberFormat {
    typealias Dtoa = @convention(c) (UnsafeMutablePointer<UInt8>, UInt, Double, Bool) -> UInt64

    /// The Swift runtime's shortest round-trip formatter (the one `Double.description` uses),
    /// looked up once; nil when the runtime does not export it (then `description` is used).
    static let dtoa: Dtoa? = {
        guard let handle = dlopen(nil, RTLD_NOW), let sym = dlsym(handle, "swift_float64ToString") else { return nil }
        return unsafeBitCast(sym, to: Dtoa.self)
    }()

    /// Writes `v` at `p` (at most 32 bytes) and returns the number of bytes written.
    @inline(__always)
    static func write(_ v: Double, into p: UnsafeMutableRawPointer) -> Int {
        if v.isNaN {
            p.storeBytes(of: 0x6E, toByteOffset: 0, as: UInt8.self)
            p.storeBytes(of: 0x61, toByteOffset: 1, as: UInt8.self)
            p.storeBytes(of: 0x6E, toByteOffset: 2, as: UInt8.self)
            return 3
        }
        if let dtoa {
            // Swift 6.3's swift_float64ToString leaves the bytes of '0' digits untouched (it
            // expects a buffer filled with '0'): without this, zeros came out as NUL or as stale
            // bytes of the previous number ("-52.\0", "-n.99890…").
            p.initializeMemory(as: UInt8.self, repeating: 0x30, count: 32)
            return Int(dtoa(p.assumingMemoryBound(to: UInt8.self), 32, v, false))
        }
        let s = v.description.utf8
        var i = 0
        for c in s {
            p.storeBytes(of: c, toByteOffset: i, as: UInt8.self)
            i += 1
        }
        return i
    }

    typealias FtoA = @convention(c) (UnsafeMutablePointer<UInt8>, UInt, Float, Bool) -> UInt64

    /// The runtime's shortest round-trip Float formatter (the one `Float.description` uses).
    static let ftoa: FtoA? = {
        guard let handle = dlopen(nil, RTLD_NOW), let sym = dlsym(handle, "swift_float32ToString") else { return nil }
        return unsafeBitCast(sym, to: FtoA.self)
    }()

    /// Writes `v` at `p` (at most 32 bytes) as `Float.description` does; returns the byte count.
    @inline(__always)
    static func write(_ v: Float, into p: UnsafeMutableRawPointer) -> Int {
        if v.isFinite, let ftoa {
            p.initializeMemory(as: UInt8.self, repeating: 0x30, count: 32)  // see write(Double)
            return Int(ftoa(p.assumingMemoryBound(to: UInt8.self), 32, v, false))
        }
        var i = 0
        for c in v.description.utf8 {
            p.storeBytes(of: c, toByteOffset: i, as: UInt8.self)
            i += 1
        }
        return i
    }

    static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// Parses a decimal number from bytes [i, end) of `b`: sign, digits, optional fraction and
    /// exponent. Exact when the digits fit in 2^53 and the power of ten in 10^±22 (Clinger's fast
    /// path); otherwise the C library's `strtod` decides. Nil when the bytes are not a number.
    static func parse(_ b: UnsafeRawBufferPointer, _ from: Int, _ to: Int) -> Double? {
        var i = from
        guard i < to else { return nil }
        var negative = false
        if b[i] == 0x2D { negative = true; i += 1 } else if b[i] == 0x2B { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, exponent = 0, sawDigit = false
        while i < to, b[i] &- 0x30 < 10 {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b[i] &- 0x30); if mantissa != 0 { digits += 1 } } else { exponent += 1 }
            sawDigit = true
            i += 1
        }
        if i < to && b[i] == 0x2E {
            i += 1
            while i < to, b[i] &- 0x30 < 10 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] &- 0x30)
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                }
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit else { return slowParse(b, from, to) }
        if i < to && (b[i] | 0x20) == 0x65 {
            i += 1
            var eNeg = false
            if i < to && (b[i] == 0x2D || b[i] == 0x2B) { eNeg = b[i] == 0x2D; i += 1 }
            var e = 0, eDigits = 0
            while i < to, b[i] &- 0x30 < 10 {
                if e < 100_000 { e = e * 10 + Int(b[i] &- 0x30) }
                eDigits += 1
                i += 1
            }
            guard eDigits > 0 else { return nil }
            exponent += eNeg ? -e : e
        }
        guard i == to else { return slowParse(b, from, to) }
        if mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
            var v = Double(mantissa)
            v = exponent < 0 ? v / powersOfTen[-exponent] : v * powersOfTen[exponent]
            return negative ? -v : v
        }
        return slowParse(b, from, to)
    }

    /// `strtod` on a NUL-terminated copy (numbers with more than 15 digits, nan, inf).
    static func slowParse(_ b: UnsafeRawBufferPointer, _ from: Int, _ to: Int) -> Double? {
        let n = to - from
        guard n > 0 && n < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { tmp -> Double? in
            for k in 0..<n { tmp[k] = CChar(bitPattern: b[from + k]) }
            tmp[n] = 0
            var endp: UnsafeMutablePointer<CChar>?
            let v = strtod(tmp.baseAddress!, &endp)
            guard let endp, endp == tmp.baseAddress! + n else { return nil }
            return v
        }
    }
}
