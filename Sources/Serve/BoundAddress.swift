import Synchronization

/// The server's base URL, learnt once the listening socket is bound (the
/// port is only known then when 0 was asked for).
final class BoundAddress: Sendable {
    private let storage: Mutex<String>

    init(fallback: String) {
        storage = Mutex(fallback)
    }

    var value: String {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
