import Foundation
import Networking
import Translations

/// `v` and `V`: what a screen shows, written to a private temporary file
/// and opened in `$PAGER` (`less` when unset) or, as a read-only copy, in
/// `$EDITOR` (then `$VISUAL`, then `vi`), with Trestle waiting.
///
/// The command runs as `/bin/sh -c 'COMMAND "$1"' sh FILE`: the command
/// may hold arguments (`less -R`), and the file's path reaches it as an
/// argument, never pasted into the shell's text. The child is in Trestle's
/// process group, so it is in the foreground and gets the keys and its own
/// Ctrl-C (the terminal is handed over first: `Terminal.handOver()`), with
/// every signal at its default and an empty signal mask. The wait is on a
/// thread of its own, not a cooperative one. The file (0600, or 0400 for
/// the editor) sits in a directory of its own (0700, `mkdtemp`), removed
/// with whatever the child left in it (an editor's swap file) after.
enum OutsideView {
    /// What went wrong, in the user's words (one status line).
    struct Failure: Error, Equatable {
        let line: String
    }

    /// The command `v` (or, with `editor`, `V`) runs, from `environment`.
    static func command(editor: Bool, environment: [String: String]) -> String {
        for name in editor ? ["EDITOR", "VISUAL"] : ["PAGER"] {
            if let value = environment[name], !value.allSatisfy({ $0 == " " || $0 == "\t" }) { return value }
        }
        return editor ? "vi" : "less"
    }

    /// Writes `text` and runs `command` on it; `nil` when the command ran
    /// (whatever it exited with, but for the shell's "not found" and
    /// "cannot execute", 127 and 126).
    static func run(_ command: String, text: String, readOnly: Bool) async -> Failure? {
        let directory: String
        let file: String
        do {
            (directory, file) = try write(text, readOnly: readOnly)
        } catch {
            return Failure(line: Texts.Outside.cannotWrite(reason: error.line))
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: spawnAndWait(command, file: file))
            }
        }
        guard let status, status != 126, status != 127 else {
            return Failure(line: Texts.Outside.cannotStart(command: String(command.prefix(200))))
        }
        return nil
    }

    /// The private directory and the file in it, `text` written.
    private static func write(_ text: String, readOnly: Bool) throws(Failure) -> (String, String) {
        var folder = NSTemporaryDirectory()
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        var template = Array((folder + "/trestle-view.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(line: String(cString: strerror(errno))) }
        let directory = String(cString: made)
        let file = directory + "/shown.json"
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure(line: reason)
        }
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        var offset = 0
        var failed: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 {
                    failed = errno
                    break
                }
                offset += written
            }
        }
        if failed == 0, readOnly, fchmod(fd, 0o400) != 0 { failed = errno }
        close(fd)
        guard failed == 0 else {
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure(line: String(cString: strerror(failed)))
        }
        return (directory, file)
    }

    /// Starts the command on `file` in Trestle's process group and waits for
    /// it (blocking: call on a thread of its own): its exit status (0 when a
    /// signal ended it: it ran), or `nil` when it could not be started.
    private static func spawnAndWait(_ command: String, file: String) -> Int32? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        SpawnAttributes.defaultSignals(&attributes, ownGroup: false)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        SpawnAttributes.closeDescriptors(from: 3, in: &actions)
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", file]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS: the low seven bits are the signal, none when exited.
        guard status & 0x7F == 0 else { return 0 }
        return (status >> 8) & 0xFF
    }
}
