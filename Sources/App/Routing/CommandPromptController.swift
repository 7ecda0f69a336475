import Foundation
import JSON
import Modules
import Services
import TerminalUI
import Translations

/// The `:` command line: the prompt while it is open, the lines run before
/// (↑ ↓ recall them), and what a submitted line asks the router to do.
@MainActor
struct CommandPromptController {
    /// What a command line asks the router to do.
    enum Action {
        /// `:q`.
        case quit
        /// `:help`: the keys of the screen on top.
        case help
        /// Show these screens above the first one, dropping the rest
        /// (`:posts`, `:users 3`; none for `:resources`).
        case show([any Screen])
        /// Put this screen on top of the stack (`:freq FIELD`, `:requests`).
        case push(any Screen)
        /// Say this in the status bar (a bad command, an export's outcome).
        case say(StatusMessage)
        /// Re-fetch the top screen every interval; `nil` stops (`:watch off`).
        case watch(Duration?)
        /// Another service, or this one in another environment (`:service`, `:env`).
        case switchTo(SwitchRequest)
        /// `:view save NAME`: keep `view` for `collection`.
        case saveView(SavedListView, collection: String)
        /// `:view NAME`: read the view and show it on `list`.
        case showView(String, on: any ArrangesColumns)
        /// `:views`: say the views saved for `collection`.
        case listViews(collection: String)
        /// `:curl-open`: the dialog a curl command is pasted into.
        case pasteCurl
        /// `:logout`: the service's tokens forgotten.
        case logout
    }

    /// The prompt while it is open.
    private(set) var prompt: CommandPrompt?
    private var history = LineHistory()
    private let navigator: ResourceNavigator
    private let writer: any FileWriting
    /// The config file's services, for `:service` and its completion.
    private let services: [String]

    init(navigator: ResourceNavigator, writer: any FileWriting, services: [String] = []) {
        self.navigator = navigator
        self.writer = writer
        self.services = services
    }

    var isOpen: Bool { prompt != nil }

    /// Opens an empty prompt, the resources offered as completions (and,
    /// after `:freq `, the fields of `listed`, the list on top).
    /// `arranging`, the list on top when its columns can be arranged:
    /// its columns and nested paths after `:columns `, and `views`, its
    /// saved views, after `:view `.
    mutating func open(listed: ResourceDescriptor? = nil, arranging: (any ArrangesColumns)? = nil, views: [String] = [])
    {
        var fields = listed.map(CommandCompleter.fields(of:)) ?? []
        for path in arranging?.nestedPaths ?? [] where !fields.contains(path) { fields.append(path) }
        prompt = CommandPrompt(
            completer: CommandCompleter(
                catalog: navigator.catalog, listFields: fields, services: services,
                columns: arranging?.columnFields ?? [], views: views))
    }

    /// Gives `key` to the open prompt; returns the line submitted, if any.
    /// Esc (or Backspace on an empty line) closes the prompt, as does Enter.
    mutating func handle(_ key: Key) -> String? {
        guard var prompt else { return nil }
        let outcome = prompt.handle(key, history: &history)
        self.prompt = prompt
        switch outcome {
        case .editing:
            return nil
        case .cancel:
            self.prompt = nil
            return nil
        case .submit(let line):
            self.prompt = nil
            return line
        }
    }

