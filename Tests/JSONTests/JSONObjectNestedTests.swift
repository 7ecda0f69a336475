import JSON
import Testing

/// A form's flat fields nested for a request (gRPC's and GraphQL's operations share it).
@Suite struct JSONObjectNestedTests {
    @Test func dottedFieldsNestOneLevelInTheirOrder() {
        let form = JSONObject([
            ("input.title", .string("Atlas")), ("id", .int(3)), ("input.note", .string("")),
            ("input.more.deep", .string("d")),
        ])
        let nested = form.nested()
        #expect(Array(nested.keys) == ["input", "id"])
        #expect(nested["input"] == ["title": "Atlas", "note": "", "more.deep": "d"], "empty kept, one level only")
        // Dropping empty strings (gRPC: an unset field), other empty values kept.
        let dropped = JSONObject([("a", .string("")), ("b.c", .string("")), ("d", .null), ("e", .int(0))])
            .nested(droppingEmptyStrings: true)
        #expect(dropped == JSONObject([("d", .null), ("e", .int(0))]))
    }
}
