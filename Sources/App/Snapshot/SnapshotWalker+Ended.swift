import Translations

extension SnapshotWalker {
    /// The one line that says why `name`'s walk ended early.
    static func line(_ ended: Ended, name: String) -> String {
        switch ended {
        case .repeatedPage(let page):
            return Texts.Snapshot.repeatedPage(name: name, page: SnapshotReport.grouped(page))
        case .repeatedID(let id, let page):
            return Texts.Snapshot.repeatedID(name: name, id: id, page: SnapshotReport.grouped(page))
        case .cap(let cap):
            return Texts.Snapshot.capReached(name: name, cap: SnapshotReport.grouped(cap))
        }
    }
}
