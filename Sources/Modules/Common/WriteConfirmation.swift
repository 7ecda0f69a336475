import Translations

/// The question before the first production write of a run: the user types
/// `yes` and Enter to send; anything else, or Esc, sends nothing.
typealias WriteConfirmation = ConfirmationQuestion

extension ConfirmationQuestion {
    /// The production write question.
    init() {
        self.init(title: Texts.Write.title, question: Texts.Write.question, hints: Texts.Write.hints)
    }

    /// What a cancelled write question says.
    static var cancelled: String { Texts.Write.cancelled }
}
