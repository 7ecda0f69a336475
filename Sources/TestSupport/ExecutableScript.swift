import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a script the tests run as a command (a credential helper, a fake
/// `xdg-open`, a pager), safely beside other tests that spawn processes.
///
/// `String.write(to:atomically:)` writes through a temporary file whose
/// descriptor is not close-on-exec: a child another test forks meanwhile
/// inherits it, and while any process holds a file open for writing, the
/// kernel refuses to run it ("Text file busy", seen in CI on a busy
/// machine). Here the file is opened with `O_CLOEXEC` and closed before
/// anyone runs it, so no child keeps it past its own exec.
public enum ExecutableScript {
    /// Writes `text` to `url` (created or replaced), with `mode` (owner-only by default).
    public static func write(_ text: String, to url: URL, mode: mode_t = 0o700) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
            written += count
        }
        // `open`'s mode is masked by the umask; the tests rely on the exact one.
        guard fchmod(fd, mode) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
