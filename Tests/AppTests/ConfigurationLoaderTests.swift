import Foundation
import JSONServerCore
import Modules
import Services
import TerminalUI
import Testing

@testable import App

@Suite("Layered configuration")
final class ConfigurationLoaderTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("trestle-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ yaml: String) throws -> String {
        let file = folder.appendingPathComponent("config.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func load(_ options: LaunchOptions = LaunchOptions(), env: [String: String] = [:]) async throws
        -> AppConfiguration
    {
        var environment = ["HOME": folder.path]
        environment.merge(env) { _, new in new }
        return try await ConfigurationLoader(options: options, environment: environment).load()
    }

    @Test func defaultsAreTheFakeEnvironment() async throws {
        let config = try await load()
        #expect(config.environment == .fake)
        #expect(config.themeName == "default")
        #expect(config.delay == 0.5)
        #expect(config.paths.configFile.path == folder.path + "/.config/trestle/config.yaml")
    }

    @Test func theFakeDialectComesFromTheFlagOrTheVariable() async throws {
        #expect(try await load().fakeDialect == .v0)
        #expect(try await load(LaunchOptions(dialect: "v1")).fakeDialect == .v1)
        #expect(try await load(env: ["TRESTLE_DIALECT": "v1"]).fakeDialect == .v1)
        await #expect(throws: ConfigurationError.self) { try await load(LaunchOptions(dialect: "v2")) }
    }

    @Test func productionDefaultsToThePublicService() async throws {
        let config = try await load(LaunchOptions(environment: "production"))
        #expect(config.baseURL.absoluteString == "https://jsonplaceholder.typicode.com")
    }

    @Test func developmentDefaultsToLocalhost3000() async throws {
        let config = try await load(LaunchOptions(environment: "development"))
        #expect(config.baseURL.absoluteString == "http://127.0.0.1:3000")
    }

    @Test func theEnvironmentSectionOverridesTheTopLevel() async throws {
        let path = try write(
            """
            theme: light
            timeout: 5
            environments:
              production:
                baseURL: http://127.0.0.1:9999
                timeout: 2
            """)
        let config = try await load(LaunchOptions(environment: "production", configFile: path))
        #expect(config.baseURL.absoluteString == "http://127.0.0.1:9999")
        #expect(config.timeout == 2)
        #expect(config.themeName == "light")
    }

    @Test func variablesOverrideTheFileAndFlagsOverrideBoth() async throws {
        let path = try write("theme: light\ndelay: 0.9\n")
        let fromVariables = try await load(
            LaunchOptions(configFile: path), env: ["TRESTLE_THEME": "monochrome", "TRESTLE_DELAY": "0.1"])
        #expect(fromVariables.themeName == "monochrome")
        #expect(fromVariables.delay == 0.1)
        let fromFlags = try await load(
            LaunchOptions(delay: 0, theme: "high-contrast", configFile: path), env: ["TRESTLE_THEME": "monochrome"])
        #expect(fromFlags.themeName == "high-contrast")
        #expect(fromFlags.delay == 0)
    }

    @Test func xdgConfigHomeIsWhereTheFileIsRead() async throws {
        let xdg = folder.appendingPathComponent("xdg")
        try FileManager.default.createDirectory(
            at: xdg.appendingPathComponent("trestle"), withIntermediateDirectories: true)
        try "theme: light\n".write(
            to: xdg.appendingPathComponent("trestle/config.yaml"), atomically: true, encoding: .utf8)
        let config = try await load(env: ["XDG_CONFIG_HOME": xdg.path])
        #expect(config.themeName == "light")
    }

    @Test func aDottedKeyMeansTheSameAsNesting() async throws {
        let path = try write("environments.production.baseURL: http://127.0.0.1:7000\n")
        let config = try await load(LaunchOptions(environment: "production", configFile: path))
        #expect(config.baseURL.absoluteString == "http://127.0.0.1:7000")
    }

    @Test func numbersAndAStatusAreReadAsWritten() async throws {
        let path = try write("delay: 0.25\ntimeout: 7\nfakeErrorRate: 1\nfakeFailWith: 503\n")
        let config = try await load(LaunchOptions(configFile: path))
        #expect(config.delay == 0.25)
        #expect(config.timeout == 7)
        #expect(config.fakeErrorRate == 1)
        #expect(config.fakeFailWith == 503)
    }

    @Test func anEmptySettingLetsTheTopLevelShowThrough() async throws {
        let path = try write("theme: light\nenvironments:\n  production:\n    theme: ~\n")
        let config = try await load(LaunchOptions(environment: "production", configFile: path))
        #expect(config.themeName == "light")
    }

    @Test func aListOfMappingsAmongTheSettingsIsNamedInOneLine() async throws {
        let path = try write("theme: [{name: light}]\n")
        await #expect(
            throws: ConfigurationError(
                "config file \(path): Unexpected non-scalar value in array at theme at index: 0.")
        ) {
            _ = try await load(LaunchOptions(configFile: path))
        }
    }

    @Test func aBrokenFileIsNamedInOneLine() async throws {
        let path = try write("theme: [unclosed\n  : :\n")
        await #expect {
            _ = try await load(LaunchOptions(configFile: path))
        } throws: { error in
            let text = "\(error)"
            return text.contains(path) && !text.contains("\n")
        }
    }

    @Test func aWrongValueNamesTheKey() async throws {
        let path = try write("delay: soon\n")
        await #expect {
            _ = try await load(LaunchOptions(configFile: path))
        } throws: { error in
            "\(error)".contains("delay 'soon' is not a number")
        }
    }

    @Test func anUnknownEnvironmentListsTheChoices() async throws {
        await #expect {
            _ = try await load(LaunchOptions(environment: "staging"))
        } throws: { error in
            "\(error)".contains("unknown environment 'staging'") && "\(error)".contains("production")
        }
    }

    @Test func aRelativeBaseURLIsRefused() async throws {
        await #expect {
            _ = try await load(LaunchOptions(environment: "production", baseURL: "localhost"))
        } throws: { error in
            "\(error)".contains("baseURL 'localhost' is not an absolute URL")
        }
    }

    // MARK: - Keys

    @Test func keysAreParsedAndApplied() async throws {
        let path = try write(
            """
            theme: light
            keys:
              moveDown: [j, ctrl-n]
              sortNext: x
              help: "?"
              delete: []
            """)
        let config = try await load(LaunchOptions(configFile: path))
        #expect(config.themeName == "light")
        #expect(config.keyBindings.keys(for: .moveDown) == [.char("j"), .ctrl("n")])
        #expect(config.keyBindings.action(for: .down) == nil)
        #expect(config.keyBindings.action(for: .char("x")) == .sortNext)
        #expect(config.keyBindings.action(for: .char("s")) == nil)
        #expect(config.keyBindings.keys(for: .delete) == [])
        #expect(config.keyBindings.keys(for: .moveUp) == [.up, .char("k")])
    }

    @Test func withoutAKeysSectionTheDefaultsApply() async throws {
        let config = try await load(LaunchOptions(configFile: try write("theme: light\n")))
        #expect(config.keyBindings == .defaults)
    }

    @Test func aKeyClashNamesTheFileBothActionsAndTheKey() async throws {
        let path = try write("keys:\n  moveDown: [j, g]\n")
        await #expect(
            throws: ConfigurationError(
                "config file \(path): keys: key 'g' is bound to both moveDown and top "
                    + "(a default key of top; rebind top too)")
        ) {
            _ = try await load(LaunchOptions(configFile: path))
        }
    }

    @Test func anUnknownActionSuggestsTheRightName() async throws {
        let path = try write("keys: {sortnext: o}\n")
        await #expect(
            throws: ConfigurationError(
                "config file \(path): keys: unknown action 'sortnext' (did you mean 'sortNext'?)")
        ) {
            _ = try await load(LaunchOptions(configFile: path))
        }
    }

    @Test func anUnknownKeyNameIsNamed() async throws {
        let path = try write("keys: {reload: [r, ctrl-foo]}\n")
        await #expect {
            _ = try await load(LaunchOptions(configFile: path))
        } throws: { error in
            "\(error)".hasPrefix("config file \(path): keys: reload: unknown key name 'ctrl-foo'")
                && !"\(error)".contains("\n")
        }
    }

    @Test func keysThatAreNotAMappingAreRefused() async throws {
        let path = try write("keys: [j, k]\n")
        await #expect {
            _ = try await load(LaunchOptions(configFile: path))
        } throws: { error in
            "\(error)".hasPrefix("config file \(path): keys: must map action names")
        }
    }

    // MARK: - Services

    static let library = """
        theme: light
        services:
          - name: library
            baseURL: http://127.0.0.1:4000
            resources:
              - name: books
                singular: book
                label: title
                pageSize: 50
                columns:
                  - field: id
                    width: 5
                    align: right
                  - field: title
                    width: flex:2
                  - field: author.name
                    title: Author
                relations:
                  - name: author
                    target: authors
                    parent: authorId
                  - name: reviews
                    children: bookId
                toggle: {field: read, on: read, off: unread}
                form:
                  - {field: title, kind: text}
                  - {field: read, kind: bool, required: true}
              - name: authors
                label: name
              - name: profile
                object: true
          - name: shop
            baseURL: https://shop.example.com/api
            keepsWrites: false
            resources:
              - name: products
        """

    @Test func aTwoResourceServiceBecomesDescriptors() async throws {
        let path = try write(Self.library)
        let config = try await load(LaunchOptions(configFile: path, service: "library"))
        #expect(config.catalog.names == ["books", "authors", "profile"])
        #expect(config.catalog["profile"]?.isObject == true)
        #expect(config.catalog["books"]?.isObject == false)
        let books = try #require(config.catalog["books"])
        #expect(books.singular == "book")
        #expect(books.labelField == "title")
        #expect(books.pageSize == 50)
        #expect(
            books.columns == [
                .init("id", preferences: .init(width: 5, alignment: "right")),
                .init("title", preferences: .init(weight: 2)),
                .init("author.name", title: "Author"),
            ])
        #expect(
            books.relations == [
                .parent("author", target: "authors", by: "authorId"), .children("reviews", by: "bookId"),
            ])
        #expect(books.toggle == .init(field: "read", on: "read", off: "unread"))
        #expect(books.formFields == [.init("title", .text), .init("read", .bool, required: true)])
        let authors = try #require(config.catalog["authors"])
        #expect(authors.singular == "author")
        #expect(authors.labelField == "name")
        #expect(authors.columns.isEmpty)
        #expect(authors.pageSize == ResourceDescriptor.defaultPageSize)
        #expect(!authors.isWritable)
    }

    @Test func aServiceChosenByFlagIsProductionWithItsBaseURL() async throws {
        let path = try write(Self.library)
        let config = try await load(LaunchOptions(configFile: path, service: "library"))
        #expect(config.serviceName == "library")
        #expect(config.environment == .production)
        #expect(config.baseURL.absoluteString == "http://127.0.0.1:4000")
        #expect(config.keepsWrites == true)
        #expect(config.themeName == "light")
    }

    @Test func aServiceChosenInTheFileOrByVariable() async throws {
        let path = try write("service: shop\n" + Self.library)
        let fromFile = try await load(LaunchOptions(configFile: path))
        #expect(fromFile.serviceName == "shop")
        #expect(fromFile.baseURL.absoluteString == "https://shop.example.com/api")
        #expect(fromFile.keepsWrites == false)
        #expect(fromFile.catalog.names == ["products"])
        let fromVariable = try await load(LaunchOptions(configFile: path), env: ["TRESTLE_SERVICE": "library"])
        #expect(fromVariable.serviceName == "library")
        let fromFlag = try await load(
            LaunchOptions(configFile: path, service: "library"), env: ["TRESTLE_SERVICE": "shop"])
        #expect(fromFlag.serviceName == "library")
    }

    @Test func aNamedEnvironmentAndBaseURLFlagWinOverTheService() async throws {
        let path = try write("baseURL: http://127.0.0.1:1111\n" + Self.library)
        let fromFile = try await load(LaunchOptions(configFile: path, service: "library"))
        #expect(fromFile.baseURL.absoluteString == "http://127.0.0.1:4000")
        let overridden = try await load(
            LaunchOptions(
                environment: "development", baseURL: "http://127.0.0.1:5000", configFile: path, service: "library"))
        #expect(overridden.environment == .development)
        #expect(overridden.baseURL.absoluteString == "http://127.0.0.1:5000")
        #expect(overridden.catalog.names == ["books", "authors", "profile"])
        let fromVariable = try await load(
            LaunchOptions(configFile: path, service: "library"), env: ["TRESTLE_BASE_URL": "http://127.0.0.1:6000"])
        #expect(fromVariable.baseURL.absoluteString == "http://127.0.0.1:6000")
    }

    @Test func aServiceWithoutResourcesOrDocumentIsDiscoveredLikeABaseURL() async throws {
        let path = try write(
            """
            services:
              - name: plain
                baseURL: http://127.0.0.1:4100/api
            """)
        let config = try await load(LaunchOptions(configFile: path, service: "plain"))
        #expect(config.serviceName == "plain")
        #expect(config.discoversResources)
        #expect(config.catalog == .jsonPlaceholder)
        #expect(OpenAPIStage.asks(config))
        #expect(ConventionDetection.asks(config))
        let described = try await load(LaunchOptions(configFile: try write(Self.library), service: "library"))
        #expect(!described.discoversResources)
        #expect(!OpenAPIStage.asks(described))
        #expect(!ConventionDetection.asks(described))
    }

    @Test func withoutAServiceTheCatalogIsJSONPlaceholder() async throws {
        let config = try await load(LaunchOptions(configFile: try write(Self.library)))
        #expect(config.serviceName == nil)
        #expect(config.keepsWrites == nil)
        #expect(config.environment == .fake)
        #expect(config.catalog == .jsonPlaceholder)
    }

    @Test func anUnknownServiceListsTheDefinedOnes() async throws {
        let path = try write(Self.library)
        await #expect(
            throws: ConfigurationError(
                "unknown service 'libary' (from --service, TRESTLE_SERVICE or \(path)); "
                    + "defined in \(path): library, shop")
        ) {
            _ = try await load(LaunchOptions(configFile: path, service: "libary"))
        }
        await #expect {
            _ = try await load(LaunchOptions(service: "library"))
        } throws: { error in
            "\(error)".contains("unknown service 'library'") && "\(error)".contains("defines no services")
        }
    }

    @Test(arguments: [
        (
            "columns: [{field: id}, {field: title}, {field: body, align: middle}]",
            "services[0].resources[0].columns[2]: align 'middle' is not left, right or center"
        ),
        (
            "columns: [{field: id, width: wide}]",
            "services[0].resources[0].columns[0]: width 'wide' is not a number of cells (1…500), flex or flex:WEIGHT (1…100)"
        ),
        (
            "relations: [{name: author, parent: authorId, children: bookId}]",
            "services[0].resources[0].relations[0]: relation 'author' gives both parent and children; give one"
        ),
        (
            "colums: [id]",
            "services[0].resources[0]: unknown key 'colums' in a resource (did you mean 'columns'?)"
        ),
        ("pageSize: lots", "services[0].resources[0]: pageSize 'lots' is not a whole number from 1 to 10000"),
        (
            "form: [{field: title, kind: date}]",
            "services[0].resources[0].form[0]: kind 'date' is not text, number or bool"
        ),
        ("columns: id", "services[0].resources[0]: columns must be a list of columns"),
    ])
    func aMalformedResourceNamesItsPath(extra: String, message: String) async throws {
        let path = try write(
            """
            services:
              - name: library
                baseURL: http://127.0.0.1:4000
                resources:
                  - name: books
                    \(extra)
            """)
        await #expect(throws: ConfigurationError("config file \(path): \(message)")) {
            _ = try await load(LaunchOptions(configFile: path))
        }
    }

    @Test func aRelationNeedsParentOrChildren() async throws {
        let path = try write(
            """
            services:
              - name: library
                baseURL: http://127.0.0.1:4000
                resources:
                  - name: books
                  - name: authors
                    relations:
                      - {name: books}
            """)
        await #expect {
            _ = try await load(LaunchOptions(configFile: path))
        } throws: { error in
            "\(error)".hasPrefix(
                "config file \(path): services[0].resources[1].relations[0]: relation 'books' needs parent")
        }
    }

    @Test func duplicateResourceNamesAreRefused() async throws {
        let path = try write(
            """
            services:
              - name: library
                baseURL: http://127.0.0.1:4000
                resources: [{name: books}, {name: authors}, {name: books}]
            """)
        await #expect(
            throws: ConfigurationError(
                "config file \(path): services[0].resources[2]: resource name 'books' is used twice")
        ) {
            _ = try await load(LaunchOptions(configFile: path))
        }
    }

    @Test func aServicesSectionThatIsNotAListIsRefused() async throws {
        let path = try write("services:\n  library:\n    baseURL: http://127.0.0.1:4000\n")
        await #expect(throws: ConfigurationError("config file \(path): services must be a list of services")) {
            _ = try await load(LaunchOptions(configFile: path))
        }
    }

    @Test func aServiceNeedsAnAbsoluteBaseURL() async throws {
        let path = try write("services:\n  - name: x\n    baseURL: localhost\n    resources: [{name: a}]\n")
        await #expect(
            throws: ConfigurationError("config file \(path): services[0]: baseURL 'localhost' is not an absolute URL")
        ) {
            _ = try await load(LaunchOptions(configFile: path))
        }
    }
}
