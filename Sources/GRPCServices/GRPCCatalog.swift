import Services
import SwiftProtobuf

/// What the browsing screens make of a reflected gRPC service: unary
/// `List*` methods whose answer holds a repeated message field are
/// collections (paged by `page_size`/`page_token` → `next_page_token`
/// where the messages have them, AIP-158); a unary `Get*` taking `name`
/// or `id` and returning that message opens a record; every other unary
/// method is an operation (`o`) with a form from its request message.
/// Streaming methods are listed but not called.
public struct GRPCCatalog: Sendable, Hashable {
    /// One method of a service.
    public struct Method: Sendable, Hashable {
        /// `library.v1.Library`.
        public var service: String
        /// `ListBooks`.
        public var name: String
        public var input: String
        public var output: String
        public var isStreaming: Bool

        /// `library.v1.Library/ListBooks`, as grpcurl names it.
        public var fullName: String { "\(service)/\(name)" }
    }

    /// One collection: the list method and what it answers.
    public struct Collection: Sendable, Hashable {
        /// The repeated field of the answer (`books`), also the collection's name.
        public var name: String
        public var list: Method
        /// The records' message type (`library.v1.Book`).
        public var recordType: String
        /// The answer's repeated field, in JSON (`books`).
        public var itemsField: String
        /// `page_size`/`page_token` in the request and `next_page_token` in the answer.
        public var pagesByToken: Bool
        /// The method that opens one record, and its request's key field (`name`).
        public var get: Method?
        public var getKey: String?
        /// The record's own key field in JSON (`name`, `id`).
        public var idField: String
    }

    public var schema: ProtoSchema
    public var services: [String]
    public var methods: [Method]
    public var collections: [Collection]
    /// Which reflection answered (`grpc.reflection.v1alpha.ServerReflection`).
    public var reflection: String
    public var descriptors: [ResourceDescriptor]

    /// Records asked per page (`page_size`).
    public static let pageSize = 20
    /// Columns shown at most per collection.
    public static let mostColumns = 12

    public func collection(_ name: String) -> Collection? { collections.first { $0.name == name } }

    public func method(_ fullName: String) -> Method? { methods.first { $0.fullName == fullName } }

    public init(services: [String], files: [Google_Protobuf_FileDescriptorProto], reflection: String = "") {
        let schema = ProtoSchema(files: files)
        self.schema = schema
        self.services = services
        self.reflection = reflection
        var methods: [Method] = []
        for file in files {
            let prefix = file.package.isEmpty ? "" : file.package + "."
            for service in file.service where services.contains(prefix + service.name) {
                for method in service.method {
                    methods.append(
                        Method(
                            service: prefix + service.name, name: method.name,
                            input: Self.bare(method.inputType), output: Self.bare(method.outputType),
                            isStreaming: method.clientStreaming || method.serverStreaming))
                }
            }
        }
        self.methods = methods
        var collections: [Collection] = []
        for method in methods where !method.isStreaming && method.name.hasPrefix("List") {
            guard let answer = schema.messages[method.output], let request = schema.messages[method.input],
                let items = answer.fields.first(where: {
                    $0.isRepeated && $0.type == .message && !(schema.messages[$0.typeName]?.isMapEntry ?? false)
                }),
                let record = schema.messages[items.typeName],
                !collections.contains(where: { $0.name == items.name })
            else { continue }
            let pages =
                request.field(named: "page_size") != nil && request.field(named: "page_token") != nil
                && answer.field(named: "next_page_token") != nil
            let idField = record.field(named: "name") != nil ? "name" : record.field(named: "id") != nil ? "id" : nil
            let get = methods.first { candidate in
                !candidate.isStreaming && candidate.name.hasPrefix("Get") && candidate.output == items.typeName
                    && candidate.service == method.service
            }
            let getKey = get.flatMap { get in
                ["name", "id"].first { schema.messages[get.input]?.field(named: $0) != nil }
            }
            collections.append(
                Collection(
                    name: items.name, list: method, recordType: items.typeName, itemsField: items.jsonName,
                    pagesByToken: pages, get: getKey == nil ? nil : get, getKey: getKey,
                    idField: idField.map { record.field(named: $0)?.jsonName ?? $0 } ?? "name"))
        }
        self.collections = collections
        descriptors = []
        descriptors = collections.map(descriptor)
    }

    static func bare(_ typeName: String) -> String {
        typeName.hasPrefix(".") ? String(typeName.dropFirst()) : typeName
    }

