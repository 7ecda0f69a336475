import Foundation
import Networking
import Yams

/// The auth a run uses and where the config file gave it.
public struct ConfiguredAuth: Sendable, Hashable {
    public var scheme: AuthScheme
    /// `services[1].auth`, `environments.production.auth`.
    public var path: String

    public init(scheme: AuthScheme, path: String) {
        self.scheme = scheme
        self.path = path
    }
}

/// `auth:` on a service entry or in `environments.<env>` (see docs/CONFIG.md):
/// exactly one of `bearer`, `basic`, `apiKey`, `oauth2`, `login`; every
/// secret as `{env: NAME}`, `{file: PATH}` or `{command: "…"}`, never written
/// in the file itself.
enum AuthSection {
    static let schemes = ["bearer", "basic", "apiKey", "oauth2", "login"]

    /// The scheme of an `auth:` node, if there is one.
    static func auth(in node: ConfigNode?) throws(ConfigurationError) -> ConfiguredAuth? {
        guard let node, !node.isNull else { return nil }
        return try auth(node)
    }

    /// The scheme of an `auth:` node.
    static func auth(_ node: ConfigNode) throws(ConfigurationError) -> ConfiguredAuth {
        let fields = try node.fields(of: "auth", allowed: schemes)
        guard fields.values.count == 1, let (name, value) = fields.values.first else {
            throw node.failure("give exactly one of \(schemes.joined(separator: ", "))")
        }
        return ConfiguredAuth(scheme: try scheme(name, value), path: node.path)
    }

    private static func scheme(_ name: String, _ node: ConfigNode) throws(ConfigurationError) -> AuthScheme {
        switch name {
        case "bearer":
            return .bearer(try secret(node))
        case "basic":
            let fields = try node.fields(of: "basic auth", allowed: ["user", "password"])
            return .basic(user: try fields.required("user").name(), password: try secret(fields.required("password")))
        case "apiKey":
            return try apiKey(node)
        case "oauth2":
            return .oauth2(try oauth2(node))
        default:
            return .login(try login(node))
        }
    }

    private static func apiKey(_ node: ConfigNode) throws(ConfigurationError) -> AuthScheme {
        let places = APIKeyPlace.allCases.map(\.rawValue)
        let fields = try node.fields(of: "apiKey", allowed: places + ["value"])
        let given = places.filter { fields[$0] != nil }
        guard given.count == 1, let placeName = given.first, let place = APIKeyPlace(rawValue: placeName) else {
            throw node.failure("give exactly one of header, query, cookie (the key's name)")
        }
        let name = try fields.required(placeName).name()
        return .apiKey(name: name, place: place, value: try secret(fields.required("value")))
    }

    private static func oauth2(_ node: ConfigNode) throws(ConfigurationError) -> OAuth2Settings {
        let fields = try node.fields(
            of: "oauth2",
            allowed: [
                "flow", "clientId", "clientSecret", "tokenURL", "scopes", "clientAuth", "authorizeURL",
                "deviceAuthorizationURL", "store",
            ])
        var scopes: [String] = []
        if let scopesNode = fields["scopes"] {
            if scopesNode.node.sequence != nil {
                for item in try scopesNode.items(of: "scopes") { scopes.append(try item.name()) }
            } else {
                scopes = try scopesNode.text().split(separator: " ").map(String.init)
            }
        }
        let flow = try fields["flow"]?.choice(of: OAuth2Settings.Flow.self) ?? .clientCredentials
        // A person's sign-in may be a public client's (no secret); client credentials need one.
        var clientSecret: SecretSource?
        if let field = fields["clientSecret"] {
            clientSecret = try secret(field)
        } else if !flow.isPersonal {
            clientSecret = try secret(fields.required("clientSecret"))
        }
        var settings = OAuth2Settings(
            clientID: try fields.required("clientId").name(), clientSecret: clientSecret,
            tokenURL: try fields["tokenURL"]?.name(), scopes: scopes, flow: flow)
        if let how = fields["clientAuth"] {
            settings.clientAuthentication = try how.choice(of: OAuth2Settings.ClientAuthentication.self)
        }
        guard flow.isPersonal else {
            for key in ["authorizeURL", "deviceAuthorizationURL", "store"] where fields[key] != nil {
                throw node.failure("\(key) needs flow: authorizationCode or deviceCode (a person signs in)")
            }
            return settings
        }
        // A person's endpoints come from the config alone, as full URLs:
        // the identity provider is often another origin, and no document names them.
        settings.tokenURL = try fullURL(fields.required("tokenURL"))
        switch flow {
        case .authorizationCode:
            settings.authorizeURL = try fullURL(fields.required("authorizeURL"))
            if fields["deviceAuthorizationURL"] != nil {
                throw node.failure("deviceAuthorizationURL belongs to flow: deviceCode")
            }
        default:
            settings.deviceAuthorizationURL = try fullURL(fields.required("deviceAuthorizationURL"))
            if fields["authorizeURL"] != nil { throw node.failure("authorizeURL belongs to flow: authorizationCode") }
        }
        if let store = fields["store"] { settings.refreshStore = try refreshStore(store) }
        return settings
    }

