import Foundation
import JSON
import Networking
import Services

/// Finds a GraphQL service: the introspection query POSTed to the base
/// URL, then to `<base>/graphql`; the first answer that is a schema gives
/// the endpoint and the catalog.
public enum GraphQLDiscovery {
    /// What was found: where to POST, and what the schema holds.
    public struct Found: Sendable, Hashable {
        public var endpoint: URL
        public var catalog: GraphQLCatalog
        /// The introspection answer as it came (at most
        /// ``IntrospectedSchema/largestAnswer``): kept in the cache, so a
        /// start that cannot reach the endpoint reads the schema from it.
        public var answer: Data

        public init(endpoint: URL, catalog: GraphQLCatalog, answer: Data = Data()) {
            self.endpoint = endpoint
            self.catalog = catalog
            self.answer = answer
        }
    }

    /// What the endpoint an earlier start found answered this time.
    public enum Asked: Sendable {
        /// A schema: the service is GraphQL still.
        case found(Found)
        /// No answer (offline, past the deadline): what is remembered stands.
        case unanswered
        /// An answer that is no schema: the memory is to be forgotten.
        case notASchema
    }

    /// Seconds each introspection request may take.
    public static let timeout: TimeInterval = 5

    /// The URLs asked, in order: the base URL, then `<base>/graphql` (unless it ends so).
    public static func candidates(_ base: URL) -> [URL] {
        let trimmed = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        var urls = [base]
        if !trimmed.hasSuffix("/graphql"), let graphql = URL(string: trimmed + "/graphql") { urls.append(graphql) }
        return urls
    }

    /// The service at `base`, or `nil` when neither URL answers a schema.
    /// `skippingBase`: only `<base>/graphql` is asked (the base URL answered
    /// a GET with JSON: a REST resource, which a POST might write to).
    public static func discover(_ base: URL, network: NetworkClient, skippingBase: Bool = false) async -> Found? {
        for url in candidates(base).dropFirst(skippingBase ? 1 : 0) {
            if let found = await introspect(url, network: network) { return found }
        }
        return nil
    }

    /// The schema `url` answers to the introspection query, if it does.
    static func introspect(_ url: URL, network: NetworkClient) async -> Found? {
        if case .found(let found) = await ask(url, network: network) { return found }
        return nil
    }

    /// The endpoint an earlier start found (`RememberedDiscovery`), asked
    /// alone: the introspection query POSTed to it once more.
    public static func ask(_ endpoint: URL, network: NetworkClient) async -> Asked {
        let query = GraphQLQuery(text: IntrospectedSchema.query)
        let request =
            Networking.request(.post, endpoint) |> withAcceptJSON |> withJSONBody(JSONWriter.data(query.body))
            |> withTimeout(timeout)
        let response: Response
        do throws(NetworkError) {
            response = try await network.send(request)
        } catch {
            // No answer keeps the memory; an answer (a status, a redirect away) is the service's word.
            switch error {
            case .cannotConnect, .dns, .timeout, .proxyUnreachable, .transport, .cancelled: return .unanswered
            default: return .notASchema
            }
        }
        guard let found = read(response.body, endpoint: response.url) else { return .notASchema }
        return .found(found)
    }

    /// The service an introspection answer describes (one kept in the
    /// cache, or just read), at `endpoint`; `nil` when it is no schema.
    public static func read(_ body: Data, endpoint: URL) -> Found? {
        guard body.count <= IntrospectedSchema.largestAnswer, let answer = try? JSONParser.parse(body),
            let schema = try? IntrospectedSchema.read(answer)
        else { return nil }
        return Found(endpoint: endpoint, catalog: GraphQLCatalog(schema), answer: body)
    }
}

extension GraphQLCatalog {
    /// The mutations as operations (`o`, `:ops`): `POST /addBook`, a form
    /// field per argument, an input object's fields one by one
    /// (`input.title`). A mutation taking an `id` and returning a
    /// collection's record is that record's (`POST /authors/{id}/renameAuthor`:
    /// `o` on an author fills the id).
    public var operations: OperationCatalog {
        OperationCatalog(
            mutations.map { mutation in
                let owner = recordOwner(of: mutation)
                var fields: [OperationField] = []
                for argument in mutation.arguments {
                    if owner != nil, argument.name == "id" {
                        fields.append(
                            OperationField(name: "id", location: .path, isRequired: true, hint: argument.type.sdl))
                    } else if argument.type.kind == "INPUT_OBJECT", !argument.type.isList,
                        let input = schema[argument.type.name]
                    {
                        for inner in input.inputFields {
                            fields.append(field("\(argument.name).\(inner.name)", inner.type))
                        }
                    } else {
                        fields.append(field(argument.name, argument.type))
                    }
                }
                let signature = mutation.arguments.map { "\($0.name): \($0.type.sdl)" }.joined(separator: ", ")
                let path = owner.map { "/\($0)/{id}/\(mutation.field)" } ?? "/" + mutation.field
                return ServiceOperation(
                    method: "POST", path: path, operationID: mutation.field,
                    summary: "mutation \(mutation.field)(\(signature)): \(mutation.returns.sdl)", fields: fields,
                    bodyType: "application/json", requiresBody: fields.contains { $0.location == .body })
            })
    }

    /// The collection whose record `mutation` changes: it takes a leaf `id`
    /// and returns that collection's node.
    func recordOwner(of mutation: Mutation) -> String? {
        guard let id = mutation.arguments.first(where: { $0.name == "id" }), id.type.isLeaf, !id.type.isList,
            mutation.returns.kind == "OBJECT", !mutation.returns.isList
        else { return nil }
        return collections.first { $0.nodeType == mutation.returns.name && $0.recordField != nil }?.field
    }

    private func field(_ name: String, _ type: IntrospectedSchema.TypeRef) -> OperationField {
        let kind: OperationField.Kind
        if type.isList {
            kind = .array
        } else {
            switch type.name {
            case "Int": kind = .integer
            case "Float": kind = .number
            case "Boolean": kind = .boolean
            default: kind = type.kind == "INPUT_OBJECT" ? .object : .string
            }
        }
        return OperationField(
            name: name, location: .body, kind: kind, isRequired: type.isNonNull,
            choices: type.kind == "ENUM" ? schema[type.name]?.enumValues ?? [] : [], hint: type.sdl)
    }
}
