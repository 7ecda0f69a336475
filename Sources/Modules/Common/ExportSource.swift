import JSON
import Services

/// The records a screen offers to `:export` and `:freq`: its list's rows,
/// filter and sort applied.
public struct ExportSource: Sendable {
    /// A list still paging in: how many records it has loaded, of how many.
    public struct Partial: Equatable, Sendable {
        public var loaded: Int
        /// The server's total, when it said one.
        public var total: Int?

        public init(loaded: Int, total: Int?) {
            self.loaded = loaded
            self.total = total
        }
    }

    public var resource: ResourceDescriptor
    public var records: [JSONValue]
    /// Set while the list is still paging in (`records` are the loaded rows only).
    public var partial: Partial?
    /// The server filters that define the list (`userId=3`): a list opened
    /// from these records (a frequency value) keeps them.
    public var filters: [ListQuery.Filter]

    public init(
        resource: ResourceDescriptor, records: [JSONValue], partial: Partial? = nil, filters: [ListQuery.Filter] = []
    ) {
        self.resource = resource
        self.records = records
        self.partial = partial
        self.filters = filters
    }
}
