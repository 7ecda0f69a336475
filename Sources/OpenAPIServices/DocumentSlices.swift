import Foundation
import JSON

/// A parsed JSON OpenAPI document cut into small documents ("slices") that
/// OpenAPIKit decodes one at a time: each holds some of the paths and the
/// components they refer to (through other components too) that no earlier
/// slice holds; the last ones hold the components no path refers to.
///
/// Decoding a 26 MB document whole gives nothing until the end; slices let
/// the first collections be catalogued from the first slice, the rest be
/// counted as they are decoded, and the work stop between two slices.
/// Every slice keeps the document's other top-level members (`openapi`,
/// `info`, `servers`, `security`…) and its `securitySchemes`, and its paths
/// and components sit at the same places as in the document, so a problem
/// found in a slice names the document's own JSON pointer.
struct DocumentSlices {
    /// One small document, as JSON text, and how many of the document's paths it holds.
    struct Slice {
        var text: [UInt8]
        var paths: Int
    }

    /// The kinds of component a `$ref` can name (`#/components/<kind>/<name>`).
    static let componentKinds = [
        "schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links",
        "callbacks", "pathItems", "mediaTypes",
    ]

    /// The top-level members but `paths` and `components`.
    private let head: [(key: String, value: JSONValue)]
    /// The document's paths in order.
    let paths: [(key: String, value: JSONValue)]
    /// The components by kind, in order.
    fileprivate let components: [(kind: String, members: [(key: String, value: JSONValue)])]
    /// The components by kind and name.
    private let lookup: [String: [String: JSONValue]]
    /// `components` members that are no map of components (vendor extensions), kept in every slice.
    private let componentsHead: [(key: String, value: JSONValue)]

