import Foundation
import JSON

/// One collection of a Django REST framework root, as its first page
/// shows it: count, paging words, page size, columns and the fields that
/// point at other collections.
struct DjangoCollection: LinkedCollection {
    var name: String
    /// The path under the root, trailing slash as the root gave it (`/books/`).
    var path: String
    var count: Int?
    var paging: ResourceRoute.Paging
    var pageSize: Int?
    var sample: JSONValue?
    /// The root URL the paths are under.
    var root: URL

    init(name: String, path: String, first: ConventionAnswer?, root: URL) {
        self.name = name
        self.path = path
        self.root = root
        let body = first?.json
        sample = body?["results"]?.arrayValue?.first ?? body?.arrayValue?.first
        count = body?["count"]?.intValue ?? body?.arrayValue?.count
        paging = .pages(page: "page", size: "page_size", first: 1)
        guard let results = body?["results"]?.arrayValue else {
            if body?.arrayValue != nil { paging = .none }
            return
        }
        if let next = body?["next"]?.stringValue, let components = URLComponents(string: next) {
            let names = Set((components.queryItems ?? []).map(\.name))
            if names.contains("offset") { paging = .offset(limit: "limit", offset: "offset") }
            if names.contains("cursor") { paging = .cursor(parameter: "cursor", size: nil, next: "next") }
            // The server's own page size: asking for another may be ignored.
            pageSize = results.count
        }
    }

    /// The descriptor: route, columns and form from the first record,
    /// relations to and from the others. The route claims no search (a view
    /// without `SearchFilter` ignores `search=`) unless the service's
    /// document says its view searches (``DjangoSchema/apply(to:url:)``).
    func descriptor(among all: [DjangoCollection]) -> ResourceDescriptor {
        var route = ResourceRoute(
            path: path, paging: paging, itemsKey: paging == .none ? nil : "results", totalKey: "count",
            sortParameter: "ordering")
        route.convention = .django
        // `url` is a HyperlinkedModelSerializer's own link: read-only, as the id.
        var descriptor = ConventionForm.writable(
            ResourceCatalog.inferred(name: name, from: sample.map { [$0] } ?? []), sample: sample,
            skipping: ["id", "url"])
        descriptor.route = route
        if let pageSize { descriptor.pageSize = pageSize }
        descriptor.relations = parents(among: all).map { field, target in
            .parent(field, target: target.name, by: field)
        }
        for other in all where other.name != name {
            for (field, target) in other.parents(among: all) where target.name == name {
                descriptor.relations.append(ResourceDescriptor.Relation(other.name, .children(foreignKey: field)))
            }
        }
        return descriptor
    }

    /// The sample's fields that point at another collection: a link under
    /// its path (`"publisher": "http://h/api/publishers/3/"`), or an id in
    /// a field named after it (`publisher`, `publisher_id`, `publisherId`).
    func parents(among all: [DjangoCollection]) -> [(String, DjangoCollection)] {
        guard case .object(let fields)? = sample else { return [] }
        var found: [(String, DjangoCollection)] = []
        for (field, value) in fields where field != "id" && field != "url" {
            if let text = value.stringValue, ConventionPath.isAddress(text) {
                guard let url = ConventionPath.resolve(text, against: root),
                    let below = ConventionPath.path(of: url, under: root),
                    let target = all.first(where: {
                        $0.name != name && below.hasPrefix(ConventionPath.trimmingSlashes($0.path) + "/")
                    })
                else { continue }
                found.append((field, target))
            } else if value.intValue != nil || value.stringValue != nil {
                let base = Self.stem(of: field)
                guard base != field || value.intValue != nil,
                    let target = all.first(where: {
                        $0.name != name && ResourceDescriptor.singular(of: $0.name) == base
                    })
                else { continue }
                found.append((field, target))
            }
        }
        return found
    }

    /// `publisher_id` → `publisher`, `publisherId` → `publisher`.
    static func stem(of field: String) -> String {
        if field.hasSuffix("_id") { return String(field.dropLast(3)) }
        if field.hasSuffix("Id") { return String(field.dropLast(2)) }
        return field
    }
}
