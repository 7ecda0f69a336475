import Testing

@testable import App

/// The navigation stack's moves as plain values: strings stand for screens.
@Suite("Navigation stack: moves, launch screen and the quit key")
struct NavigationStackTests {
    typealias Stack = NavigationStack<String>

    /// The launch stack: the start screen with the todos list opened on it.
    private func launched() throws -> Stack {
        try #require(Stack(["start", "todos"]))
    }

    @Test func aStackNeedsAFirstScreen() {
        #expect(Stack([]) == nil)
    }

    @Test func pushShowsTheScreenOnTopAndStopsNothing() throws {
        var stack = try launched()
        #expect(stack.push("todo 1") == Stack.Change(stopped: [], top: "todo 1"))
        #expect(stack.screens == ["start", "todos", "todo 1"])
        #expect(stack.top == "todo 1")
    }

    @Test func popStopsTheTopAndShowsTheOneBelowButNeverTheFirst() throws {
        var stack = try launched()
        #expect(stack.pop() == Stack.Change(stopped: ["todos"], top: "start"))
        #expect(stack.pop() == nil)
        #expect(stack.screens == ["start"])
    }

    @Test func replacingKeepsTheFirstScreenAndStopsTheRestTopmostFirst() throws {
        var stack = try launched()
        _ = stack.push("todo 1")
        let change = stack.replaceAboveFirst(with: ["users", "user 3"])
        #expect(change == Stack.Change(stopped: ["todo 1", "todos"], top: "user 3"))
        #expect(stack.screens == ["start", "users", "user 3"])
        #expect(stack.replaceAboveFirst(with: []) == Stack.Change(stopped: ["user 3", "users"], top: "start"))
    }

    @Test func poppingToADepthStopsWhatIsAboveAndShowsItsScreenAgain() throws {
        var stack = try launched()
        _ = stack.push("todo 1")
        _ = stack.push("user")
        #expect(stack.pop(toDepth: 1) == Stack.Change(stopped: ["user", "todo 1"], top: "todos"))
        // The crumb of the screen on top: nothing leaves, it shows (and counts) again.
        #expect(stack.pop(toDepth: 1) == Stack.Change(stopped: [], top: "todos"))
        #expect(stack.screens == ["start", "todos"])
    }

    @Test func quitGoesBackAboveTheLaunchScreenAndQuitsOnIt() throws {
        var stack = try launched()
        _ = stack.push("todo 1")
        #expect(stack.quit() == .back(Stack.Change(stopped: ["todo 1"], top: "todos")))
        #expect(stack.quit() == .quit)
        #expect(stack.screens == ["start", "todos"], "quitting moves nothing")
    }

    @Test func quitQuitsOnTheFirstScreen() throws {
        var stack = try launched()
        _ = stack.pop()
        #expect(stack.quit() == .quit)
    }

    /// The launch list gone, a list as deep (opened from the start screen or
    /// with `:posts`) goes back instead of quitting.
    @Test func aScreenAsDeepAsTheLaunchScreenButOpenedLaterGoesBack() throws {
        var stack = try launched()
        _ = stack.pop()
        #expect(stack.launchDepth == nil)
        _ = stack.push("posts")
        #expect(stack.quit() == .back(Stack.Change(stopped: ["posts"], top: "start")))
        _ = stack.replaceAboveFirst(with: ["posts"])
        #expect(stack.quit() == .back(Stack.Change(stopped: ["posts"], top: "start")))
        #expect(stack.quit() == .quit)
    }

    @Test func replacingOrClickingBelowTheLaunchScreenForgetsIt() throws {
        var replaced = try launched()
        _ = replaced.replaceAboveFirst(with: ["todos again"])
        #expect(replaced.launchDepth == nil)
        var clicked = try launched()
        _ = clicked.push("todo 1")
        _ = clicked.pop(toDepth: 1)
        #expect(clicked.launchDepth == 1, "the launch screen is still there")
        _ = clicked.pop(toDepth: 0)
        #expect(clicked.launchDepth == nil)
    }

    /// Launched on one screen (`trestle` opened on the start screen alone):
    /// that screen is both first and launch screen, and stays both.
    @Test func aOneScreenLaunchKeepsItsLaunchScreenThroughReplaces() throws {
        var stack = try #require(Stack(["start"]))
        _ = stack.replaceAboveFirst(with: ["posts"])
        #expect(stack.launchDepth == 0)
        #expect(stack.quit() == .back(Stack.Change(stopped: ["posts"], top: "start")))
        #expect(stack.quit() == .quit)
    }
}
