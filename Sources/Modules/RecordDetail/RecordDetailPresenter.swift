import Foundation
import JSON
import Services
import TerminalUI
import Translations

/// Shows every field of one record and its relations; `Tab` picks a
/// relation and `Enter` follows it (digits jump straight to one).
///
/// The behaviour is `RecordDetailState`'s; this is the loop around it: keys
/// and lifecycle calls become events, effects run here (fetches, counts,
/// screens to push), and their results go back to the state as events.
@MainActor
final class RecordDetailPresenter: Screen {
    private(set) var state: RecordDetailState
    private let interactor: RecordDetailInteractor
    private let navigator: ResourceNavigator
    private let context: ScreenContext
    /// Work in flight, by what it is for.
    private let tasks = EffectRunner<TaskKey>()

    /// What a task is for: one of each at a time.
    enum TaskKey: Hashable {
        case load, count, name, watch, save
    }

    /// The last naming of the parents started (tests wait for it).
    private(set) var nameTask: Task<Void, Never>?

    init(
        id: String, record: RecordEntity?, breadcrumbPrefix: String?, interactor: RecordDetailInteractor,
        navigator: ResourceNavigator, context: ScreenContext
    ) {
        state = RecordDetailState(
            id: id, record: record, resource: interactor.resource, breadcrumbPrefix: breadcrumbPrefix,
            writeAccess: context.writeGuard.access)
        self.interactor = interactor
        self.navigator = navigator
        self.context = context
    }

