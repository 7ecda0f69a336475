/// Which json-server the engine behaves as.
///
/// - `v0`: json-server 0.17 — `_page`/`_limit` with `X-Total-Count` and
///   `Link`, `_sort`/`_order`, `_gte`/`_like`/`q`, integer ids.
/// - `v1`: json-server 1.0 (beta) — `_page`/`_per_page` answered with a page
///   envelope, `_sort=-field`, conditions `field:op=value` and `_where`,
///   string ids the server generates, object resources.
public enum JSONServerDialect: String, Sendable, CaseIterable {
    case v0
    case v1
}
