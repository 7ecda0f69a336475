import Logging

/// Runs the start's stages in order, each from the value the one before
/// gave, and keeps how long each took (the log's `start-up phases` line).
///
/// A stage that throws ends the run: the later ones do not run, its error
/// goes to the caller unchanged, and ``failed`` names it.
struct StartRunner: Sendable {
    /// One stage run to its end.
    struct Phase: Equatable, Sendable {
        let name: String
        let took: Duration
    }

    /// The stages run so far, in order.
    private(set) var phases: [Phase] = []
    /// The stage that threw, if one did.
    private(set) var failed: String?
    private let clock = ContinuousClock()

    /// The names of the stages run, in order.
    var names: [String] { phases.map(\.name) }

    /// Runs the stage `name`: `step` over `input`, the last stage's value.
    mutating func run<Input: Sendable, Output: Sendable, Failure: Error>(
        _ name: String, _ input: Input, isolation: isolated (any Actor)? = #isolation,
        _ step: (Input) async throws(Failure) -> Output
    ) async throws(Failure) -> Output {
        let started = clock.now
        do {
            let output = try await step(input)
            phases.append(Phase(name: name, took: clock.now - started))
            return output
        } catch {
            failed = name
            throw error
        }
    }

    /// Says each stage's time in the log (debug level).
    func log(to logger: Logger) {
        var metadata: Logger.Metadata = [:]
        for phase in phases { metadata[phase.name] = "\(phase.took)" }
        logger.debug("start-up phases", metadata: metadata)
    }
}