    var breadcrumb: String { state.breadcrumb }
    var status: ScreenStatus { state.status }
    var capturesText: Bool { state.form != nil || state.confirmation != nil || state.searchEditor != nil }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                Texts.Detail.helpTitle(resource: state.resource.singular),
                [
                    (keys.label(pairing: .moveUp, .moveDown), Texts.Help.scroll),
                    (
                        keys.label(for: .nextRelation) + " / " + keys.label(for: .previousRelation),
                        Texts.Detail.selectRelation
                    ),
                    (keys.label(for: .open), Texts.Detail.followRelation),
                    (Texts.Help.keysOneToNine, Texts.Help.followNumbers),
                    (keys.label(for: .reload), Texts.Help.reload), ("Esc", Texts.List.helpStopLoad),
                    (keys.label(for: .copy), Texts.Help.copyJSON),
                    (keys.label(for: .filter), Texts.Detail.helpSearch),
                    (
                        keys.label(for: .searchNext) + " / " + keys.label(for: .searchPrevious),
                        Texts.Detail.helpSearchSteps
                    ),
                    (keys.label(for: .fold), Texts.Detail.helpFold),
                    (keys.label(for: .foldAll), Texts.Detail.helpFoldAll),
                    (keys.label(for: .moreOfValues), Texts.Detail.helpMore),
                    (keys.label(for: .pager), Texts.Action.pager),
                    (keys.label(for: .editor), Texts.Action.editor),
                    (keys.label(for: .operations), Texts.Operations.helpKey),
                    (keys.label(for: .back), Texts.Help.back),
                ]
                    + (state.resource.isObject
                        ? [(keys.label(for: .edit), Texts.List.helpEdit(resource: state.resource.name))] : []))
        ]
    }

    /// Loads the record the first time; shown again (back from a related
    /// list, where records may have been added or deleted), counts again.
    func start() {
        send(.setWriteAccess(context.writeGuard.access))
        send(.appeared)
    }

    func stop() {
        send(.disappeared)
    }

    func resize(to rect: Rect) {
        if state.area != rect { send(.resized(rect)) }
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        RecordDetailView.draw(
            state.viewModel(lines: state.shownLines), on: terminal, in: rect, theme: theme, tick: tick)
        state.form?.draw(on: terminal, in: rect, theme: theme)
        state.confirmation?.dialog.draw(on: terminal, in: rect, theme: theme)
    }

    func handle(_ key: Key) -> ScreenCommand {
        if !capturesText, context.bindings.action(for: key) == .operations, let record = state.record {
            return .push(navigator.operations(of: state.resource, record: record))
        }
        let received = key == .escape ? context.receivedBytes() : 0
        guard let event = state.event(for: key, bindings: context.bindings, received: received) else {
            return .unhandled
        }
        return send(event)
    }

    // MARK: - Effects

    /// Applies `event` and runs the effects it asks for; returns what the
    /// router should do (a screen to push, text to copy, or nothing more).
    @discardableResult
    func send(_ event: RecordDetailEvent) -> ScreenCommand {
        var command = ScreenCommand.handled
        for effect in state.apply(event) {
            switch effect {
            case .loadRecord:
                load()
            case .countRelations(let record):
                count(record)
            case .nameRelations(let relations, let record):
                name(relations, of: record)
            case .cancelWork:
                tasks.cancel { $0 == .load || $0 == .count || $0 == .name }
            case .follow(let relation, let record):
                if let screen = navigator.follow(relation, from: record) { command = .push(screen) }
            case .copy(let text, let description):
                command = .copy(text, description: description)
            case .redraw:
                context.setNeedsDisplay()
            case .save(let changes):
                save(changes)
            case .allowWrites:
                context.writeGuard.confirm()
            case .scheduleWatch(let delay):
                tasks.run(.watch) { [weak self] in
                    guard (try? await Task.sleep(for: delay)) != nil else { return }
                    self?.send(.watchTimerFired)
                }
            case .cancelWatch:
                tasks.cancel(.watch)
            }
        }
        return command
    }

    private func load() {
        let id = state.id
        tasks.run(.load) { [weak self, interactor] in
            do throws(ServiceError) {
                let fresh = try await interactor.load(id: id)
                self?.send(.recordArrived(fresh))
            } catch {
                self?.send(.recordFailed(error))
            }
        }
    }

    private func save(_ changes: JSONObject) {
        let id = state.id
        // One save at a time (the state sends no second while one is out).
        tasks.run(.save) { [weak self, interactor] in
            do throws(ServiceError) {
                self?.send(.saveConfirmed(try await interactor.save(changes, id: id)))
            } catch {
                self?.send(.saveRefused(error))
            }
        }
    }

    /// Names the parents at once, each label shown as it comes; one that
    /// fails leaves its id on the line.
    private func name(_ relations: [ResourceDescriptor.Relation], of record: RecordEntity) {
        nameTask = tasks.run(.name) { [weak self, interactor] in
            await withTaskGroup(of: (String, (id: String, label: String)?).self) { group in
                for relation in relations {
                    group.addTask { (relation.name, try? await interactor.label(relation, of: record)) }
                }
                for await (name, named) in group {
                    guard let named, !Task.isCancelled else { continue }
                    self?.send(.labelArrived(relation: name, id: named.id, label: named.label))
                }
            }
        }
    }

    /// Counts the children relations at once, each count shown as it comes.
    private func count(_ record: RecordEntity) {
        let relations = state.relations
        tasks.run(.count) { [weak self, interactor] in
            await withTaskGroup(of: (String, Int?).self) { group in
                for relation in relations {
                    group.addTask { (relation.name, try? await interactor.count(relation, of: record)) }
                }
                for await (name, count) in group {
                    guard let count else { continue }
                    self?.send(.countArrived(relation: name, count: count))
                }
            }
            if !Task.isCancelled { self?.send(.countingFinished) }
        }
    }
}

// MARK: - Commands
extension RecordDetailPresenter: ShowsRequest, ShowsRecord, Watchable {
    var shownRequest: ShownRequest {
        ShownRequest(resource: state.resource, request: .record(id: state.id))
    }

    var shownRecord: RecordEntity? { state.record }

    func watch(every interval: Duration?) {
        send(.setWatch(interval))
    }
}

extension RecordDetailPresenter: HasPagerText {
    /// The record's JSON as shown: what `:jq` selected while it narrows,
    /// else the whole record (every value whole, as `y` copies it).
    var pagerText: String? {
        guard let record = state.record else { return nil }
        guard state.query != nil else { return record.jsonText }
        return state.lines.lines.map { $0.map(\.text).joined() }.joined(separator: "\n")
    }
}
