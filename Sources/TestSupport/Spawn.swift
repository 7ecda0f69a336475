import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a short-lived program with `posix_spawn` and collects its output.
///
/// Foundation's `Process` on Linux learns that a child exited when a socket
/// it hands to the child reaches end-of-file. A child that forks a daemon —
/// `tmux` starting its server — passes that socket on to the daemon, and
/// `waitUntilExit()` then waits as long as the daemon lives (the first
/// `tmux new-session` of a test hung for ever). Here every descriptor above
/// stderr is closed in the child and the exit is collected with `waitpid`.
public enum Spawn {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public struct Result: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
    }

    /// Runs `arguments[0]` (looked up in `PATH`) with stdin from /dev/null.
    public static func run(_ arguments: [String]) throws -> Result {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw Failure(description: "pipe failed") }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        closeDescriptors(from: 3, in: &actions)

        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw Failure(description: "posix_spawnp \(arguments[0]) failed: \(String(cString: strerror(spawned)))")
        }

        var out = Data()
        var err = Data()
        var fds = [
            pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
            pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0),
        ]
        var open = 2
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open > 0 {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count > 0 {
                    if index == 0 {
                        out.append(contentsOf: buffer[..<count])
                    } else {
                        err.append(contentsOf: buffer[..<count])
                    }
                } else if count == 0 || errno != EINTR {
                    close(fds[index].fd)
                    fds[index].fd = -1
                    open -= 1
                }
            }
        }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: exitStatus, stdout: out, stderr: err)
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+; Swift does not
    /// import it), else a close action per descriptor open now.
    private static func closeDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
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
