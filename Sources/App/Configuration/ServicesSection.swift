import Foundation
import Services

/// A REST service described in the config file, browsable without code.
struct ServiceDefinition: Sendable, Equatable {
    var name: String
    var baseURL: URL
    /// Whether the service stores writes (JSONPlaceholder answers but forgets them).
    var keepsWrites: Bool
    /// `readOnly: true`: Trestle sends no writes to this service.
    var readOnly = false
    /// Its resources; relation targets not among them are inferred from their data.
    var catalog: ResourceCatalog
    /// `openapi:` the service's OpenAPI document (a file or a URL, relative
    /// to the base URL); `resources:` come first, then the document's other
    /// collections (`OpenAPIStage.merged`).
    var openapi: String? = nil
    /// `auth:` how the service wants to be authenticated.
    var auth: ConfiguredAuth? = nil
    /// Neither `resources:` nor `openapi:`: the service's collections are
    /// found as for a base URL nobody configured (its OpenAPI document at
    /// the conventional paths, its convention from its root, `/db`).
    var discovers = false
    /// `proxy:`, `caFile:`, `caOnly:`, `clientCertificate:`, `insecure:`.
    var network = ServiceNetwork()
}

/// The config file's `services:` section: a list of services, each with
/// its base URL and resources (see docs/CONFIG.md).
enum ServicesSection {
    static let serviceKeys =
        ["name", "baseURL", "keepsWrites", "readOnly", "resources", "openapi", "auth"] + NetworkSection.keys

    /// Every service of the section, checked; none when the file has no section.
    static func services(from section: ConfigNode?) throws(ConfigurationError) -> [ServiceDefinition] {
        guard let section, !section.isNull else { return [] }
        var services: [ServiceDefinition] = []
        for item in try section.items(of: "services") {
            let service = try service(item)
            if services.contains(where: { $0.name == service.name }) {
                throw item.failure("service name '\(service.name)' is used twice")
            }
            services.append(service)
        }
        return services
    }

    private static func service(_ node: ConfigNode) throws(ConfigurationError) -> ServiceDefinition {
        let fields = try node.fields(of: "a service", allowed: serviceKeys)
        let name = try fields.required("name").name()
        let urlNode = try fields.required("baseURL")
        let urlText = try urlNode.text()
        guard let baseURL = URL(string: urlText), baseURL.scheme != nil, baseURL.host != nil else {
            throw urlNode.invalid("'\(urlText)' is not an absolute URL")
        }
        let keepsWrites = try fields["keepsWrites"]?.flag() ?? true
        let readOnly = try fields["readOnly"]?.flag() ?? false
        let openapi = try fields["openapi"]?.text()
        let auth = try AuthSection.auth(in: fields["auth"])
        let network = try NetworkSection.network(fields)
        var resources: [ResourceDescriptor] = []
        if fields["resources"] == nil {
            var service = ServiceDefinition(
                name: name, baseURL: baseURL, keepsWrites: keepsWrites, readOnly: readOnly,
                catalog: ResourceCatalog([], source: "config"), openapi: openapi, auth: auth)
            service.discovers = openapi == nil
            service.network = network
            return service
        }
        let resourcesNode = try fields.required("resources")
        for item in try resourcesNode.items(of: "resources") {
            let resource = try ResourceSection.descriptor(item)
            if resources.contains(where: { $0.name == resource.name }) {
                throw item.failure("resource name '\(resource.name)' is used twice")
            }
            resources.append(resource)
        }
        guard !resources.isEmpty else { throw resourcesNode.invalid("must list at least one resource") }
        var service = ServiceDefinition(
            name: name, baseURL: baseURL, keepsWrites: keepsWrites, readOnly: readOnly,
            catalog: ResourceCatalog(resources, source: "config"), openapi: openapi, auth: auth)
        service.network = network
        return service
    }
}
