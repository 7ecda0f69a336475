import Foundation
import JSON

/// One collection of a HAL root, as its first page shows it.
struct HALCollection: LinkedCollection {
    var name: String
    /// The path under the root (`/books`), template removed.
    var path: String
    var count: Int?
    var pageSize: Int?
    var paged: Bool
    var sample: JSONValue?
    var root: URL

    init(name: String, path: String, first: ConventionAnswer?, root: URL) {
        self.name = name
        self.path = path
        self.root = root
        let route = ResourceRoute(path: path, itemsKey: "_embedded." + name)
        let page = first.flatMap { try? HALConvention().page(from: $0, route: route) }
        sample = page?.records.first
        count = page?.total
        paged = first?.json?["page"] != nil
        pageSize = first?.json?["page"]?["size"]?.intValue
    }

    /// The singular a relation to one of these records is named by (`authors` → `author`).
    var singular: String { ResourceDescriptor.singular(of: name) }

    /// The descriptor: route, columns and form from the first record,
    /// relations from its links (a record's, a collection's).
    func descriptor(among all: [HALCollection]) -> ResourceDescriptor {
        var route = ResourceRoute(
            path: path, paging: paged ? .pages(page: "page", size: "size", first: 0) : .none,
            itemsKey: "_embedded." + name, totalKey: "page.totalElements", sortParameter: paged ? "sort" : nil)
        route.sortsWithDirection = true
        route.convention = .hal
        // `/authors/{}/books` stands for `books?author=…`.
        for owner in all where owner.linkedCollections(among: all).contains(name) {
            route.nestedRoutes[owner.singular] = ConventionPath.trimmingSlashes(owner.path) + "/{}/" + name
        }
        // The id is the self link's; `_links` are the server's (an object: no field).
        var descriptor = ConventionForm.writable(
            ResourceCatalog.inferred(name: name, from: sample.map { [$0] } ?? []), sample: sample)
        descriptor.route = route
        if let pageSize { descriptor.pageSize = pageSize }
        for (rel, target) in linkedRecords(among: all) {
            descriptor.relations.append(.parent(rel, target: target, by: "_links.\(rel).href"))
        }
        for target in linkedCollections(among: all) {
            descriptor.relations.append(ResourceDescriptor.Relation(target, .children(foreignKey: singular)))
        }
        return descriptor
    }

    /// The sample's links other than itself.
    private var relationLinks: [String] {
        guard case .object(let links)? = sample?["_links"] else { return [] }
        return links.map(\.key).filter { $0 != "self" && $0 != singular && $0 != name }
    }

    /// Links named like a collection (`books`): they answer its records of this one.
    func linkedCollections(among all: [HALCollection]) -> [String] {
        relationLinks.filter { rel in all.contains { $0.name == rel } }
    }

    /// Links named like one record of a collection (`author` → `authors`).
    func linkedRecords(among all: [HALCollection]) -> [(String, String)] {
        relationLinks.compactMap { rel in
            all.first { $0.singular == rel && $0.name != rel }.map { (rel, $0.name) }
        }
    }
}
