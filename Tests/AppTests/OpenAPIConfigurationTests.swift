import Foundation
import Logging
import Services
import TestSupport
import Testing

@testable import App

/// Where the OpenAPI document comes from, `--catalog none`, and how the
/// document's resources are merged with the configured catalog.
@Suite("OpenAPI sources and catalogs")
final class OpenAPIConfigurationTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func load(_ options: LaunchOptions = LaunchOptions(), yaml: String? = nil) async throws
        -> AppConfiguration
    {
        var options = options
        if let yaml {
            let file = folder.appendingPathComponent("config.yaml")
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            options.configFile = file.path
        }
        return try await ConfigurationLoader(options: options, environment: ["HOME": folder.path]).load()
    }

    @Test func theFlagWinsOverTheServicesOpenapiKey() async throws {
        let yaml = """
            services:
              - name: shop
                baseURL: http://127.0.0.1:8000
                openapi: /v3/api-docs
            """
        let fromKey = try await load(LaunchOptions(service: "shop"), yaml: yaml)
        #expect(fromKey.openapi == "/v3/api-docs")
        #expect(fromKey.catalog.resources.isEmpty)
        let fromFlag = try await load(LaunchOptions(service: "shop", openapi: "api.yaml"), yaml: yaml)
        #expect(fromFlag.openapi == "api.yaml")
    }

    @Test func catalogNoneIsReadFromTheFlagAndTheFileAndAnythingElseIsRefused() async throws {
        #expect(try await load().usesBuiltinCatalog)
        #expect(try await load(LaunchOptions(catalog: "none")).usesBuiltinCatalog == false)
        #expect(try await load(yaml: "catalog: none\n").usesBuiltinCatalog == false)
        await #expect {
            _ = try await load(LaunchOptions(catalog: "jsonplaceholder"))
        } throws: { error in
            "\(error)".contains("unknown catalog 'jsonplaceholder'") && "\(error)".contains("use builtin or none")
        }
    }

    /// A document describing `names`, each with the built-in description's
    /// columns (if it has one) less `without`.
    static func document(_ names: [String], jsonServer: Bool, without: Set<String> = []) -> ResourceCatalog {
        ResourceCatalog(
            names.map { name in
                let columns = (ResourceCatalog.jsonPlaceholder[name]?.columns ?? []).filter {
                    !without.contains($0.field)
                }
                var resource = ResourceDescriptor(name: name, columns: columns)
                resource.route = ResourceRoute(path: "/\(name)", paging: jsonServer ? .jsonServer : .none)
                return resource
            }, source: "openapi.json")
    }

    @Test func builtInDescriptionsStandInOnlyForJSONServerLikeCollections() async throws {
        let configuration = try await load()
        let served = OpenAPIStage.merged(
            Self.document(["users", "todos", "extras"], jsonServer: true), over: configuration)
        // The built-in order and descriptions (typed schemas) for trestle serve's collections.
        #expect(served.names == ["todos", "users", "extras"])
        #expect(served["todos"]?.schema == .todo)
        #expect(served.source == "openapi.json")
        let foreign = OpenAPIStage.merged(Self.document(["users", "orders"], jsonServer: false), over: configuration)
        #expect(foreign.names == ["users", "orders"])
        #expect(foreign["users"]?.schema == nil)
        var none = configuration
        none.usesBuiltinCatalog = false
        #expect(OpenAPIStage.merged(Self.document(["todos"], jsonServer: true), over: none)["todos"]?.schema == nil)
        // A json-server `posts` of another shape (no `userId`): the
        // document's description, whose records the typed schema would refuse.
        let shaped = OpenAPIStage.merged(
            Self.document(["posts", "todos"], jsonServer: true, without: ["userId"]), over: configuration)
        #expect(shaped["posts"]?.schema == nil)
        #expect(shaped["todos"]?.schema == nil)
        #expect(shaped.names == ["posts", "todos"])
    }

    @Test func aBrokenDocumentIsOneWarningAndTheCatalogStays() async throws {
        let file = folder.appendingPathComponent("broken.json")
        try Data(#"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/x": {"get": 3}}}"#.utf8)
            .write(to: file)
        let configuration = try await load(LaunchOptions(environment: "production", openapi: file.path))
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let applied = await OpenAPIStage.apply(configuration, documents: nil, logger: logger)
        #expect(applied.configuration.catalog == ResourceCatalog.jsonPlaceholder)
        let line = try #require(applied.warning)
        #expect(line.contains("at #/paths/~1x: "))
        #expect(line.hasSuffix("going on with the built-in catalog"))
        #expect(!line.contains("\n"))
    }

    @Test func aDocumentFileGivesTheCatalogAndItsSource() async throws {
        let file = folder.appendingPathComponent("library.yaml")
        try Data(LibraryDocuments.spring.utf8).write(to: file)
        let configuration = try await load(LaunchOptions(environment: "production", openapi: file.path))
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let applied = await OpenAPIStage.apply(configuration, documents: nil, logger: logger)
        #expect(applied.warning == nil)
        #expect(applied.configuration.catalog.names == ["books", "authors"])
        #expect(applied.configuration.catalog.source == "library.yaml")
    }
}
