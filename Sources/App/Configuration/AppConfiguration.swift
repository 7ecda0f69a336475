import Foundation
import JSONServerCore
import Logging
import Modules
import Networking
import Services

/// The settings Trestle runs with, after every layer was applied.
public struct AppConfiguration: Sendable {
    public var environment: AppEnvironment
    public var baseURL: URL
    /// The fake environment's latency in seconds.
    public var delay: Double
    /// Per-request timeout in seconds.
    public var timeout: Double
    public var themeName: String
    public var logLevel: Logger.Level
    /// The fake environment's data file (`nil`: the shipped sample data).
    public var dataFile: URL?
    public var fakeErrorRate: Double
    public var fakeFailWith: Int?
    public var paths: AppPaths
    /// Which key runs which action: the defaults with the config file's `keys:` applied.
    public var keyBindings: KeyBindings
    /// The resources to browse: the selected service's, else JSONPlaceholder's six.
    public var catalog: ResourceCatalog
    /// The service selected from the config file's `services:` (`--service`,
    /// `TRESTLE_SERVICE` or `service:`), if any.
    public var serviceName: String?
    /// Every service the config file's `services:` defines (`:service` offers them).
    public var serviceNames: [String] = []
    /// Whether the selected service stores writes; `nil` when no service was
    /// selected (the environment decides: JSONPlaceholder does not keep them).
    public var keepsWrites: Bool?
    /// Which json-server the fake environment's engine behaves as (`--dialect`).
    public var fakeDialect: JSONServerDialect
    /// What made the run read-only (`--read-only`, `TRESTLE_READ_ONLY`, the
    /// config file, the service), or `nil` when writes may go out.
    public var readOnlySource: String?
    /// Whether the production environment asks for `yes` before the run's
    /// first write (`confirmProductionWrites`, default true).
    public var confirmProductionWrites = true
    /// The service's OpenAPI document (`--openapi`, a service's `openapi:`):
    /// a file path or a URL (relative ones under the base URL); `nil`
    /// looks at the conventional paths unless a service is configured.
    public var openapi: String?
    /// The convention forced by `--convention` or `convention:` (`hal`,
    /// `drf`, `jsonapi`, `odata`); `nil`: found from the service's root.
    public var convention: String?
    /// A configured service that lists no resources and names no document:
    /// its collections are found as for a base URL nobody configured.
    public var discoversResources = false
    /// `--catalog none` / `catalog: none`: JSONPlaceholder's built-in
    /// catalog is not used, so a service is browsed only through its document.
    public var usesBuiltinCatalog = true
    /// `--catalog` (or `TRESTLE_CATALOG`, `catalog:`) was given: `builtin`
    /// then browses any service through JSONPlaceholder's catalog.
    public var catalogNamed = false
    /// The service's `auth:` (or `environments.<env>.auth`); `nil`: `TRESTLE_TOKEN` as before.
    public var auth: ConfiguredAuth?
    /// How the service is reached: the environment's proxies, and the
    /// selected service's `proxy:`, `caFile:`, `clientCertificate:`, `insecure:`.
    public var transport = TransportSettings()
    /// A pasted curl command (`trestle 'curl …'`, `:curl-open`): its headers and secret query
    /// items go with every request to the base URL's origin; its `-k` turns `insecure` on.
    public var curl: CurlInput?

    /// Whether screens may send writes: refused when read-only, asked for
    /// first in production (unless turned off), else free.
    public var writeAccess: WriteAccess {
        if let readOnlySource { return .readOnly(source: readOnlySource) }
        return environment == .production && confirmProductionWrites ? .confirmFirst : .open
    }

    public init(
        environment: AppEnvironment, baseURL: URL, delay: Double, timeout: Double, themeName: String,
        logLevel: Logger.Level, dataFile: URL?, fakeErrorRate: Double, fakeFailWith: Int?, paths: AppPaths,
        keyBindings: KeyBindings = .defaults, catalog: ResourceCatalog = .jsonPlaceholder, serviceName: String? = nil,
        keepsWrites: Bool? = nil, fakeDialect: JSONServerDialect = .v0
    ) {
        self.environment = environment
        self.baseURL = baseURL
        self.delay = delay
        self.timeout = timeout
        self.themeName = themeName
        self.logLevel = logLevel
        self.dataFile = dataFile
        self.fakeErrorRate = fakeErrorRate
        self.fakeFailWith = fakeFailWith
        self.paths = paths
        self.keyBindings = keyBindings
        self.catalog = catalog
        self.serviceName = serviceName
        self.keepsWrites = keepsWrites
        self.fakeDialect = fakeDialect
    }
}
