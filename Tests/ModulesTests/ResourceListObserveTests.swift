import Foundation
import JSON
import Services
import Synchronization
import TestSupport
import Testing

@testable import Modules

/// The list's watch of its first page keeps every update until the screen
/// reads it: an update carries the page only when the data changed, so one
/// dropped for the next would leave a busy screen with "No todos on this
/// server" over a list the service holds.
struct ResourceListObserveTests {
    @Test func aScreenThatReadsLateStillGetsThePage() async throws {
        let records: [JSONValue] = (1...3).map { ["id": .int($0), "title": .string("todo \($0)")] }
        let listing = Listing(items: records, totalCount: 3, fetchedAt: Date(), origin: .network)
        let drained = Gate()
        // Nothing yet, loading, the page (still loading), the page settled.
        let service = ScriptedListService(
            states: [
                ListState(), ListState(isLoading: true), ListState(listing: listing, isLoading: true),
                ListState(listing: listing),
            ], drained: drained)
        let interactor = ResourceListInteractor(api: service, resource: .todos, filters: [])
        let updates = await interactor.observe(ListQuery())
        // Every state has been turned into an update before the screen reads one.
        await drained.wait()
        var pages: [Int] = []
        var last: FirstPageUpdate?
        for await update in updates {
            if let page = update.page { pages.append(page.records.count) }
            last = update
        }
        #expect(pages == [3], "the page was dropped before the screen read it")
        #expect(last?.hasData == true)
        #expect(last?.isLoading == false)
    }
}

/// A service whose list yields `states` as fast as they are read, then
/// ends; `drained` opens once the last was read.
private struct ScriptedListService: APIService {
    let states: [ListState<JSONValue>]
    let drained: Gate
    var origin: String { "scripted" }
    var keepsWrites: Bool { true }

    func recordList(_ resource: ResourceDescriptor, _ query: ListQuery) async -> AsyncStream<ListState<JSONValue>> {
        let queue = StateQueue(states)
        let drained = drained
        return AsyncStream {
            if let next = queue.next() { return next }
            drained.open()
            return nil
        }
    }

    func refreshRecords(_ resource: ResourceDescriptor, _ query: ListQuery, force: Bool) async {}
    func records(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Listing<JSONValue> {
        throw Self.unused
    }
    func count(_ resource: ResourceDescriptor, _ query: ListQuery) async throws(ServiceError) -> Int {
        throw Self.unused
    }
    func record(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) -> JSONValue {
        throw Self.unused
    }
    func create(_ resource: ResourceDescriptor, _ fields: JSONObject) async throws(ServiceError) -> JSONValue {
        throw Self.unused
    }
    func update(_ resource: ResourceDescriptor, id: String, _ fields: JSONObject) async throws(ServiceError)
        -> JSONValue
    { throw Self.unused }
    func delete(_ resource: ResourceDescriptor, id: String) async throws(ServiceError) { throw Self.unused }

    private static let unused = ServiceError(.configuration, "not used by this test")
}

/// The states still to hand out, safe to read from the stream's task.
private final class StateQueue: Sendable {
    private let remaining: Mutex<[ListState<JSONValue>]>
    init(_ states: [ListState<JSONValue>]) { remaining = Mutex(states) }
    func next() -> ListState<JSONValue>? {
        remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
