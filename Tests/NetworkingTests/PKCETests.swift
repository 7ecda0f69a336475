import Foundation
import Testing

@testable import Networking

/// PKCE's S256 challenge (RFC 7636), its SHA-256 from swift-crypto.
@Suite("PKCE")
struct PKCETests {
    @Test func theChallengeIsRFC7636sExample() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func aVerifierIs43UnreservedCharacters() {
        let verifier = PKCE().verifier
        #expect(verifier.count == 43)
        #expect(verifier.allSatisfy { $0.isLetter || $0.isNumber || "-._~".contains($0) })
    }
}
