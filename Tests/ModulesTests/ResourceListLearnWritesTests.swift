import JSON
import Services
import TerminalUI
import TestSupport
import Testing

@testable import Modules

/// A collection nobody described learns its writes from its service: the
/// first write key asks which methods its records take (one question;
/// keys meanwhile wait), and the answer makes it writable — a form and a
/// toggle of its record's fields — or read-only in the service's words.
@MainActor
@Suite("Resource list state: writes learnt from the service")
struct ResourceListLearnWritesTests {
    static let books: [JSONValue] = [
        ["id": 1, "title": "Chronicle 1", "year": 1941, "in_print": true],
        ["id": 2, "title": "Chronicle 2", "year": 1942, "in_print": false],
    ]

    /// The books list as a name typed on an unknown service makes it.
    static func undescribed(access: WriteAccess = .open) -> ResourceListState {
        let resource = ResourceCatalog([]).descriptor(for: "books")
        var state = ResourceListState(resource: resource, filters: [], writeAccess: access)
        _ = state.apply(.start)
        _ = state.apply(.firstPage(books, total: books.count, resource: resource))
        return state
    }

    @Test func spaceAsksOnceAndATakenPatchTogglesTheFirstTrueOrFalseField() {
        var state = Self.undescribed()
        #expect(state.resource.learnsWrites && !state.resource.isWritable)
        #expect(state.press(.char(" ")) == [.askWrites(id: "1")])
        #expect(state.status.message?.text == "Asking the service whether books take writes…")
        #expect(state.press(.char(" ")) == [], "one question at a time")
        #expect(state.press(.char("e")) == [])
        #expect(state.apply(.writesAnswered(["PATCH", "DELETE"])) == [.update(id: "1", fields: ["in_print": false])])
        #expect(state.current?.json["in_print"] == false)
        #expect(state.resource.formFields.map(\.field) == ["title", "year", "in_print"])
        #expect(state.resource.toggle?.field == "in_print")
        // Learnt: the next key writes at once.
        _ = state.press(.char("j"))
        #expect(state.press(.char(" ")) == [.update(id: "2", fields: ["in_print": true])])
    }

    /// `?` says what the write keys do before the service was asked, and
    /// then what the answer made of them.
    @Test func helpSaysTheWriteKeysAskFirst() {
        func lines(_ state: ResourceListState) -> [String] {
            state.help(.defaults).flatMap(\.entries).map { "\($0.keys) — \($0.description)" }
        }
        var state = Self.undescribed()
        #expect(lines(state).contains("Space n e d — ask the service whether books take writes, then write"))
        _ = state.press(.char(" "))
        _ = state.apply(.writesAnswered(["PATCH"]))
        #expect(!lines(state).contains { $0.contains("ask the service") })
        #expect(lines(state).contains { $0.hasPrefix("n — ") })

        var refused = Self.undescribed()
        _ = refused.press(.char(" "))
        _ = refused.apply(.writesAnswered(["GET"]))
        #expect(!lines(refused).contains { $0.contains("ask the service") || $0.hasPrefix("n — ") })
    }

    /// `PUT` and no `PATCH` (Flask's `Allow` of a Flask-RESTful-style
    /// record): writable, its updates sent as a `PUT` of the whole record.
    @Test func aPutWithoutPatchUpdatesByReplacing() {
        var state = Self.undescribed()
        _ = state.press(.char(" "))
        let effects = state.apply(.writesAnswered(["GET", "PUT", "DELETE"]))
        #expect(effects == [.update(id: "1", fields: ["in_print": false])])
        #expect(state.resource.route?.replacesOnUpdate == true)
        #expect(state.resource.route?.path == "/books")
    }

    @Test func anAnswerWithoutPatchLeavesItReadOnlyInTheServicesWordsAndAsksNoMore() {
        var state = Self.undescribed()
        #expect(state.press(.char("e")) == [.askWrites(id: "1")])
        #expect(state.apply(.writesAnswered(["HEAD", "GET"])) == [])
        #expect(state.status.message?.text == "books are read-only here: the service allows GET, HEAD")
        #expect(state.mode == .browsing)
        #expect(state.press(.char("e")) == [])
        #expect(state.status.message?.text == "books are read-only here")
        #expect(state.press(.char(" ")) == [])
        #expect(state.status.message?.text == "books have no true/false field for Space to flip")
    }

    @Test func aServiceThatSaysNothingIsReadOnly() {
        var state = Self.undescribed()
        _ = state.press(.char("d"))
        _ = state.apply(.writesAnswered(nil))
        #expect(state.status.message?.text == "books are read-only here")
        #expect(state.mode == .browsing)
    }

    /// A list made before its service's description: a Space the service
    /// answered nothing to stays carried to the list the description makes
    /// (which may know a toggle); one it answered is spent.
    @Test func aSpaceTheServiceDidNotTakeStaysCarriedToALateDescription() {
        var refused = Self.undescribed()
        _ = refused.press(.char(" "))
        #expect(refused.carried.toggleID == "1")
        _ = refused.apply(.writesAnswered(nil))
        #expect(refused.carried.toggleID == "1")
        #expect(refused.toggleAsked() == [], "not asked again of the same list")

        var taken = Self.undescribed()
        _ = taken.press(.char(" "))
        _ = taken.apply(.writesAnswered(["PATCH"]))
        #expect(taken.carried.toggleID == nil)
        // The write's answer, said before the description came, is said on.
        _ = taken.apply(.writes(.answered(.updateConfirmed(id: "1", saved: taken.records[0], noticeForgets: false))))
        let resource = ResourceCatalog([]).descriptor(for: "books")
        var described = ResourceListState(resource: resource, filters: [])
        _ = described.apply(.adopt(taken.carried))
        #expect(described.status.message?.text == "Book 1 marked not in_print")
    }

    /// Production: the question comes after the service said it takes writes.
    @Test func productionAsksForYesAfterTheServiceSaidItTakesWrites() {
        var state = Self.undescribed(access: .confirmFirst)
        #expect(state.press(.char(" ")) == [.askWrites(id: "1")])
        #expect(state.apply(.writesAnswered(["PATCH"])) == [])
        guard case .confirmWrite(_, let intent) = state.mode else {
            Issue.record("expected the production question, got \(state.mode)")
            return
        }
        #expect(intent == .toggle)
    }

    /// A read-only run asks nothing: the intent is refused at once.
    @Test func aReadOnlyRunAsksTheServiceNothing() {
        var state = Self.undescribed(access: .readOnly(source: "--read-only"))
        #expect(state.press(.char(" ")) == [])
        #expect(state.status.message?.text.contains("--read-only") == true)
    }

    /// A described collection never asks: its description says.
    @Test func aDescribedCollectionAsksNothing() {
        var state = ResourceListState.loaded()
        #expect(!state.resource.learnsWrites)
        #expect(state.press(.char(" ")) == [.update(id: "1", fields: ["completed": true])])
    }
}
