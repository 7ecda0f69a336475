import Foundation
import Services

/// What screen a GET of the history opens again: `/todos?userId=2` is the
/// todos list of user 2, `/users/3` user 3. Paging, sort and search words
/// (`_page`, `_sort`, `q`…) are the list's own business and are left out;
/// equality filters are kept.
struct ReplayTarget: Equatable {
    var resource: String
    var id: String?
    var filters: [ListQuery.Filter]

    /// `nil` for what no screen shows (`/db`, a deeper path, a bad name).
    static func parse(_ target: String) -> ReplayTarget? {
        guard let components = URLComponents(string: target) else { return nil }
        let parts = components.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        guard (1...2).contains(parts.count), ResourceEndpoint.isValidName(parts[0]), parts[0] != "db" else {
            return nil
        }
        let filters = (components.queryItems ?? []).compactMap { item -> ListQuery.Filter? in
            guard !item.name.hasPrefix("_"), item.name != "q", !item.name.contains(":"), let value = item.value
            else { return nil }
            return ListQuery.Filter(item.name, value)
        }
        return ReplayTarget(resource: parts[0], id: parts.count == 2 ? parts[1] : nil, filters: filters)
    }
}
