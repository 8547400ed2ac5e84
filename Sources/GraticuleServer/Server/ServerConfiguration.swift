import Foundation

/// How a Graticule server runs: where it listens, which directories it may read, and the limits
/// that bound the work of one request.
public struct ServerConfiguration: Sendable {
    /// The address to bind (`127.0.0.1` by default: loopback only).
    public var host: String
    /// The port; 0 asks the system for a free one (the bound port is reported when running).
    public var port: Int
    /// Directories of datum grid files, searched before the embedded grids. The first is used
    /// when a request names none; a request may name any of them (`dataDir=`) or `none`, never
    /// another path.
    public var dataDirectories: [URL]
    /// Directories of GeoTIFF rasters served besides the built-in `ndvi`, by file name.
    public var rasterDirectories: [URL]
    /// Directories of vector files (GeoJSON, GeoJSON sequences, Shapefiles, GeoPackages, CSV)
    /// served as map layers by file name, read when the server starts.
    public var vectorDirectories: [URL]
    /// The URL clients reach the server at (behind a proxy), used in WMS capabilities; nil uses
    /// the request's `Host` header (and `X-Forwarded-Proto` / `X-Forwarded-Host` when present).
    public var publicURL: URL?
    /// Work limits.
    public var limits: Limits
    /// Whether rendered images may be kept in memory and served again for the same request.
    public var cachesImages: Bool

    public init(host: String = "127.0.0.1", port: Int = 8080, dataDirectories: [URL] = [],
                rasterDirectories: [URL] = [], vectorDirectories: [URL] = [], publicURL: URL? = nil,
                limits: Limits = Limits(), cachesImages: Bool = true) {
        self.host = host
        self.port = port
        self.dataDirectories = dataDirectories
        self.rasterDirectories = rasterDirectories
        self.vectorDirectories = vectorDirectories
        self.publicURL = publicURL
        self.limits = limits
        self.cachesImages = cachesImages
    }

    /// What one request may ask for.
    public struct Limits: Sendable {
        /// Largest image width and height in pixels (WMS `MaxWidth` / `MaxHeight`).
        public var maxImageSize: Int = 4096
        /// Most points in one project batch (JSON points or GeoJSON positions).
        public var maxBatchPoints: Int = 250_000
        /// Largest request body in bytes.
        public var maxBodyBytes: Int = 16 << 20
        /// Longest time a request may take before the server answers 503.
        public var requestTimeout: Duration = .seconds(30)
        /// Time an idle connection is kept open.
        public var idleTimeout: Duration = .seconds(60)
        /// Most search results of one spatial-reference search.
        public var maxSearchResults: Int = 200
        /// Bytes of rendered images kept for repeated requests.
        public var imageCacheBytes: Int = 128 << 20

        public init() {}
    }
}
