import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A document the service names and Trestle asks for but cannot use is
    /// said on the start screen, with why, while the collections it could
    /// read are browsed as before: an OData `$metadata` that carries an
    /// entity bomb (refused by the reader, not expanded) and one that
    /// answers an error.
    @Suite
    struct UnusedDocumentEndToEndTests {
        /// The billion laughs: nine levels of ten references, 3 × 10⁹ characters expanded.
        static let entityBomb: String = {
            let levels = (1...9).map { level in
                "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
            }
            return """
                <?xml version="1.0"?>
                <!DOCTYPE edmx [
                <!ENTITY lol0 "lol">
                \(levels.joined(separator: "\n"))
                ]>
                <edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">
                <edmx:DataServices><Schema Namespace="Shop">&lol9;</Schema></edmx:DataServices>
                </edmx:Edmx>
                """
        }()

        @Test func aRefusedMetadataIsSaidWithWhereTheReaderStopped() async throws {
            let server = try await ODataTestServer.start(
                metadata: TestHTTPResponse(
                    headers: [("Content-Type", "application/xml")], body: Data(Self.entityBomb.utf8)))
            let app = try RunningApp(["--env", "production", "--base-url", server.rootURL.absoluteString], cols: 160)
            defer { app.stop() }
            let start = try await app.session.eventually("the sets from the service document, and why not $metadata") {
                screen in
                screen.contains("(from the OData service document)")
                    && ResourceScreen.startCount(of: "Products", in: screen) != nil
                    && screen.contains("$metadata not used")
            }
            #expect(start.contains("not well-formed or refused at line"))
            #expect(ResourceScreen.startCount(of: "Products", in: start) == ODataTestServer.productCount)
            // The collections are still browsed, from the service document alone.
            try await app.command("Products")
            try await app.session.eventually("products") { $0.contains(ODataTestServer.productName(1) + " ") }
            await server.stop()
        }

        @Test func aMetadataThatAnswersAnErrorIsSaidWithItsStatus() async throws {
            let server = try await ODataTestServer.start(
                metadata: TestHTTPResponse(status: 503, headers: [("Content-Type", "text/plain")]))
            let app = try RunningApp(["--env", "production", "--base-url", server.rootURL.absoluteString], cols: 160)
            defer { app.stop() }
            try await app.session.eventually("the sets, and $metadata's status") { screen in
                screen.contains("(from the OData service document)") && screen.contains("$metadata not used")
                    && screen.contains("HTTP 503")
            }
            await server.stop()
        }
    }
}
