import TerminalUI
import Translations

/// Something a key press asks a screen to do. The config file's `keys:`
/// section names these (`moveDown: [j, ctrl-n]`).
///
/// Ctrl-C is not an action: it always quits, whatever the bindings say.
/// Mouse events are not bindable either.
public enum Action: String, CaseIterable, Sendable {
    case moveDown, moveUp, pageDown, pageUp, top, bottom
    case open, back, quit, filter, command
    case sortNext, sortReverse, reload, toggle
    case new, edit, delete, copy
    case help, redraw, nextRelation, previousRelation
    case frequency, inspector, operations
    /// While a search of the record is active (and only then): the next and the previous match.
    case searchNext, searchPrevious
    /// On the record: fold or unfold the node under the cursor, and all nodes.
    case fold, foldAll
    /// On the record: show more of each long string value (4× as much, up to 16 MiB).
    case moreOfValues
    /// What the screen shows, in `$PAGER`, and a read-only copy of it in `$EDITOR`.
    case pager, editor
    /// On a list: hide, show, move and size columns (the sorted column).
    case hideColumn, showColumns, moveColumnLeft, moveColumnRight, narrowColumn, widenColumn

    /// Actions that have a meaning only while a search is active: their keys
    /// form a layer of their own over the others (`n` is `new` elsewhere).
    public var isSearchOnly: Bool { self == .searchNext || self == .searchPrevious }

    /// What the action does, in a few words for the help screen.
    public var summary: String {
        switch self {
        case .moveDown: return Texts.Action.moveDown
        case .moveUp: return Texts.Action.moveUp
        case .pageDown: return Texts.Action.pageDown
        case .pageUp: return Texts.Action.pageUp
        case .top: return Texts.Action.top
        case .bottom: return Texts.Action.bottom
        case .open: return Texts.Action.open
        case .back: return Texts.Action.back
        case .quit: return Texts.Action.quit
        case .filter: return Texts.Action.filter
        case .command: return Texts.Action.command
        case .sortNext: return Texts.Action.sortNext
        case .sortReverse: return Texts.Action.sortReverse
        case .reload: return Texts.Action.reload
        case .toggle: return Texts.Action.toggle
        case .new: return Texts.Action.new
        case .edit: return Texts.Action.edit
        case .delete: return Texts.Action.delete
        case .copy: return Texts.Action.copy
        case .help: return Texts.Action.help
        case .redraw: return Texts.Action.redraw
        case .nextRelation: return Texts.Action.nextRelation
        case .previousRelation: return Texts.Action.previousRelation
        case .frequency: return Texts.Action.frequency
        case .inspector: return Texts.Action.inspector
        case .operations: return Texts.Action.operations
        case .searchNext: return Texts.Action.searchNext
        case .searchPrevious: return Texts.Action.searchPrevious
        case .fold: return Texts.Action.fold
        case .foldAll: return Texts.Action.foldAll
        case .moreOfValues: return Texts.Action.moreOfValues
        case .pager: return Texts.Action.pager
        case .editor: return Texts.Action.editor
        case .hideColumn: return Texts.Action.hideColumn
        case .showColumns: return Texts.Action.showColumns
        case .moveColumnLeft: return Texts.Action.moveColumnLeft
        case .moveColumnRight: return Texts.Action.moveColumnRight
        case .narrowColumn: return Texts.Action.narrowColumn
        case .widenColumn: return Texts.Action.widenColumn
        }
    }

    /// The keys bound to the action unless the config file rebinds it.
    public var defaultKeys: [Key] {
        switch self {
        case .moveDown: return [.down, .char("j")]
        case .moveUp: return [.up, .char("k")]
        case .pageDown: return [.pageDown, .ctrl("f")]
        case .pageUp: return [.pageUp, .ctrl("b")]
        case .top: return [.char("g"), .home]
        case .bottom: return [.char("G"), .end]
        case .open: return [.enter, .char("l"), .right]
        case .back: return [.escape, .char("h"), .left]
        case .quit: return [.char("q")]
        case .filter: return [.char("/")]
        case .command: return [.char(":")]
        case .sortNext: return [.char("s")]
        case .sortReverse: return [.char("S")]
        case .reload: return [.char("r"), .ctrl("r")]
        case .toggle: return [.char(" ")]
        case .new: return [.char("n")]
        case .edit: return [.char("e")]
        case .delete: return [.char("d")]
        case .copy: return [.char("y")]
        case .help: return [.char("?")]
        case .redraw: return [.ctrl("l")]
        case .nextRelation: return [.tab]
        case .previousRelation: return [.backTab]
        case .frequency: return [.char("F")]
        case .inspector: return [.char("I")]
        case .operations: return [.char("o")]
        case .searchNext: return [.char("n")]
        case .searchPrevious: return [.char("N")]
        case .fold: return [.char("z")]
        case .foldAll: return [.char("Z")]
        case .moreOfValues: return [.char("m")]
        case .pager: return [.char("v")]
        case .editor: return [.char("V")]
        case .hideColumn: return [.char("-")]
        case .showColumns: return [.char("+")]
        case .moveColumnLeft: return [.char("<")]
        case .moveColumnRight: return [.char(">")]
        case .narrowColumn: return [.char("[")]
        case .widenColumn: return [.char("]")]
        }
    }
}