    /// `nil` when `root` has no `paths` or `components` object to cut (it is
    /// then decoded whole, as it is).
    init?(_ root: JSONObject) {
        guard case .object(let paths)? = root["paths"] else { return nil }
        var head: [(key: String, value: JSONValue)] = []
        var components: [(kind: String, members: [(key: String, value: JSONValue)])] = []
        var componentsHead: [(key: String, value: JSONValue)] = []
        for (key, value) in root where key != "paths" {
            guard key == "components" else {
                head.append((key, value))
                continue
            }
            guard case .object(let object) = value else { return nil }
            for (kind, members) in object {
                if kind != "securitySchemes", Self.componentKinds.contains(kind), case .object(let map) = members {
                    components.append((kind, map.members.map { ($0.key, $0.value) }))
                } else {
                    componentsHead.append((kind, members))
                }
            }
        }
        self.head = head
        self.paths = paths.members.map { ($0.key, $0.value) }
        self.components = components
        self.componentsHead = componentsHead
        var lookup: [String: [String: JSONValue]] = [:]
        for (kind, members) in components {
            lookup[kind] = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        self.lookup = lookup
    }

    /// The slices, made one at a time as they are asked for: the first
    /// holds the first `firstCollections` paths that may be collections
    /// (no `{template}` at the end) and their record routes; then `size` paths each, in order; then the
    /// components no path refers to, `size` each.
    func slices(firstCollections: Int, size: Int) -> Slices {
        let first = firstPaths(firstCollections)
        var groups = [paths.indices.filter { first.contains($0) }]
        let rest = paths.indices.filter { !first.contains($0) }
        for start in stride(from: 0, to: rest.count, by: max(1, size)) {
            groups.append(Array(rest[start..<min(rest.count, start + size)]))
        }
        return Slices(document: self, groups: groups, size: max(1, size))
    }

    /// The slices of a document, each made when it is asked for.
    struct Slices: IteratorProtocol {
        let document: DocumentSlices
        let size: Int
        /// The slice to make next.
        private var position = 0
        private var included: Set<ComponentName> = []
        private var unreferenced: [ComponentName]?

        init(document: DocumentSlices, groups: [[Int]], size: Int) {
            self.document = document
            self.pathGroups = groups
            self.size = size
        }

        /// The paths of each slice that holds paths, by index.
        private let pathGroups: [[Int]]

        /// Whether a slice after the first holds paths.
        var hasMorePaths: Bool { pathGroups.dropFirst().contains { !$0.isEmpty } }

        mutating func next() -> Slice? {
            defer { position += 1 }
            if position < pathGroups.count {
                return document.slice(paths: pathGroups[position], included: &included)
            }
            if unreferenced == nil {
                unreferenced = document.components.flatMap { kind, members in
                    members.map { ComponentName(kind: kind, name: $0.key) }
                }.filter { !included.contains($0) }
            }
            let start = (position - pathGroups.count) * size
            guard let unreferenced, start < unreferenced.count else { return nil }
            let part = Array(unreferenced[start..<min(unreferenced.count, start + size)])
            return Slice(text: document.text(paths: [], components: part), paths: 0)
        }
    }

    /// The indices of the first slice's paths.
    private func firstPaths(_ count: Int) -> Set<Int> {
        var candidates: Set<[Substring]> = []
        for (path, _) in paths where candidates.count < count {
            let segments = Self.segments(path)
            if let last = segments.last, !(last.hasPrefix("{") && last.hasSuffix("}")) { candidates.insert(segments) }
        }
        // The candidates and their record routes (`/books/{id}`); what else
        // lies under them comes in order with the rest.
        var found: Set<Int> = []
        for (index, (path, _)) in paths.enumerated() {
            let segments = Self.segments(path)
            let isRecord = segments.last.map { $0.hasPrefix("{") && $0.hasSuffix("}") } ?? false
            if candidates.contains(segments) || (isRecord && candidates.contains(Array(segments.dropLast()))) {
                found.insert(index)
            }
        }
        return found
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/")
    }

    /// A component, by kind (`schemas`) and name (`Book`).
    struct ComponentName: Hashable {
        var kind: String
        var name: String
    }

    /// The slice of the paths at `indices` and the components they refer
    /// to that are not `included` yet (which then are).
    fileprivate func slice(paths indices: [Int], included: inout Set<ComponentName>) -> Slice {
        var found: [ComponentName] = []
        var pending: [JSONValue] = indices.map { paths[$0].value }
        while let value = pending.popLast() {
            Self.references(in: value) { name in
                guard let component = lookup[name.kind]?[name.name], included.insert(name).inserted else { return }
                found.append(name)
                pending.append(component)
            }
        }
        let ordered = order(found)
        return Slice(text: text(paths: indices, components: ordered), paths: indices.count)
    }

    /// `names` in the document's order of components.
    private func order(_ names: [ComponentName]) -> [ComponentName] {
        guard names.count > 1 else { return names }
        let wanted = Set(names)
        var ordered: [ComponentName] = []
        for (kind, members) in components {
            for (name, _) in members where wanted.contains(ComponentName(kind: kind, name: name)) {
                ordered.append(ComponentName(kind: kind, name: name))
            }
        }
        return ordered
    }

    /// Calls `found` with each local component a `$ref` in `value` names.
    private static func references(in value: JSONValue, _ found: (ComponentName) -> Void) {
        switch value {
        case .object(let object):
            for (key, inner) in object {
                if key == "$ref", case .string(let reference) = inner, let name = componentName(reference) {
                    found(name)
                } else {
                    references(in: inner, found)
                }
            }
        case .array(let items):
            for item in items { references(in: item, found) }
        default:
            break
        }
    }

    /// `#/components/schemas/Book` → schemas, Book (JSON pointer escapes undone).
    static func componentName(_ reference: String) -> ComponentName? {
        let prefix = "#/components/"
        guard reference.hasPrefix(prefix) else { return nil }
        let parts = reference.dropFirst(prefix.count).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let raw = String(parts[1]).removingPercentEncoding ?? String(parts[1])
        let name = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        return ComponentName(kind: String(parts[0]), name: name)
    }

    /// The JSON text of a document with the head, the paths at `indices`
    /// and the components named (the security schemes always).
    fileprivate func text(paths indices: [Int], components names: [ComponentName]) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "{")]
        var first = true
        func member(_ key: String, into output: inout [UInt8], _ value: (inout [UInt8]) -> Void) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            JSONWriter.write(.string(key), pretty: false, into: &output)
            output.append(UInt8(ascii: ":"))
            value(&output)
        }
        for (key, value) in head {
            member(key, into: &output) { JSONWriter.write(value, pretty: false, into: &$0) }
        }
        member("paths", into: &output) { output in
            Self.writeObject(indices.map { paths[$0] }, into: &output)
        }
        member("components", into: &output) { output in
            output.append(UInt8(ascii: "{"))
            var written = 0
            func key(_ name: String) {
                if written > 0 { output.append(UInt8(ascii: ",")) }
                written += 1
                JSONWriter.write(.string(name), pretty: false, into: &output)
                output.append(UInt8(ascii: ":"))
            }
            for (kind, value) in componentsHead {
                key(kind)
                JSONWriter.write(value, pretty: false, into: &output)
            }
            for (kind, _) in components {
                let members = names.filter { $0.kind == kind }.compactMap { name in
                    lookup[kind]?[name.name].map { (key: name.name, value: $0) }
                }
                guard !members.isEmpty else { continue }
                key(kind)
                Self.writeObject(members, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    private static func writeObject(_ members: [(key: String, value: JSONValue)], into output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.write(.string(member.key), pretty: false, into: &output)
            output.append(UInt8(ascii: ":"))
            JSONWriter.write(member.value, pretty: false, into: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}
