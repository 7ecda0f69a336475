import Foundation
import Services
import TerminalUI

/// What the list shows of its state: help, the status bar's count and
/// markers, the export source and the view model the view draws.
extension ResourceListState {
    var capturesText: Bool { isEditingFilter || mode.capturesText }

    /// The records `:export` writes and `:freq` counts: the visible rows,
    /// in their order (and, while paging in, how many of how many are loaded).
    var exportSource: ExportSource {
        ExportSource(
            resource: resource, records: visible.map { records[$0].json },
            partial: isComplete ? nil : .init(loaded: records.count, total: paging.totalCount), filters: filters)
    }

    /// The field of the sorted column, which `F` counts.
    var sortedField: String? {
        sortColumn.flatMap { resource.columns.indices.contains($0) ? resource.columns[$0].field : nil }
    }

    func help(_ keys: KeyBindings) -> [HelpSection] {
        var lines: [(String, String)] = [
            (keys.label(pairing: .moveUp, .moveDown), "move"),
            (keys.label(pairing: .pageUp, .pageDown), "page"),
            (keys.label(pairing: .top, .bottom), "top, bottom"),
            (keys.label(for: .open), "open the \(resource.singular) (its fields and relations)"),
            (keys.label(for: .filter), "filter as you type (the server searches a list still paging in)"),
            ("Esc", "clear the filter"),
            (keys.label(for: .sortNext) + " / " + keys.label(for: .sortReverse), "sort by next column / reverse"),
            (keys.label(for: .reload), "reload from the server"),
            (keys.label(for: .copy), "copy the \(resource.singular) as JSON"),
            (keys.label(for: .frequency), "count the values of the sorted column (:freq FIELD)"),
        ]
        if let toggle = resource.toggle {
            lines.append((keys.label(for: .toggle), "toggle \(toggle.field)"))
        }
        if resource.isWritable {
            lines.append((keys.label(for: .new), "new \(resource.singular)"))
            lines.append((keys.label(for: .edit), "edit the \(resource.singular)"))
            lines.append((keys.label(for: .delete), "delete the \(resource.singular) (asks first)"))
        }
        return [HelpSection("\(resource.name) list", lines)]
    }

    /// The status bar's part for this list; `now` dates the offline copy.
    func status(now: Date) -> ScreenStatus {
        var offline: String?
        if let fetchedAt, error != nil || origin == .cache {
            let age = RelativeAge.describe(from: fetchedAt, to: now)
            switch error?.kind {
            case nil: offline = "cached \(age)"
            case .offline?, .timeout?: offline = "offline · cached \(age)"
            default: offline = "stale · cached \(age)"
            }
        }
        return ScreenStatus(
            resource: resource.name, count: countText, offline: offline,
            isLoading: isLoading || isLoadingMore || !writes.isEmpty, message: message, watch: watchLabel)
    }

    var countText: String? {
        if records.isEmpty && (isLoading || error != nil) { return nil }
        if let serverSearch {
            if visible.count < records.count {
                // The local filter dropped rows the server sent: it did not search (no `q`).
                return "\(visible.count)\(isComplete ? "" : "+") matching “\(serverSearch)”"
            }
            let found = paging.totalCount ?? records.count
            return "\(found)\(isComplete || paging.totalCount != nil ? "" : "+") matching “\(serverSearch)”"
        }
        let total = paging.totalCount.map(String.init) ?? (isComplete ? String(records.count) : "\(records.count)+")
        if filterText.isEmpty { return total }
        return "\(visible.count) of \(total)"
    }

    // MARK: - View model
    /// The view model for a body `height` × `width` (main actor: layout asks the widgets).
    @MainActor
    func viewModel(height: Int, width: Int) -> ResourceListViewModel {
        let errorText = error.map { "\($0.message) (r to retry)" }
        let filterLine = isEditingFilter || !filterText.isEmpty || !filters.isEmpty
        let footer = !isComplete && !records.isEmpty
        let top = (filterLine ? 1 : 0) + (errorText.map { ErrorLine.height(of: $0, width: width) } ?? 0)
        let tableHeight = max(0, height - top - 1 - (footer ? 1 : 0))
        let offset = TableView.scrollOffset(
            cursor: cursor, previous: scrollOffset, visibleRows: tableHeight, count: visible.count)
        let records = self.records
        let visible = self.visible
        return ResourceListViewModel(
            resource: resource, rowCount: visible.count, row: { records[visible[$0]] },
            cursor: cursor, scrollOffset: offset, tableTop: top, tableHeight: tableHeight,
            sortColumn: sortColumn, sortDescending: sortDescending,
            scope: filters.map(\.description).joined(separator: ", "),
            filterText: filterText, isEditingFilter: isEditingFilter, serverSearch: serverSearch,
            searchPending: serverSearch != requestedSearch
                && (serverSearch != nil || !isComplete),
            error: errorText, isLoading: isLoading, isEmpty: records.isEmpty,
            paging: footer
                ? .init(
                    loaded: records.count, total: paging.totalCount, isLoading: isLoadingMore,
                    error: moreError?.shortReason)
                : nil,
            overlay: mode.overlay(resource: resource),
            changed: watchInterval == nil && changedIDs.isEmpty ? nil : changedIDs)
    }
}
