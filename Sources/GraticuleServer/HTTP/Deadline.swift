import Foundation
import Synchronization

/// Runs CPU-bound work (rendering, warping, a batch of points) off the request's task and answers
/// with its result, or with a 503 `APIError` when it takes longer than `timeout`. Work that times
/// out runs to its end in the background (it is bounded by the request limits) and its result is
/// dropped; the client is not kept waiting.
func withDeadline<T: Sendable>(_ timeout: Duration,
                               _ work: @escaping @Sendable () throws -> T) async throws -> T {
    let once = Once<T>()
    return try await withCheckedThrowingContinuation { (c: CheckedContinuation<T, any Error>) in
        once.set(c)
        let timer = Task {
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled {
                once.resume(.failure(APIError(.serviceUnavailable,
                    "the request took longer than the server's limit of \(timeout.components.seconds) s")))
            }
        }
        Task {
            let result = Result { () throws -> T in try work() }
            timer.cancel()
            once.resume(result)
        }
    }
}

/// A continuation resumed once, by whichever of the work and the timer comes first.
private final class Once<T: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)

    func set(_ c: CheckedContinuation<T, any Error>) { continuation.withLock { $0 = c } }

    func resume(_ result: Result<T, any Error>) {
        let c = continuation.withLock { c -> CheckedContinuation<T, any Error>? in
            defer { c = nil }
            return c
        }
        c?.resume(with: result)
    }
}
