import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starting and ending the long-running `manage.py runserver` child: spawned
/// like ``Spawn`` spawns (own process group, empty signal mask, no inherited
/// descriptors) but not waited for, its output going to files.
enum DjangoProcess {
    /// Starts `arguments` (the program by its absolute path) with
    /// `environment`, stdout and stderr appended to the files given; returns
    /// its pid (also its process group's id), registered with ``SpawnedProcesses``.
    static func start(_ arguments: [String], environment: [String: String], stdout: String, stderr: String) throws
        -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        Spawn.closeDescriptors(from: 3, in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        Spawn.resetSignals(in: &attributes)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw DjangoServer.Failure("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        SpawnedProcesses.shared.add(pid, arguments.joined(separator: " "))
        return pid
    }

    /// Ends `pid`'s process group: SIGTERM, then SIGKILL after `grace`;
    /// reaps the child and forgets it.
    static func end(_ pid: pid_t, grace: Duration = .seconds(5)) {
        kill(-pid, SIGTERM)
        if !ProcessState.waitForExit(pid, timeout: grace) { kill(-pid, SIGKILL) }
        kill(-pid, SIGKILL)  // anything the server started that is still in its group
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        SpawnedProcesses.shared.remove(pid)
    }

    /// Whether `pid` (our child) has exited; reaps it if so.
    static func hasExited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { SpawnedProcesses.shared.remove(pid) }
        return result == pid || (result < 0 && errno == ECHILD)
    }

    /// A TCP port on 127.0.0.1 that nobody listens on now (the kernel's
    /// choice for port 0; runserver cannot take 0 and print what it got).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw DjangoServer.Failure("socket() failed: \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw DjangoServer.Failure("cannot bind a port on 127.0.0.1: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
