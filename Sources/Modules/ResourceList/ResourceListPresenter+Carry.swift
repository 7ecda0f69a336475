import Services

extension ResourceListPresenter: CarriesList {
    public var carried: ListCarry? { state.carried }

    public func adopt(_ carried: ListCarry) {
        send(.adopt(carried))
        context.setNeedsDisplay()
    }
}
