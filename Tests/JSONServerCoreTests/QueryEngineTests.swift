import Foundation
import JSON
import JSONServerCore
import Testing

@Suite struct QueryEngineTests {
    let items: [JSONValue] = [
        ["id": 1, "title": "b", "score": 2.5, "tags": ["x"]],
        ["id": 2, "title": "B", "score": 10],
        ["id": 3, "title": "a"],
        ["id": "four", "title": "a", "score": 2.5],
    ]

    @Test func sortPutsMissingValuesLastAndKeepsTiesStable() throws {
        let query = try CollectionQuery([QueryItem(name: "_sort", value: "score")])
        let sorted = QueryEngine.sort(Array(items.indices), of: items, query: query)
        #expect(sorted == [0, 3, 1, 2])
    }

    @Test func descendingSortReversesNumbersButKeepsTiesStable() throws {
        let query = try CollectionQuery([
            QueryItem(name: "_sort", value: "score"), QueryItem(name: "_order", value: "desc"),
        ])
        #expect(QueryEngine.sort(Array(items.indices), of: items, query: query) == [2, 1, 0, 3])
    }

    @Test func stringSortPutsMissingTitlesLastAscendingAndFirstDescending() throws {
        let rows: [JSONValue] = [["title": "b"], ["title": "B"], ["id": 9], ["title": "a"], ["title": "a"]]
        let ascending = try CollectionQuery([QueryItem(name: "_sort", value: "title")])
        #expect(QueryEngine.sort(Array(rows.indices), of: rows, query: ascending) == [1, 3, 4, 0, 2])
        let descending = try CollectionQuery([
            QueryItem(name: "_sort", value: "title"), QueryItem(name: "_order", value: "desc"),
        ])
        #expect(QueryEngine.sort(Array(rows.indices), of: rows, query: descending) == [2, 0, 3, 4, 1])
    }

    @Test func fullTextSearchLooksInsideArrays() throws {
        let query = try CollectionQuery([QueryItem(name: "q", value: "X")])
        #expect(QueryEngine.matchingIndices(items, query: query) == [0])
    }

    @Test func equalityMatchesStringIdsAndIntegerIdsByText() throws {
        let query = try CollectionQuery([QueryItem(name: "id", value: "four"), QueryItem(name: "id", value: "2")])
        #expect(QueryEngine.matchingIndices(items, query: query) == [1, 3])
    }

    @Test func zeroPaddedNumbersDoNotMatchIntegers() throws {
        let query = try CollectionQuery([QueryItem(name: "id", value: "02")])
        #expect(QueryEngine.matchingIndices(items, query: query).isEmpty)
    }

    @Test func invalidLikePatternIsReported() {
        #expect(throws: CollectionQuery.InvalidPattern.self) {
            try CollectionQuery([QueryItem(name: "title_like", value: "[")])
        }
    }

    @Test(arguments: [
        ("users", "user"), ("categories", "category"), ("boxes", "box"), ("todos", "todo"), ("people", "person"),
    ])
    func inflectorSingularisesResourceNames(_ plural: String, _ singular: String) {
        #expect(Inflector.singular(plural) == singular)
        #expect(Inflector.plural(singular) == plural)
    }

    @Test func weakETagsMatchIgnoringWeaknessAndInLists() {
        let tag = ETag.weak(for: Data("[]".utf8))
        #expect(tag.hasPrefix("W/\"") && tag.count == 20)
        #expect(ETag.matches(ifNoneMatch: "\"a\", " + tag.dropFirst(2), etag: tag))
        #expect(ETag.matches(ifNoneMatch: "*", etag: tag))
        #expect(!ETag.matches(ifNoneMatch: "W/\"0\"", etag: tag))
        #expect(ETag.weak(for: Data("[1]".utf8)) != tag)
    }

    @Test func queryItemsDecodePercentAndPlus() {
        let items = QueryItem.parse("q=caf%C3%A9+au+lait&flag&x=%zz")
        #expect(
            items == [
                QueryItem(name: "q", value: "café au lait"), QueryItem(name: "flag", value: ""),
                QueryItem(name: "x", value: "%zz"),
            ])
    }

    @Test func databaseKeepsFileOrderAndSingularResources() throws {
        let database = try JSONDatabase(data: Data(#"{"b": [1], "a": {"k": 1}, "c": []}"#.utf8))
        #expect(database.resourceNames == ["b", "a", "c"])
        #expect(database.collection("a") == nil)
        #expect(database.singular("a") == ["k": 1])
        #expect(String(decoding: database.data(pretty: false), as: UTF8.self) == #"{"b":[1],"a":{"k":1},"c":[]}"#)
    }

    @Test func databaseRejectsNonObjectTopLevel() {
        #expect(throws: JSONDatabase.LoadError.notAnObject) { try JSONDatabase(data: Data("[]".utf8)) }
    }
}
