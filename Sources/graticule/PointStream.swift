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

/// write(2), named apart from `ByteWriter.write(to:)`.
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }

/// An output byte buffer flushed to a file descriptor in large blocks, or (`fd` −1, `inMemory`)
/// kept in memory, growing, until written with `write(to:)`.
struct ByteWriter {
    private let fd: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    private var count = 0
    /// False while `buffer` is memory the writer was given (`inMemory(using:)`).
    private var ownsBuffer = true

    init(fd: Int32, capacity: Int = 1 << 20) {
        self.fd = fd
        buffer = .allocate(byteCount: max(64, capacity), alignment: 16)
    }

    private init(inMemory buffer: UnsafeMutableRawBufferPointer) {
        fd = -1
        self.buffer = buffer
        ownsBuffer = false
    }

    /// A writer that keeps everything in memory (grown as needed).
    static func inMemory(capacity: Int) -> ByteWriter { ByteWriter(fd: -1, capacity: capacity) }

    /// A writer that keeps everything in memory, first in `buffer` (which stays the caller's:
    /// `deallocate` leaves it), then, should it need more, in memory of its own.
    static func inMemory(using buffer: UnsafeMutableRawBufferPointer) -> ByteWriter { ByteWriter(inMemory: buffer) }

    func deallocate() { if ownsBuffer { buffer.deallocate() } }

    @inline(__always) mutating func reserve(_ n: Int) {
        if count + n > buffer.count {
            if fd >= 0 { flush() }
            if count + n > buffer.count { grow(to: count + n) }
        }
    }

