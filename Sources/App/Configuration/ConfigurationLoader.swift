import Configuration
import Foundation
import JSONServerCore
import Logging
import Modules
import Services

/// A configuration problem, said in one line that names where it is.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// Builds `AppConfiguration` from four layers, highest first: flags,
/// `TRESTLE_*` environment variables, the config file (its
/// `environments.<env>` section before its top level), built-in defaults.
/// The file's structured sections, `keys:` and `services:`, are read apart
/// (see `ConfigFileDocument`); a selected service (`--service`,
/// `TRESTLE_SERVICE`, `service:`) supplies the base URL, the catalog and,
/// unless an environment is named, the `production` environment.
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
        let document = try ConfigFileDocument.read(file)
        let keyBindings = try KeysSection.bindings(from: document.keys)
        let services = try ServicesSection.services(from: document.services)
        let fileProvider = document.scalars
        let flags = InMemoryProvider(name: "flags", values: flagValues)
        // Only `TRESTLE_*` names are ever looked up: the provider need not
        // index the rest of the environment (often a hundred variables).
        let variables = EnvironmentVariablesProvider(
            environmentVariables: environment.filter { $0.key.hasPrefix("TRESTLE_") }
        )
        .mapKeys { $0.prepending(["trestle"]) }
        let base = ConfigReader(providers: [flags, variables, fileProvider])
        let service = try selectedService(base.string(forKey: "service"), among: services, file: file)
        // A service is a live HTTP API: production unless an environment was named.
        let envName =
            base.string(forKey: "env")
            ?? (service == nil ? AppEnvironment.fake.rawValue : AppEnvironment.production.rawValue)
        guard let env = AppEnvironment(rawValue: envName) else {
            throw ConfigurationError(
                "unknown environment '\(envName)' (from --env, TRESTLE_ENV or \(file.path)); "
                    + "use one of: \(AppEnvironment.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let section = fileProvider.prefixKeys(with: ConfigKey(["environments", env.rawValue]))
        let reader = ConfigReader(providers: [flags, variables, section, fileProvider])
        // Only a flag or a variable beats the service's own base URL.
        let baseText =
            ConfigReader(providers: [flags, variables]).string(forKey: "baseURL")
            ?? service?.baseURL.absoluteString ?? reader.string(forKey: "baseURL") ?? env.defaultBaseURL
        var configuration = try resolve(reader, env: env, baseText: baseText, file: file)
        configuration.keyBindings = keyBindings
        configuration.serviceNames = services.map(\.name)
        if let service {
            configuration.serviceName = service.name
            configuration.discoversResources = service.discovers
            if !service.discovers { configuration.catalog = service.catalog }
            configuration.keepsWrites = service.keepsWrites
        }
        configuration.openapi = options.openapi ?? service?.openapi
        configuration.convention = reader.string(forKey: "convention")
        let environmentAuth = try AuthSection.auth(in: document.environmentAuth[env.rawValue])
        configuration.auth = service?.auth ?? environmentAuth
        // The fake environment sends nothing: its run needs no proxy.
        if let service {
            configuration.transport = try service.network.settings(environment: environment)
        } else if env != .fake {
            configuration.transport = try ServiceNetwork.environmentSettings(environment)
        }
        if let curl = options.curl {
            configuration.curl = curl
            if curl.insecure { configuration.transport.insecure = true }
        }
        configuration.catalogNamed = reader.string(forKey: "catalog") != nil
        switch reader.string(forKey: "catalog") ?? "builtin" {
        case "builtin": configuration.usesBuiltinCatalog = true
        case "none": configuration.usesBuiltinCatalog = false
        case let other:
            throw ConfigurationError(
                "unknown catalog '\(other)' (from --catalog, TRESTLE_CATALOG or \(file.path)); use builtin or none")
        }
        configuration.readOnlySource = try readOnlySource(reader, variables: variables, service: service, file: file)
        configuration.confirmProductionWrites = try flag("confirmProductionWrites", reader, file: file) ?? true
        return configuration
    }

    /// The service named by `--service`, `TRESTLE_SERVICE` or `service:`, if any.
    private func selectedService(_ name: String?, among services: [ServiceDefinition], file: URL)
        throws(ConfigurationError) -> ServiceDefinition?
    {
        guard let name else { return nil }
        if let service = services.first(where: { $0.name == name }) { return service }
        let defined =
            services.isEmpty
            ? "\(file.path) defines no services"
            : "defined in \(file.path): \(services.map(\.name).joined(separator: ", "))"
        throw ConfigurationError(
            "unknown service '\(name)' (from --service, TRESTLE_SERVICE or \(file.path)); \(defined)")
    }

    private func resolve(_ reader: ConfigReader, env: AppEnvironment, baseText: String, file: URL)
        throws(ConfigurationError) -> AppConfiguration
    {
        let sources = "(flag, TRESTLE_* variable or \(file.path))"
        guard let baseURL = URL(string: baseText), baseURL.scheme != nil, baseURL.host != nil else {
            throw ConfigurationError("baseURL '\(baseText)' is not an absolute URL \(sources)")
        }
        guard env == .fake || ["http", "https", "grpc", "grpcs"].contains(baseURL.scheme?.lowercased() ?? "") else {
            throw ConfigurationError(
                "baseURL '\(baseText)' is not an http://, https://, grpc:// or grpcs:// URL \(sources)")
        }
        if env != .fake, baseURL.host?.contains(":") == true || baseText.contains("://[") {
            // swift-corelibs-foundation's URLSession answers every request to
            // an IPv6 literal with NSURLErrorBadURL (-1000).
            throw ConfigurationError(
                "baseURL '\(baseText)': IPv6 addresses are not supported on this platform; "
                    + "use a host name such as localhost \(sources)")
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
        let dialectText = reader.string(forKey: "dialect") ?? JSONServerDialect.v0.rawValue
        guard let dialect = JSONServerDialect(rawValue: dialectText) else {
            throw ConfigurationError("dialect '\(dialectText)' is not v0 or v1 \(sources)")
        }
        return AppConfiguration(
            environment: env, baseURL: baseURL, delay: delay, timeout: timeout,
            themeName: reader.string(forKey: "theme") ?? "default", logLevel: level,
            dataFile: reader.string(forKey: "data").map { URL(fileURLWithPath: $0) },
            fakeErrorRate: rate, fakeFailWith: failWith, paths: AppPaths(environment: environment),
            fakeDialect: dialect)
    }

    /// What makes the run read-only, named for the refusal line: the flag,
    /// the variable, the selected service or the config file.
    private func readOnlySource(
        _ reader: ConfigReader, variables: any ConfigProvider, service: ServiceDefinition?, file: URL
    ) throws(ConfigurationError) -> String? {
        if options.readOnly { return "--read-only" }
        if try flag("readOnly", ConfigReader(providers: [variables]), file: file) == true { return "TRESTLE_READ_ONLY" }
        if let service, service.readOnly { return "service \(service.name) is read-only" }
        if try flag("readOnly", reader, file: file) == true { return "readOnly in \(file.lastPathComponent)" }
        return nil
    }

    /// A yes/no setting given as text (`true`, `1`, `yes` and their opposites), if set.
    private func flag(_ key: String, _ reader: ConfigReader, file: URL) throws(ConfigurationError) -> Bool? {
        guard let text = reader.string(forKey: ConfigKey(key)) else { return nil }
        switch text.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default:
            throw ConfigurationError(
                "\(key) '\(text)' is not true or false (flag, TRESTLE_* variable or \(file.path))")
        }
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
        set("service", options.service)
        set("dialect", options.dialect)
        set("catalog", options.catalog)
        set("convention", options.convention)
        return values
    }

    /// A parser's message in one line: its first two lines (position and
    /// reason); YAML errors go on with a source snippet and a caret.
    static func oneLine(_ error: any Error) -> String {
        "\(error)".split(whereSeparator: \.isNewline).prefix(2)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ": ")) }
            .joined(separator: "; ")
    }

}
