import Foundation
import OpenAPIKit
import Services

/// The query parameters of a collection's `GET`, and what they say about
/// paging, sorting, searching and filtering.
struct QueryParameters {
    struct Parameter {
        var name: String
        var schema: JSONSchema?
        /// Enum values a filter may take (`genre`: `novel`, `poetry`).
        var choices: [String]
        /// The document requires it.
        var required = false
        /// Its default, else its example, as query text.
        var given: String? = nil
    }

    var all: [Parameter]

    init(_ item: OpenAPI.PathItem, _ operation: OpenAPI.Operation, reader: SchemaReader, at pointer: [String])
        throws(OpenAPIProblem)
    {
        var found: [Parameter] = []
        let listed =
            item.parameters.map { ($0, pointer.dropLast() + ["parameters"]) }
            + operation.parameters.map { ($0, pointer + ["parameters"]) }
        var index = [String: Int]()
        for (either, base) in listed {
            let position = index[base.joined(separator: "/"), default: 0]
            index[base.joined(separator: "/")] = position + 1
            guard let parameter = reader.components[either] else {
                throw OpenAPIProblem(
                    source: reader.source, pointer: OpenAPIProblem.pointer(Array(base) + [String(position)]),
                    reason: "the parameter's reference cannot be resolved")
            }
            guard parameter.context.inQuery else { continue }
            var schema: JSONSchema?
            switch parameter.schemaOrContent.a?.schema {
            case .a(let reference)?: schema = reader.components[reference]
            case .b(let value)?: schema = value
            case nil: schema = nil
            }
            var choices: [String] = []
            var given = parameter.schemaOrContent.a?.example.flatMap { Self.text($0.value) }
            if let schema, let resolved = try? reader.resolve(schema, at: Array(base)) {
                choices = (resolved.schema.allowedValues ?? []).compactMap { $0.value as? String }
                given =
                    resolved.schema.defaultValue.flatMap { Self.text($0.value) } ?? given
                    ?? resolved.schema.examples.first.flatMap { Self.text($0.value) }
            }
            found.removeAll { $0.name == parameter.name }
            found.append(
                Parameter(
                    name: parameter.name, schema: schema, choices: choices, required: parameter.required,
                    given: given))
        }
        all = found
    }

    /// A default or example as query text: a string, number or boolean.
    private static func text(_ value: Any) -> String? {
        switch value {
        case let string as String: string
        case let bool as Bool: bool ? "true" : "false"
        case let int as Int: String(int)
        case let double as Double: double.rounded() == double ? String(Int(double)) : String(double)
        default: nil
        }
    }

    /// The required parameters as every list request sends them when its
    /// query does not: their default or example; a limit the page size, an
    /// offset 0, a page number the first. One without any value is left out
    /// (nothing to send that the server would take).
    func required(pageSize: Int) -> [URLQueryItem] {
        all.filter(\.required).compactMap { parameter in
            let fallback: String? =
                if Self.limitNames.contains(parameter.name) || Self.sizeNames.contains(parameter.name) {
                    String(max(pageSize, 1))
                } else if Self.offsetNames.contains(parameter.name) {
                    "0"
                } else if Self.pageNames.contains(parameter.name) {
                    "1"
                } else {
                    nil
                }
            return (parameter.given ?? fallback).map { URLQueryItem(name: parameter.name, value: $0) }
        }
    }

    func named(_ names: [String]) -> Parameter? {
        names.lazy.compactMap { name in all.first { $0.name == name } }.first
    }

    static let pageNames = ["page", "pageNumber", "page_number"]
    static let sizeNames = ["per_page", "size", "page_size", "pageSize", "perPage", "limit"]
    static let limitNames = ["limit", "max", "take", "count"]
    static let offsetNames = ["offset", "skip", "start", "_start"]
    static let sortNames = ["sort", "order_by", "orderBy", "ordering", "sort_by", "sortBy"]
    static let searchNames = ["q", "search", "query"]
    static let cursorNames = [
        "cursor", "after", "page_token", "pageToken", "starting_after", "next_token", "continuation",
    ]

    /// The paging words, and the page size to ask for (the size
    /// parameter's maximum, else its default, else 100).
    /// - Parameter nextKey: where the list's envelope holds the next cursor, if it does.
    func paging(reader: SchemaReader, nextKey: String? = nil) -> (ResourceRoute.Paging, pageSize: Int) {
        if named(["_page"]) != nil { return (.jsonServer, ResourceDescriptor.defaultPageSize) }
        if let page = named(Self.pageNames), let size = named(Self.sizeNames) {
            let pageBounds = bounds(page, reader: reader)
            let first = pageBounds.minimum == 0 || pageBounds.defaultValue == 0 ? 0 : 1
            return (.pages(page: page.name, size: size.name, first: first), pageSize(size, reader: reader))
        }
        if let limit = named(Self.limitNames), let offset = named(Self.offsetNames) {
            return (.offset(limit: limit.name, offset: offset.name), pageSize(limit, reader: reader))
        }
        if let cursor = named(Self.cursorNames), let nextKey {
            let size = named(Self.sizeNames)
            return (
                .cursor(parameter: cursor.name, size: size?.name, next: nextKey),
                size.map { pageSize($0, reader: reader) } ?? ResourceDescriptor.defaultPageSize
            )
        }
        return (.none, 0)
    }

    /// The parameters that are neither paging, sorting nor searching: filters.
    var filters: [Parameter] {
        let words = Set(
            Self.pageNames + Self.sizeNames + Self.limitNames + Self.offsetNames + Self.sortNames + Self.searchNames
                + Self.cursorNames + ["_page", "_limit", "_per_page", "_sort", "_order", "_embed", "_expand"])
        return all.filter { !words.contains($0.name) }
    }

    private func pageSize(_ parameter: Parameter, reader: SchemaReader) -> Int {
        let found = bounds(parameter, reader: reader)
        let size = found.maximum ?? found.defaultValue ?? 100
        return max(1, min(size, ResourceDescriptor.defaultPageSize))
    }

    private func bounds(_ parameter: Parameter, reader: SchemaReader) -> (
        minimum: Int?, maximum: Int?, defaultValue: Int?
    ) {
        guard let schema = parameter.schema, let resolved = try? reader.resolve(schema, at: []) else {
            return (nil, nil, nil)
        }
        let integer = resolved.schema.integerContext
        let defaultValue = resolved.schema.defaultValue.flatMap {
            ($0.value as? Int) ?? ($0.value as? Double).map(Int.init)
        }
        return (integer?.minimum?.value, integer?.maximum?.value, defaultValue)
    }
}
