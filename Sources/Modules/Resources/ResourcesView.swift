import Services
import TerminalUI

/// Draws the start screen: a title line, then each resource with its count
/// (a spinner until it arrives, ✖ and the reason when it failed) and its relations.
@MainActor
enum ResourcesView {
    static let columns = [
        TableColumn("Resource", width: .fixed(16), minWidth: 8, priority: 2),
        TableColumn("Records", width: .fixed(10), minWidth: 6, alignment: .right, priority: 1),
        TableColumn("Relations", width: .flexible(), minWidth: 8),
    ]

    static func draw(
        resources: [ResourceDescriptor], counts: [String: Result<Int, ServiceError>], cursor: Int, scrollOffset: Int,
        source: String? = nil, on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int
    ) {
        let (titleLine, body) = rect.splitTop(1)
        let origin = source.map { " (from \($0))" } ?? ""
        terminal.write(
            " Resources of this service\(origin) — Enter opens one, : switches anywhere", row: titleLine.row,
            col: titleLine.col, width: titleLine.width, style: theme.style(.dim))
        let table = TableView(
            columns: columns, rowCount: resources.count, cursor: cursor, scrollOffset: scrollOffset, sort: nil,
            row: { index in
                let resource = resources[index]
                let relations = resource.relations.map(\.name).joined(separator: ", ")
                if resource.isObject { return [resource.name, "object", "one object: Enter shows it, e edits it"] }
                switch counts[resource.name] {
                case .success(let number)?: return [resource.name, String(number), relations]
                // The reason takes the wide column: the count's is too narrow for it.
                case .failure(let error)?: return [resource.name, "✖", "not counted: \(error.message)"]
                case nil: return [resource.name, Spinner.frame(tick: tick), relations]
                }
            })
        table.draw(on: terminal, in: body, theme: theme)
    }
}
