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
        var words = arguments.dropFirst()[...]
        if words.first == "serve" { return true }
        var named: [String: String] = [:]
        while let word = words.popFirst(), word != "--" {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let flag = parts.first, ["--env", "--service", "--config"].contains(flag) else { continue }
            named[flag] = parts.count == 2 ? parts[1] : words.popFirst()
        }
        let env = named["--env"] ?? environment["TRESTLE_ENV"]
        let service = named["--service"] ?? environment["TRESTLE_SERVICE"]
        if let env { return env != "fake" }
        if service != nil { return true }
        let file = named["--config"] ?? environment["TRESTLE_CONFIG"]
        return fileExists(file ?? AppPaths(environment: environment).configFile.path)
    }
}
