import TerminalUI
import Translations

/// What the state looks like on screen: breadcrumb, status, title, jumps.
extension RecordDetailState {
    /// The record's name once known (`1 Leanne Graham`), its id until then,
    /// after the relation it was reached by.
    var breadcrumb: String {
        if resource.isObject { return resource.name }
        let label = record?.label(resource) ?? id
        return breadcrumbPrefix.map { "\($0) \(label)" } ?? label
    }

    var status: ScreenStatus {
        ScreenStatus(
            resource: resource.isObject ? resource.name : "\(resource.name)/\(id)", count: searchPosition,
            isLoading: isLoading || isSaving, message: message,
            watch: watchInterval.map { Texts.Watch.label(seconds: Int($0.components.seconds)) })
    }

    /// The view model for `lines`, the lines `layout` fitted to the body.
    func viewModel(lines: [[JSONLines.Span]]) -> RecordDetailViewModel {
        let title =
            resource.isObject
            ? Texts.Detail.objectTitle(resource: resource.name)
            : record.map { "\(resource.singular) \($0.label(resource, width: 60))" } ?? "\(resource.singular) \(id)"
        var highlight: ((ArraySlice<[JSONLines.Span]>, Int) -> [[JSONLines.Span]])?
        if search != nil {
            let state = self
            highlight = { state.highlighted($0, offset: $1) }
        }
        let narrowed = query.map { "\(title) · jq \($0.jq.source)" } ?? title
        return RecordDetailViewModel(
            title: TextSanitizer.clean(narrowed), jumps: jumps, lines: lines, scroll: scroll,
            error: error.map { Texts.List.retry(message: $0.message) }, isLoading: isLoading,
            searchLine: searchLine, highlight: highlight)
    }

    /// The relations to follow; none until the record is known (a 404 has
    /// none). A parent shows its id, then its label once named (`user → 1 Leanne Graham`).
    var jumps: [RecordDetailViewModel.Jump] {
        guard let record else { return [] }
        return relations.enumerated().map { index, relation in
            let title: String
            switch relation.kind {
            case .children:
                title = counts[relation.name].map { "\(relation.name) (\($0))" } ?? relation.name
            case .parent(let foreignKey):
                let id = record.json.recordID(foreignKey)
                let target = id.map { " → \(label(of: relation, id: $0) ?? $0)" } ?? ""
                title = "\(relation.name)\(target)"
            }
            return RecordDetailViewModel.Jump(title: title, isSelected: index == selectedRelation)
        }
    }
}
