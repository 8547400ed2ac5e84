import ArgumentParser
import Foundation
import GraticuleServer
import Synchronization

/// `graticule serve [--host 127.0.0.1] [--port 8080] [--data-dir DIR] [--raster-dir DIR] [--vector-dir DIR] [--public-url URL]`
///
/// Serves the web viewer, the JSON API, WMS and XYZ tiles on the embedded defaults; prints the
/// URL once listening; stops gracefully on Ctrl-C or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", _superCommandName: "graticule",
        abstract: "Serve the web viewer, JSON API, OGC WMS and WMTS, and XYZ tiles (embedded data; no configuration needed).")

    @Option(name: .long, parsing: .unconditional, help: "Address to bind (0.0.0.0 to accept other machines).")
    var host = "127.0.0.1"

    @Option(name: .long, parsing: .unconditional, help: "Port (0: any free port).")
    var port = 8080

    @Option(name: .long, parsing: .unconditionalSingleValue, help: "Directory of datum grid files (repeatable; the first is the default).")
    var dataDir: [String] = []

    @Option(name: .long, parsing: .unconditionalSingleValue, help: "Directory of GeoTIFF rasters to serve besides the built-in ndvi (repeatable).")
    var rasterDir: [String] = []

    @Option(name: .long, parsing: .unconditionalSingleValue, help: "Directory of vector files to serve as map layers, by file name: .geojson, .geojsonl, .shp, .gpkg, .csv (repeatable; read at start).")
    var vectorDir: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "URL clients reach this server at, for WMS capabilities behind a proxy.")
    var publicURL: String?

    @Flag(name: .long, help: "Render every image afresh (no in-memory image cache).")
    var noCache = false

    /// Runs the server on the concurrency runtime's threads; the main thread waits for it to stop
    /// (nothing in the server runs on the main actor).
    func run() throws {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await serve() } catch { outcome.set(error) }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw error }
    }

    /// The error `serve()` ended with, handed from its task to the waiting main thread.
    final class Outcome: Sendable {
        private let stored = Mutex<(any Error)?>(nil)
        var error: (any Error)? { stored.withLock { $0 } }
        func set(_ error: any Error) { stored.withLock { $0 = error } }
    }

    func serve() async throws {
        var config = ServerConfiguration(host: host, port: port)
        guard (0...65535).contains(port) else { throw CLIError(message: "--port \(port): expected 0…65535") }
        config.dataDirectories = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
        config.rasterDirectories = rasterDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
        config.vectorDirectories = vectorDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if let publicURL {
            guard let url = URL(string: publicURL), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw CLIError(message: "--public-url \(publicURL): expected an http(s) URL")
            }
            config.publicURL = url
        }
        config.cachesImages = !noCache
        let server: GraticuleServer
        do { server = try GraticuleServer(configuration: config) } catch {
            throw CLIError(message: error.description)
        }
        let shownHost = host == "0.0.0.0" ? "127.0.0.1" : host
        try await server.run { port in
            // Written straight to the descriptor: a script reading the pipe sees it at once.
            FileHandle.standardOutput.write(Data("Graticule is serving http://\(shownHost):\(port)/  (Ctrl-C stops it)\n".utf8))
        }
    }
}
