import Foundation
import Services
import TerminalUI

/// Shows every field of one record and its relations; `Tab` picks a
/// relation and `Enter` follows it (digits jump straight to one).
@MainActor
final class RecordDetailPresenter: Screen {
    private let interactor: RecordDetailInteractor
    private let navigator: ResourceNavigator
    private let context: ScreenContext
    private let id: String
    private let breadcrumbPrefix: String?
    private(set) var record: RecordEntity? {
        didSet { lines = record.map { JSONLines.render($0.fields) } ?? [] }
    }
    /// The record as coloured JSON lines, rendered once per change.
    private var lines: [[JSONLines.Span]] = [] {
        didSet { wrapped = nil }
    }
    /// `lines` folded to the width last drawn, kept until either changes.
    private var wrapped: (width: Int, lines: [[JSONLines.Span]])?
    private(set) var counts: [String: Int] = [:]
    private(set) var selectedRelation = 0
    private(set) var isLoading = false
    private(set) var error: ServiceError?
    private(set) var scroll = 0
    private var pageSize = 10
    private var task: Task<Void, Never>?
    private var countTask: Task<Void, Never>?

    init(
        id: String, record: RecordEntity?, breadcrumbPrefix: String?, interactor: RecordDetailInteractor,
        navigator: ResourceNavigator, context: ScreenContext
    ) {
        self.id = id
        self.record = record
        self.lines = record.map { JSONLines.render($0.fields) } ?? []
        self.breadcrumbPrefix = breadcrumbPrefix
        self.interactor = interactor
        self.navigator = navigator
        self.context = context
    }

    private var resource: ResourceDescriptor { interactor.resource }
    private var relations: [ResourceDescriptor.Relation] { resource.relations }

    var breadcrumb: String {
        let label = record?.label(resource) ?? id
        return breadcrumbPrefix.map { "\($0) \(label)" } ?? label
    }

    var capturesText: Bool { false }

    var help: [HelpSection] {
        let keys = context.bindings
        return [
            HelpSection(
                "\(resource.singular) detail",
                [
                    (keys.label(pairing: .moveUp, .moveDown), "scroll"),
                    (keys.label(for: .nextRelation) + " / " + keys.label(for: .previousRelation), "select a relation"),
                    (keys.label(for: .open), "follow the selected relation"),
                    ("1 … 9", "follow relation 1 … 9"),
                    (keys.label(for: .reload), "reload"), (keys.label(for: .copy), "copy as JSON"),
                    (keys.label(for: .back), "back"),
                ])
        ]
    }

    var status: ScreenStatus {
        ScreenStatus(resource: "\(resource.name)/\(id)", isLoading: isLoading)
    }

    /// Loads the record the first time; shown again (back from a related
    /// list, where records may have been added or deleted), counts again.
    func start() {
        if task == nil {
            reload()
        } else if countTask == nil {
            loadCounts()
        }
    }

    func stop() {
        task?.cancel()
        task = nil
        countTask?.cancel()
        countTask = nil
    }

    /// The lines as shown in `width` cells.
    private func shownLines(width: Int) -> [[JSONLines.Span]] {
        if let wrapped, wrapped.width == width { return wrapped.lines }
        let folded = JSONLines.wrap(lines, width: width)
        wrapped = (width, folded)
        return folded
    }

    func draw(on terminal: any Terminal, in rect: Rect, theme: Theme, tick: Int) {
        pageSize = max(1, rect.height - 2)
        let lines = shownLines(width: rect.width)
        scroll = min(scroll, max(0, lines.count - 1))
        let title =
            record.map { "\(resource.singular) \($0.label(resource, width: 60))" } ?? "\(resource.singular) \(id)"
        RecordDetailView.draw(
            RecordDetailViewModel(
                title: TextSanitizer.clean(title), jumps: jumps, lines: lines, scroll: scroll,
                error: error.map { "\($0.message) (r to retry)" }, isLoading: isLoading),
            on: terminal, in: rect, theme: theme, tick: tick)
    }

    /// The relations to follow; none until the record is known (a 404 has none).
    private var jumps: [RecordDetailViewModel.Jump] {
        guard record != nil else { return [] }
        return relations.enumerated().map { index, relation in
            let title: String
            switch relation.kind {
            case .children:
                title = counts[relation.name].map { "\(relation.name) (\($0))" } ?? relation.name
            case .parent(let foreignKey):
                let target = record?.json.recordID(foreignKey).map { " → \($0)" } ?? ""
                title = "\(relation.name)\(target)"
            }
            return RecordDetailViewModel.Jump(title: title, isSelected: index == selectedRelation)
        }
    }

    func handle(_ key: Key) -> ScreenCommand {
        let bindings = context.bindings
        if let moved = ListNavigation.move(
            cursor: scroll, count: wrapped?.lines.count ?? lines.count, page: pageSize, key: key, bindings: bindings)
        {
            scroll = moved
            return .handled
        }
        if case .char(let digit) = key, let number = digit.wholeNumberValue, number >= 1, number <= relations.count {
            selectedRelation = number - 1
            return follow(relations[number - 1])
        }
        switch bindings.action(for: key) {
        case .nextRelation? where !relations.isEmpty:
            selectedRelation = (selectedRelation + 1) % relations.count
            return .handled
        case .previousRelation? where !relations.isEmpty:
            selectedRelation = (selectedRelation + relations.count - 1) % relations.count
            return .handled
        case .open?:
            guard relations.indices.contains(selectedRelation) else { return .handled }
            return follow(relations[selectedRelation])
        case .reload?:
            reload()
            return .handled
        case .copy?:
            guard let record else { return .handled }
            return .copy(record.jsonText, description: "\(resource.singular) \(record.id) as JSON")
        default:
            return .unhandled
        }
    }

    private func follow(_ relation: ResourceDescriptor.Relation) -> ScreenCommand {
        guard let record else { return .handled }
        guard let screen = navigator.follow(relation, from: record) else { return .handled }
        return .push(screen)
    }

    private func reload() {
        task?.cancel()
        isLoading = true
        let id = id
        task = Task { [weak self, interactor] in
            do throws(ServiceError) {
                let fresh = try await interactor.load(id: id)
                self?.finish(fresh, nil)
            } catch {
                self?.finish(nil, error)
            }
        }
    }

    private func finish(_ fresh: RecordEntity?, _ failure: ServiceError?) {
        if failure?.kind == .cancelled { return }
        isLoading = false
        if let fresh { record = fresh }
        error = failure
        if record != nil, countTask == nil { loadCounts() }
        context.setNeedsDisplay()
    }

    /// Counts of the related lists, for the jump targets.
    private func loadCounts() {
        guard let record else { return }
        let relations = relations
        countTask = Task { [weak self, interactor] in
            await withTaskGroup(of: (String, Int?).self) { group in
                for relation in relations {
                    group.addTask { (relation.name, try? await interactor.count(relation, of: record)) }
                }
                for await (name, count) in group {
                    guard let count else { continue }
                    self?.counts[name] = count
                    self?.context.setNeedsDisplay()
                }
            }
            if !Task.isCancelled { self?.countTask = nil }
        }
    }
}
