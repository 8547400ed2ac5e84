#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A few threads working through shared lists of jobs, for the one-shot commands that split
/// their input (`graticule identify` reading standard input).
///
/// Why not `DispatchQueue.concurrentPerform`, and why each new thread is first placed on another
/// CPU than the caller's: Linux often puts a new thread on its creator's CPU, where it waits
/// until the creator is preempted or the load balancer moves it, milliseconds later (on this
/// project's 2-core VM, a C test program's second thread started after 35–60 µs in half the
/// runs and 2.4–3.1 ms in the other half; inside `graticule identify` of 100,000 points its
/// second chunk often began only once the first had ended, up to a third of the run lost).
/// Started with an affinity that leaves out the caller's CPU, the thread ran within 50–90 µs in
/// every run; it then allows itself every CPU again.
enum WorkerThreads {
    /// Runs `body(worker)` for worker 0 ..< `count` at once: worker 0 on the calling thread, the
    /// others on threads started here; returns when every call has returned. Should a thread fail
    /// to start, its call runs on the calling thread after worker 0's (same result, later).
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else { body(0); return }
        var threads: [pthread_t] = []
        var notStarted: [Int] = []
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        let allowed = CPUPlacement.placeAwayFromCaller(&attributes)
        for worker in 1..<count {
            let job = Unmanaged.passRetained(Job(body: body, worker: worker, allowed: allowed)).toOpaque()
            #if canImport(Glibc)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let status = pthread_create(&thread, &attributes, { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                if let allowed = job.allowed { CPUPlacement.allow(allowed) }
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
        /// The CPUs the thread may use once started (nil: its placement was not changed).
        let allowed: CPUPlacement.Mask?
        init(body: @escaping @Sendable (Int) -> Void, worker: Int, allowed: CPUPlacement.Mask?) {
            self.body = body
            self.worker = worker
            self.allowed = allowed
        }
    }
}

/// Thread placement through glibc's CPU-affinity calls, GNU extensions that Swift's Glibc module
/// does not import: looked up with `dlsym` (the C library is a shared library even in the
/// static release build). Where they are missing (another C library, another system), threads
/// are placed by the system alone.
enum CPUPlacement {
    /// A `cpu_set_t`: 1,024 bits.
    typealias Mask = [UInt64]
    private typealias GetCPU = @convention(c) () -> Int32
    private typealias GetAffinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32
    private typealias SetAttributeAffinity = @convention(c) (UnsafeMutableRawPointer, Int, UnsafeRawPointer) -> Int32
    private typealias SetThreadAffinity = @convention(c) (pthread_t, Int, UnsafeRawPointer) -> Int32
    private static let maskBytes = 128

    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        #if os(Linux)
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
        #else
        return nil
        #endif
    }

    /// Sets `attributes` to start threads on the CPUs this process may use other than the
    /// caller's; returns the CPUs allowed (for `allow`), or nil when nothing was changed (one
    /// CPU allowed, or the calls are missing).
    static func placeAwayFromCaller(_ attributes: inout pthread_attr_t) -> Mask? {
        guard let getCPU = function("sched_getcpu", as: GetCPU.self),
              let getAffinity = function("sched_getaffinity", as: GetAffinity.self),
              let setAffinity = function("pthread_attr_setaffinity_np", as: SetAttributeAffinity.self) else { return nil }
        var allowed = Mask(repeating: 0, count: maskBytes / 8)
        guard allowed.withUnsafeMutableBytes({ getAffinity(0, maskBytes, $0.baseAddress!) }) == 0 else { return nil }
        let cpu = Int(getCPU())
        var others = allowed
        if cpu >= 0 && cpu < maskBytes * 8 { others[cpu / 64] &= ~(1 << UInt64(cpu % 64)) }
        guard others.contains(where: { $0 != 0 }) else { return nil }
        let status = withUnsafeMutablePointer(to: &attributes) { a in
            others.withUnsafeBytes { setAffinity(UnsafeMutableRawPointer(a), maskBytes, $0.baseAddress!) }
        }
        return status == 0 ? allowed : nil
    }

    /// Lets the calling thread run on `mask`'s CPUs.
    static func allow(_ mask: Mask) {
        guard let setAffinity = function("pthread_setaffinity_np", as: SetThreadAffinity.self) else { return }
        _ = mask.withUnsafeBytes { setAffinity(pthread_self(), maskBytes, $0.baseAddress!) }
    }
}

/// Hands out 0, 1, 2, … to whichever thread asks next (each number once), so that threads
/// working through a list of jobs take the next one as they finish the last.
final class JobCounter: Sendable {
    private let next = Atomic<Int>(0)
    /// The next job's number (increasing without bound: callers stop at their job count).
    func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
}
