import Foundation

/// A list's saved view (`:view save NAME`): how its columns are arranged,
/// its sort, its filter text and its watch, kept per service and collection
/// in the cache (table `list_view`) so that `:view NAME` shows the list the
/// same way on a later run. Plain data: the list (Modules) applies it.
public struct SavedListView: Sendable, Equatable, Codable {
    /// How the columns differ from the described ones (the config file's
    /// `columns:`, the document's, the built-in catalog's): the default
    /// view is ``Columns/init()``, which changes nothing.
    public struct Columns: Sendable, Equatable, Codable {
        /// The fields in the order shown; a field not named here (described
        /// later) follows them in its described order.
        public var order: [String]
        /// Fields not drawn.
        public var hidden: [String]
        /// Widths in cells set by `:columns width` or the widen keys.
        public var widths: [String: Int]
        /// Nested paths added as columns (`author.name`).
        public var added: [String]

        public init(order: [String] = [], hidden: [String] = [], widths: [String: Int] = [:], added: [String] = []) {
            self.order = order
            self.hidden = hidden
            self.widths = widths
            self.added = added
        }
    }

    public var name: String
    public var columns: Columns
    /// The sorted column's field, if any, and the direction.
    public var sortField: String?
    public var sortDescending: Bool
    /// The filter line's text (`/`).
    public var filter: String
    /// `:watch` seconds; `nil`: not watched.
    public var watchSeconds: Int?

    public init(
        name: String, columns: Columns = Columns(), sortField: String? = nil, sortDescending: Bool = false,
        filter: String = "", watchSeconds: Int? = nil
    ) {
        self.name = name
        self.columns = columns
        self.sortField = sortField
        self.sortDescending = sortDescending
        self.filter = filter
        self.watchSeconds = watchSeconds
    }

    // MARK: - Bounds
    /// The most views kept per service and collection.
    public static let perCollection = 64
    /// The longest view name, in characters.
    public static let longestName = 40
    /// The most columns a view arranges (described and added).
    public static let mostColumns = 128
    /// The longest field or nested path, in characters.
    public static let longestPath = 200
    /// The widest column a view sets, in cells.
    public static let widest = 500
    /// The longest filter text kept.
    public static let longestFilter = 1024
    /// The largest stored form, in bytes: a larger one is not read.
    public static let largestStored = 256 * 1024

    /// Whether `name` may name a view: 1 to ``longestName`` letters,
    /// digits, `-`, `_` or `.`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= longestName
            && name.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
            }
    }

    /// This view within the bounds: names, paths, counts and widths cut to them.
    public var bounded: SavedListView {
        var view = self
        func paths(_ list: [String]) -> [String] {
            Array(list.filter { !$0.isEmpty && $0.count <= Self.longestPath }.prefix(Self.mostColumns))
        }
        view.columns.order = paths(columns.order)
        view.columns.hidden = paths(columns.hidden)
        view.columns.added = paths(columns.added)
        view.columns.widths = Dictionary(
            uniqueKeysWithValues: columns.widths.filter { $0.key.count <= Self.longestPath }.prefix(Self.mostColumns)
                .map { ($0.key, min(Self.widest, max(1, $0.value))) })
        view.filter = String(filter.prefix(Self.longestFilter))
        view.watchSeconds = watchSeconds.map { min(86_400, max(1, $0)) }
        if let field = sortField, field.count > Self.longestPath { view.sortField = nil }
        return view
    }

    /// The stored form (JSON), and back; a stored form too large or not a view reads as `nil`.
    public func encoded() -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try? encoder.encode(bounded)
    }

    public static func decoded(_ data: Data) -> SavedListView? {
        guard data.count <= largestStored else { return nil }
        return (try? JSONDecoder().decode(SavedListView.self, from: data))?.bounded
    }
}

/// Saved views. A storage that keeps none answers none (test doubles).
extension StorageService {
    public func listViews(forService service: String, collection: String) async -> [SavedListView] { [] }
    public func saveListView(_ view: SavedListView, forService service: String, collection: String) async {}
}
