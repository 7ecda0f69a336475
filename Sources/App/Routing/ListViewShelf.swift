import Modules
import Services
import Translations

/// The saved list views of one service (`:view save NAME`, `:view NAME`,
/// `:views`), kept in the run's cache under the service's key and the
/// collection's name. It also holds the names of each collection's views
/// once read, which the `:` prompt offers as completions.
@MainActor
final class ListViewShelf {
    private let storage: any StorageService
    /// The service's key in the cache: its environment and its origin.
    let service: String
    /// The view names of each collection read so far.
    private var names: [String: [String]] = [:]
    private var reading: Set<String> = []

    init(storage: any StorageService, service: String) {
        self.storage = storage
        self.service = service
    }

    /// The names known of `collection`'s views (none until read).
    func names(of collection: String) -> [String] { names[collection] ?? [] }

    /// Reads `collection`'s view names behind the caller, once.
    func prefetch(_ collection: String) {
        guard names[collection] == nil, reading.insert(collection).inserted else { return }
        Task { [storage, service] in
            let views = await storage.listViews(forService: service, collection: collection)
            self.names[collection] = views.map(\.name)
            self.reading.remove(collection)
        }
    }

    /// Keeps `view`; its name is offered from now on.
    func save(_ view: SavedListView, collection: String) async {
        await storage.saveListView(view, forService: service, collection: collection)
        var known = names[collection] ?? []
        if !known.contains(view.name) { known.append(view.name) }
        names[collection] = known.sorted()
    }

    /// The views saved for `collection`, by name.
    func views(of collection: String) async -> [SavedListView] {
        let views = await storage.listViews(forService: service, collection: collection)
        names[collection] = views.map(\.name)
        return views
    }
}
