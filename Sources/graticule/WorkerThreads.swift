#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A few threads working through shared lists of jobs, for the one-shot commands that split
/// their input (`graticule identify` reading standard input).
///
/// Why not `DispatchQueue.concurrentPerform`: in a process that has just started, Dispatch's
/// pool has no worker yet and wakes its second one late. Timed inside `graticule identify` of
/// 100,000 points (two chunks on two cores), the second chunk started 0.01–2.8 ms after the
/// first, in three of ten runs only once the first had ended, so that the whole run took up to
/// a third longer. A thread started here with `pthread_create` runs within about 50 µs.
enum WorkerThreads {
    /// Runs `body(worker)` for worker 0 ..< `count` at once: worker 0 on the calling thread, the
    /// others on threads started here; returns when every call has returned. Should a thread fail
    /// to start, its call runs on the calling thread after worker 0's (same result, later).
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else { body(0); return }
        var threads: [pthread_t] = []
        var notStarted: [Int] = []
        for worker in 1..<count {
            let job = Unmanaged.passRetained(Job(body: body, worker: worker)).toOpaque()
            #if canImport(Glibc)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let status = pthread_create(&thread, nil, { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                job.body(job.worker)
                return nil
            }, job)
            if status == 0 {
                #if canImport(Glibc)
                threads.append(thread)
                #else
                threads.append(thread!)
                #endif
            } else {
                Unmanaged<Job>.fromOpaque(job).release()
                notStarted.append(worker)
            }
        }
        body(0)
        for worker in notStarted { body(worker) }
        for thread in threads { pthread_join(thread, nil) }
    }

    private final class Job {
        let body: @Sendable (Int) -> Void
        let worker: Int
        init(body: @escaping @Sendable (Int) -> Void, worker: Int) {
            self.body = body
            self.worker = worker
        }
    }
}

/// Hands out 0, 1, 2, … to whichever thread asks next (each number once), so that threads
/// working through a list of jobs take the next one as they finish the last.
final class JobCounter: Sendable {
    private let next = Atomic<Int>(0)
    /// The next job's number (increasing without bound: callers stop at their job count).
    func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
}
