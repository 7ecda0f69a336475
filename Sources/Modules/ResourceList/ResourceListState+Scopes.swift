import Services
import Translations

/// The list's five children, each held through one `Scope` declared here:
/// where its state is, how its events travel inside the list's
/// (`.pages(…)`, `.filterSort(…)`, `.watch(…)`, `.writes(…)`, `.form(…)`)
/// and what each of its effects becomes — work for the presenter (a page
/// load, a timer, a write), or a transition of the list itself (refilter,
/// sort the loaded rows, keep the first page, put a saved row in place,
/// say something), which is a `ListStep` event reduced at once, in the
/// same `apply`. `transition` reduces each child in one line.
extension ResourceListState {
    /// The window over the remote collection.
    static var pagesScope: Scope<Self, ListPages> {
        Scope(state: \.pages, embed: Event.pages, extract: { if case .pages(let event) = $0 { event } else { nil } }) {
            effect, list in
            switch effect {
            case .loadMore(let number): return [.effect(.loadPage(number, list.query(page: number)))]
            case .loadWindowPage(let number): return [.effect(.loadWindowPage(number, list.query(page: number)))]
            case .keepWindowPages(let numbers): return [.effect(.keepWindowPages(numbers))]
            case .cancelPageLoad: return [.effect(.cancelPageLoad)]
            case .askMore: return [.event(.step(.loadMoreIfNeeded))]
            case .showScreen: return [.event(.step(.showWindow))]
            case .totalChanged(let total): return [.event(.step(.cursorWithin(total: total)))]
            case .keepFirstPage: return [.event(.step(.keepFirstPage))]
            case .cursorToEnd: return [.event(.step(.cursorToEnd))]
            case .sayProgress: return [.event(.step(.say(list.walkProgress)))]
            case .walkEnded: return [.event(.step(.say(nil)))]
            case .sayStopped: return [.event(.say(Texts.List.pagingStopped(loaded: list.rowsKnown)))]
            case .sayNotLoaded(let failure):
                let text = Texts.List.moreNotLoaded(resources: list.resource.name, reason: failure.shortReason)
                return [.event(.say(text, .error))]
            case .saySentNoMore(let loaded, let claimed):
                let text = Texts.List.serverSentNoMore(resources: list.resource.name, loaded: loaded, claimed: claimed)
                return [.event(.say(text, .warning))]
            }
        }
    }

    /// The filter and the sort.
    static var filterSortScope: Scope<Self, ListFilterSort> {
        Scope(
            state: \.filterSort, embed: Event.filterSort,
            extract: { if case .filterSort(let event) = $0 { event } else { nil } }
        ) { effect, list in
            switch effect {
            case .prepareSearch: return [.effect(.prepareSearch)]
            case .refilter(let narrowing): return [.event(.step(.filter(narrowing: narrowing)))]
            case .searchHere: return [.event(.step(.searchHere))]
            case .scheduleSearch(let delay): return [.effect(.scheduleSearch(after: delay))]
            case .startOver: return [.event(.step(.startOver))]
            case .sortLoaded(let field, let descending):
                return [.event(.step(.sortLoaded(field: field, descending: descending)))]
            case .sayServerSorts:
                guard let column = list.sortColumn else { return [] }
                return [.event(.say(Texts.List.sortedOnServer(column: list.resource.columns[column].title)))]
            case .saySortedHere: return [.event(.say(Texts.List.sortedHere(resources: list.resource.name), .warning))]
            }
        }
    }

    /// `:watch`.
    static var watchScope: Scope<Self, ListWatch> {
        Scope(state: \.watch, embed: Event.watch, extract: { if case .watch(let event) = $0 { event } else { nil } }) {
            effect, list in
            switch effect {
            case .schedule(let delay): return [.effect(.scheduleWatch(after: delay))]
            case .cancel: return [.effect(.cancelWatch)]
            case .revalidate: return [.effect(.revalidate(list.query(page: 1)))]
            }
        }
    }

    /// The writes in flight and the production guard.
    static var writesScope: Scope<Self, ListWrites> {
        Scope(
            state: \.writing, embed: Event.writes, extract: { if case .writes(let event) = $0 { event } else { nil } }
        ) { effect, list in
            switch effect {
            case .perform(let intent): return [.event(.step(.perform(intent)))]
            case .refuse(let source): return [.event(.say(WriteAccess.refusal(source), .warning))]
            case .ask(let intent): return [.event(.step(.ask(intent)))]
            case .allowWrites: return [.effect(.allowWrites)]
            case .sendUpdate(let id, let fields): return [.effect(.update(id: id, fields: fields))]
            case .sendCreate(let placeholderID, let fields):
                return [.effect(.create(placeholderID: placeholderID, fields: fields))]
            case .sendDelete(let id): return [.effect(.delete(id: id))]
            default: return list.settled(effect).map { .event(.step($0)) }
            }
        }
    }

    /// The new/edit form, while it is open.
    static var formScope: Scope<Self, ListForm> {
        Scope(
            optional: \.openForm, embed: Event.form, extract: { if case .form(let event) = $0 { event } else { nil } }
        ) {
            effect, _ in
            switch effect {
            case .close: return [.event(.step(.closeForm))]
            case .submit(let fields, .new(let placeholderID)):
                return [.event(.step(.closeForm)), .event(.step(.create(fields, placeholderID: placeholderID)))]
            case .submit(let fields, .edit(let record)):
                return [.event(.step(.closeForm)), .event(.step(.write(record, fields: fields, toggled: nil)))]
            }
        }
    }

