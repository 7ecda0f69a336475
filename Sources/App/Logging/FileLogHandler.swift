import Foundation
import Logging
import Networking
import Synchronization

/// A swift-log handler that appends one line per message to a file — never
/// to the screen, which belongs to ncurses.
public struct FileLogHandler: LogHandler {
    /// The open log file, shared by every logger of the process.
    public final class Sink: Sendable {
        /// The file, `nil` when it could not be opened; the lock keeps lines whole.
        private let handle: Mutex<FileHandle?>

        /// Opens `url` for appending, creating folders; a failure leaves a sink that drops lines.
        public init(url: URL) {
            // O_APPEND: every line lands at the end, even with another Trestle
            // writing the same log (a seek to the end at open would let the
            // two write over each other's lines).
            let openLog = { open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) }
            var descriptor = openLog()
            if descriptor < 0, errno == ENOENT {
                // The folders are made only when missing (a first run): the start
                // does not pay FileManager's walk over them every time.
                try? FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                descriptor = openLog()
            }
            handle = Mutex(descriptor >= 0 ? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) : nil)
        }

        /// A sink that drops everything (tests, `--log-level` off).
        public init() { handle = Mutex(nil) }

        func write(_ line: String) {
            handle.withLock { handle in
                try? handle?.write(contentsOf: Data(line.utf8))
            }
        }
    }

    private let label: String
    private let sink: Sink
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]

    public init(label: String, sink: Sink, level: Logger.Level) {
        self.label = label
        self.sink = sink
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let (level, message) = (event.level, event.message)
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let details =
            merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        // Integer arithmetic, not ISO8601DateFormatter (whose set-up costs start-up time).
        let stamp = RFC3339.format(Date(), fractionalSeconds: true)
        sink.write("\(stamp) \(level) [\(label)] \(message)\(details)\n")
    }
}
