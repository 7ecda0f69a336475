import Testing

@testable import App

/// The services of a run as plain values: strings stand for each service's
/// screens; a switch says what to build, or which to suspend and resume.
@Suite("Service stacks: :service and :env, each service where it was left")
struct ServiceStacksTests {
    typealias Stacks = ServiceStacks<String>
    typealias Key = Stacks.Key

    private let libraryProduction = Key(service: "library", environment: .production)
    private let shopProduction = Key(service: "shop", environment: .production)

    /// A run started on the library service.
    private func started() -> Stacks {
        Stacks("library screens", as: libraryProduction)
    }

    @Test func aServiceNotVisitedYetIsBuiltAndTheShownOneStaysMeanwhile() {
        var stacks = started()
        #expect(stacks.target(service: "shop") == .build(service: "shop", environment: nil))
        #expect(stacks.current == libraryProduction)
        #expect(stacks.shown == "library screens")
        let change = stacks.show(shopProduction, made: "shop screens")
        #expect(change?.left == "library screens")
        #expect(change?.shown == "shop screens")
        #expect(stacks.current == shopProduction)
    }

    @Test func aServiceShownAgainIsTheOneItLeftNotANewOne() {
        var stacks = started()
        _ = stacks.show(shopProduction, made: "shop screens")
        #expect(stacks.target(service: "library") == .kept(libraryProduction))
        let back = stacks.show(libraryProduction)
        #expect(back?.left == "shop screens")
        #expect(back?.shown == "library screens")
        // And to the shop again: its screens, kept as they were.
        #expect(stacks.target(service: "shop") == .kept(shopProduction))
        #expect(stacks.show(shopProduction)?.shown == "shop screens")
        #expect(Set(stacks.all) == ["library screens", "shop screens"])
        #expect(stacks.all.first == "shop screens")
    }

    @Test func theServiceShownNowIsNoSwitch() {
        var stacks = started()
        #expect(stacks.target(service: "library") == .current)
        #expect(stacks.target(environment: .production) == .current)
        #expect(stacks.show(libraryProduction) == nil)
    }

    @Test func anEnvironmentIsAnotherSessionOfTheSameService() {
        var stacks = started()
        let fake = Key(service: "library", environment: .fake)
        #expect(stacks.target(environment: .fake) == .build(service: "library", environment: .fake))
        _ = stacks.show(fake, made: "library fake screens")
        #expect(stacks.target(environment: .production) == .kept(libraryProduction))
        // `:service library` goes back to where the library was last shown: fake.
        _ = stacks.show(shopProduction, made: "shop screens")
        #expect(stacks.target(service: "library") == .kept(fake))
    }

    @Test func theRunWithoutAServiceSwitchesEnvironmentsToo() {
        var stacks = Stacks("jsonplaceholder", as: Key(service: nil, environment: .fake))
        #expect(stacks.target(environment: .development) == .build(service: nil, environment: .development))
        _ = stacks.show(Key(service: nil, environment: .development), made: "local")
        #expect(stacks.target(environment: .fake) == .kept(Key(service: nil, environment: .fake)))
    }

    @Test func aKeyNeverBuiltHasNothingToShow() {
        var stacks = started()
        #expect(stacks.show(shopProduction) == nil)
        #expect(stacks.current == libraryProduction)
    }
}
