import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// A document found at one of the places discovery asks, and not used,
    /// says why in one line on the start screen's status line and in the
    /// log: a Swagger document with no list paths, a malformed one with
    /// its line and column.
    @Suite
    struct UnusedOpenAPIDocumentEndToEndTests {
        /// A server answering `document` at `path` and 404 everywhere else.
        static func serving(_ document: String, at path: String) async throws -> TestHTTPServer {
            try await TestHTTPServer.start { request in
                request.path == path ? .json(document) : .text("not found", status: 404)
            }
        }

        @Test func aSwaggerDocumentWithNoListPathsSaysWhy() async throws {
            // Swagger 2.0 with writes only: nothing to browse.
            let document = #"""
                {"swagger": "2.0", "info": {"title": "Mail", "version": "1"}, "basePath": "/",
                 "paths": {"/messages": {"post": {"parameters": [{"name": "body", "in": "body",
                   "schema": {"type": "object", "properties": {"to": {"type": "string"}}}}],
                   "responses": {"201": {"description": "Sent"}}}}}}
                """#
            let server = try await Self.serving(document, at: "/swagger.json")
            let app = try RunningApp(
                ["--env", "production", "--base-url", "http://127.0.0.1:\(server.port)"], cols: 160)
            defer { app.stop() }
            do {
                try await app.session.eventually("why swagger.json is not used", timeout: 60) { screen in
                    screen.contains("swagger.json not used: it describes no collection")
                }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            #expect(app.home.log.contains("swagger.json not used: it describes no collection"), "\(app.home.log)")
        }

        @Test func aMalformedDocumentSaysItsLineAndColumn() async throws {
            // Cut off in its third line.
            let document =
                "{\"openapi\": \"3.0.3\",\n \"info\": {\"title\": \"Cut\", \"version\": \"1\"},\n \"paths\": {\"/books\": {"
            let server = try await Self.serving(document, at: "/openapi.json")
            let app = try RunningApp(
                ["--env", "production", "--base-url", "http://127.0.0.1:\(server.port)"], cols: 200)
            defer { app.stop() }
            let screen: String
            do {
                screen = try await app.session.eventually("why openapi.json is not used", timeout: 60) { screen in
                    screen.contains("openapi.json") && screen.contains("not JSON")
                }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            let status = ResourceScreen.status(screen)
            #expect(status.contains("line 3"), "\(status)")
            #expect(app.home.log.contains("not JSON"), "\(app.home.log)")
        }
    }
}
