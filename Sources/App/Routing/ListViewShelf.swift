import Modules
import Services
import Translations

/// The saved list views of one service (`:view save NAME`, `:view NAME`,
/// `:views`), kept in the run's cache under the service's key and the
/// collection's name. It also holds the names of each collection's views
/// once read, which the `:` prompt offers as completions, and says what
/// became of each `:view` command (the router shows the line).
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

    // MARK: - The `:view` commands, each answered by a status line

    /// `:view save NAME`: keeps `view`.
    func saved(_ view: SavedListView, collection: String) async -> StatusMessage {
        await save(view, collection: collection)
        return StatusMessage(Texts.View.saved(name: view.name, resources: collection))
    }

    /// `:view NAME`: shows the saved view `name` on `list`, or says it has none such.
    func shown(_ name: String, on list: any ArrangesColumns) async -> StatusMessage {
        let saved = await views(of: list.viewCollection)
        guard let view = saved.first(where: { $0.name == name }) else {
            let known = saved.map(\.name).joined(separator: ", ")
            return StatusMessage(
                saved.isEmpty
                    ? Texts.View.none(resources: list.viewCollection)
                    : Texts.View.unknown(name: name, known: known), .error)
        }
        return list.show(view) ?? StatusMessage(Texts.View.shown(name: name))
    }

    /// `:views`: the names of `collection`'s saved views.
    func listed(_ collection: String) async -> StatusMessage {
        let names = await views(of: collection).map(\.name)
        return StatusMessage(
            names.isEmpty
                ? Texts.View.none(resources: collection)
                : Texts.View.list(resources: collection, names: names.joined(separator: ", ")))
    }
}
