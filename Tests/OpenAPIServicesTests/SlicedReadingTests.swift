import Foundation
import JSON
import OpenAPIServices
import Services
import Synchronization
import TestSupport
import Testing

/// A JSON document read in slices (a few paths and what they refer to at
/// a time) gives the descriptors of the document read whole, tells its
/// progress and its first collections early, and stops when its task is cancelled.
@Suite("OpenAPI documents read in slices")
struct SlicedReadingTests {
    /// Slices as small as they come: a path at a time.
    static let tiny = OpenAPIReadObserver(firstCount: 1, sliceSize: 1)

    static func both(_ text: String, source: String = "http://x/openapi.json") throws -> (
        whole: OpenAPIDescription, sliced: OpenAPIDescription
    ) {
        let data = Data(text.utf8)
        return (
            try OpenAPIDescription.read(data, location: source, sliced: false),
            try OpenAPIDescription.read(data, location: source, observer: tiny)
        )
    }

    @Test(arguments: ["3.1.0", "3.0.3"])
    func aGeneratedDocumentGivesTheSameDescriptorsSlicedAsWhole(version: String) throws {
        let (whole, sliced) = try Self.both(GeneratedDocument.text(collections: 12, version: version))
        #expect(whole.catalog.resources.count == 12)
        #expect(sliced.catalog == whole.catalog)
        #expect(sliced.catalog.resources.map(\.relations) == whole.catalog.resources.map(\.relations))
        #expect(sliced.authSchemes == whole.authSchemes)
        #expect(sliced.credential == whole.credential)
    }

    @Test func theLibraryDocumentGivesTheSameDescriptorsSlicedAsWhole() throws {
        let (whole, sliced) = try Self.both(LibraryDocuments.fastAPI)
        #expect(whole.catalog.names == ["authors", "books", "reviews", "events", "loans"])
        #expect(sliced.catalog == whole.catalog)
        #expect(sliced.catalog.resources.map(\.relations) == whole.catalog.resources.map(\.relations))
        #expect(sliced.catalog.resources.map(\.route) == whole.catalog.resources.map(\.route))
    }

    @Test func aProblemInALaterSliceNamesTheSamePlaceAsReadWhole() throws {
        var text = GeneratedDocument.text(collections: 6, version: "3.1.0")
        text = text.replacingOccurrences(of: #""required": ["name"], "title": "Thing4""#, with: #""required": 7"#)
        let data = Data(text.utf8)
        var problems: [OpenAPIProblem] = []
        for sliced in [false, true] {
            do {
                _ = try OpenAPIDescription.read(data, location: "big.json", observer: Self.tiny, sliced: sliced)
            } catch {
                problems.append(error)
            }
        }
        #expect(problems.count == 2)
        #expect(problems.first?.pointer.hasPrefix("#/components/schemas/Thing4") == true)
        #expect(problems.first == problems.last)
    }

    @Test func progressCountsEveryPathAndTheFirstCollectionsComeFirst() throws {
        let events = Mutex<[String]>([])
        let observer = OpenAPIReadObserver(
            firstCount: 2, sliceSize: 3,
            progress: { progress in events.withLock { $0.append("\(progress.paths)/\(progress.totalPaths)") } },
            firstCollections: { first in events.withLock { $0.append("first \(first.catalog.names)") } })
        let text = GeneratedDocument.text(collections: 8, version: "3.1.0")
        let description = try OpenAPIDescription.read(Data(text.utf8), location: "big.json", observer: observer)
        #expect(description.catalog.resources.count == 8)
        // 16 paths: the first two collections' four, then at least three at
        // a time (a collection with its record route: four), then the schema
        // no path refers to.
        #expect(
            events.withLock { $0 }
                == [
                    "0/16", "first [\"things0\", \"things1\"]", "4/16", "8/16", "12/16", "16/16", "16/16",
                ])
    }

    @Test func aCancelledReadingStopsBetweenTwoSlices() async throws {
        let text = GeneratedDocument.text(collections: 8, version: "3.1.0")
        let started = Mutex(0)
        let reading = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(OpenAPIProblem) in
                try OpenAPIDescription.read(
                    Data(text.utf8), location: "big.json",
                    observer: OpenAPIReadObserver(
                        firstCount: 1, sliceSize: 1, progress: { _ in started.withLock { $0 += 1 } }))
            }
        }
        let result = await reading.value
        guard case .failure(let problem) = result else {
            Issue.record("a cancelled reading gave a description")
            return
        }
        #expect(problem.isStopped)
        #expect(started.withLock { $0 } == 1)
    }
}
