import Foundation

/// How Trestle starts a child it must be able to end whole: an empty signal
/// mask, every catchable signal back to its default (the parent ignores
/// some, and a child inherits that), and a process group of its own, so
/// that `kill(-pid, …)` reaches its children too. The credential helpers
/// use it, and so does the tests' `Spawn`.
public enum SpawnAttributes {
    /// Sets those three on `attributes`.
    public static func ownGroupWithDefaultSignals(_ attributes: inout posix_spawnattr_t) {
        defaultSignals(&attributes, ownGroup: true)
    }

    /// An empty signal mask and every catchable signal at its default, in
    /// Trestle's own process group unless `ownGroup` (a child in the
    /// foreground: `v`'s pager gets the keys and its own Ctrl-C).
    public static func defaultSignals(_ attributes: inout posix_spawnattr_t, ownGroup: Bool) {
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        // Neither can be caught, so neither needs resetting, and some libcs
        // fail the spawn when asked to.
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// Trestle's own descriptors (the cache, sockets, a file being written)
    /// stay out of the child: `posix_spawn_file_actions_addclosefrom_np`
    /// (glibc 2.34+, not imported), else a close per descriptor open now.
    public static func closeDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(&actions, lowest) == 0 { return }
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor >= lowest && fcntl(descriptor, F_GETFD) >= 0 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }
}
