import Foundation
import Modules
import Networking

/// Work the start needs whatever the command line says, begun on the second
/// core at the very start, while argument-parser reflects over the commands
/// on the first (about 3 ms in which that core is otherwise idle): the
/// key map's defaults and, when the run may reach a server, the event loop
/// threads its HTTP client runs on. Nothing here changes what the run does;
/// the main thread finds these made, or waits for them as it would have.
public enum StartWarmUp {
    /// Begins the warm-up on a thread of its own; `arguments` as the
    /// process got them (the program's name first).
    public static func begin(arguments: [String]) {
        Thread.detachNewThread {
            let environment = ProcessInfo.processInfo.environment
            if mayReachAServer(arguments: arguments, environment: environment) { HTTPEventLoops.start() }
            _ = KeyBindings.defaults
        }
    }

    /// Whether the run may send HTTP: `serve`, an environment other than
    /// `fake` named by `--env` or `TRESTLE_ENV`, a service named without an
    /// environment (production), or a config file (which may name either).
    /// The fake environment, the default, sends none: its runs do not pay
    /// for threads they never use.
    static func mayReachAServer(
        arguments: [String], environment: [String: String],
        fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> Bool {
        var named: [String: String] = [:]
        var words = arguments.dropFirst().makeIterator()
        if let first = words.next() {
            if first == "serve" { return true }
            var word: String? = first
            while let current = word, current != "--" {
                for flag in ["--env", "--service", "--config"] {
                    if current == flag {
                        named[flag] = words.next()
                    } else if current.hasPrefix(flag + "=") {
                        named[flag] = String(current.dropFirst(flag.count + 1))
                    }
                }
                word = words.next()
            }
        }
        let env = named["--env"] ?? environment["TRESTLE_ENV"]
        let service = named["--service"] ?? environment["TRESTLE_SERVICE"]
        let config = named["--config"]
        if let env { return env != "fake" }
        if service != nil { return true }
        let file = config ?? environment["TRESTLE_CONFIG"] ?? AppPaths(environment: environment).configFile.path
        return fileExists(file)
    }
}
