import Services
import TerminalUI
import Translations

/// The list of operations as a value: what they are listed for, the
/// entries, the cursor and scroll, and the status line's message. It asks
/// for no work (Enter's form is the presenter's to build).
struct OperationsState: ScreenState, Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// The cursor to row `row`.
        case move(to: Int)
        /// The screen's body is `rect`.
        case resized(Rect)
        /// A key came: the last message goes.
        case keyPressed
        /// Enter on a write in a read-only run: refused, and why.
        case writeRefused(source: String)
    }

    let subject: OperationsModule.Subject
    let entries: [OperationsModule.Entry]
    private(set) var scroll = TableScroll()
    var cursor: Int { scroll.cursor }
    private(set) var message: StatusMessage?

    init(subject: OperationsModule.Subject, entries: [OperationsModule.Entry]) {
        self.subject = subject
        self.entries = entries
    }

    /// The entry under the cursor, if any.
    var current: OperationsModule.Entry? { entries.indices.contains(cursor) ? entries[cursor] : nil }

    /// What the title line says.
    var title: String {
        switch subject {
        case .service: Texts.Operations.ofService
        case .record(let resource, let record): Texts.Operations.ofRecord(record: "\(resource.singular) \(record.id)")
        }
    }

    mutating func apply(_ event: Event) -> [Never] {
        switch event {
        case .move(let row): scroll.move(to: row, count: entries.count)
        case .resized(let rect):
            scroll.resize(
                visibleRows: TableScroll.bodyRows(inTable: OperationsView.table(in: rect)), count: entries.count)
        case .keyPressed: message = nil
        case .writeRefused(let source): message = StatusMessage(WriteAccess.refusal(source), .warning)
        }
        return []
    }
}

/// Draws the list of operations: a title line, then method, path and
/// summary, one a row (or a line saying there are none).
@MainActor
enum OperationsView {
    /// Where the table goes in `rect`: below the title line (nothing in no rows).
    nonisolated static func table(in rect: Rect) -> Rect {
        rect.height > 0 ? rect.splitTop(1).rest : rect
    }

    static func draw(_ state: OperationsState, on terminal: any Terminal, in rect: Rect, theme: Theme) {
        guard rect.height > 0 else { return }
        let (titleLine, body) = rect.splitTop(1)
        terminal.write(
            " " + TextSanitizer.clean(state.title), row: titleLine.row, col: titleLine.col, width: titleLine.width,
            style: theme.style(.columnHeader))
        let entries = state.entries
        guard !entries.isEmpty else {
            terminal.write(
                " " + Texts.Operations.none, row: body.row, col: body.col, width: body.width, style: theme.style(.dim))
            return
        }
        let table = TableView(
            columns: [
                TableColumn(Texts.Inspector.method, width: .fixed(7), priority: 4),
                TableColumn(Texts.Inspector.path, width: .flexible(weight: 2), minWidth: 12, priority: 5),
                TableColumn(Texts.Operations.summary, width: .flexible(), minWidth: 10, priority: 2),
            ],
            rowCount: entries.count, cursor: state.cursor, scrollOffset: state.scroll.offset
        ) { index in
            let operation = entries[index].operation
            return [operation.method, operation.path, operation.summary ?? operation.operationID ?? ""].map(
                TextSanitizer.clean)
        }
        table.draw(on: terminal, in: body, theme: theme)
    }
}