    private mutating func grow(to needed: Int) {
        let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(needed, buffer.count * 2), alignment: 16)
        bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        if ownsBuffer { buffer.deallocate() }
        buffer = bigger
        ownsBuffer = true
    }

    /// Writes what is held to the writer's descriptor and empties it.
    mutating func flush() {
        write(to: fd)
        count = 0
    }

    /// Writes what is held to `descriptor` (keeps it).
    func write(to descriptor: Int32) {
        var off = 0
        while off < count {
            let w = systemWrite(descriptor, buffer.baseAddress! + off, count - off)
            if w < 0 && errno == EINTR { continue }
            if w <= 0 { break }
            off += w
        }
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

    /// Writes an unsigned integer in decimal: its digit count by comparisons, then two digits
    /// per step from a table (no division loop to count).
    @inline(__always) mutating func unsigned(_ v: UInt64) {
        reserve(20)
        var n = 1
        var t: UInt64 = 10
        while n < 20 && v >= t {
            n += 1
            if n == 20 { break }
            t = t &* 10
        }
        // "00" "01" … "99".
        let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        let table = UnsafeRawPointer(pairs.utf8Start)
        let out = buffer.baseAddress! + count
        var x = v
        var k = n
        while x >= 100 {
            let r = Int(x % 100)
            x /= 100
            k -= 2
            out.storeBytes(of: table.loadUnaligned(fromByteOffset: 2 * r, as: UInt16.self), toByteOffset: k, as: UInt16.self)
        }
        if x >= 10 {
            out.storeBytes(of: table.loadUnaligned(fromByteOffset: 2 * Int(x), as: UInt16.self), toByteOffset: k - 2, as: UInt16.self)
        } else {
            out.storeBytes(of: UInt8(truncatingIfNeeded: x) &+ 0x30, toByteOffset: k - 1, as: UInt8.self)
        }
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
    /// The Swift runtime's shortest round-trip formatter (the one `Double.description` uses),
    /// called directly (a runtime entry point, linked statically or dynamically alike).
    @_silgen_name("swift_float64ToString")
    static func swiftFloat64ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ length: UInt, _ value: Double,
                                     _ debug: Bool) -> UInt64

    /// The runtime's shortest round-trip Float formatter (the one `Float.description` uses).
    @_silgen_name("swift_float32ToString")
    static func swiftFloat32ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ length: UInt, _ value: Float,
                                     _ debug: Bool) -> UInt64

    /// Writes `v` at `p` (at most 32 bytes) and returns the number of bytes written.
    @inline(__always)
    static func write(_ v: Double, into p: UnsafeMutableRawPointer) -> Int {
        if v.isNaN {
            p.storeBytes(of: 0x6E, toByteOffset: 0, as: UInt8.self)
            p.storeBytes(of: 0x61, toByteOffset: 1, as: UInt8.self)
            p.storeBytes(of: 0x6E, toByteOffset: 2, as: UInt8.self)
            return 3
        }
        // Swift 6.3's swift_float64ToString leaves the bytes of '0' digits untouched (it
        // expects a buffer filled with '0'): without this, zeros came out as NUL or as stale
        // bytes of the previous number ("-52.\0", "-n.99890…").
        p.initializeMemory(as: UInt8.self, repeating: 0x30, count: 32)
        return Int(swiftFloat64ToString(p.assumingMemoryBound(to: UInt8.self), 32, v, false))
    }

    /// Writes `v` at `p` (at most 32 bytes) as `Float.description` does; returns the byte count.
    @inline(__always)
    static func write(_ v: Float, into p: UnsafeMutableRawPointer) -> Int {
        if v.isFinite {
            p.initializeMemory(as: UInt8.self, repeating: 0x30, count: 32)  // see write(Double)
            return Int(swiftFloat32ToString(p.assumingMemoryBound(to: UInt8.self), 32, v, false))
        }
        var i = 0
        for c in v.description.utf8 {
            p.storeBytes(of: c, toByteOffset: i, as: UInt8.self)
            i += 1
        }
        return i
    }

    /// Parses a decimal number from bytes [from, to) of `b`: sign, digits, optional fraction and
    /// exponent. Exact when the digits fit in 2^53 and the power of ten in 10^±22 (Clinger's fast
    /// path); otherwise the C library's `strtod` decides. Nil when the bytes are not a number.
    static func parse(_ b: UnsafeRawBufferPointer, _ from: Int, _ to: Int) -> Double? {
        let (value, next) = scan(b, from, to)
        return next == to ? value : nil
    }

    /// The separators between numbers on a line: blank, tab, comma, carriage return.
    @inline(__always) static func isSeparator(_ c: UInt8) -> Bool { c == 0x20 || c == 0x2C || c == 0x09 || c == 0x0D }

    /// Parses the token that starts at `from` and runs to the first separator (`isSeparator`) or
    /// to `to`, in one pass over its bytes: its value as `parse` gives it (nil when the token is
    /// not a number), and where the token ends.
    @inline(__always)
    static func scan(_ b: UnsafeRawBufferPointer, _ from: Int, _ to: Int) -> (value: Double?, next: Int) {
        @inline(__always) func tokenEnd(_ i: Int) -> Int {
            var e = i
            while e < to && !isSeparator(b[e]) { e += 1 }
            return e
        }
        var i = from
        guard i < to else { return (nil, i) }
        var negative = false
        if b[i] == 0x2D { negative = true; i += 1 } else if b[i] == 0x2B { i += 1 }
        // The mantissa keeps at most 19 significant digits: a digit is taken while the mantissa
        // is below 10¹⁸ (at most 18 digits so far); later ones are dropped, and a mantissa that
        // dropped any is at least 10¹⁸ > 2⁵³, so the fast path below refuses it.
        let room: UInt64 = 1_000_000_000_000_000_000
        var mantissa: UInt64 = 0
        var exponent = 0, sawDigit = false
        // Runs of up to 8 digits 8 bytes at a time (a run stops at the first byte that is not a
        // digit, and at `to`); a run that starts the number always fits.
        var run = eightDigits(b, i, to)
        if run.count > 0 {
            mantissa = run.value
            i += run.count
            sawDigit = true
        }
        while i < to, b[i] &- 0x30 < 10 {
            if mantissa < room { mantissa = mantissa &* 10 &+ UInt64(b[i] &- 0x30) } else { exponent += 1 }
            sawDigit = true
            i += 1
        }
        if i < to && b[i] == 0x2E {
            i += 1
            run = eightDigits(b, i, to)
            // The run fits when mantissa · 10^count + run < 10¹⁹, i.e. mantissa < 10^(19 − count).
            if run.count > 0 && mantissa < powerOfTenInt(19 - run.count) {
                mantissa = mantissa &* powerOfTenInt(run.count) &+ run.value
                exponent -= run.count
                i += run.count
                sawDigit = true
            }
            while i < to, b[i] &- 0x30 < 10 {
                if mantissa < room {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] &- 0x30)
                    exponent -= 1
                }
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit else {
            let e = tokenEnd(i)
            return (slowParse(b, from, e), e)
        }
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
            guard eDigits > 0 else { return (nil, tokenEnd(i)) }
            exponent += eNeg ? -e : e
        }
        guard i == to || isSeparator(b[i]) else {
            let e = tokenEnd(i)
            return (slowParse(b, from, e), e)
        }
        if mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
            var v = Double(mantissa)
            v = exponent < 0 ? v / powerOfTen(-exponent) : v * powerOfTen(exponent)
            return (negative ? -v : v, i)
        }
        return (slowParse(b, from, i), i)
    }

    /// 10ⁿ for n in 0 … 19 (exact in UInt64).
    @inline(__always)
    static func powerOfTenInt(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// 10ⁿ for n in 0 … 22, exact in Double (a switch: no lazily initialised global table).
    @inline(__always)
    static func powerOfTen(_ n: Int) -> Double {
        switch n {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The decimal digits at the start of bytes [i, to) — at most 8 — and their value, read as one
    /// 64-bit word (SWAR: digit bytes found by their high bits after subtracting '0' and adding
    /// 0x46, the run's digits combined pairwise, then in fours, then eight: the method of
    /// fast_float's `parse_eight_digits_unrolled`). (0, 0) when fewer than 8 bytes of the buffer
    /// remain from `i` (the caller's byte loop takes over).
    @inline(__always)
    static func eightDigits(_ b: UnsafeRawBufferPointer, _ i: Int, _ to: Int) -> (count: Int, value: UInt64) {
        guard i + 8 <= b.count, i < to else { return (0, 0) }
        let word = UInt64(littleEndian: b.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let a = word &- 0x3030_3030_3030_3030
        let nonDigit = (a | (word &+ 0x4646_4646_4646_4646) | word) & 0x8080_8080_8080_8080
        let count = min(nonDigit == 0 ? 8 : nonDigit.trailingZeroBitCount / 8, to - i)
        guard count > 0 else { return (0, 0) }
        // The run's digits in the high bytes, zeros (leading zeros of the number) below.
        var d = count == 8 ? a : a << UInt64(8 * (8 - count))
        d = d &* 10 &+ (d >> 8)
        d = ((d & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32))
             &+ ((d >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32))) >> 32
        return (count, d)
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

/// Standard output when it is a pipe: made to hold a whole command's output (up to the system's
/// limit for unprivileged processes, `/proc/sys/fs/pipe-max-size`, 1 MiB by default) instead of
/// 64 KiB, so that writing it does not wait for the reader 64 KiB at a time; each wait is a
/// wake-up of the other process, and a few dozen of them cost `graticule identify` of 100,000
/// points (1.2 MB of output) read by a Python `subprocess.run` about 3 ms of its 13.
enum OutputPipe {
    /// Linux's F_SETPIPE_SZ (not in Swift's Glibc module).
    private static let setPipeSize: Int32 = 1031

    /// Widens `fd`'s pipe to hold `byteCount` bytes, or as much as allowed; nothing for a file,
    /// a terminal, or a system without the call.
    static func widen(_ fd: Int32, toHold byteCount: Int) {
        #if os(Linux)
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFIFO, byteCount > 1 << 16 else { return }
        var size = 1 << 20
        while size > 1 << 16 && size / 2 >= byteCount { size /= 2 }
        while size > 1 << 16 && fcntl(fd, setPipeSize, Int32(size)) < 0 { size /= 2 }
        #endif
    }
}