    /// The form in `mode`, while it is open (setting `nil` changes nothing).
    var openForm: ListForm? {
        get { if case .form(let form) = mode { form } else { nil } }
        set { if let newValue { mode = .form(newValue) } }
    }

    // MARK: - The children's events, as the list's transitions send them
    mutating func pages(_ event: ListPages.Event) -> [ResourceListEffect] { transition(.pages(event)) }
    mutating func filterSort(_ event: ListFilterSort.Event) -> [ResourceListEffect] { transition(.filterSort(event)) }
    mutating func watch(_ event: ListWatch.Event) -> [ResourceListEffect] { transition(.watch(event)) }
    mutating func writing(_ event: ListWrites.Event) -> [ResourceListEffect] { transition(.writes(event)) }

    // MARK: - What the children ask of the list
    /// The transition a child's effect asked for (``ListStep``).
    mutating func take(_ step: ListStep) -> [ResourceListEffect] {
        switch step {
        case .say(let message): self.message = message
        case .filter(let narrowing):
            let selectedID = current?.id
            visible = matchingRows(filterText, within: narrowing ? visible : nil)
            restoreCursor(to: selectedID)
        case .searchHere: return searchHere(filterText)
        case .startOver:
            cursor = 0
            return observe(reset: true)
        case .sortLoaded(let field, let descending):
            let selectedID = current?.id
            records = RecordOrder.sorted(records, by: field, descending: descending)
            refilter(keeping: selectedID)
        case .loadMoreIfNeeded: return loadMoreIfNeeded()
        case .showWindow: return showWindow()
        case .cursorWithin(let total): cursor = min(cursor, total - 1)
        case .keepFirstPage:
            records = Array(records.prefix(window?.pageSize ?? resource.pageSize))
            refilter(keeping: nil)
        case .cursorToEnd: cursor = max(0, rowCount - 1)
        case .perform(let intent): return perform(intent)
        case .ask(let intent): ask(intent)
        case .replace(let record, let keeping): replace(record, keeping: keeping ?? current?.id ?? record.id)
        case .remove(let id): remove(id)
        case .restore(let record, let position): restore(record, at: position)
        case .closeForm: mode = .browsing
        case .write(let record, let fields, let toggled): return write(record, fields: fields, toggled: toggled)
        case .create(let fields, let placeholderID): return create(fields, placeholderID: placeholderID)
        }
        return []
    }

    /// The server answered a write (`effect`, the writes' verdict): the
    /// rows and the status line say how.
    func settled(_ effect: ListWrites.Effect) -> [ListStep] {
        let singular = resource.singular.capitalized
        switch effect {
        case .saved(let id, let saved, let toggled, let notice):
            let text: String
            if let toggled, let toggle = resource.toggle {
                let state = (saved.json[toggle.field]?.boolValue ?? toggled) ? toggle.on : toggle.off
                text = Texts.List.marked(resource: singular, id: id, state: state)
            } else {
                text = Texts.List.saved(resource: singular, id: id)
            }
            return [.replace(overlaid(saved, on: id), keeping: nil), .say(report(text, notice: notice))]
        case .notSaved(let id, let original, let failure):
            let text = Texts.List.notSaved(resource: singular, id: id, reason: failure.shortReason)
            return [.replace(original, keeping: nil), .say(StatusMessage(text, .error))]
        case .created(let placeholderID, let saved, let notice):
            // The cursor on the new row stays on it as the server numbered it.
            let selectedID = current.map { $0.id == placeholderID ? saved.id : $0.id } ?? saved.id
            let text = Texts.List.created(resource: singular, id: saved.id)
            return [
                .remove(id: placeholderID), .replace(saved, keeping: selectedID), .say(report(text, notice: notice)),
            ]
        case .notCreated(let placeholderID, let failure):
            let text = Texts.List.notCreated(resource: resource.singular, reason: failure.shortReason)
            return [.remove(id: placeholderID), .say(StatusMessage(text, .error))]
        case .deleted(let id, let notice):
            return [.say(report(Texts.List.deleted(resource: singular, id: id), notice: notice))]
        case .notDeleted(let id, let record, let position, let failure):
            let text = Texts.List.notDeleted(resource: singular, id: id, reason: failure.shortReason)
            return [.restore(record, at: position), .say(StatusMessage(text, .error))]
        default: return []
        }
    }

    /// The row `id` as the update's answer leaves it: the row as shown
    /// (the fields sent already in it) with the answer's fields over it. A
    /// service answering less than the record (only the fields it changed)
    /// does not take the rest of the row away.
    private func overlaid(_ saved: RecordEntity, on id: String) -> RecordEntity {
        guard case .object(let answer) = saved.json, let shown = records.first(where: { $0.id == id }),
            case .object(var row) = shown.json
        else { return saved }
        for (key, value) in answer { row[key] = value }
        return RecordEntity(id: saved.id, json: .object(row))
    }

    /// What a write's answer says; `notice`: and, once per run, that the server forgets writes.
    private func report(_ text: String, notice: Bool) -> StatusMessage {
        notice ? StatusMessage(Texts.List.writesForgotten(message: text), .warning) : StatusMessage(text)
    }
}
