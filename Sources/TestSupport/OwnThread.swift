import Foundation

/// Blocking work for async tests, run on a thread of its own and awaited,
/// so that no thread of Swift's cooperative pool waits on it (the pool has
/// as many threads as cores, two on CI; a blocked one starves every test
/// and in-process server that needs it).
public enum OwnThread {
    /// `body`'s result, computed on a new thread.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// `body`'s result, computed on a new thread.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
