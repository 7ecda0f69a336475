import Foundation
import JSON
import Services

/// Builds the screens one screen can lead to (lists, details, the start
/// screen), so that modules reach each other without knowing each other's
/// construction. It holds exactly what those modules need: the API, the
/// catalog of resources and the screen context.
@MainActor
public struct ResourceNavigator {
    let api: any APIService
    public let catalog: ResourceCatalog
    let context: ScreenContext
    /// This run's requests, for the inspector.
    let requests: any RequestLog
    /// The requests of earlier runs too, for `:history`.
    let requestHistory: any RequestHistory
    /// The operations of the service's document (`o`, `:ops`), once it is read.
    let operations: OperationShelf

    public init(
        api: any APIService, catalog: ResourceCatalog, context: ScreenContext,
        requests: any RequestLog = EmptyRequestLog(), history: any RequestHistory = EmptyRequestHistory(),
        operations: OperationShelf = OperationShelf()
    ) {
        self.operations = operations
        self.api = api
        self.catalog = catalog
        self.context = context
        self.requests = requests
        self.requestHistory = history
    }

    /// The descriptor of `name`: described, or inferred for any other collection.
    /// A name as the user typed it: `:books` opens `Books`, or `book`
    /// (`:book` opens `books`), when only one collection fits (`TypedName`).
    public func resource(named name: String) -> ResourceDescriptor {
        if catalog[name] == nil, let fitting = TypedName.match(name, among: catalog.resources.map(\.name)) {
            return catalog.descriptor(for: fitting)
        }
        return catalog.descriptor(for: name)
    }

    /// The start screen: every resource with its count.
    public func start() -> any Screen {
        ResourcesModule.build(catalog: catalog, api: api, navigator: self, context: context)
    }

    /// A list of `resource`, optionally limited by `filters`.
    public func list(_ resource: ResourceDescriptor, filters: [ListQuery.Filter] = [], breadcrumb: String? = nil)
        -> any Screen
    {
        ResourceListModule.build(
            resource: resource, filters: filters, breadcrumb: breadcrumb, api: api, navigator: self, context: context)
    }

    /// The frequency table of `field` over `source` (a list's loaded rows).
    public func frequency(of source: ExportSource, field: String) -> any Screen {
        FrequencyModule.build(source: source, field: field, navigator: self, context: context)
    }

    /// What `:jq EXPR` selected of a list's loaded records, read-only.
    public func jqAnswer(expression: String, resource: String, outputs: [JSONValue]) -> any Screen {
        JQAnswerPresenter(expression: expression, resource: resource, outputs: outputs, context: context)
    }

    /// The request inspector: this run's requests, newest first.
    public func inspector() -> any Screen {
        InspectorModule.build(log: requests, context: context)
    }

    /// `:history`: the requests kept for this service, across runs.
    public func history() -> any Screen {
        HistoryPresenter(history: requestHistory, navigator: self, context: context)
    }

    /// `:curl`: the command that repeats `shown`.
    public func curl(_ shown: ShownRequest) -> any Screen {
        CurlModule.build(shown, api: api, context: context)
    }

    /// The detail of a record already loaded.
    public func detail(_ resource: ResourceDescriptor, record: RecordEntity, breadcrumb: String? = nil) -> any Screen {
        RecordDetailModule.build(
            resource: resource, id: record.id, record: record, breadcrumb: breadcrumb, api: api, navigator: self,
            context: context)
    }

    /// The detail of the record with `id`, loaded when it opens.
    public func detail(_ resource: ResourceDescriptor, id: String, breadcrumb: String? = nil) -> any Screen {
        RecordDetailModule.build(
            resource: resource, id: id, record: nil, breadcrumb: breadcrumb, api: api, navigator: self,
            context: context)
    }

    /// Where `relation` leads from `record`: the related list (children,
    /// fetched with a filter) or the related record (parent); `nil` when
    /// the record lacks the key.
    public func follow(_ relation: ResourceDescriptor.Relation, from record: RecordEntity) -> (any Screen)? {
        let target = resource(named: relation.target)
        switch relation.kind {
        case .children(let foreignKey):
            guard record.hasID else { return nil }
            return list(target, filters: [ListQuery.Filter(foreignKey, record.id)], breadcrumb: relation.name)
        case .parent(let foreignKey):
            guard let id = record.json.recordID(foreignKey) else { return nil }
            return detail(target, id: id, breadcrumb: relation.name)
        }
    }

    /// The operations that take `record` of `resource` (`o` on a record).
    public func operations(of resource: ResourceDescriptor, record: RecordEntity) -> any Screen {
        OperationsModule.build(
            .record(resource, record), catalog: operations.catalog, collections: catalog.resources, api: api,
            shelf: operations, context: context)
    }

    /// The operations that take no record (`o` on the start screen).
    public func serviceOperations() -> any Screen {
        OperationsModule.build(
            .service, catalog: operations.catalog, collections: catalog.resources, api: api, shelf: operations,
            context: context)
    }

    /// `:ops`: the operations of the record `top` shows, else the service-wide ones.
    public func operations(for top: any Screen) -> any Screen {
        guard let shown = (top as? any ShowsRequest)?.shownRequest, let record = (top as? any ShowsRecord)?.shownRecord,
            case .record = shown.request
        else {
            return serviceOperations()
        }
        return operations(of: shown.resource, record: record)
    }

    /// The form of the operation `method` `target` of the history was sent
    /// by, filled as it was sent this run (else with its path and query);
    /// `nil` when no operation of the document has that path.
    public func replayOperation(method: String, target: String) -> (any Screen)? {
        let path = String(target.prefix { $0 != "?" })
        guard let (operation, pathValues) = operations.catalog.sent(method: method, path: path) else { return nil }
        var values = Dictionary(uniqueKeysWithValues: pathValues.map { (OperationDraft.key(.path, $0.key), $0.value) })
        if let query = URLComponents(string: target)?.queryItems {
            for item in query { values[OperationDraft.key(.query, item.name)] = item.value ?? "" }
        }
        values.merge(operations.remembered(method: method, path: path) ?? [:]) { _, remembered in remembered }
        return OperationsModule.form(operation, values: values, api: api, shelf: operations, context: context)
    }

    /// The form of the operation a request of the history was, read from
    /// its body by a backend that sends every operation to one URL (a
    /// GraphQL mutation, `ReadsSentOperations`), filled as it was sent;
    /// `nil` when the backend cannot tell.
    public func replaySentOperation(method: String, target: String, body: Data) -> (any Screen)? {
        guard let sent = (api as? any ReadsSentOperations)?.sentOperation(method: method, target: target, body: body),
            let (operation, pathValues) = operations.catalog.sent(method: sent.method, path: sent.path)
        else { return nil }
        var values = Dictionary(uniqueKeysWithValues: pathValues.map { (OperationDraft.key(.path, $0.key), $0.value) })
        for (name, value) in sent.bodyValues { values[OperationDraft.key(.body, name)] = value }
        return OperationsModule.form(operation, values: values, api: api, shelf: operations, context: context)
    }
}