    /// The methods that are operations: unary ones no collection lists or opens records with.
    public var operationMethods: [Method] {
        let used = Set(collections.flatMap { [$0.list.fullName] + ($0.get.map { [$0.fullName] } ?? []) })
        return methods.filter { !$0.isStreaming && !used.contains($0.fullName) }
    }

    /// The screens' view of `collection`: its scalar and enum fields as
    /// columns; a string field named after another collection's record
    /// (`author` holding `authors/3`, or `author_id`) a parent relation.
    func descriptor(_ collection: Collection) -> ResourceDescriptor {
        let fields = schema.messages[collection.recordType]?.fields ?? []
        let leaves = fields.filter { !$0.isRepeated && $0.type != .message && $0.type != .group }
            .prefix(Self.mostColumns)
        let columns = leaves.map { field in
            ResourceDescriptor.Column(
                field.jsonName, kind: Self.kind(of: field.type),
                choices: field.type == .enum
                    ? (schema.enums[field.typeName]?.values.sorted { $0.key < $1.key }.map(\.value) ?? []) : [])
        }
        var relations: [ResourceDescriptor.Relation] = []
        for field in leaves where field.type == .string || field.type == .int64 || field.type == .int32 {
            let stem = field.name.hasSuffix("_id") ? String(field.name.dropLast(3)) : field.name
            guard
                let target = collections.first(where: {
                    $0.name != collection.name && ResourceDescriptor.singular(of: $0.name) == stem && $0.get != nil
                })
            else { continue }
            relations.append(.parent(stem, target: target.name, by: field.jsonName))
        }
        let names = leaves.map(\.jsonName)
        let label = ["title", "displayName", "label", "name"].first { names.contains($0) && $0 != collection.idField }
        var descriptor = ResourceDescriptor(
            name: collection.name, singular: ResourceDescriptor.singular(of: collection.name),
            idField: collection.idField, labelField: label, columns: Array(columns), relations: relations,
            pageSize: collection.pagesByToken ? Self.pageSize : 0)
        var route = ResourceRoute(
            path: "/" + collection.list.fullName,
            paging: collection.pagesByToken
                ? .cursor(parameter: "page_token", size: "page_size", next: "next_page_token") : .none)
        route.convention = GRPCAPIService.convention
        descriptor.route = route
        return descriptor
    }

    static func kind(of type: ProtoSchema.FieldType) -> ResourceDescriptor.Column.Kind? {
        switch type {
        case .int32, .sint32, .uint32, .fixed32, .sfixed32: .integer
        case .double, .float: .number
        case .bool: .boolean
        case .string, .int64, .uint64, .sint64, .fixed64, .sfixed64, .enum, .bytes: .text
        default: nil
        }
    }

    /// The operations (`o`, `:ops`): `POST /library.v1.Library/CreateBook`,
    /// one form field per field of the request message, a nested message's
    /// fields one by one (`book.title`, one level).
    public var operations: OperationCatalog {
        OperationCatalog(
            operationMethods.map { method in
                var fields: [OperationField] = []
                for field in schema.messages[method.input]?.fields ?? [] {
                    if field.type == .message, !field.isRepeated, let inner = schema.messages[field.typeName],
                        !inner.isMapEntry, !ProtoDecoder.wrappers.contains(field.typeName),
                        !field.typeName.hasPrefix("google.protobuf.")
                    {
                        for nested in inner.fields {
                            fields.append(formField("\(field.jsonName).\(nested.jsonName)", nested))
                        }
                    } else {
                        fields.append(formField(field.jsonName, field))
                    }
                }
                return ServiceOperation(
                    method: "POST", path: "/" + method.fullName, operationID: method.name,
                    summary: "rpc \(method.name)(\(method.input)) returns (\(method.output))", fields: fields,
                    bodyType: "application/json", requiresBody: false)
            })
    }

    private func formField(_ name: String, _ field: ProtoSchema.Field) -> OperationField {
        let kind: OperationField.Kind
        if field.isRepeated {
            kind = schema.messages[field.typeName]?.isMapEntry == true ? .object : .array
        } else {
            switch field.type {
            case .int32, .sint32, .uint32, .fixed32, .sfixed32: kind = .integer
            case .double, .float: kind = .number
            case .bool: kind = .boolean
            case .message, .group: kind = .object
            default: kind = .string
            }
        }
        let typeName = field.typeName.isEmpty ? "\(field.type)" : field.typeName
        return OperationField(
            name: name, location: .body, kind: kind, isRequired: false,
            choices: field.type == .enum
                ? (schema.enums[field.typeName]?.values.sorted { $0.key < $1.key }.map(\.value) ?? []) : [],
            hint: (field.isRepeated ? "repeated " : "") + typeName)
    }
}
