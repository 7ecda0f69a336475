import Foundation

/// The server's own address, known only once it is bound.
final class BaseURLBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = "http://127.0.0.1"

    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