    /// A URL with a scheme (http or https) and a host.
    private static func fullURL(_ node: ConfigNode) throws(ConfigurationError) -> String {
        let text = try node.name()
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else { throw node.invalid("must be a full URL (https://…), not a path") }
        return text
    }

    /// `store: {file: PATH}` or `store: {command: "…"}`.
    private static func refreshStore(_ node: ConfigNode) throws(ConfigurationError) -> RefreshTokenStore {
        let shape = "must be {file: PATH} (made with mode 0600) or {command: \"…\"} (a credential helper)"
        guard node.node.mapping != nil else { throw node.invalid(shape) }
        let fields = try node.fields(of: "store", allowed: ["file", "command"])
        guard fields.values.count == 1, let (kind, value) = fields.values.first else { throw node.invalid(shape) }
        let text = try value.name()
        return kind == "file" ? .file(text) : .command(text)
    }

    private static func login(_ node: ConfigNode) throws(ConfigurationError) -> LoginSettings {
        let fields = try node.fields(of: "login", allowed: ["path", "fields"])
        let path = try fields.required("path").name()
        let fieldsNode = try fields.required("fields")
        guard let mapping = fieldsNode.node.mapping, !mapping.isEmpty else {
            throw fieldsNode.invalid("must be a mapping of form fields (username: ann, password: {env: PW})")
        }
        var form: [LoginSettings.Field] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw fieldsNode.failure("a key is not a plain name") }
            let field = ConfigNode(node: value, parentPath: fieldsNode.path, key: name, file: fieldsNode.file)
            if value.mapping != nil {
                form.append(.init(name: name, value: .secret(try secret(field))))
            } else {
                form.append(.init(name: name, value: .text(try field.text())))
            }
        }
        return LoginSettings(path: path, fields: form)
    }

    /// `{env: NAME}`, `{file: PATH}` or `{command: "…"}`.
    static func secret(_ node: ConfigNode) throws(ConfigurationError) -> SecretSource {
        let shape = "must be {env: NAME}, {file: PATH} or {command: \"…\"} (a secret is not written in the file)"
        guard node.node.mapping != nil else { throw node.invalid(shape) }
        let fields = try node.fields(of: "a secret", allowed: ["env", "file", "command"])
        guard fields.values.count == 1, let (kind, value) = fields.values.first else { throw node.invalid(shape) }
        let text = try value.name()
        switch kind {
        case "env": return .environment(text)
        case "file": return .file(text)
        default: return .command(text)
        }
    }

    /// The `auth:` of every environment section, by environment name,
    /// taken out of `mapping` (the file's top level) so the scalar settings
    /// are read without them.
    static func environmentAuth(takenFrom mapping: inout Node.Mapping, file: String)
        -> [String: ConfigNode]
    {
        guard var environments = mapping["environments"]?.mapping else { return [:] }
        var found: [String: ConfigNode] = [:]
        for (key, value) in environments {
            guard let env = key.string, var section = value.mapping, let auth = section["auth"] else { continue }
            found[env] = ConfigNode(node: auth, parentPath: "environments.\(env)", key: "auth", file: file)
            section["auth"] = nil
            environments[key] = .mapping(section)
        }
        if !found.isEmpty { mapping["environments"] = .mapping(environments) }
        return found
    }
}
