import Foundation

/// Where data came from this time.
public enum DataOrigin: Sendable, Equatable {
    /// A full answer from the server.
    case network
    /// The server said 304 Not Modified; the stored body was reused.
    case revalidated
    /// The local cache, without asking the server.
    case cache
}

/// A list as the service layer hands it to a screen.
public struct Listing<Item: Sendable>: Sendable {
    public var items: [Item]
    /// The server's total (`X-Total-Count`), or `nil` when it did not say.
    public var totalCount: Int?
    public var fetchedAt: Date
    public var origin: DataOrigin

    public init(items: [Item], totalCount: Int?, fetchedAt: Date, origin: DataOrigin) {
        self.items = items
        self.totalCount = totalCount
        self.fetchedAt = fetchedAt
        self.origin = origin
    }
}

extension Listing: Equatable where Item: Equatable {}

/// The observed state of a list: the latest listing, the latest error and
/// whether a load is running (see `APIService.todoList`).
public struct ListState<Item: Sendable>: Sendable {
    public var listing: Listing<Item>?
    public var error: ServiceError?
    public var isLoading: Bool

    public init(listing: Listing<Item>? = nil, error: ServiceError? = nil, isLoading: Bool = false) {
        self.listing = listing
        self.error = error
        self.isLoading = isLoading
    }
}
