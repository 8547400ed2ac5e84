import Foundation
import GraticuleCore
@testable import GraticuleCRS
import Testing

/// Every other current EPSG and ESRI geographic 2D and projected CRS of the registry (3,584 of
/// 7,167), written in each format, reads back as an equivalent CRS and writes back the same text.
///
/// What a format cannot say is allowed for, and counted: Esri WKT and PROJ strings carry no axis
/// directions beyond what the method implies (a Cassini grid with southing and westing axes);
/// Esri WKT cannot tell the spherical form of Lambert azimuthal equal area on an ellipsoid from the
/// ellipsoidal one; a PROJ string cannot tell ESRI's east/north polar grids from EPSG's polar axes.
@Suite struct CRSTextRegistrySweepTests {
    static let ids: [Identifier] = {
        let all = (try? Registry.shared.crsIdentifiers(types: [.geographic2D, .projected])) ?? []
        return all.filter { !$0.deprecated && ($0.id.authority == "EPSG" || $0.id.authority == "ESRI") }
            .map(\.id).sorted().enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    }()

    static func options(_ format: String) -> CRSEquivalenceOptions {
        switch format {
        case "esri": [.ignoreAxisOrder, .ignoreHeight]
        case "proj": [.ignoreAxisOrder, .ignoreDatumIdentity, .ignoreHeight, .ignoreAxisUnits]
        default: []
        }
    }

    /// True when a format cannot carry what makes this CRS differ from its re-read.
    static func isFormatLimitation(_ format: String, _ crs: CRS) -> Bool {
        guard format == "esri" || format == "proj", case let .projected(p) = crs else { return false }
        let conversion = p.conversion.canonicalized(isSphere: p.base.datum.ellipsoid.figure.isSphere, names: TestRegistry.names)
        let implied = CRSResolve.implicitProjectedAxes(conversion: conversion, unit: .metre).axes.map { RegistryNames.key($0.direction) }
        let actual = p.coordinateSystem.axes.prefix(2).map { RegistryNames.key($0.direction) }
        if Set(implied) != Set(actual) { return true }
        if format == "esri", [1027, 9834].contains(p.conversion.method.epsgCode ?? 0), !p.base.datum.ellipsoid.figure.isSphere {
            return true
        }
        return false
    }

    @Test(arguments: ["wkt2", "wkt1", "esri", "projjson", "proj"])
    func everyOtherRegistryCRSRoundTrips(format: String) throws {
        #expect(Self.ids.count > 3_500)
        var failures: [String] = []
        var limitations: [String] = []
        var unsupported = 0
        for id in Self.ids {
            let sr = try SpatialReference(authority: id.authority, code: id.code)
            let text: String
            do { text = try sr.export(format) } catch {
                if case .unsupported = error, format == "proj" || format == "esri" { unsupported += 1; continue }
                failures.append("\(id): export: \(error)")
                continue
            }
            do {
                let back = try SpatialReference(text: text)
                if try !back.isEquivalent(to: sr, options: Self.options(format)) {
                    if Self.isFormatLimitation(format, sr.definition) { limitations.append(id.description); continue }
                    failures.append("\(id): \(CRSTextDiagnostics.difference(back.definition, sr.definition))")
                } else if try back.export(format) != text {
                    failures.append("\(id): export → parse → export differs")
                }
            } catch {
                failures.append("\(id): \(error)")
            }
        }
        print("\(format): \(Self.ids.count - failures.count - limitations.count - unsupported) round trip, "
              + "\(limitations.count) format limitations \(limitations.prefix(12)), \(unsupported) unsupported, \(failures.count) failures")
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(20).joined(separator: "\n"))")
    }
}
