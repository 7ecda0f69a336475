import Services

/// What the command line said; `nil` means "not given" so lower layers
/// (environment variables, the config file, defaults) decide.
public struct LaunchOptions: Sendable, Equatable {
    public var environment: String?
    public var baseURL: String?
    public var delay: Double?
    public var timeout: Double?
    public var theme: String?
    public var logLevel: String?
    public var dataFile: String?
    public var fakeErrorRate: Double?
    public var fakeFailWith: Int?
    public var configFile: String?
    /// A service from the config file's `services:` section.
    public var service: String?
    /// The fake environment's json-server dialect (`v0`, `v1`).
    public var dialect: String?
    /// `--read-only`: refuse every write before it is sent.
    public var readOnly: Bool
    /// `--openapi FILE|URL`: the service's OpenAPI document.
    public var openapi: String?
    /// `--catalog builtin|none`: whether JSONPlaceholder's built-in catalog is used.
    public var catalog: String?
    /// `--convention NAME`: the convention the service is read in (`hal`, `drf`, `jsonapi`, `odata`).
    public var convention: String? = nil
    /// `trestle 'curl …'`, `:curl-open`: the pasted command's headers, query credentials and `-k`,
    /// sent to its origin only.
    public var curl: CurlInput? = nil

    public init(
        environment: String? = nil, baseURL: String? = nil, delay: Double? = nil, timeout: Double? = nil,
        theme: String? = nil, logLevel: String? = nil, dataFile: String? = nil, fakeErrorRate: Double? = nil,
        fakeFailWith: Int? = nil, configFile: String? = nil, service: String? = nil, dialect: String? = nil,
        readOnly: Bool = false, openapi: String? = nil, catalog: String? = nil
    ) {
        self.openapi = openapi
        self.catalog = catalog
        self.environment = environment
        self.baseURL = baseURL
        self.delay = delay
        self.timeout = timeout
        self.theme = theme
        self.logLevel = logLevel
        self.dataFile = dataFile
        self.fakeErrorRate = fakeErrorRate
        self.fakeFailWith = fakeFailWith
        self.configFile = configFile
        self.service = service
        self.dialect = dialect
        self.readOnly = readOnly
    }
}