    /// What `line` asks for, `top` being the screen on top; a command that
    /// needs a capability of the screen asks it with `as?`. `:export` writes
    /// what its `exportSource` offers (asked only then: a large list's rows
    /// are not gathered for nothing).
    func action(for line: String, top: any Screen) -> Action {
        let exportSource = { (top as? any Exportable)?.exportSource }
        let command: AppCommand
        do throws(CommandParser.Failure) {
            command = try CommandParser.parse(line, resources: navigator.catalog.names)
        } catch {
            return .say(StatusMessage(error.message, .error))
        }
        switch command {
        case .quit:
            return .quit
        case .logout:
            return .logout
        case .help:
            return .help
        case .resources:
            return .show([])
        case .requests:
            return .push(navigator.inspector())
        case .history:
            return .push(navigator.history())
        case .operations:
            return .push(navigator.operations(for: top))
        case .curl:
            guard let shown = (top as? any ShowsRequest)?.shownRequest else {
                return .say(StatusMessage(Texts.Curl.notHere, .warning))
            }
            return .push(navigator.curl(shown))
        case .watch(let seconds):
            return .watch(seconds.map { Duration.seconds($0) })
        case .goto(let row, let percent):
            guard let rows = top as? any RowAddressable else {
                return .say(StatusMessage(Texts.Command.gotoNotHere, .warning))
            }
            rows.go(toRow: row, percent: percent)
            let went = percent ? Texts.Command.wentToPercent(percent: row) : Texts.Command.wentToRow(row: row)
            return .say(StatusMessage(went))
        case .open(let name, let id, let filters):
            if let id, CommandCompleter(catalog: navigator.catalog).fields(of: name).contains(id) {
                // `:todos userId` is a filter missing its value, not todo "userId".
                return .say(StatusMessage(Texts.Command.needsValue(field: id), .error))
            }
            let resource = navigator.resource(named: name)
            // An object resource has no list: its object is the screen.
            if resource.isObject { return .show([navigator.detail(resource, id: "")]) }
            var screens = [navigator.list(resource, filters: filters)]
            if let id { screens.append(navigator.detail(resource, id: id)) }
            return .show(screens)
        case .export(let format, let path):
            return .say(export(exportSource(), as: format, to: path))
        case .service(let name):
            return switchAction(service: name)
        case .environment(let name):
            guard let environment = AppEnvironment(rawValue: name) else {
                return .say(StatusMessage(Texts.Switch.unknownEnvironment(name: name), .error))
            }
            return .switchTo(.environment(environment))
        case .jq(let expression):
            return jq(expression, top: top)
        case .columns, .saveView, .showView, .views:
            return columns(command, top: top)
        case .curlOpen:
            return .pasteCurl
        case .frequency(let field):
            guard let source = exportSource() else {
                return .say(StatusMessage(Texts.Command.freqNeedsList, .warning))
            }
            return .push(navigator.frequency(of: source, field: field))
        }
    }

    /// `:jq EXPR`: a record narrows itself; over a list, the loaded records
    /// as one array, the outputs shown read-only above it.
    private func jq(_ expression: String?, top: any Screen) -> Action {
        if let narrowing = top as? any JQNarrowing { return .say(narrowing.narrow(to: expression)) }
        guard let source = (top as? any Exportable)?.exportSource else {
            return .say(StatusMessage(Texts.Jq.notHere, .warning))
        }
        guard let expression else { return .say(StatusMessage(Texts.Jq.whole)) }
        do throws(JQError) {
            let outputs = try JQ(expression).run(.array(source.records))
            return .push(navigator.jqAnswer(expression: expression, resource: source.resource.name, outputs: outputs))
        } catch {
            return .say(StatusMessage(JQWords.line(error), .error))
        }
    }

    /// `:columns …` and `:view …`: on a list whose columns can be arranged.
    private func columns(_ command: AppCommand, top: any Screen) -> Action {
        guard let list = top as? any ArrangesColumns else {
            return .say(StatusMessage(Texts.Columns.notHere, .warning))
        }
        switch command {
        case .columns(let change?):
            return .say(list.arrange(change) ?? StatusMessage(list.columnsLine))
        case .saveView(let name):
            return .saveView(list.currentView(named: name), collection: list.viewCollection)
        case .showView(let name) where name == "default":
            return .say(list.show(nil) ?? StatusMessage(Texts.View.shownDefault))
        case .showView(let name):
            return .showView(name, on: list)
        case .views:
            return .listViews(collection: list.viewCollection)
        default:
            return .say(StatusMessage(list.columnsLine))
        }
    }

    /// `:service name`: a switch to a service the config file defines, else one line naming those it does.
    private func switchAction(service name: String) -> Action {
        guard services.contains(name) else {
            let message =
                services.isEmpty
                ? Texts.Switch.noServices(name: name)
                : Texts.Switch.unknownService(name: name, known: services.joined(separator: ", "))
            return .say(StatusMessage(message, .error))
        }
        return .switchTo(.service(name))
    }

    private func export(_ source: ExportSource?, as format: RecordFormat, to path: String) -> StatusMessage {
        guard let source else { return StatusMessage(Texts.Command.nothingToExport, .warning) }
        do throws(ServiceError) {
            let written = try writer.write(Data(format.render(source.records).utf8), to: path)
            let count = source.records.count
            let noun = count == 1 ? source.resource.singular : source.resource.name
            return StatusMessage(Texts.Command.exported(count: count, noun: noun, path: written))
        } catch {
            return StatusMessage(Texts.Command.exportFailed(reason: error.message), .error)
        }
    }
}
