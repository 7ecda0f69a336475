import Translations

/// Esc while a list or a record loads stops the load (the request is
/// cancelled, what the screen had stays) and says so in one line.
enum StoppedLoad {
    /// Loads smaller than this (100 kB, where the status bar starts to show
    /// progress) are not worth a size in the message.
    static let sizeFrom = 100_000

    /// `Stopped loading todos (3.2 MB in) — r reloads`; `what` names what
    /// was loading, `received` the bytes that had come.
    static func message(_ what: String, received: Int) -> String {
        guard received >= sizeFrom else { return Texts.List.stopped(what: what) }
        return Texts.List.stoppedAfter(what: what, size: Language.current.tenths(Double(received) / 1_000_000))
    }
}
