import JSON
import Services
import TerminalUI
import Translations

/// Everything the detail screen knows, as a value: the record, its load and
/// error, the counts of its related lists, the selected relation, the
/// scroll. Every key and every async result is a `RecordDetailEvent`;
/// `apply` applies it and returns the `RecordDetailEffect`s to run, which the presenter runs and whose
/// results it sends back as events. Nothing here waits, so every behaviour
/// is testable by sending events and comparing values. The edit's fields are
/// writable within the module for `RecordDetailState+Edit`; only
/// transitions change them.
struct RecordDetailState: ScreenState, Equatable, Sendable {
    typealias Event = RecordDetailEvent
    typealias Effect = RecordDetailEffect

    let id: String
    let resource: ResourceDescriptor
    /// The relation this screen was reached by (`user` for a todo's parent).
    let breadcrumbPrefix: String?
    var record: RecordEntity? {
        didSet { renderLines() }
    }
    /// While watching: the top-level fields a watch fetch saw change.
    private(set) var changedFields: Set<String> = [] {
        didSet { if changedFields != oldValue { renderLines() } }
    }
    /// The search of the record (`/`) once entered, until Esc.
    var search: RecordTextSearch?
    /// The search line while it is typed.
    var searchEditor: LineEditor?
    /// What `:jq EXPR` selected of the record, shown instead of it until `:jq` or Esc.
    var query: RecordQuery?
    /// How often `:watch` fetches the record again, or `nil`.
    private(set) var watchInterval: Duration?
    /// The fetch in flight was started by the watch timer.
    private(set) var isWatchFetch = false
    /// The record as JSON lines, for drawing and for bounding the scroll
    /// (writable within the module for `+Search`, the folds).
    var lines: RecordLines
    private(set) var counts: [String: Int] = [:]
    /// The labels of the records parent relations point at, by relation
    /// name: the related id they were asked for and the label (`1 Leanne Graham`).
    private(set) var labels: [String: RelationLabel] = [:]
    /// The related id each parent relation's label was last asked for.
    private(set) var askedLabels: [String: String] = [:]
    private(set) var selectedRelation = 0
    private(set) var isLoading = false
    private(set) var error: ServiceError?
    /// The line at the top of the view: the cursor (writable within the module for `+Search`).
    var scroll = 0
    /// Lines a page key moves (the body's height in `area`).
    private(set) var pageSize = 10
    /// The part of the terminal the screen has (`nil` until the presenter says).
    private(set) var area: Rect?
    /// A fetch was asked for since the screen was built (or last left the
    /// stack): showing again then only counts again.
    private(set) var hasRequestedRecord = false
    /// Counting is under way: showing again or a reload does not start a second count.
    private(set) var isCounting = false
    /// The edit form of an object resource, while it is open.
    var form: Form?
    /// An edit sent and not yet answered.
    var isSaving = false
    /// What the last edit did, for the status bar.
    var message: StatusMessage?
    /// Whether an edit may be sent, is refused or waits for a `yes`.
    var writeAccess: WriteAccess
    /// The production question before the first write, while it is open.
    var confirmation: WriteConfirmation?
    /// The most of each string value shown, in UTF-8 bytes: `m` shows 4× as
    /// much, up to ``RecordLines/longestValue``; a longer value ends in a
    /// line saying how much is left.
    var valueLimit = JSONLines.valueLimit

    init(
        id: String, record: RecordEntity?, resource: ResourceDescriptor, breadcrumbPrefix: String?,
        writeAccess: WriteAccess = .open
    ) {
        self.writeAccess = writeAccess
        self.id = id
        self.record = record
        self.lines = RecordLines(record)
        self.resource = resource
        self.breadcrumbPrefix = breadcrumbPrefix
    }

    var relations: [ResourceDescriptor.Relation] { resource.relations }

    // MARK: - Keys

    /// The event `key` means on this screen, or `nil` when it means nothing
    /// here (the router then gives it its global meaning). `received`: bytes
    /// the answers in flight have brought.
    func event(for key: Key, bindings: KeyBindings, received: Int = 0) -> Event? {
        if confirmation != nil { return .confirmKey(key) }
        if form != nil { return .formKey(key) }
        if searchEditor != nil { return .searchKey(key) }
        if search != nil, key == .escape { return .endSearch }
        if query != nil, key == .escape { return .narrowed(nil) }
        if let action = bindings.action(for: key, searching: search != nil), action.isSearchOnly {
            return .stepSearch(forward: action == .searchNext)
        }
        if let moved = ListNavigation.move(
            cursor: scroll, count: lines.shownCount, page: pageSize, key: key, bindings: bindings)
        {
            return .scroll(to: moved)
        }
        // Esc stops a load the user waits for (nothing shown yet, or its
        // progress shows), a browser's Stop; otherwise it goes back.
        if key == .escape, isLoading, record == nil || received >= StoppedLoad.sizeFrom {
            return .stopLoading(received: received)
        }
        if case .char(let digit) = key, let number = digit.wholeNumberValue, number >= 1, number <= relations.count {
            return .follow(relation: number - 1)
        }
        switch bindings.action(for: key) {
        case .nextRelation? where !relations.isEmpty: return .selectNextRelation
        case .previousRelation? where !relations.isEmpty: return .selectPreviousRelation
        case .open?: return .followSelected
        case .reload?: return .reload
        case .copy?: return .copy
        case .edit? where resource.isObject: return .edit
        case .filter? where record != nil: return .startSearch
        case .fold? where record != nil: return .fold
        case .foldAll? where record != nil: return .foldAll
        case .moreOfValues? where record != nil: return .showMore
        default: return nil
        }
    }

