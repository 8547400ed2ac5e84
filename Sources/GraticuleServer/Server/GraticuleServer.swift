import Foundation
import GraticuleCore
import Hummingbird
import Logging

/// The Graticule HTTP service: the JSON API (`/api/…`), OGC WMS 1.3.0 and 1.1.1 (`/wms`), OGC
/// WMTS 1.0.0 (`/wmts`), XYZ tiles (`/tiles/{z}/{x}/{y}.png`, `.png8` or `.jpg`) and the web
/// viewer (`/`), on Hummingbird 2.
///
/// ```swift
/// let server = try GraticuleServer(configuration: ServerConfiguration(port: 0))
/// try await server.run { port in print("http://127.0.0.1:\(port)/") }
/// ```
/// Every parameter is validated (bad input is a 4xx with a JSON message, or a WMS
/// `ServiceException`), work per request is bounded by `ServerConfiguration.Limits`, files are
/// read only from the embedded data and the configured directories, and SIGINT/SIGTERM stop the
/// server gracefully (requests in flight finish).
public struct GraticuleServer: Sendable {
    let state: ServerState
    let viewer: ViewerFiles

    /// Prepares the service: opens the registry and the configured data directories, loads the
    /// viewer's files.
    /// - Throws: `GraticuleError` naming the registry file or a data directory that cannot be read.
    public init(configuration: ServerConfiguration) throws(GraticuleError) {
        state = try ServerState(configuration: configuration)
        viewer = try ViewerFiles.load()
    }

    /// The routes, behind the path scrubbing, error, CORS, HEAD and gzip middlewares.
    func makeRouter() -> Router<BasicRequestContext> {
        // HEAD for every GET route: Hummingbird routes it to the GET endpoint, `HeadMiddleware`
        // answers it with the GET's headers and length.
        let router = Router(options: .autoGenerateHeadEndpoints)
        let config = state.configuration
        router.add(middleware: PathScrubber(directories: config.dataDirectories + config.rasterDirectories + config.vectorDirectories
                                            + [URL(fileURLWithPath: state.registry.path).deletingLastPathComponent(),
                                               Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent(),
                                               URL(fileURLWithPath: FileManager.default.currentDirectoryPath)].compactMap { $0 }))
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: CORSMiddleware(allowOrigin: .all, allowHeaders: [.contentType], allowMethods: [.get, .post, .options]))
        router.add(middleware: HeadMiddleware())
        router.add(middleware: CompressionMiddleware())
        addViewerRoutes(to: router)
        addSpatialReferenceRoutes(to: router)
        addProjectRoutes(to: router)
        addTransformationRoutes(to: router)
        addCountryRoutes(to: router)
        addRasterRoutes(to: router)
        addWMSRoutes(to: router)
        addWMTSRoutes(to: router)
        addTileRoutes(to: router)
        addMapRoutes(to: router)
        addFeaturesRoutes(to: router)
        return router
    }

    /// Runs until SIGINT or SIGTERM (graceful shutdown) or until the task is cancelled.
    /// - Parameter onRunning: called once listening, with the bound port (useful with port 0).
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let config = state.configuration
        AllocatorTuning.keepFreedMemory()
        var logger = Logger(label: "graticule.server")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        let idle = config.limits.idleTimeout.components
        let app = Application(
            router: makeRouter(),
            server: .http1(configuration: .init(idleTimeout: .seconds(idle.seconds))),
            configuration: .init(address: .hostname(config.host, port: config.port), serverName: "Graticule"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? config.port) },
            logger: logger)
        try await app.runService()
    }
}
