import TerminalUI

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
    case frequency, inspector

    /// What the action does, in a few words for the help screen.
    public var summary: String {
        switch self {
        case .moveDown: return "move down"
        case .moveUp: return "move up"
        case .pageDown: return "page down"
        case .pageUp: return "page up"
        case .top: return "go to the first row"
        case .bottom: return "go to the last row"
        case .open: return "open the detail or the related list"
        case .back: return "go back one level"
        case .quit: return "quit"
        case .filter: return "filter the list as you type"
        case .command: return "command line (:posts, :users 3)"
        case .sortNext: return "sort by the next column"
        case .sortReverse: return "reverse the sort order"
        case .reload: return "reload from the server"
        case .toggle: return "toggle the record's flag"
        case .new: return "new record"
        case .edit: return "edit the record"
        case .delete: return "delete the record (asks first)"
        case .copy: return "copy the record as JSON"
        case .help: return "help"
        case .redraw: return "redraw the screen"
        case .nextRelation: return "next related resource"
        case .previousRelation: return "previous related resource"
        case .frequency: return "count the values of the sorted column"
        case .inspector: return "the request inspector (this run's requests)"
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
        }
    }
}
