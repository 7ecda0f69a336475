/// How a parent screen state holds a child state: where the child's state
/// is (a key path), how a child's event travels inside the parent's events
/// (embed and extract), and how every effect of the child becomes one of
/// the parent's (one map) — so a parent reduces a child in one line, with
/// no hand mapping of each child effect (TCA's `Scope`, as a value).
struct Scope<Parent: ScreenState, Child: ScreenState> {
    /// Where the child's state is in the parent's.
    let state: WritableKeyPath<Parent, Child>
    /// The parent's event that carries a child's event.
    let embed: (Child.Event) -> Parent.Event
    /// The child's event a parent's event carries, if it carries one.
    let extract: (Parent.Event) -> Child.Event?
    /// The parent's effects for the child's.
    private let effects: ([Child.Effect]) -> [Parent.Effect]

    /// `effect` makes each effect of the child one of the parent's.
    init(
        state: WritableKeyPath<Parent, Child>, embed: @escaping (Child.Event) -> Parent.Event,
        extract: @escaping (Parent.Event) -> Child.Event?, effect: @escaping (Child.Effect) -> Parent.Effect
    ) {
        self.init(state: state, embed: embed, extract: extract, effects: { $0.map(effect) })
    }

    private init(
        state: WritableKeyPath<Parent, Child>, embed: @escaping (Child.Event) -> Parent.Event,
        extract: @escaping (Parent.Event) -> Child.Event?, effects: @escaping ([Child.Effect]) -> [Parent.Effect]
    ) {
        self.state = state
        self.embed = embed
        self.extract = extract
        self.effects = effects
    }

    /// Reduces `event` in the child when it carries a child's event (the
    /// child's effects mapped to the parent's); `nil` when it is the parent's own.
    func reduce(_ parent: inout Parent, _ event: Parent.Event) -> [Parent.Effect]? {
        guard let child = extract(event) else { return nil }
        return effects(parent[keyPath: state].apply(child))
    }
}

extension Scope where Child.Effect == Never {
    /// A child that asks for no work (a table's cursor and scroll).
    init(
        state: WritableKeyPath<Parent, Child>, embed: @escaping (Child.Event) -> Parent.Event,
        extract: @escaping (Parent.Event) -> Child.Event?
    ) {
        self.init(state: state, embed: embed, extract: extract, effects: { _ in [] })
    }
}
