import Foundation

/// A parsed OpenAPI document (JSON's values, YAML's node tree) cut into
/// small documents ("slices") that OpenAPIKit decodes one at a time: each
/// holds some of the paths and the components they refer to (through other
/// components too) that no earlier slice holds; the last ones hold the
/// components no path refers to.
///
/// Decoding a 26 MB document whole gives nothing until the end; slices let
/// the first collections be catalogued from the first slice, the rest be
/// counted as they are decoded, and the work stop between two slices.
/// Every slice keeps the document's other top-level members (`openapi`,
/// `info`, `servers`, `security`…) and its `securitySchemes`, and its paths
/// and components sit at the same places as in the document, so a problem
/// found in a slice names the document's own JSON pointer. A slice is made
/// of the document's own values (``SlicedTree``), so a YAML slice's scalars
/// are typed as the whole document's are.
struct DocumentSlices<Tree: SlicedTree> {
    typealias Member = SlicedMember<Tree>

    /// One small document, as the decoder takes it, and how many of the document's paths it holds.
    struct Slice {
        var document: Tree.Document
        var paths: Int
    }

    /// The document's root, emptied (``SlicedTree/shell``): what a slice's root is like.
    private let root: Tree
    /// The top-level members but `paths` and `components`.
    private let head: [Member]
    /// `paths` as written (its key and its object, emptied).
    private let pathsMember: Member
    /// The document's paths in order; as a reading goes, those sliced
    /// already are emptied (``Slices``), so the parsed tree goes as it is read.
    private(set) var paths: [Member]
    /// `components` as written (emptied), if the document has them.
    private let componentsMember: Member?
    /// The components by kind (each kind's member as written), in order.
    fileprivate let components: [(kind: Member, members: [Member])]
    /// The components by kind and name.
    private let lookup: [String: [String: Member]]
    /// `components` members that are no map of components (vendor extensions), kept in every slice.
    private let componentsHead: [Member]

    /// `nil` when `root` has no `paths` or `components` object to cut (it is
    /// then decoded whole, as it is).
    init?(_ root: Tree) {
        guard let top = Self.cut(root), let pathsMember = top.first(where: { $0.name == "paths" }),
            let paths = Self.cut(pathsMember.value)
        else { return nil }
        var head: [Member] = []
        var components: [(kind: Member, members: [Member])] = []
        var componentsHead: [Member] = []
        var componentsMember: Member?
        for member in top where member.name != "paths" {
            guard member.name == "components" else {
                head.append(member)
                continue
            }
            guard componentsMember == nil, let kinds = Self.cut(member.value) else { return nil }
            componentsMember = Member(key: member.key, name: member.name, value: member.value.shell)
            for kind in kinds {
                if kind.name != "securitySchemes", SliceComponents.kinds.contains(kind.name), kind.value.isObject {
                    guard let map = Self.cut(kind.value) else { return nil }
                    components.append((Member(key: kind.key, name: kind.name, value: kind.value.shell), map))
                } else {
                    componentsHead.append(kind)
                }
            }
        }
        self.root = root.shell
        self.head = head
        self.pathsMember = Member(key: pathsMember.key, name: pathsMember.name, value: pathsMember.value.shell)
        self.paths = paths
        self.componentsMember = componentsMember
        self.components = components
        self.componentsHead = componentsHead
        var lookup: [String: [String: Member]] = [:]
        for (kind, members) in components {
            lookup[kind.name] = Dictionary(members.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        self.lookup = lookup
    }

    /// The members of an object that can be cut member by member; `nil`
    /// for anything else (no object, or a YAML mapping that is only what
    /// it says once merged: ``SlicedTree/sliceMembers``).
    private static func cut(_ value: Tree) -> [Member]? {
        guard value.isObject else { return nil }
        return value.sliceMembers
    }

    /// The slices, made one at a time as they are asked for: the first
    /// holds the first `firstCollections` paths that may be collections
    /// (no `{template}` at the end) and their record routes; then about
    /// `size` paths each, in order, each path that may be a collection
    /// (`/books`) with the others of its segments (`/books/`) and its record
    /// routes (`/books/{id}`), wherever they are written — so a
    /// collection's slice holds its record route; then the components no
    /// path refers to, `size` each. Consumes the document: its paths are
    /// let go as they are sliced.
    consuming func slices(firstCollections: Int, size: Int) -> Slices {
        let size = max(1, size)
        let first = firstPaths(firstCollections)
        var groups = [paths.indices.filter { first.contains($0) }]
        let rest = paths.indices.filter { !first.contains($0) }
        let segments = rest.map { Self.segments(paths[$0].name) }
        // The first path (not a record route) of each list of segments.
        var anchors: [[Substring]: Int] = [:]
        for (index, parts) in zip(rest, segments) where !Self.isRecord(parts) && anchors[parts] == nil {
            anchors[parts] = index
        }
        var attached: [Int: [Int]] = [:]
        var leading: [Int] = []
        for (index, parts) in zip(rest, segments) {
            let anchor = anchors[Self.isRecord(parts) ? Array(parts.dropLast()) : parts]
            if let anchor, anchor != index {
                attached[anchor, default: []].append(index)
            } else {
                leading.append(index)
            }
        }
        var group: [Int] = []
        for index in leading {
            group.append(index)
            group += attached[index] ?? []
            if group.count >= size {
                groups.append(group.sorted())
                group = []
            }
        }
        if !group.isEmpty { groups.append(group.sorted()) }
        return Slices(document: self, groups: groups, size: size)
    }

    /// `/books/{id}`: segments that end in a template.
    private static func isRecord(_ segments: [Substring]) -> Bool {
        segments.last.map { $0.hasPrefix("{") && $0.hasSuffix("}") } ?? false
    }

    /// The slices of a document, each made when it is asked for.
    struct Slices: IteratorProtocol {
        private var document: DocumentSlices
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
                let slice = document.slice(paths: pathGroups[position], included: &included)
                // Those paths are in the slice now: the tree lets them go.
                for index in pathGroups[position] { document.paths[index].value = document.paths[index].value.shell }
                return slice
            }
            if unreferenced == nil {
                unreferenced = document.components.flatMap { kind, members in
                    members.map { ComponentName(kind: kind.name, name: $0.name) }
                }.filter { !included.contains($0) }
            }
            let start = (position - pathGroups.count) * size
            guard let unreferenced, start < unreferenced.count else { return nil }
            let part = Array(unreferenced[start..<min(unreferenced.count, start + size)])
            return Slice(document: document.document(paths: [], components: part), paths: 0)
        }
    }

