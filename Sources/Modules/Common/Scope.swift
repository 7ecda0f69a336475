/// How a parent screen state holds a child state: where the child's state
/// is (a key path), how a child's event travels inside the parent's events
/// (embed and extract), and what each effect of the child becomes in the
/// parent (one map, declared once) — so a parent reduces a child in one
/// line, with no hand mapping of each child effect (TCA's `Scope`, as a value).
///
/// A child's effect becomes work for the parent's runner (a fetch, a
/// timer), or a transition of the parent itself: a parent's event reduced
/// at once, in the same `apply` (TCA's "delegate action"), so that what
/// only the parent holds — its rows, its cursor, its status line — changes
/// in the parent's own transitions while `apply` stays one pure call.
struct Scope<Parent: ScreenState, Child: ScreenState> {
    /// What one effect of the child becomes in the parent.
    enum Outcome {
        /// Work for the parent's runner.
        case effect(Parent.Effect)
        /// A transition of the parent, reduced at once (in the same `apply`).
        case event(Parent.Event)
    }

    /// The parent's event that carries a child's event.
    let embed: (Child.Event) -> Parent.Event
    /// The child's event a parent's event carries, if it carries one.
    let extract: (Parent.Event) -> Child.Event?
    /// Reduces a child's event in the child's state (where the key path says).
    private let child: (inout Parent, Child.Event) -> [Child.Effect]
    /// What each child's effect becomes, the parent as it is when the
    /// effect comes (`nil`: a child that asks for no work).
    private let outcomes: ((Child.Effect, Parent) -> [Outcome])?

    /// `effect` makes each effect of the child one of the parent's.
    init(
        state: WritableKeyPath<Parent, Child>, embed: @escaping (Child.Event) -> Parent.Event,
        extract: @escaping (Parent.Event) -> Child.Event?, effect: @escaping (Child.Effect) -> Parent.Effect
    ) {
        self.init(state: state, embed: embed, extract: extract) { child, _ in [.effect(effect(child))] }
    }

    /// `outcomes` says what each effect of the child becomes: the parent's
    /// effects, or the parent's events reduced at once (read from the parent
    /// as it is when the effect comes: after the child's transition and the
    /// outcomes of the effects before it).
    init(
        state: WritableKeyPath<Parent, Child>, embed: @escaping (Child.Event) -> Parent.Event,
        extract: @escaping (Parent.Event) -> Child.Event?,
        outcomes: @escaping (Child.Effect, Parent) -> [Outcome]
    ) {
        self.embed = embed
        self.extract = extract
        self.child = { parent, event in parent[keyPath: state].apply(event) }
        self.outcomes = outcomes
    }

    /// A child that is there only at times (a form while it is open): its
    /// events change nothing while it is absent.
    init(
        optional state: WritableKeyPath<Parent, Child?>, embed: @escaping (Child.Event) -> Parent.Event,
        extract: @escaping (Parent.Event) -> Child.Event?,
        outcomes: @escaping (Child.Effect, Parent) -> [Outcome]
    ) {
        self.embed = embed
        self.extract = extract
        self.child = { parent, event in parent[keyPath: state]?.apply(event) ?? [] }
        self.outcomes = outcomes
    }

    /// Reduces `event` in the child when it carries a child's event (the
    /// child's effects mapped to the parent's, an event outcome reduced by
    /// the parent's own `apply`); `nil` when it is the parent's own.
    func reduce(_ parent: inout Parent, _ event: Parent.Event) -> [Parent.Effect]? {
        reduce(&parent, event) { parent, event in parent.apply(event) }
    }

    /// Reduces `event` in the child when it carries a child's event; each
    /// effect of the child becomes the parent's effect or is reduced at once
    /// by `transition` (the parent's transition for its own events), in the
    /// order the child returned them. `nil` when `event` is the parent's own.
    func reduce(
        _ parent: inout Parent, _ event: Parent.Event,
        through transition: (inout Parent, Parent.Event) -> [Parent.Effect]
    ) -> [Parent.Effect]? {
        guard let childEvent = extract(event) else { return nil }
        let childEffects = child(&parent, childEvent)
        guard let outcomes else { return [] }
        var effects: [Parent.Effect] = []
        for childEffect in childEffects {
            for outcome in outcomes(childEffect, parent) {
                switch outcome {
                case .effect(let effect): effects.append(effect)
                case .event(let event): effects += transition(&parent, event)
                }
            }
        }
        return effects
    }
}

extension Scope where Child.Effect == Never {
    /// A child that asks for no work (a table's cursor and scroll).
    init(
        state: WritableKeyPath<Parent, Child>, embed: @escaping (Child.Event) -> Parent.Event,
        extract: @escaping (Parent.Event) -> Child.Event?
    ) {
        self.embed = embed
        self.extract = extract
        self.child = { parent, event in parent[keyPath: state].apply(event) }
        self.outcomes = nil
    }
}
