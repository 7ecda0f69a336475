// Entry point of the stand-alone `trestle-serve-bench` binary that
// scripts/bench-serve.sh builds when the `trestle serve` subcommand is not
// wired yet. It runs exactly the code `trestle serve` runs (ServeLauncher).
import Foundation
import Serve

@main
struct ServeBenchMain {
    static func main() async {
        switch ServeLauncher.options(from: Array(CommandLine.arguments.dropFirst())) {
        case .success(let options):
            exit(await ServeLauncher.run(options: options))
        case .failure(let error):
            FileHandle.standardError.write(Data("serve: \(error)\n".utf8))
            exit(2)
        }
    }
}
