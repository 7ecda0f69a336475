import Configuration
import Foundation
import Logging
import SystemPackage

/// A configuration problem, said in one line that names where it is.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// Builds `AppConfiguration` from four layers, highest first: flags,
/// `TRESTLE_*` environment variables, the config file (its
/// `environments.<env>` section before its top level), built-in defaults.
///
/// ```yaml
/// theme: default
/// environments:
///   production:
///     baseURL: https://jsonplaceholder.typicode.com
///     timeout: 10
///   fake:
///     delay: 0.3
/// ```
public struct ConfigurationLoader: Sendable {
    public var options: LaunchOptions
    public var environment: [String: String]

    public init(options: LaunchOptions, environment: [String: String]) {
        self.options = options
        self.environment = environment
    }

    /// The config file in use: `--config`, `TRESTLE_CONFIG`, or the XDG one.
    public var configFile: URL {
        if let path = options.configFile ?? environment["TRESTLE_CONFIG"] {
            return URL(fileURLWithPath: path)
        }
        return AppPaths(environment: environment).configFile
    }

    public func load() async throws(ConfigurationError) -> AppConfiguration {
        let file = configFile
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw ConfigurationError("config file \(file.path) is a directory") }
            if !FileManager.default.isReadableFile(atPath: file.path) {
                throw ConfigurationError("config file \(file.path) is not readable")
            }
        }
        let fileProvider: FileProvider<YAMLSnapshot>
        do {
            fileProvider = try await FileProvider<YAMLSnapshot>(filePath: FilePath(file.path), allowMissing: true)
        } catch {
            throw ConfigurationError("config file \(file.path): \(Self.oneLine(error))")
        }
        let flags = InMemoryProvider(name: "flags", values: flagValues)
        let variables = EnvironmentVariablesProvider(environmentVariables: environment)
            .mapKeys { $0.prepending(["trestle"]) }
        let base = ConfigReader(providers: [flags, variables, fileProvider])
        let envName = base.string(forKey: "env") ?? AppEnvironment.fake.rawValue
        guard let env = AppEnvironment(rawValue: envName) else {
            throw ConfigurationError(
                "unknown environment '\(envName)' (from --env, TRESTLE_ENV or \(file.path)); "
                    + "use one of: \(AppEnvironment.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let section = fileProvider.prefixKeys(with: ConfigKey(["environments", env.rawValue]))
        let reader = ConfigReader(providers: [flags, variables, section, fileProvider])
        return try resolve(reader, env: env, file: file)
    }

    private func resolve(_ reader: ConfigReader, env: AppEnvironment, file: URL) throws(ConfigurationError)
        -> AppConfiguration
    {
        let sources = "(flag, TRESTLE_* variable or \(file.path))"
        let baseText = reader.string(forKey: "baseURL") ?? env.defaultBaseURL
        guard let baseURL = URL(string: baseText), baseURL.scheme != nil, baseURL.host != nil else {
            throw ConfigurationError("baseURL '\(baseText)' is not an absolute URL \(sources)")
        }
        let delay = try number("delay", reader, default: 0.5, sources)
        let timeout = try number("timeout", reader, default: 15, sources)
        let rate = try number("fakeErrorRate", reader, default: 0, sources)
        guard (0...600).contains(delay), timeout > 0, timeout <= 3600, (0...1).contains(rate) else {
            throw ConfigurationError(
                "delay must be 0…600 s, timeout above 0 and at most 3600 s, fakeErrorRate 0…1 \(sources)")
        }
        let levelText = reader.string(forKey: "logLevel") ?? "info"
        guard let level = Logger.Level(rawValue: levelText) else {
            throw ConfigurationError(
                "logLevel '\(levelText)' is not one of trace, debug, info, notice, warning, error, critical \(sources)")
        }
        var failWith: Int?
        if let text = reader.string(forKey: "fakeFailWith") {
            guard let status = Int(text), (100...599).contains(status) else {
                throw ConfigurationError("fakeFailWith '\(text)' is not an HTTP status \(sources)")
            }
            failWith = status
        }
        return AppConfiguration(
            environment: env, baseURL: baseURL, delay: delay, timeout: timeout,
            themeName: reader.string(forKey: "theme") ?? "default", logLevel: level,
            dataFile: reader.string(forKey: "data").map { URL(fileURLWithPath: $0) },
            fakeErrorRate: rate, fakeFailWith: failWith, paths: AppPaths(environment: environment))
    }

    /// Reads a number given as a number or as text ("0.8" from a variable).
    private func number(_ key: String, _ reader: ConfigReader, default fallback: Double, _ sources: String)
        throws(ConfigurationError) -> Double
    {
        if let value = reader.double(forKey: ConfigKey(key)) { return value }
        if let value = reader.int(forKey: ConfigKey(key)) { return Double(value) }
        guard let text = reader.string(forKey: ConfigKey(key)) else { return fallback }
        guard let value = Double(text) else {
            throw ConfigurationError("\(key) '\(text)' is not a number \(sources)")
        }
        return value
    }

    private var flagValues: [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        func set(_ key: String, _ value: String?) {
            if let value {
                values[AbsoluteConfigKey(key.split(separator: ".").map(String.init))] = .init(
                    .string(value), isSecret: false)
            }
        }
        set("env", options.environment)
        set("baseURL", options.baseURL)
        set("delay", options.delay.map { String($0) })
        set("timeout", options.timeout.map { String($0) })
        set("theme", options.theme)
        set("logLevel", options.logLevel)
        set("data", options.dataFile)
        set("fakeErrorRate", options.fakeErrorRate.map { String($0) })
        set("fakeFailWith", options.fakeFailWith.map { String($0) })
        return values
    }

    /// A parser's message in one line: its first two lines (position and
    /// reason); YAML errors go on with a source snippet and a caret.
    private static func oneLine(_ error: any Error) -> String {
        "\(error)".split(whereSeparator: \.isNewline).prefix(2)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ": ")) }
            .joined(separator: "; ")
    }

}
