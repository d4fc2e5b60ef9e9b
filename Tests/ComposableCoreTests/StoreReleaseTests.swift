import ComposableCore
import Observation
import Testing

/// A released store keeps no memory: its child stores, what its readers registered and its
/// observers go with it.
@MainActor
@Suite("Store release")
struct StoreReleaseTests {
  @Test func releasedRootStore_isDeallocated() {
    weak var weakStore: Store<Board.State, Board.Action>?
    do {
      let store = Store(initialState: Board.State()) { Board() }
      weakStore = store
      _ = track { store.count }
      store.send(.nameChanged("Blob"))
    }
    #expect(weakStore == nil)
  }

  @Test func releasedRootStore_withAScopedChild_isDeallocated() {
    weak var weakStore: Store<Board.State, Board.Action>?
    weak var weakChild: Store<Card.State, Card.Action>?
    do {
      let store = Store(initialState: Board.State()) { Board() }
      let child = store.scope(state: \.child, action: \.child)
      weakStore = store
      weakChild = child
      _ = track { child.title }
    }
    #expect(weakStore == nil)
    #expect(weakChild == nil)
  }

  @Test func releasedRootStore_withPresentedRowsAndStackStores_isDeallocated() {
    weak var weakStore: Store<Board.State, Board.Action>?
    do {
      let store = Store(initialState: Board.State()) { Board() }
      weakStore = store
      store.send(.setCard(Card.State(id: 1)))
      store.send(.rowInserted(Card.State(id: 2), at: 0))
      store.send(.pushButtonTapped(Card.State(id: 3)))
      _ = track { store.scope(state: \.$card, action: \.card)?.title }
      _ = track { (store.scope(state: \.rows, action: \.rows) as StoreCollection).map { $0.title } }
      _ = track { (store.scope(state: \.path, action: \.path) as StoreCollection).map { $0.title } }
    }
    #expect(weakStore == nil)
  }

  @Test func cancelledObserve_releasesItsClosure() {
    weak var weakStore: Store<Board.State, Board.Action>?
    do {
      let store = Store(initialState: Board.State()) { Board() }
      weakStore = store
      let observation = store.observe { _ = store.count }
      observation.cancel()
    }
    #expect(weakStore == nil)
  }

  @Test func releasedObserveToken_releasesItsClosure() {
    weak var weakStore: Store<Board.State, Board.Action>?
    do {
      let store = Store(initialState: Board.State()) { Board() }
      weakStore = store
      _ = observe { _ = store.count }
    }
    #expect(weakStore == nil)
  }

  @Test func childStore_outlivesItsReleasedRoot() {
    weak var weakRoot: Store<Shelf.State, Shelf.Action>?
    let board: Store<Board.State, Board.Action>
    do {
      let shelf = Store(initialState: Shelf.State()) { Shelf() }
      weakRoot = shelf
      board = shelf.scope(state: \.board, action: \.board)
      // NB: what the released root's readers read stays compared until it next changes.
      _ = track { shelf.state }
      _ = track { shelf.label }
    }
    #expect(weakRoot == nil)
    let (_, countReader) = track { board.count }
    board.send(.incrementButtonTapped)
    board.send(.incrementButtonTapped)
    #expect(countReader.value == 1)
    #expect(board.count == 2)
  }

  @Test func releasedGrandchildChain_isDeallocated() {
    weak var weakRoot: Store<Shelf.State, Shelf.Action>?
    weak var weakCard: Store<Card.State, Card.Action>?
    do {
      let shelf = Store(initialState: Shelf.State()) { Shelf() }
      let card = shelf.scope(state: \.board, action: \.board).scope(state: \.child, action: \.child)
      weakRoot = shelf
      weakCard = card
      _ = track { card.title }
      card.send(.toggled)
    }
    #expect(weakRoot == nil)
    #expect(weakCard == nil)
  }

  @Test func releasedRootStore_withAReadChildOfAnEnumDestination_isDeallocated() {
    weak var weakStore: Store<Board.State, Board.Action>?
    weak var weakCard: Store<Card.State, Card.Action>?
    do {
      let store = Store(initialState: Board.State()) { Board() }
      weakStore = store
      store.send(.setDestination(.card(Card.State(id: 1))))
      let destination = store.scope(state: \.destination, action: \.destination)
      let card = destination?.scope(state: \.card, action: \.card)
      weakCard = card
      _ = track { card?.title }
    }
    #expect(weakStore == nil)
    #expect(weakCard == nil)
  }
}
