import Foundation
import Services
import TerminalUI
import Translations

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
            (keys.label(pairing: .moveUp, .moveDown), Texts.Help.move),
            (keys.label(pairing: .pageUp, .pageDown), Texts.Help.page),
            (keys.label(pairing: .top, .bottom), Texts.Help.topBottom),
            ("100G · 50% · :goto", Texts.List.helpGoto),
            (keys.label(for: .open), Texts.List.helpOpen(resource: resource.singular)),
            (keys.label(for: .filter), Texts.List.helpFilter),
            ("Esc", Texts.List.helpStopLoad),
            ("Esc", Texts.List.helpClearFilter),
            (keys.label(for: .sortNext) + " / " + keys.label(for: .sortReverse), Texts.List.helpSort),
            (keys.label(for: .reload), Texts.Action.reload),
            (keys.label(for: .copy), Texts.List.helpCopy(resource: resource.singular)),
            (keys.label(for: .frequency), Texts.List.helpFrequency),
            (
                [Action.hideColumn, .showColumns, .moveColumnLeft, .moveColumnRight, .narrowColumn, .widenColumn]
                    .map { keys.label(for: $0) }.joined(separator: " "),
                Texts.Columns.helpKeys
            ),
        ]
        if let toggle = resource.toggle {
            lines.append((keys.label(for: .toggle), Texts.List.helpToggle(field: toggle.field)))
        }
        if resource.learnsWrites, !resource.isWritable, learning != .answered {
            let writeKeys = [Action.toggle, .new, .edit, .delete].map { keys.label(for: $0) }.joined(separator: " ")
            lines.append((writeKeys, Texts.List.helpAskWrites(resources: resource.name)))
        }
        if resource.isWritable {
            lines.append((keys.label(for: .new), Texts.List.helpNew(resource: resource.singular)))
            lines.append((keys.label(for: .edit), Texts.List.helpEdit(resource: resource.singular)))
            lines.append((keys.label(for: .delete), Texts.List.helpDelete(resource: resource.singular)))
        }
        return [HelpSection(Texts.List.helpTitle(resources: resource.name), lines)]
    }

    /// The status bar's part for this list; `now` dates the offline copy.
    func status(now: Date) -> ScreenStatus {
        var offline: String?
        if let fetchedAt, error != nil || origin == .cache {
            let age = RelativeAge.describe(from: fetchedAt, to: now)
            switch error?.kind {
            case nil: offline = Texts.List.cached(age: age)
            case .offline?, .timeout?: offline = Texts.List.offlineCached(age: age)
            default: offline = Texts.List.staleCached(age: age)
            }
        }
        return ScreenStatus(
            resource: resource.name, count: countText, offline: offline,
            isLoading: isLoadingAnything || !writes.isEmpty, message: message, watch: watchLabel)
    }

    var countText: String? {
        if records.isEmpty && (isLoading || error != nil || isStopped) { return nil }
        let number = Language.current.number
        if let serverSearch {
            if visible.count < records.count {
                // The local filter dropped rows the server sent: it did not search (no `q`).
                return Texts.List.matching(count: number(visible.count) + (isComplete ? "" : "+"), query: serverSearch)
            }
            let found = paging.totalCount ?? records.count
            let more = isComplete || paging.totalCount != nil ? "" : "+"
            return Texts.List.matching(count: number(found) + more, query: serverSearch)
        }
        let total =
            if let window {
                number(window.total) + (window.isOpenEnded ? "+" : "")
            } else {
                paging.totalCount.map(number) ?? (number(records.count) + (isComplete ? "" : "+"))
            }
        if filterText.isEmpty && localFilters.isEmpty { return total }
        return Texts.List.countOf(shown: visible.count, total: total)
    }

    // MARK: - View model
    /// The view model for a body `height` × `width` at the terminal's top left.
    @MainActor
    func viewModel(height: Int, width: Int) -> ResourceListViewModel {
        viewModel(in: Rect(row: 0, col: 0, height: height, width: width))
    }

    /// The view model for the list drawn in `rect`: its layout is the
    /// state's (`layout(in:)`), so the view draws what the state already knows.
    @MainActor
    func viewModel(in rect: Rect) -> ResourceListViewModel {
        let layout = layout(in: rect)
        let footer = hasPagingFooter
        let rows = RowSource(records: records, visible: visible, window: window)
        return ResourceListViewModel(
            resource: shownResource, rowCount: rowCount, row: rows.row,
            cursor: cursor, scrollOffset: layout.scrollOffset, layout: layout,
            sortColumn: shownSortColumn, sortDescending: sortDescending,
            scope: filters.map(\.description).joined(separator: ", "),
            filterText: filterText, isEditingFilter: isEditingFilter,
            serverSearch: serverSearch.map { resource.searchWords($0) ?? $0 },
            searchPending: serverSearches && serverSearch != requestedSearch
                && (serverSearch != nil || !isComplete),
            error: errorText, isLoading: isLoading, isEmpty: records.isEmpty,
            paging: footer
                ? .init(
                    loaded: records.count, total: paging.totalCount, isLoading: isLoadingMore,
                    error: moreError?.shortReason)
                : nil,
            overlay: mode.overlay(resource: resource),
            changed: watchInterval == nil && changedIDs.isEmpty ? nil : changedIDs, isStopped: isStopped)
    }
}

/// The rows a frame draws, taken from the state as it was (a copy: the
/// state goes on changing after the frame).
private struct RowSource {
    let records: [RecordEntity]
    let visible: [Int]
    let window: ListWindow?

    func row(_ index: Int) -> RecordEntity? {
        if let window { return window.record(at: index) }
        return visible.indices.contains(index) ? records[visible[index]] : nil
    }
}
