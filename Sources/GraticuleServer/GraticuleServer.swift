/// The HTTP service (JSON API, WMS, XYZ tiles, web viewer) lives here (later issues). It is the
/// only target that will depend on Hummingbird, so the engine targets build and test fast.
public enum GraticuleServer {
    /// Endpoints served today.
    public static let endpoints: [String] = []
}
