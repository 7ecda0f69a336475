import Foundation
import OpenAPIServices
import Services
import Synchronization
import TestSupport
import Testing

/// A YAML document read in slices (its own nodes, a few paths and what
/// they refer to at a time) gives the descriptors of the document read
/// whole, tells its progress and its first collections early, and stops
/// when its task is cancelled.
@Suite("OpenAPI YAML documents read in slices")
struct YAMLSlicedReadingTests {
    static func both(_ text: String, source: String = "http://x/openapi.yaml") throws -> (
        whole: OpenAPIDescription, sliced: OpenAPIDescription
    ) {
        let data = Data(text.utf8)
        return (
            try OpenAPIDescription.read(data, location: source, sliced: false),
            try OpenAPIDescription.read(data, location: source, observer: SlicedReadingTests.tiny)
        )
    }

    static func expectSame(_ sliced: OpenAPIDescription, _ whole: OpenAPIDescription) {
        #expect(sliced.catalog == whole.catalog)
        #expect(sliced.catalog.resources.map(\.relations) == whole.catalog.resources.map(\.relations))
        #expect(sliced.catalog.resources.map(\.route) == whole.catalog.resources.map(\.route))
        #expect(sliced.authSchemes == whole.authSchemes)
        #expect(sliced.credential == whole.credential)
    }

    @Test(arguments: ["3.1.0", "3.0.3"])
    func aGeneratedDocumentGivesTheSameDescriptorsSlicedAsWhole(version: String) throws {
        let yaml = GeneratedDocument.yaml(collections: 12, version: version)
        #expect(yaml.contains("\n        - $ref: '#/components/parameters/Search'\n"))
        let (whole, sliced) = try Self.both(yaml)
        #expect(whole.catalog.resources.count == 12)
        let json = try OpenAPIDescription.read(
            Data(GeneratedDocument.text(collections: 12, version: version).utf8), location: "http://x/openapi.yaml",
            sliced: false)
        #expect(whole.catalog == json.catalog)
        Self.expectSame(sliced, whole)
    }

    @Test func theSpringLibraryDocumentGivesTheSameDescriptorsSlicedAsWhole() throws {
        let (whole, sliced) = try Self.both(LibraryDocuments.spring)
        #expect(whole.catalog.names == ["books", "authors"])
        Self.expectSame(sliced, whole)
    }

    /// Scalars typed as YAML types them read whole: `version: 1.0` a string,
    /// `200:` a status, `required: true` a flag, a response component named
    /// `404` (found by the decoder as read whole); an alias shared by two
    /// slices; a merge key where the document is cut, whose `/tags` the
    /// written `/tags` overrides (read whole then).
    @Test(arguments: [false, true])
    func yamlScalarsAliasesAndMergeKeysReadAsWhole(merged: Bool) throws {
        let merge = merged ? "  <<: {/tags: {get: {responses: {200: {description: none}}}}}\n" : ""
        let text = """
            openapi: 3.0.3
            info: {title: Typed, version: 1.0}
            paths:
            \(merge)  /notes:
                get:
                  parameters: [&page {name: page, in: query, required: true, schema: {type: integer}}]
                  responses:
                    200:
                      description: Notes
                      content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Note'}}}}
                    404: {$ref: '#/components/responses/404'}
              /tags:
                get:
                  parameters: [*page]
                  responses:
                    200:
                      description: Tags
                      content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Tag'}}}}
            components:
              responses: {404: {description: Missing}}
              schemas:
                Note: {type: object, properties: {id: {type: integer}, text: {type: string}}}
                Tag: {type: object, properties: {id: {type: integer}, name: {type: string}}}
            """
        let (whole, sliced) = try Self.both(text)
        #expect(whole.catalog.names == ["notes", "tags"])
        Self.expectSame(sliced, whole)
    }

    @Test func aProblemInALaterSliceNamesTheSamePlaceAsReadWhole() throws {
        var json = GeneratedDocument.text(collections: 6, version: "3.1.0")
        json = json.replacingOccurrences(of: #""required": ["name"], "title": "Thing4""#, with: #""required": 7"#)
        let data = Data(GeneratedDocument.yaml(fromJSON: json).utf8)
        var problems: [OpenAPIProblem] = []
        for sliced in [false, true] {
            do {
                _ = try OpenAPIDescription.read(
                    data, location: "big.yaml", observer: SlicedReadingTests.tiny, sliced: sliced)
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
        let text = GeneratedDocument.yaml(collections: 8, version: "3.1.0")
        let description = try OpenAPIDescription.read(Data(text.utf8), location: "big.yaml", observer: observer)
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
        let text = GeneratedDocument.yaml(collections: 8, version: "3.1.0")
        let started = Mutex(0)
        let reading = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(OpenAPIProblem) in
                try OpenAPIDescription.read(
                    Data(text.utf8), location: "big.yaml",
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
