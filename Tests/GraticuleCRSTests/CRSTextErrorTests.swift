import Foundation
import GraticuleCore
@testable import GraticuleCRS
import Testing

/// Malformed CRS text fails with `GraticuleError.parse` naming the problem and its character
/// offset, promptly, and never crashes.
@Suite struct CRSTextErrorTests {
    /// Parses `text` expecting a parse error; returns (message, offset).
    func parseError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> (format: String, message: String, offset: Int)? {
        do {
            let sr = try SpatialReference(text: text)
            Issue.record("expected a parse error, got \(sr.name)", sourceLocation: sourceLocation)
            return nil
        } catch let GraticuleError.parse(format, message, offset) {
            return (format, message, offset)
        } catch {
            Issue.record("expected a parse error, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    static let wgs84 = #"GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]"#

    @Test func validReferenceParses() throws {
        let sr = try SpatialReference(text: Self.wgs84)
        #expect(sr.identifier == Identifier("EPSG", 4326) || sr.name == "WGS 84")
    }

    @Test(arguments: [40, 80, 100, 120])
    func truncatedWKTNamesTheEndAndTheOpenNode(length: Int) throws {
        let text = String(Self.wgs84.prefix(length))
        let e = try #require(parseError(text))
        #expect(e.format == "WKT")
        #expect(e.offset == text.count)
        #expect(e.message.contains("end of input") || e.message.contains("unterminated string"), "\(e.message)")
    }

    @Test func truncatedWKTSaysWhichNodeIsOpen() throws {
        let e = try #require(parseError(#"PROJCS["x",GEOGCS["y",DATUM["d","#))
        #expect(e.message.contains("3 unclosed brackets"))
        #expect(e.message.contains("innermost DATUM opened at offset 22"))
        #expect(e.offset == 32)
    }

    @Test func extraClosingBracket() throws {
        let e = try #require(parseError(Self.wgs84 + "]"))
        #expect(e.message.contains("after the end of the WKT"))
        #expect(e.offset == Self.wgs84.count)
    }

    @Test func mismatchedBracketKinds() throws {
        let e = try #require(parseError(#"GEOGCS["x",DATUM("d",SPHEROID["s",6378137,298.3]],PRIMEM["G",0],UNIT["degree",0.01745]]"#))
        #expect(e.message.contains("unbalanced brackets"))
        #expect(e.message.contains("DATUM"))
        #expect(e.offset == 48)
    }

    @Test func missingComma() throws {
        let e = try #require(parseError(#"GEOGCS["x" DATUM["d"]]"#))
        #expect(e.message.contains("expected ','"))
        #expect(e.offset == 11)
    }

    @Test func unknownKeyword() throws {
        let e = try #require(parseError(#"FOOCRS["x",DATUM["d",SPHEROID["s",6378137,298.3]]]"#))
        #expect(e.message.contains("unknown WKT keyword \"FOOCRS\""))
        #expect(e.offset == 0)
        let timeCRS = try #require(parseError(#"TIMECRS["t",TDATUM["d"],CS[TemporalDateTime,1],AXIS["time",future]]"#))
        #expect(timeCRS.message.contains("not a CRS kind Graticule reads"))
    }

    @Test func missingPieces() throws {
        let noDatum = try #require(parseError(#"GEOGCRS["x",CS[ellipsoidal,2],AXIS["lat",north],AXIS["lon",east]]"#))
        #expect(noDatum.message.contains("lacks a DATUM or ENSEMBLE"))
        let axes = try #require(parseError(#"GEOGCRS["x",DATUM["d",ELLIPSOID["e",6378137,298.3]],CS[ellipsoidal,2],AXIS["lat",north]]"#))
        #expect(axes.message.contains("declares 2 axes but 1 AXIS is given"))
        let noProjection = try #require(parseError(#"PROJCS["p",\#(Self.wgs84),UNIT["metre",1]]"#))
        #expect(noProjection.message.contains("lacks a CONVERSION or PROJECTION"))
    }

    /// 100,000 nested brackets: a depth limit, not a stack overflow.
    @Test func hundredThousandLevelsOfNestingFailFast() throws {
        let deep = String(repeating: "A[", count: 100_000) + String(repeating: "]", count: 100_000)
        let start = ContinuousClock.now
        let e = try #require(parseError(deep))
        #expect(e.message.contains("nesting deeper than 32 levels"))
        #expect(e.offset == 64)
        let json = "{\"type\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        let j = try #require(parseError(json))
        #expect(j.format == "PROJJSON")
        #expect(j.message.contains("nesting deeper than 64 levels"))
        #expect(j.offset == 8 + 63)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    /// A 10 MB string is refused at once, and the error says the limit.
    @Test func tenMegabytesAreRefusedWithTheLimit() throws {
        let big = "GEOGCS[\"" + String(repeating: "x", count: 10_000_000) + "\"]"
        let start = ContinuousClock.now
        let e = try #require(parseError(big))
        #expect(e.message.contains("limit is 1048576 bytes"))
        #expect(e.message.contains("10000010 bytes"))
        #expect(ContinuousClock.now - start < .seconds(1))
        // The same through the byte entry point.
        #expect(throws: GraticuleError.self) { try SpatialReference(textData: Array(big.utf8)) }
    }

    /// Just under the limit: parsed (and rejected for what it is) in bounded time.
    @Test func largeInputUnderTheLimitIsLinear() throws {
        let name = String(repeating: "y", count: 1_000_000)
        let start = ContinuousClock.now
        let e = try #require(parseError(#"GEOGCS[""# + name + #"",DATUM["d"],UNIT["degree",0.0174532925199433]]"#))
        #expect(e.message.contains("lacks an ELLIPSOID"))
        #expect(e.message.count < 200, "the message quotes a shortened name")
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    /// The parse error of reading bytes, if any.
    func byteError(_ bytes: [UInt8]) -> (message: String, offset: Int)? {
        do {
            _ = try SpatialReference(textData: bytes)
            return nil
        } catch {
            if case let .parse(_, message, offset) = error { return (message, offset) }
            return ("\(error)", -1)
        }
    }

    /// A node with hundreds of thousands of values, a JSON array as long, a PROJ string with as
    /// many tokens: linear time. About 3 s for the three in a debug build on a loaded 2-core
    /// machine; a reader quadratic in its input would need ~10¹¹ steps here (minutes), so the bound
    /// is set well above the time the suite takes while other tests run in parallel (6 s seen).
    @Test func wideInputIsLinear() throws {
        let start = ContinuousClock.now
        let wkt = "GEOGCS[\"x\"," + String(repeating: "1,", count: 300_000) + "1]"
        #expect(parseError(wkt)?.message.contains("lacks its angular UNIT") == true)
        let json = #"{"type":"GeographicCRS","name":"x","members":["# + String(repeating: "1,", count: 300_000) + "1]}"
        #expect(parseError(json)?.message.contains("lacks \"datum\" or \"datum_ensemble\"") == true)
        let proj = "+proj=longlat " + String(repeating: "+a=1 ", count: 100_000)
        _ = try? SpatialReference(text: proj)
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func invalidUTF8NamesTheByte() throws {
        var bytes = Array(#"GEOGCS["ab"#.utf8)
        bytes.append(0xFF)
        bytes += Array(#"",DATUM["d",SPHEROID["s",6378137,298.3]]]"#.utf8)
        let e = try #require(byteError(bytes))
        #expect(e.message.contains("invalid UTF-8 at byte offset 10 (byte 0xFF)"))
        #expect(e.offset == 10)
        // An overlong encoding and a lone continuation byte.
        #expect(byteError([0x47, 0xC0, 0xAF])?.message.contains("invalid UTF-8 at byte offset 1") == true)
        #expect(byteError([0x80])?.offset == 0)
        // A surrogate encoded in UTF-8 (ED A0 80).
        #expect(byteError([0x41, 0xED, 0xA0, 0x80])?.message.contains("invalid UTF-8") == true)
        // Truncated multi-byte sequence at the end.
        let truncated = try #require(byteError(Array(Array("GEOGCS[\"é".utf8).dropLast())))
        #expect(truncated.message.contains("truncated UTF-8 sequence"))
        // Valid UTF-8 bytes work.
        let ok = try SpatialReference(textData: Array(Self.wgs84.utf8))
        #expect(ok.name == "WGS 84")
    }

    @Test func offsetsCountCharactersNotBytes() throws {
        let e = try #require(parseError(#"GEOGCS["Réseau géodésique",DATUM["d",SPHEROID["s",6378137,298.3]]"#))
        let text = #"GEOGCS["Réseau géodésique",DATUM["d",SPHEROID["s",6378137,298.3]]"#
        #expect(e.offset == text.count)
        #expect(text.utf8.count > text.count)
    }

    @Test func emptyInput() throws {
        for text in ["", "   ", "\n\t"] {
            let e = try #require(parseError(text))
            #expect(e.message.contains("empty input"))
            #expect(e.offset == 0)
        }
    }

    @Test func numbersOutOfRange() throws {
        let huge = try #require(parseError(#"GEOGCS["x",DATUM["d",SPHEROID["s",1e999,298.3]],PRIMEM["G",0],UNIT["degree",0.0174532925199433]]"#))
        #expect(huge.message.contains("number out of range: 1e999"))
        #expect(huge.offset == 34)
        let negative = try #require(parseError(#"GEOGCS["x",DATUM["d",SPHEROID["s",-6378137,298.3]],PRIMEM["G",0],UNIT["degree",0.0174532925199433]]"#))
        #expect(negative.message.contains("semi-major axis"))
        let flattening = try #require(parseError(#"GEOGCS["x",DATUM["d",SPHEROID["s",6378137,0.5]],PRIMEM["G",0],UNIT["degree",0.0174532925199433]]"#))
        #expect(flattening.message.contains("inverse flattening"))
        let bbox = try #require(parseError(#"GEOGCRS["x",DATUM["d",ELLIPSOID["e",6378137,298.3]],CS[ellipsoidal,2],AXIS["lat",north],AXIS["lon",east],USAGE[SCOPE["s"],AREA["a"],BBOX[-95,0,10,10]]]"#))
        #expect(bbox.message.contains("BBOX latitudes"))
        let unit = try #require(parseError(#"GEOGCS["x",DATUM["d",SPHEROID["s",6378137,298.3]],PRIMEM["G",0],UNIT["degree",0]]"#))
        #expect(unit.message.contains("positive conversion factor"))
        let json = try #require(parseError(#"{"type":"GeographicCRS","name":"x","datum":{"name":"d","ellipsoid":{"name":"e","semi_major_axis":1e400,"inverse_flattening":298}}}"#))
        #expect(json.message.contains("number out of range"))
        let proj = try #require(parseError("+proj=longlat +a=1e500 +rf=298"))
        #expect(proj.message.contains("+a needs a finite number"))
        let zone = try #require(parseError("+proj=utm +zone=99 +datum=WGS84"))
        #expect(zone.message.contains("+zone=1…60"))
    }

    @Test func projjsonMustBeAnObject() throws {
        let array = try #require(parseError(#"[{"type":"GeographicCRS"}]"#))
        #expect(array.message.contains("must be a JSON object, found an array"))
        #expect(array.offset == 0)
        let string = try #require(parseError(#"  "GeographicCRS""#))
        #expect(string.message.contains("found a string"))
        #expect(string.offset == 2)
        let noType = try #require(parseError(#"{"name":"x"}"#))
        #expect(noType.message.contains("missing \"type\""))
        let badType = try #require(parseError(#"{"type":"TemporalCRS","name":"x"}"#))
        #expect(badType.message.contains("unsupported PROJJSON type \"TemporalCRS\""))
        #expect(badType.offset == 8)
        let truncated = try #require(parseError(#"{"type":"GeographicCRS","name":"x"#))
        #expect(truncated.message.contains("unterminated string"))
        let trailing = try #require(parseError(#"{"type":"GeographicCRS"} x"#))
        #expect(trailing.message.contains("after the end of the JSON value"))
        #expect(trailing.offset == 25)
        let escape = try #require(parseError(#"{"type":"Geo\qCRS"}"#))
        #expect(escape.message.contains("invalid escape"))
    }

    @Test func unknownPROJOperation() throws {
        let e = try #require(parseError("+proj=foobar +ellps=WGS84 +no_defs"))
        #expect(e.format == "PROJ string")
        #expect(e.message.contains("unknown PROJ operation \"foobar\""))
        #expect(e.offset == 0)
        let pipeline = try #require(parseError("+proj=pipeline +step +proj=unitconvert"))
        #expect(pipeline.message.contains("pipeline"))
        let missing = try #require(parseError("+ellps=WGS84 +no_defs"))
        #expect(missing.message.contains("missing +proj="))
        let ellps = try #require(parseError("+proj=longlat +ellps=nonesuch"))
        #expect(ellps.message.contains("unknown +ellps \"nonesuch\""))
        #expect(ellps.offset == 14)
        let angle = try #require(parseError("+proj=tmerc +lon_0=abc +ellps=GRS80"))
        #expect(angle.message.contains("+lon_0: invalid angle \"abc\""))
        #expect(angle.offset == 12)
        let initExtra = try #require(parseError("+init=epsg:4326 +units=m"))
        #expect(initExtra.message.contains("+units cannot be combined with +init"))
    }

    @Test func unrecognisedText() throws {
        let e = try #require(parseError("#!@$"))
        #expect(e.message.contains("unrecognised CRS text"))
        #expect(e.offset == 0)
    }

    /// Every prefix of a valid WKT2, PROJJSON and PROJ string either parses or fails with a parse
    /// error (no crash, no other error kind).
    @Test func everyPrefixFailsCleanly() throws {
        let sr = try SpatialReference(text: "EPSG:32631")
        for format in ["wkt2", "projjson", "proj", "wkt1", "esri"] {
            let text = try sr.export(format)
            var index = text.startIndex
            var step = 0
            while index < text.endIndex {
                let prefix = String(text[..<index])
                do { _ = try SpatialReference(text: prefix) } catch {
                    switch error {
                    case .parse, .unknownCode: break
                    default: Issue.record("\(format) prefix \(prefix.count): \(error)")
                    }
                }
                step += 1
                index = text.index(index, offsetBy: 7, limitedBy: text.endIndex) ?? text.endIndex
            }
        }
    }
}
