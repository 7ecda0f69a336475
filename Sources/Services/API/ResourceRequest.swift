/// What a screen shows, as the request that fetches it (`:curl`, `trestle get --curl`).
public enum ResourceRequest: Sendable, Hashable {
    /// A list: its filters, sort, search and page.
    case list(ListQuery)
    /// One record (an object resource's object when the resource is one).
    case record(id: String)
}
