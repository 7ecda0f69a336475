/// The screens on top of each other, as a value: which one shows, which
/// one Trestle opened on, and what each move does to them.
///
/// Moves return a `Change`, the screens that left (to stop, in the order
/// they left) and the one now on top (to start: a screen shown again by a
/// pop may never have been started, such as the start screen under the
/// launch list). The stack itself starts and stops nothing, so it can be
/// tested with plain values for screens.
struct NavigationStack<Element> {
    /// What a move did.
    struct Change {
        /// The screens that left the stack, topmost first.
        var stopped: [Element]
        /// The screen on top after the move.
        var top: Element
    }

    /// What the quit key does where the stack stands.
    enum QuitOutcome {
        /// Quit Trestle: on the first screen or on the launch screen.
        case quit
        /// Go back one screen.
        case back(Change)
    }

    /// Bottom first; never empty.
    private(set) var screens: [Element]
    /// Where the screen Trestle opened on stands, while it is on the stack.
    /// Screens are only ever added newly built, so once it leaves it is gone.
    private(set) var launchDepth: Int?

    /// A stack of `screens` (bottom first), the top one the launch screen.
    /// `nil` when `screens` is empty: the router needs a first screen.
    init?(_ screens: [Element]) {
        guard !screens.isEmpty else { return nil }
        self.screens = screens
        launchDepth = screens.count - 1
    }

    var top: Element { screens[screens.count - 1] }
    var count: Int { screens.count }

    /// Shows `screen` on top.
    mutating func push(_ screen: Element) -> Change {
        screens.append(screen)
        return Change(stopped: [], top: screen)
    }

    /// Goes back one screen; `nil` on the first screen, which stays.
    mutating func pop() -> Change? {
        guard screens.count > 1 else { return nil }
        return pop(toDepth: screens.count - 2)
    }

    /// Back one screen, or quit on the first screen or on the launch screen
    /// (the launch list quits like the start screen under it would; a list
    /// opened later as deep goes back).
    mutating func quit() -> QuitOutcome {
        guard screens.count > 1, launchDepth != screens.count - 1 else { return .quit }
        return .back(pop(toDepth: screens.count - 2))
    }

    /// Keeps the first screen, drops the rest, and shows `above` on top of it.
    mutating func replaceAboveFirst(with above: [Element]) -> Change {
        var change = pop(toDepth: 0)
        screens += above
        change.top = top
        return change
    }

    /// Drops every screen above `depth` (0 is the first screen); the top one
    /// shows again even when nothing was dropped.
    mutating func pop(toDepth depth: Int) -> Change {
        var stopped: [Element] = []
        while screens.count > max(depth, 0) + 1 { stopped.append(screens.removeLast()) }
        if let launch = launchDepth, launch >= screens.count { launchDepth = nil }
        return Change(stopped: stopped, top: top)
    }
}

extension NavigationStack: Equatable where Element: Equatable {}
extension NavigationStack.Change: Equatable where Element: Equatable {}
extension NavigationStack.QuitOutcome: Equatable where Element: Equatable {}
