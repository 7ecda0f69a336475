import Foundation
import JSON

/// One collection a JSON:API root links, as its first page shows it: the
/// resource type, total, paging words, page size, a sample row and the
/// relationships of its resources.
struct JSONAPICollection: LinkedCollection {
    /// A relationship of the sample resource.
    struct Relationship: Sendable {
        var name: String
        /// The related type, when the linkage (`data`) names it.
        var type: String?
        /// A to-one relationship: `data` is an identifier or null.
        var isToOne: Bool
        /// `links.related` as a path template under the root with the
        /// resource's id as `{}` (`/people/{}/articles`), when it has one.
        var relatedTemplate: String?
    }

    var name: String
    var path: String
    var type: String
    var count: Int?
    var paging: ResourceRoute.Paging = .none
    var pageSize: Int?
    var sample: JSONValue?
    var relationships: [Relationship] = []

    init(name: String, path: String, first: ConventionAnswer?, root: URL) {
        self.name = name
        self.path = path
        type = name
        guard let answer = first, let body = answer.json, let data = body["data"]?.arrayValue else { return }
        count = JSONAPIDocument.total(in: body) ?? answer.totalCount
        if let resource = data.first {
            type = JSONAPIDocument.type(of: resource) ?? name
            sample = JSONAPIDocument.row(resource)
            relationships = Self.relationships(of: resource, origin: answer.url, root: root)
        }
        let next = JSONAPIDocument.link("next", in: body, origin: answer.url)
        let any = next ?? JSONAPIDocument.link("last", in: body, origin: answer.url)
        if let url = any, let found = Self.paging(of: url) {
            paging = found
            if next != nil { pageSize = data.count }  // the server's own size: asking for more may be clamped
        }
        if count == nil, next == nil, any == nil { count = data.count }
    }

    /// The paging words of a page link: `page[offset]`/`page[limit]`,
    /// `page[number]`/`page[size]`, or a cursor (`page[after]`, `page[cursor]`).
    static func paging(of url: URL) -> ResourceRoute.Paging? {
        let names = Set((URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []).map(\.name))
        let size = ["page[limit]", "page[size]"].first(where: names.contains)
        if names.contains("page[offset]") { return .offset(limit: size ?? "page[limit]", offset: "page[offset]") }
        if names.contains("page[number]") { return .pages(page: "page[number]", size: size ?? "page[size]", first: 1) }
        for cursor in ["page[after]", "page[cursor]"] where names.contains(cursor) {
            return .cursor(parameter: cursor, size: size, next: "links.next")
        }
        return nil
    }

    static func relationships(of resource: JSONValue, origin: URL, root: URL) -> [Relationship] {
        guard let id = JSONAPIDocument.identifier(resource["id"]),
            case .object(let members)? = resource["relationships"]
        else { return [] }
        return members.map { name, value in
            let linkage = value["data"]
            var type: String?
            switch linkage {
            case .object(let target)?: type = target["type"]?.stringValue
            case .array(let targets)?: type = targets.first?["type"]?.stringValue
            default: break
            }
            var template: String?
            if let href = JSONAPIDocument.href(value["links"]?["related"]),
                let url = ConventionPath.resolve(href, against: origin),
                let path = ConventionPath.path(of: url, under: root)
            {
                template = Self.template(path, id: id)
            }
            let toOne = linkage.map { $0.isNull || $0.objectValue != nil } ?? false
            return Relationship(name: name, type: type, isToOne: toOne, relatedTemplate: template)
        }
    }

    /// `/people/9/articles` with id `9` → `/people/{}/articles`; nil when
    /// the id is not one of its segments.
    static func template(_ path: String, id: String) -> String? {
        let escaped = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let index = segments.lastIndex(where: { $0 == id || $0 == escaped }) else { return nil }
        segments[index] = "{}"
        return segments.joined(separator: "/")
    }

    /// The descriptor: route, columns from the sample row, a form for its
    /// attributes, relations both ways.
    func descriptor(among all: [JSONAPICollection]) -> ResourceDescriptor {
        var route = ResourceRoute(path: path, paging: paging, itemsKey: "data", sortParameter: "sort")
        route.convention = .jsonAPI
        route.facts = JSONAPIRouteFacts(type: type, relationships: toOneTypes()).facts
        for other in all {
            for relationship in other.relationships where !relationship.isToOne {
                guard other.target(of: relationship, among: all)?.name == name,
                    let template = relationship.relatedTemplate
                else { continue }
                route.nestedRoutes[inverse(of: relationship, from: other)] = template
            }
        }
        var descriptor = ResourceCatalog.inferred(name: name, from: sample.map { [$0] } ?? [])
        descriptor.route = route
        if let pageSize { descriptor.pageSize = pageSize }
        descriptor = ConventionForm.writable(descriptor, sample: sample)
        for relationship in relationships {
            guard let target = target(of: relationship, among: all) else { continue }
            if relationship.isToOne {
                descriptor.relations.append(.parent(relationship.name, target: target.name, by: relationship.name))
            } else if relationship.relatedTemplate != nil {
                descriptor.relations.append(
                    ResourceDescriptor.Relation(
                        relationship.name, target: target.name,
                        .children(foreignKey: target.inverse(of: relationship, from: self))))
            }
        }
        // A to-one relationship of another collection pointing here, with
        // no relation back already: the records that point at this one,
        // asked by the relationship's filter (`books?filter[author]=1`).
        for other in all where other.name != name {
            for relationship in other.relationships where relationship.isToOne {
                guard other.target(of: relationship, among: all)?.name == name,
                    !descriptor.relations.contains(where: { $0.name == other.name || $0.target == other.name })
                else { continue }
                descriptor.relations.append(
                    ResourceDescriptor.Relation(other.name, .children(foreignKey: relationship.name)))
            }
        }
        return descriptor
    }

    /// The collection a relationship leads to: the one whose resources
    /// carry its linkage's type, else the one named like that type or like
    /// the relationship (`articles`, `Author` → `authors`), regardless of
    /// case and of a plural's `s` — when exactly one fits.
    func target(of relationship: Relationship, among all: [JSONAPICollection]) -> JSONAPICollection? {
        if let type = relationship.type, let exact = all.first(where: { $0.type == type }) { return exact }
        for word in [relationship.type, relationship.name].compactMap(\.self) {
            if let exact = all.first(where: { $0.name == word || $0.type == word }) { return exact }
            let key = Self.nameKey(word)
            let fitting = all.filter { Self.nameKey($0.name) == key || Self.nameKey($0.type) == key }
            if fitting.count == 1 { return fitting[0] }
        }
        return nil
    }

    /// A name as compared across a type and a collection: lowercased,
    /// `-`/`_` dropped, singular (`Authors`, `author`, `AUTHOR` → `author`).
    static func nameKey(_ word: String) -> String {
        ResourceDescriptor.singular(of: word.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// The field a to-many relationship of `source` filters this
    /// collection by: this collection's to-one relationship back to the
    /// source's type (`articles.author` for `people.articles`), else the
    /// source's type.
    func inverse(of relationship: Relationship, from source: JSONAPICollection) -> String {
        relationships.first { $0.isToOne && $0.type == source.type }?.name ?? source.type
    }

    /// The to-one relationships whose related type the sample names: name → type.
    func toOneTypes() -> [String: String] {
        var result: [String: String] = [:]
        for relationship in relationships where relationship.isToOne {
            if let type = relationship.type { result[relationship.name] = type }
        }
        return result
    }
}
