import Foundation
import JSON
import TestSupport
import Testing

@testable import OpenAPIServices

/// The key order read from a JSON document's text where asked
/// (``KeyOrder/init(text:)``) is the one a tree of the parsed document
/// gives (``KeyOrder/init(json:)``), at every object and array of it, and
/// so are the relations (`x-trestle-relation`).
@Suite struct JSONTextOrderTests {
    /// Every pointer of `value` that leads to an object or an array, and one step past each.
    static func pointers(_ value: JSONValue, at pointer: [String] = [], into found: inout [[String]]) {
        switch value {
        case .object(let object):
            found.append(pointer)
            found.append(pointer + ["no such key"])
            for (key, inner) in object { pointers(inner, at: pointer + [key], into: &found) }
        case .array(let items):
            found.append(pointer)
            found.append(pointer + [String(items.count)])
            for (index, inner) in items.enumerated() { pointers(inner, at: pointer + [String(index)], into: &found) }
        default:
            found.append(pointer)
        }
    }

    static func expectSameOrder(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = Data(document.utf8)
        let tree = KeyOrder(json: try JSONParser.parse(data))
        let text = KeyOrder(text: try JSONText(checking: data))
        var pointers: [[String]] = []
        Self.pointers(try JSONParser.parse(data), into: &pointers)
        for pointer in pointers {
            #expect(text.keys(at: pointer) == tree.keys(at: pointer), "\(pointer)", sourceLocation: sourceLocation)
            #expect(
                text.relation(at: pointer) == tree.relation(at: pointer), "\(pointer)", sourceLocation: sourceLocation)
        }
    }

    @Test func generatedAndLibraryDocumentsGiveTheSameOrder() throws {
        try Self.expectSameOrder(GeneratedDocument.text(collections: 30))
        try Self.expectSameOrder(LibraryDocuments.fastAPI)
        try Self.expectSameOrder(SlicedCatalogTests.crossing)
    }

    @Test func repeatedKeysRelationsAndEscapesGiveTheSameOrder() throws {
        try Self.expectSameOrder(
            #"""
            {"openapi": "3.1.0", "paths": {"/b": {}, "/a": {"get": {}}, "/b": {"post": {"x": [{"k": 1, "j": 2}]}}},
             "components": {"schemas": {
               "Book": {"properties": {"z": {"type": "integer", "x-trestle-relation": {"resource": "people"}},
                 "a": {"x-trestle-relation": {"resource": "x", "x-trestle-relation": {"resource": "inner"}}},
                 "m\u00e9": {"allOf": [{"properties": {"q": {}, "p": {}}}]}}},
               "Odd": {"x-trestle-relation": "no object", "properties": {"x\/y": {}}}}}}
            """#)
        try Self.expectSameOrder(#"{"x-trestle-\u0072elation": {"resource": "escaped"}, "a": {}}"#)
    }
}
