import ArgumentParser

@main
struct Trestle: AsyncParsableCommand {
    func run() async throws {}
}