    /// The indices of the first slice's paths.
    private func firstPaths(_ count: Int) -> Set<Int> {
        var candidates: Set<[Substring]> = []
        for path in paths where candidates.count < count {
            let segments = Self.segments(path.name)
            if let last = segments.last, !(last.hasPrefix("{") && last.hasSuffix("}")) { candidates.insert(segments) }
        }
        // The candidates and their record routes (`/books/{id}`); what else
        // lies under them comes in order with the rest.
        var found: Set<Int> = []
        for (index, path) in paths.enumerated() {
            let segments = Self.segments(path.name)
            if candidates.contains(segments)
                || (Self.isRecord(segments) && candidates.contains(Array(segments.dropLast())))
            {
                found.insert(index)
            }
        }
        return found
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/")
    }

    typealias ComponentName = SliceComponents.Name

    /// The slice of the paths at `indices` and the components they refer
    /// to that are not `included` yet (which then are).
    fileprivate func slice(paths indices: [Int], included: inout Set<ComponentName>) -> Slice {
        var found: [ComponentName] = []
        var pending: [Tree] = indices.map { paths[$0].value }
        while let value = pending.popLast() {
            value.forEachReference { reference in
                guard let name = SliceComponents.name(reference), let component = lookup[name.kind]?[name.name],
                    included.insert(name).inserted
                else { return }
                found.append(name)
                pending.append(component.value)
            }
        }
        let ordered = order(found)
        return Slice(document: document(paths: indices, components: ordered), paths: indices.count)
    }

    /// `names` in the document's order of components.
    private func order(_ names: [ComponentName]) -> [ComponentName] {
        guard names.count > 1 else { return names }
        let wanted = Set(names)
        var ordered: [ComponentName] = []
        for (kind, members) in components {
            for member in members where wanted.contains(ComponentName(kind: kind.name, name: member.name)) {
                ordered.append(ComponentName(kind: kind.name, name: member.name))
            }
        }
        return ordered
    }

    /// A document with the head, the paths at `indices` and the components
    /// named (the security schemes always), each where the document has it.
    fileprivate func document(paths indices: [Int], components names: [ComponentName]) -> Tree.Document {
        var members = head.map { (key: $0.key, part: SlicePart<Tree>.value($0.value)) }
        let picked = indices.map { (key: paths[$0].key, part: SlicePart<Tree>.value(paths[$0].value)) }
        members.append((pathsMember.key, .object(like: pathsMember.value, members: picked)))
        var inner = componentsHead.map { (key: $0.key, part: SlicePart<Tree>.value($0.value)) }
        for (kind, _) in components {
            let kindMembers = names.filter { $0.kind == kind.name }.compactMap { name in
                lookup[kind.name]?[name.name].map { (key: $0.key, part: SlicePart<Tree>.value($0.value)) }
            }
            guard !kindMembers.isEmpty else { continue }
            inner.append((kind.key, .object(like: kind.value, members: kindMembers)))
        }
        members.append(
            (componentsMember?.key ?? Tree.key("components"), .object(like: componentsMember?.value, members: inner)))
        return Tree.document(.object(like: root, members: members))
    }
}

/// The components a `$ref` can name.
enum SliceComponents {
    /// The kinds of component a `$ref` can name (`#/components/<kind>/<name>`).
    static let kinds = [
        "schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links",
        "callbacks", "pathItems", "mediaTypes",
    ]

    /// A component, by kind (`schemas`) and name (`Book`).
    struct Name: Hashable {
        var kind: String
        var name: String
    }

    /// `#/components/schemas/Book` → schemas, Book (JSON pointer escapes undone).
    static func name(_ reference: String) -> Name? {
        let prefix = "#/components/"
        guard reference.hasPrefix(prefix) else { return nil }
        let parts = reference.dropFirst(prefix.count).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let raw = String(parts[1]).removingPercentEncoding ?? String(parts[1])
        let name = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        return Name(kind: String(parts[0]), name: name)
    }
}
