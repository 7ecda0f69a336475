import Foundation
import JSON
import Services
import TestSupport
import Testing

@testable import App

/// The line a finished resource leaves on the snapshot's screen: counts of
/// one are singular ("1 request", "1 record"), larger ones plural.
@Suite("Snapshot progress lines")
struct SnapshotProgressLineTests {
    @Test func oneRequestAndOneRecordAreSingular() {
        let one = SnapshotWalker.Collected(descriptor: .todos, walked: 1, object: nil, total: 1)
        let line = SnapshotProgress.line(one, .init(name: "todos", records: 1, requests: 1))
        #expect(line.hasPrefix("todos: 1 record, 1 request, "), "\(line)")
        let many = SnapshotWalker.Collected(descriptor: .todos, walked: 3, object: nil, total: 3)
        let plural = SnapshotProgress.line(many, .init(name: "todos", records: 3, requests: 2))
        #expect(plural.hasPrefix("todos: 3 records, 2 requests, "), "\(plural)")
        let object = SnapshotWalker.Collected(descriptor: .todos, object: .object([:]), total: nil)
        #expect(
            SnapshotProgress.line(object, .init(name: "todos", requests: 1)).hasPrefix("todos: object, 1 request, "))
    }
}
