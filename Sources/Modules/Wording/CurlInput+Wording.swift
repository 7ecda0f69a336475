import Services
import Translations

extension CurlInput.Failure {
    /// Why the command cannot be opened, in one line for the screen.
    public var message: String { problem.message }
}

extension CurlInput.Failure.Problem {
    /// One line naming what is wrong with the command.
    public var message: String {
        switch self {
        case .notCurl: Texts.CurlIn.notCurl
        case .tooLong: Texts.CurlIn.tooLong
        case .needsValue(let flag): Texts.CurlIn.needsValue(flag: flag)
        case .unknownFlag(let flag): Texts.CurlIn.unknownFlag(flag: flag)
        case .cookieFile(let file): Texts.CurlIn.cookieFile(file: file)
        case .onlyGet(let method): Texts.CurlIn.onlyGet(method: method)
        case .dataFile(let flag): Texts.CurlIn.dataFile(flag: flag)
        case .badHeader(let header): Texts.CurlIn.badHeader(header: header)
        case .userWithoutPassword: Texts.CurlIn.userWithoutPassword
        case .noURL: Texts.CurlIn.noURL
        case .twoURLs(let second): Texts.CurlIn.twoURLs(second: second)
        case .dataWithoutGet(let flag): Texts.CurlIn.dataWithoutGet(flag: flag)
        case .badURL(let url): Texts.CurlIn.badURL(url: url)
        case .unfinished: Texts.CurlIn.unfinished
        }
    }
}
