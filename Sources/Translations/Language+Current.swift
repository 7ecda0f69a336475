import Synchronization

extension Language {
    /// The language texts are shown in: the current task's ``override`` (tests
    /// render in German side by side with English ones), else the language the
    /// process chose once at start (``choose(_:)``), else the master.
    public static var current: Language { override ?? chosen.withLock { $0 } }

    /// A language for one task and its children (`Language.$override.withValue(.de) { … }`).
    @TaskLocal public static var override: Language?

    private static let chosen = Mutex(Language.master)

    /// Sets the process's language; `trestle` calls it once, before the UI starts.
    public static func choose(_ language: Language) {
        chosen.withLock { $0 = language }
    }
}