    // MARK: - Transitions

    /// Applies `event`; returns the effects to run, in order. The scroll
    /// is then kept within the lines shown in the rect the screen has.
    mutating func apply(_ event: Event) -> [Effect] {
        let effects = transition(event)
        settleLayout()
        return effects
    }

    /// The transition proper: one line per event, the work in a function
    /// named for it.
    private mutating func transition(_ event: Event) -> [Effect] {
        switch event {
        case .appeared: return appeared()
        case .disappeared: return disappeared()
        case .resized(let rect):
            area = rect
            return []
        case .setWatch(let interval): return setWatch(interval)
        case .watchTimerFired: return watchTimerFired()
        case .scroll(let line):
            scroll = line
            return []
        case .selectNextRelation: return selectRelation(by: 1)
        case .selectPreviousRelation: return selectRelation(by: relations.count - 1)
        case .follow(let index): return follow(at: index)
        case .followSelected: return follow(at: selectedRelation)
        case .reload:
            message = nil
            return reload()
        case .stopLoading(let received): return stopLoading(received: received)
        case .copy: return copy()
        case .recordArrived(let fresh): return finishLoading(fresh, nil)
        // A fetch replaced by a newer one, or stopped with the screen.
        case .recordFailed(let failure): return failure.kind == .cancelled ? [] : finishLoading(nil, failure)
        case .countArrived(let relation, let count):
            counts[relation] = count
            return [.redraw]
        case .countingFinished:
            isCounting = false
            return []
        case .labelArrived(let relation, let id, let label):
            labels[relation] = RelationLabel(id: id, label: label)
            return [.redraw]
        case .edit: return edit()
        case .confirmKey(let key): return confirmKey(key)
        case .setWriteAccess(let access):
            writeAccess = access
            return []
        case .formKey(let key): return formKey(key)
        case .saveConfirmed(let saved): return saveConfirmed(saved)
        case .saveRefused(let failure): return saveRefused(failure)
        case .startSearch: return startSearch()
        case .searchKey(let key): return searchKey(key)
        case .stepSearch(let forward): return stepSearch(forward: forward)
        case .endSearch: return endSearch()
        case .fold: return fold()
        case .foldAll: return foldAll()
        case .showMore: return showMore()
        case .narrowed(let query): return narrowed(query)
        }
    }

    private mutating func appeared() -> [Effect] {
        let watch = watchInterval.map { [Effect.scheduleWatch(after: $0)] } ?? []
        return (hasRequestedRecord ? countIfNeeded() : reload()) + watch
    }

    private mutating func disappeared() -> [Effect] {
        hasRequestedRecord = false
        isCounting = false
        isWatchFetch = false
        isLoading = false
        return [.cancelWork] + (watchInterval == nil ? [] : [.cancelWatch])
    }

    private mutating func setWatch(_ interval: Duration?) -> [Effect] {
        watchInterval = interval
        guard let interval else {
            changedFields = []
            return [.cancelWatch]
        }
        return isWatchFetch ? [] : [.scheduleWatch(after: interval)]
    }

    /// Never a second fetch of the record while one is in flight.
    private mutating func watchTimerFired() -> [Effect] {
        guard let watchInterval else { return [] }
        guard !isLoading else { return [.scheduleWatch(after: watchInterval)] }
        isWatchFetch = true
        isLoading = true
        return [.loadRecord]
    }

    /// Moves the selection `step` relations on, round the end.
    private mutating func selectRelation(by step: Int) -> [Effect] {
        guard !relations.isEmpty else { return [] }
        selectedRelation = (selectedRelation + step) % relations.count
        return []
    }

    private mutating func follow(at index: Int) -> [Effect] {
        guard relations.indices.contains(index) else { return [] }
        selectedRelation = index
        return follow(relations[index])
    }

    private func copy() -> [Effect] {
        guard let record else { return [] }
        return [
            .copy(record.jsonText, description: Texts.List.copyDescription(resource: resource.singular, id: record.id))
        ]
    }

