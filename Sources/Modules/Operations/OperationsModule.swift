import Services

/// The operations of the service's OpenAPI document that are not
/// collection reads: `o` (or `:ops`) on a record lists those that take it
/// (their path goes on from its record route, filled from it); on the start
/// screen, the service-wide ones. Enter opens an operation's form; its
/// answer is shown with status and headers, and kept in `:history`.
public enum OperationsModule {
    /// What the operations are listed for.
    public enum Subject: Sendable, Equatable {
        /// One record of a collection: its path templates come from it.
        case record(ResourceDescriptor, RecordEntity)
        /// The whole service: operations that take no record.
        case service
    }

    /// One operation as listed: the values its form starts with (the record's id and fields).
    struct Entry: Equatable {
        var operation: ServiceOperation
        var values: [String: String]
    }

    /// The list of `subject`'s operations among `catalog`'s.
    @MainActor
    static func build(
        _ subject: Subject, catalog: OperationCatalog, collections: [ResourceDescriptor], api: any APIService,
        shelf: OperationShelf, context: ScreenContext
    ) -> any Screen {
        OperationsPresenter(
            subject: subject, entries: entries(for: subject, in: catalog, collections: collections), api: api,
            shelf: shelf, context: context)
    }

    /// The entries of `subject`, in the document's order.
    static func entries(for subject: Subject, in catalog: OperationCatalog, collections: [ResourceDescriptor])
        -> [Entry]
    {
        switch subject {
        case .service:
            let paths = collections.map(path(of:))
            return catalog.serviceWide(collectionPaths: paths).map { Entry(operation: $0, values: [:]) }
        case .record(let resource, let record):
            return catalog.taking(recordOf: path(of: resource)).map { operation, template in
                var values: [String: String] = [:]
                for name in operation.templates {
                    let value = name == template ? record.id : RecordEntity.text(record.json[name])
                    if !value.isEmpty { values[OperationDraft.key(.path, name)] = value }
                }
                return Entry(operation: operation, values: values)
            }
        }
    }

    /// Where `resource`'s records are (`/books`).
    static func path(of resource: ResourceDescriptor) -> String {
        resource.route?.path ?? "/" + resource.name
    }

    /// The form of `operation`, filled with `values` (a replay from the history).
    @MainActor
    static func form(
        _ operation: ServiceOperation, values: [String: String], api: any APIService, shelf: OperationShelf,
        context: ScreenContext
    ) -> any Screen {
        OperationFormPresenter(operation: operation, values: values, api: api, shelf: shelf, context: context)
    }
}
