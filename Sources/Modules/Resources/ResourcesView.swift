import Services
import TerminalUI
import Translations

/// Draws the start screen: a title line, then each resource with its count
/// (a spinner until it arrives, ✖ and the reason when it failed) and its relations.
@MainActor
enum ResourcesView {
    static var columns: [TableColumn] {
        [
            TableColumn(Texts.Start.resource, width: .fixed(16), minWidth: 8, priority: 2),
            TableColumn(Texts.Start.records, width: .fixed(10), minWidth: 6, alignment: .right, priority: 1),
            TableColumn(Texts.Start.relations, width: .flexible(), minWidth: 8),
        ]
    }

    /// Where the descriptions came from, in words: a file's name as it is.
    static func sourceName(_ source: String) -> String {
        switch source {
        case "catalog": Texts.Start.sourceCatalog
        case "config": Texts.Start.sourceConfig
        default: source
        }
    }

    /// Where the table goes in `rect`: below the title line.
    nonisolated static func body(in rect: Rect) -> Rect { rect.splitTop(1).rest }

    /// Draws `state` in `rect`, scrolled as the state says.
    static func draw(_ state: ResourcesState, on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        draw(
            resources: state.resources, counts: state.counts, cursor: state.cursor, scrollOffset: state.scrollOffset,
            source: state.catalog.source, notes: state.discovered.isEmpty ? state.catalog.notes : [], on: terminal,
            in: rect, theme: theme, tick: tick)
    }

    static func draw(
        resources: [ResourceDescriptor], counts: [String: Result<Int, ServiceError>], cursor: Int, scrollOffset: Int,
        source: String? = nil, notes: [String] = [], on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int
    ) {
        let (titleLine, body) = rect.splitTop(1)
        terminal.write(
            " " + (source.map { Texts.Start.titleFrom(source: sourceName($0)) } ?? Texts.Start.title),
            row: titleLine.row,
            col: titleLine.col, width: titleLine.width, style: theme.style(.dim))
        if resources.isEmpty, !notes.isEmpty {
            // Nothing found: what was tried, a line each, in place of the table.
            let lines = [Texts.Start.nothingFound] + notes.map { "  · " + $0 } + ["", Texts.Start.nothingHint]
            for (offset, line) in lines.prefix(max(0, body.height - 1)).enumerated() {
                terminal.write(" " + line, row: body.row + 1 + offset, col: body.col, width: body.width, style: .plain)
            }
            return
        }
        let table = TableView(
            columns: columns, rowCount: resources.count, cursor: cursor, scrollOffset: scrollOffset, sort: nil,
            row: { index in
                let resource = resources[index]
                let relations = resource.relations.map(\.name).joined(separator: ", ")
                if resource.isObject { return [resource.name, Texts.Start.object, Texts.Start.objectHint] }
                switch counts[resource.name] {
                case .success(let number)?: return [resource.name, Language.current.number(number), relations]
                // The reason takes the wide column: the count's is too narrow for it.
                case .failure(let error)?: return [resource.name, "✖", Texts.Start.notCounted(reason: error.message)]
                case nil: return [resource.name, Spinner.frame(tick: tick), relations]
                }
            })
        table.draw(on: terminal, in: body, theme: theme)
    }
}
