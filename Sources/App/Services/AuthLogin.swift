import Foundation
import Modules
import Networking
import Services
import TerminalUI
import Translations

/// `trestle auth login SERVICE` and `trestle auth logout SERVICE`: a person
/// signs in to a service whose `auth.oauth2` has `flow: authorizationCode`
/// or `deviceCode` (the URL or the device code printed, the browser opened
/// when it can be), the refresh token kept where `store:` says; or every
/// token of it is forgotten, the stored one too.
public enum AuthLogin {
    /// Signs in (`login`) or out; prints each line to `sink` as it comes
    /// (the URL must be seen while Trestle waits). The exit status: 0 done,
    /// 1 the sign-in failed, 2 no such service or no sign-in.
    public static func run(
        service: String, login: Bool, options: LaunchOptions, environment: [String: String], sink: OutputSink
    ) async -> Int32 {
        var serviceOptions = options
        serviceOptions.service = service
        let configuration: AppConfiguration
        do {
            configuration = try await ConfigurationLoader(options: serviceOptions, environment: environment).load()
        } catch {
            sink.line("\(error)")
            return 2
        }
        guard let auth = configuration.auth, case .oauth2(let settings) = auth.scheme, settings.flow.isPersonal else {
            sink.line(Texts.SignIn.notPersonal(service: service))
            return 2
        }
        let transport = AsyncHTTPClientTransport(
            server: configuration.baseURL, settings: configuration.transport,
            secrets: SecretReader(environment: environment))
        defer { Task { await transport.shutdown() } }
        let session = ServiceAuth.session(auth.scheme, configuration, transport: transport, environment: environment)
        do throws(AuthFailure) {
            if login {
                await session.attach(LineSignInPrompt(opener: BrowserOpener(environment: environment), sink: sink))
                try await session.signIn()
                sink.line(Texts.SignIn.signedIn(service: service))
            } else {
                try await session.logout()
                sink.line(Texts.SignIn.loggedOut(service: service))
            }
            return 0
        } catch {
            sink.line(error.userMessage)
            return 1
        }
    }
}
