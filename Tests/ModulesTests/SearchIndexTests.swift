import Testing

@testable import Modules

@Suite("Search index")
struct SearchIndexTests {
    let index = SearchIndex(["Buy Milk", "write 日本語 report", "café in ZÜRICH", "milk and honey", "ab", "cd"])

    @Test func matchesAreCaseInsensitiveAndInRowOrder() {
        #expect(index.rows(matching: "MILK") == [0, 3])
        #expect(index.rows(matching: "zürich") == [2])
        #expect(index.rows(matching: "Café") == [2])
        #expect(index.rows(matching: "日本") == [1])
    }

    @Test func everyWordMustMatch() {
        #expect(index.rows(matching: "milk honey") == [3])
        #expect(index.rows(matching: "milk nothing") == [])
    }

    @Test func aMatchNeverSpansTwoRows() {
        #expect(index.rows(matching: "bc") == [])
        #expect(index.rows(matching: "b") == [0, 4])
    }

    @Test func narrowingLooksOnlyAtTheEarlierMatches() {
        let earlier = index.rows(matching: "m")
        #expect(index.rows(matching: "mi", within: earlier) == [0, 3])
        #expect(index.rows(matching: "milk", within: [3]) == [3])
    }

    @Test func anEmptyQueryKeepsEveryRow() {
        #expect(index.rows(matching: "") == Array(0..<6))
        #expect(index.rows(matching: "  ", within: [1, 2]) == [1, 2])
    }
}
