import Foundation

/// How Trestle starts a child it must be able to end whole: an empty signal
/// mask, every catchable signal back to its default (the parent ignores
/// some, and a child inherits that), and a process group of its own, so
/// that `kill(-pid, …)` reaches its children too. The credential helpers
/// use it, and so does the tests' `Spawn`.
public enum SpawnAttributes {
    /// Sets those three on `attributes`.
    public static func ownGroupWithDefaultSignals(_ attributes: inout posix_spawnattr_t) {
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
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    }
}
