import Foundation
import JSON
import TestSupport
import Testing

/// The real binary writing to a service in a convention (HAL, JSON:API,
/// OData, Django REST) given only its root: each step is what a user types
/// (n and the form, e, Space, d and its question) and waits for what the
/// screen says; ``written(since:)`` hands the write requests the server
/// got meanwhile to the test, which checks their format and the server's state.
struct ConventionWriteWalk {
    /// What to do with one field of a form, in the form's order.
    enum Input {
        /// Type this (after clearing what the field held).
        case text(String)
        /// Flip the checkbox.
        case flip
        /// Leave it as it is.
        case keep
    }

    let app: RunningApp
    /// Every request the server received so far, in order.
    let requests: @Sendable () async -> [TestHTTPRequest]

    /// Starts trestle on the service at `root`, nothing configured.
    init(
        root: URL, _ arguments: [String] = ["--env", "development"], environment: [String: String] = [:],
        requests: @escaping @Sendable () async -> [TestHTTPRequest]
    ) throws {
        app = try RunningApp(arguments + ["--base-url", root.absoluteString], environment: environment)
        self.requests = requests
    }

    func stop() { app.stop() }

    /// How many requests the server has received: a mark for ``written(since:)``.
    func mark() async -> Int { await requests().count }

    /// The requests other than `GET`/`HEAD` received after `mark`.
    func written(since mark: Int) async -> [TestHTTPRequest] {
        await requests().dropFirst(mark).filter { $0.method != "GET" && $0.method != "HEAD" }
    }

    /// `:collection` from the start screen, once `shows` is on the list.
    @discardableResult
    func open(_ collection: String, from source: String, shows: String) async throws -> String {
        try await app.session.eventually("the collections \(source)") { $0.contains("(\(source))") }
        try await app.command(collection)
        return try await app.session.eventually("\(collection) with “\(shows)”") { screen in
            screen.contains(shows) && !ResourceScreen.ids(in: screen).isEmpty
        }
    }

    /// `n`, the form titled `New <singular>` showing `labels`, `inputs`
    /// in its fields, Enter; waits for `<Singular> <id> created` and gives the id.
    func create(_ singular: String, labels: [String], _ inputs: [Input]) async throws -> (id: Int, screen: String) {
        try app.session.press("n")
        try await app.session.eventually("the new \(singular) form") { screen in
            screen.contains(" New \(singular) ") && labels.allSatisfy { screen.contains($0 + ":") }
        }
        try fill(inputs)
        try app.session.press("Enter")
        let pattern = try Regex("\(singular.capitalized) (\\d+) created")
        let screen = try await app.session.eventually("\(singular) created") { screen in
            ResourceScreen.status(screen).contains(pattern) && !screen.contains(" New \(singular) ")
        }
        let match = try #require(ResourceScreen.status(screen).firstMatch(of: pattern))
        return (try #require(Int(String(match.output[1].substring ?? ""))), screen)
    }

    /// The cursor to row `id`, `e`, `inputs` in the edit form, Enter; waits for `<Singular> <id> saved`.
    @discardableResult
    func edit(_ singular: String, id: Int, _ inputs: [Input]) async throws -> String {
        try await cursor(to: id)
        try app.session.press("e")
        try await app.session.eventuallyShows(" Edit \(singular) \(id) ")
        try fill(inputs)
        try app.session.press("Enter")
        return try await app.session.eventually("\(singular) \(id) saved") { screen in
            ResourceScreen.status(screen).contains("\(singular.capitalized) \(id) saved")
                && !screen.contains(" Edit \(singular) ")
        }
    }

    /// The cursor to row `id`, Space; waits for `<Singular> <id> marked <state>`.
    @discardableResult
    func toggle(_ singular: String, id: Int, to state: String) async throws -> String {
        try await cursor(to: id)
        try app.session.press("Space")
        return try await app.session.eventually("\(singular) \(id) marked \(state)") { screen in
            ResourceScreen.status(screen).contains("\(singular.capitalized) \(id) marked \(state)")
        }
    }

    /// The cursor to row `id`, `d`: `n` keeps it (nothing sent), then `d`
    /// and `y`; waits for `<Singular> <id> deleted` and the row gone.
    @discardableResult
    func delete(_ singular: String, id: Int, label: String) async throws -> String {
        try await cursor(to: id)
        let before = await mark()
        try app.session.press("d")
        let asked = try await app.session.eventuallyShows("y deletes · n or Esc keeps it")
        #expect(asked.contains("Delete \(singular) \(id) \(label)"), "\(asked)")
        try app.session.press("n")
        try await app.session.eventually("the question closed") { !$0.contains("y deletes") }
        #expect(await written(since: before).isEmpty)
        try app.session.press("d")
        try await app.session.eventuallyShows("y deletes · n or Esc keeps it")
        try app.session.press("y")
        return try await app.session.eventually("\(singular) \(id) deleted") { screen in
            ResourceScreen.status(screen).contains("\(singular.capitalized) \(id) deleted")
                && ResourceScreen.row(ofID: id, in: screen) == nil
        }
    }

    /// The cursor to row `id` of the first page (`g` first: a new record
    /// at the end may have scrolled it off).
    private func cursor(to id: Int) async throws {
        try app.session.press("g")
        // The cursor on the first row: the rows were on screen before `g` was handled.
        try await app.eventuallyCursor(on: 1)
        try await app.moveCursor(to: id)
    }

    /// Types `inputs` into the open form, field by field (Tab between them).
    private func fill(_ inputs: [Input]) throws {
        for (index, input) in inputs.enumerated() {
            if index > 0 { try app.session.press("Tab") }
            switch input {
            case .text(let text):
                try app.session.press("C-e")
                try app.session.press("C-u")
                try app.session.type(text)
            case .flip: try app.session.press("Space")
            case .keep: break
            }
        }
    }
}

/// A write request as the server received it.
extension TestHTTPRequest {
    /// Its body as JSON (`null` when empty or not JSON).
    var json: JSONValue { (try? JSONParser.parse(body)) ?? .null }

    /// The media type of its `Content-Type`, without parameters.
    var mediaType: String? {
        header("Content-Type")?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `PATCH /api/books/3/`.
    var line: String { "\(method) \(path)" }
}
