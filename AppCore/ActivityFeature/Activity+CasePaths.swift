extension CasePath where Value == Activity.Action {
  /// The case of the feed's response: `\.activityResponse`, `\.activityResponse.success`.
  public var activityResponse: CasePath<Root, Result<[ActivityItem], any Error>> {
    self.case(Value.activityResponse) {
      if case .activityResponse(let result) = $0 { result } else { nil }
    }
  }

  /// The case of the open item's close button: `\.closeItemButtonTapped`.
  public var closeItemButtonTapped: CasePath<Root, Void> {
    self.case({ _ in .closeItemButtonTapped }) {
      if case .closeItemButtonTapped = $0 { () } else { nil }
    }
  }

  /// The case of a tapped item, with its id: `\.itemTapped`.
  public var itemTapped: CasePath<Root, ActivityItem.ID> {
    self.case(Value.itemTapped) { if case .itemTapped(let itemID) = $0 { itemID } else { nil } }
  }

  /// The case of the server's answer to marking an item read, with the item's id and the result:
  /// `\.markReadResponse`.
  public var markReadResponse: CasePath<Root, (ActivityItem.ID, Result<Void, any Error>)> {
    self.case({ Value.markReadResponse($0.0, $0.1) }) {
      if case .markReadResponse(let itemID, let result) = $0 { (itemID, result) } else { nil }
    }
  }

  /// The case of the screen appearing: `\.onAppear`.
  public var onAppear: CasePath<Root, Void> {
    self.case({ _ in .onAppear }) { if case .onAppear = $0 { () } else { nil } }
  }

  /// The case of the screen disappearing: `\.onDisappear`.
  public var onDisappear: CasePath<Root, Void> {
    self.case({ _ in .onDisappear }) { if case .onDisappear = $0 { () } else { nil } }
  }

  /// The case of the refresh button: `\.refreshButtonTapped`.
  public var refreshButtonTapped: CasePath<Root, Void> {
    self.case({ _ in .refreshButtonTapped }) {
      if case .refreshButtonTapped = $0 { () } else { nil }
    }
  }

  /// The case of the refresh timer firing: `\.timerTick`.
  public var timerTick: CasePath<Root, Void> {
    self.case({ _ in .timerTick }) { if case .timerTick = $0 { () } else { nil } }
  }
}
