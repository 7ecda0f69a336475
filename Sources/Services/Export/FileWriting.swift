import Foundation

/// Writes exported files (the one place screens reach the disk).
public protocol FileWriting: Sendable {
    /// Writes `data` to `path` (`~` expands, relative paths start at the
    /// working directory) and returns the absolute path written.
    func write(_ data: Data, to path: String) throws(ServiceError) -> String
}
