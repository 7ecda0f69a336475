import Foundation
import Modules
import Services
import TerminalUI

/// `trestle 'curl …'` and `trestle curl -H … URL`: the list or record a
/// pasted curl command names, opened on an ad-hoc service at the URL's base
/// (production unless `--env` says), with the command's headers, cookies,
/// user and secret query items sent to that origin only (``CurlInput``).
public enum CurlLaunch {
    /// A curl command as the command line gave it.
    public enum Given: Sendable {
        /// One argument holding the whole command, split here as a shell would.
        case text(String)
        /// The shell's words already, `curl` first.
        case words([String])
    }

    /// Whether an argument is a curl command (its first word is `curl`).
    public static func isCurl(_ text: String) -> Bool { CurlInput.isCurl(text) }

    /// The launch `options` with the command applied, and the launch target's words.
    public static func launch(_ input: CurlInput, options: LaunchOptions) -> LaunchOptions {
        var options = options
        options.curl = input
        options.baseURL = input.baseURL
        options.service = nil
        options.openapi = nil
        options.environment = options.environment ?? AppEnvironment.production.rawValue
        return options
    }

    /// Runs the browser on the command; 2 with one line when it cannot be read.
    @MainActor
    public static func run(_ given: Given, options: LaunchOptions, mouse: Bool) async -> Int32 {
        let input: CurlInput
        do throws(CurlInput.Failure) {
            switch given {
            case .text(let text): input = try CurlInput.parse(text)
            case .words(let words): input = try CurlInput.parse(words: words)
            }
        } catch {
            OutputSink.standardError.line("trestle: " + error.message)
            return 2
        }
        return await AppRoot.runInteractive(
            options: launch(input, options: options), mouse: mouse, target: input.target)
    }
}
