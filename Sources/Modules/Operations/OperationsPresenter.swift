import Services
import TerminalUI
import Translations

/// The list of operations: method, path and summary, one a row. Enter
/// opens the form of the one under the cursor; a write is refused at once
/// when the run is read-only.
@MainActor
final class OperationsPresenter: Screen {
    let subject: OperationsModule.Subject
    let entries: [OperationsModule.Entry]
    private let api: any APIService
    private let shelf: OperationShelf
    private let context: ScreenContext
    private(set) var cursor = 0
    private var scrollOffset = 0
    private var tableHeight = 10
    private(set) var message: StatusMessage?

    init(
        subject: OperationsModule.Subject, entries: [OperationsModule.Entry], api: any APIService,
        shelf: OperationShelf, context: ScreenContext
    ) {
        self.subject = subject
        self.entries = entries
        self.api = api
        self.shelf = shelf
        self.context = context
    }

    var breadcrumb: String { Texts.Operations.breadcrumb }
    var capturesText: Bool { false }
    var status: ScreenStatus {
        ScreenStatus(
            resource: Texts.Operations.breadcrumb, count: Language.current.number(entries.count), message: message)
    }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Operations.helpTitle,
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.move),
                    (keys.label(for: .open), Texts.Operations.helpOpen),
                    (keys.label(for: .back), Texts.Help.back),
                ])
        ]
    }

    /// What the title line says.
    var title: String {
        switch subject {
        case .service: Texts.Operations.ofService
        case .record(let resource, let record): Texts.Operations.ofRecord(record: "\(resource.singular) \(record.id)")
        }
    }

    func start() {}
    func stop() {}

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        guard rect.height > 0 else { return }
        let (titleLine, body) = rect.splitTop(1)
        terminal.write(
            " " + TextSanitizer.clean(title), row: titleLine.row, col: titleLine.col, width: titleLine.width,
            style: theme.style(.columnHeader))
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
            rowCount: entries.count, cursor: cursor, scrollOffset: scrollOffset
        ) { [entries] index in
            let operation = entries[index].operation
            return [operation.method, operation.path, operation.summary ?? operation.operationID ?? ""].map(
                TextSanitizer.clean)
        }
        scrollOffset = table.draw(on: terminal, in: body, theme: theme)
        tableHeight = table.visibleRows(in: body)
    }

    func handle(_ key: Key) -> ScreenCommand {
        message = nil
        if let moved = ListNavigation.move(
            cursor: cursor, count: entries.count, page: tableHeight, key: key, bindings: context.bindings)
        {
            cursor = moved
            return .handled
        }
        guard context.bindings.action(for: key) == .open else { return .unhandled }
        guard entries.indices.contains(cursor) else { return .handled }
        let entry = entries[cursor]
        if entry.operation.writes, case .readOnly(let source) = context.writeGuard.access {
            message = StatusMessage(WriteAccess.refusal(source), .warning)
            return .handled
        }
        return .push(
            OperationsModule.form(entry.operation, values: entry.values, api: api, shelf: shelf, context: context))
    }
}