    private mutating func saveConfirmed(_ saved: RecordEntity) -> [Effect] {
        isSaving = false
        record = saved
        message = StatusMessage(Texts.Detail.saved(resource: resource.name))
        return [.redraw]
    }

    private mutating func saveRefused(_ failure: ServiceError) -> [Effect] {
        isSaving = false
        message = StatusMessage(Texts.Detail.notSaved(resource: resource.name, reason: failure.shortReason), .error)
        return [.redraw]
    }

    // MARK: - Layout

    /// After every event: a page is the body's height in the rect the
    /// screen has (`.resized`), the lines are folded to its width once,
    /// and the scroll stays on a line that is shown. Nothing comes back
    /// from the draw.
    private mutating func settleLayout() {
        guard let area else { return }
        pageSize = max(1, area.height - 2)
        let shown = lines.shown(width: area.width)
        scroll = min(scroll, max(0, shown.count - 1))
    }

    /// The lines the screen shows: folded to the width of the rect it has
    /// (unfolded before it has one).
    var shownLines: [[JSONLines.Span]] {
        guard let area else { return lines.lines }
        return lines.folded(width: area.width)
    }

    private mutating func reload() -> [Effect] {
        hasRequestedRecord = true
        isLoading = true
        return [.loadRecord]
    }

    /// Stops the fetch, the counting and `:watch`; the record shown stays.
    private mutating func stopLoading(received: Int) -> [Effect] {
        guard isLoading else { return [] }
        isLoading = false
        isCounting = false
        isWatchFetch = false
        let watching = watchInterval != nil
        watchInterval = nil
        changedFields = []
        message = StatusMessage(StoppedLoad.message("\(resource.singular) \(id)", received: received), .warning)
        return [.cancelWork] + (watching ? [.cancelWatch] : []) + [.redraw]
    }

    private mutating func finishLoading(_ fresh: RecordEntity?, _ failure: ServiceError?) -> [Effect] {
        isLoading = false
        if isWatchFetch, let fresh, let record { changedFields.formUnion(Self.changedKeys(record, fresh)) }
        if let fresh { record = fresh }
        error = failure
        if case .readInListOnly? = failure?.reason, record != nil {
            // The list's copy is the record: nothing failed, and asking again would not help.
            error = nil
            message = StatusMessage(Texts.Detail.listCopy(resources: resource.name))
        }
        guard isWatchFetch else { return countIfNeeded() + nameIfNeeded(retrying: true) + [.redraw] }
        // A watch fetch does not count the relations again, nor asks again
        // for a label that failed: it names only a parent that changed.
        isWatchFetch = false
        return [.redraw] + nameIfNeeded(retrying: false)
            + (watchInterval.map { [Effect.scheduleWatch(after: $0)] } ?? [])
    }

    /// The top-level fields whose values differ between `old` and `new` (or that one of them lacks).
    static func changedKeys(_ old: RecordEntity, _ new: RecordEntity) -> Set<String> {
        guard case .object(let before) = old.json, case .object(let after) = new.json else { return [] }
        var keys = Set<String>()
        for (key, value) in after where before[key] != value { keys.insert(key) }
        for (key, _) in before where after[key] == nil { keys.insert(key) }
        return keys
    }

    /// Counts the related lists, unless counting already or no record is known.
    private mutating func countIfNeeded() -> [Effect] {
        guard let record, !isCounting else { return [] }
        isCounting = true
        return [.countRelations(record)]
    }

    /// Names the parents whose foreign key changed since their label was
    /// asked for, and when `retrying` those not named yet (a label that
    /// failed): the line shows their ids until the labels come.
    private mutating func nameIfNeeded(retrying: Bool) -> [Effect] {
        guard let record else { return [] }
        var unnamed: [ResourceDescriptor.Relation] = []
        for relation in relations {
            guard case .parent(let foreignKey) = relation.kind, let id = record.json.recordID(foreignKey),
                askedLabels[relation.name] != id || (retrying && labels[relation.name]?.id != id)
            else { continue }
            askedLabels[relation.name] = id
            unnamed.append(relation)
        }
        return unnamed.isEmpty ? [] : [.nameRelations(unnamed, of: record)]
    }

    /// The label a parent relation shows for the related `id`, once named.
    func label(of relation: ResourceDescriptor.Relation, id: String) -> String? {
        labels[relation.name].flatMap { $0.id == id ? $0.label : nil }
    }

    /// A parent relation's label, for the related id it was asked for.
    struct RelationLabel: Equatable, Sendable {
        var id: String
        var label: String
    }

    private func follow(_ relation: ResourceDescriptor.Relation) -> [Effect] {
        guard let record else { return [] }
        return [.follow(relation, from: record)]
    }
}
