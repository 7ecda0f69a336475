import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Reads an OpenAPI document, 3.0 or 3.1, JSON or YAML, into OpenAPIKit's
/// 3.1 model (3.0 documents are converted).
public enum OpenAPIDocumentReader {
    /// The document in `data`; `source` names it in problems.
    public static func read(_ data: Data, source: String) throws(OpenAPIProblem) -> OpenAPIKit.OpenAPI.Document {
        try readOrdered(data, source: source).document
    }

    /// The document and the order of its keys as written.
    static func readOrdered(_ data: Data, source: String) throws(OpenAPIProblem) -> (
        document: OpenAPIKit.OpenAPI.Document, order: KeyOrder
    ) {
        let isJSON = data.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "{")
        return (try decodeDocument(data, source: source, isJSON: isJSON), KeyOrder(data, isJSON: isJSON))
    }

    private static func decodeDocument(_ data: Data, source: String, isJSON: Bool) throws(OpenAPIProblem)
        -> OpenAPIKit.OpenAPI.Document
    {
        let version: VersionProbe
        do {
            version = try decode(VersionProbe.self, data, isJSON: isJSON)
        } catch {
            throw OpenAPIProblem(
                source: source, pointer: "#", reason: "not \(isJSON ? "JSON" : "YAML") (\(oneLine(error)))")
        }
        guard let text = version.openapi else {
            let reason =
                version.swagger != nil
                ? "Swagger \(version.swagger ?? "2.0") is not supported; OpenAPI 3.0 or 3.1 is"
                : "no `openapi` version: not an OpenAPI document"
            throw OpenAPIProblem(source: source, pointer: "#", reason: reason)
        }
        do {
            if text.hasPrefix("3.0") {
                let old = try decode(OpenAPIKit30.OpenAPI.Document.self, data, isJSON: isJSON)
                return old.convert(to: .v3_1_1)
            }
            if text.hasPrefix("3.") {
                return try decode(OpenAPIKit.OpenAPI.Document.self, data, isJSON: isJSON)
            }
        } catch {
            let problem = OpenAPIKit.OpenAPI.Error(from: error)
            let path = problem.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            throw OpenAPIProblem(
                source: source, pointer: OpenAPIProblem.pointer(path), reason: oneLine(problem.localizedDescription))
        }
        throw OpenAPIProblem(source: source, pointer: "#/openapi", reason: "version \(text) is not 3.0 or 3.1")
    }

    private struct VersionProbe: Decodable {
        var openapi: String?
        var swagger: String?
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data, isJSON: Bool) throws -> T {
        if isJSON { return try JSONDecoder().decode(type, from: data) }
        return try YAMLDecoder().decode(type, from: data)
    }

    private static func oneLine(_ error: any Error) -> String { oneLine("\(error)") }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }
}
