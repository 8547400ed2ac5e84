/// The map pipeline (rotate → clip on the sphere → resample → project → clip → sink) lives here
/// (later issues).
public enum GraticuleRender {
    /// Output formats supported today.
    public static let formats: [String] = []
}
