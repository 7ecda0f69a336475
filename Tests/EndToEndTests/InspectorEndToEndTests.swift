import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// The request inspector (`I`, `:requests`) on the real binary.
    @Suite
    struct InspectorEndToEndTests {
        @Test func iListsTheRequestsAndEnterShowsOneWithItsHeadersAndBody() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            try app.session.press("I")
            let table = try await app.session.eventually("the inspector") { screen in
                screen.contains("of this run, newest first") && screen.contains("/todos?_page=1&_limit=500")
            }
            let row = try #require(
                table.components(separatedBy: "\n").first { $0.contains("/todos?_page=1&_limit=500") })
            #expect(row.contains("GET"), "\(row)")
            #expect(row.contains(" 200 "), "\(row)")
            #expect(row.contains("fake"), "\(row)")
            // The newest first: move onto the todos page, then open it.
            let rows = table.components(separatedBy: "\n").filter { $0.contains(" GET ") }
            let index = try #require(rows.firstIndex { $0.contains("/todos?_page=1&_limit=500") })
            for _ in 0..<index { try app.session.press("j") }
            try app.session.press("Enter")
            let detail = try await app.session.eventually("one request") { screen in
                screen.contains("X-Total-Count") && screen.contains("Response headers")
            }
            #expect(detail.contains("GET /todos?_page=1&_limit=500"))
            #expect(detail.contains("\"title\": "), "\(detail)")
            #expect(detail.contains("\"userId\": "), "\(detail)")
            try app.session.press("Escape")
            try await app.session.eventually("back to the inspector") { screen in
                screen.contains("of this run, newest first") && !screen.contains("Response headers")
            }
            try app.session.press("Escape")
            try await app.waitForList()
        }

        @Test func theRequestsCommandOpensTheInspector() async throws {
            let app = try RunningApp()
            defer { app.stop() }
            try await app.waitForList()
            try await app.command("requests")
            try await app.session.eventually("the inspector") { screen in
                screen.contains("of this run, newest first") && screen.contains("/todos?_page=1&_limit=500")
            }
        }
    }
}
