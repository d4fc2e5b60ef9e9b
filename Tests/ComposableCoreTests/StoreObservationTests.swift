import ComposableCore
import ComposableTesting
import Observation
import Synchronization
import Testing

/// Counts how many times an observation scope was invalidated.
final class Invalidations: Sendable {
  private let count = Atomic(0)

  var value: Int { count.load(ordering: .relaxed) }

  func fire() {
    count.add(1, ordering: .relaxed)
  }
}

/// Runs `read` in an observation scope and returns its invalidation count.
@MainActor
func track<Result>(_ read: () -> Result) -> (Result, Invalidations) {
  let invalidations = Invalidations()
  let result = withObservationTracking(read) { invalidations.fire() }
  return (result, invalidations)
}

@MainActor
@Suite("Store observation")
struct StoreObservationTests {
  let store = Store(initialState: Board.State()) { Board() }

  @Test func memberRead_invalidatedOnlyByThatMember() {
    let (count, countReader) = track { store.count }
    #expect(count == 0)
    store.send(.nameChanged("Blob"))
    #expect(countReader.value == 0)
    store.send(.incrementButtonTapped)
    #expect(countReader.value == 1)
  }

  @Test func withStateKeyPath_registersOnlyThatKeyPath() {
    let (_, titleReader) = track { store.withState(\.child.title) }
    store.send(.child(.toggled))
    #expect(titleReader.value == 0)
    store.send(.child(.titleChanged("Groceries")))
    #expect(titleReader.value == 1)
  }

  @Test func stateRead_invalidatedByAnyChange() {
    let (_, stateReader) = track { store.state.count }
    store.send(.nameChanged("Blob"))
    #expect(stateReader.value == 1)
  }

  @Test func withStateBody_invalidatedByAnyChange() {
    let (_, stateReader) = track { store.withState { $0.count } }
    store.send(.child(.toggled))
    #expect(stateReader.value == 1)
  }

  @Test func sendThatChangesNothing_invalidatesNobody() {
    let (_, countReader) = track { store.count }
    let (_, stateReader) = track { store.state }
    store.send(.noop)
    store.send(.nameChanged(""))
    #expect(countReader.value == 0)
    #expect(stateReader.value == 0)
  }

  @Test func equalValueInNewStorage_invalidatesNobody() {
    let long = String(repeating: "Blob ", count: 10)
    store.send(.nameChanged(long))
    let (_, nameReader) = track { store.name }
    store.send(.nameChanged(String(repeating: "Blob ", count: 10)))
    store.send(.nameChanged(long))
    #expect(nameReader.value == 0)
    store.send(.nameChanged("Blob"))
    #expect(nameReader.value == 1)
  }

  @Test func identifiableRootState_newIdentityInvalidatesEveryReader() {
    let card = Store(initialState: Card.State(id: 1, title: "Milk")) { Card() }
    let (_, titleReader) = track { card.title }
    card.send(.toggled)
    #expect(titleReader.value == 0)
    card.send(.reassigned(id: 2))
    #expect(titleReader.value == 1)
    let (_, againReader) = track { card.title }
    card.send(.toggled)
    #expect(againReader.value == 0)
  }

  @Test func releasedStore_readersAreLeftAlone() {
    var card: Store<Card.State, Card.Action>? = Store(initialState: Card.State(id: 1)) { Card() }
    let (_, titleReader) = track { card!.title }
    card = nil
    #expect(titleReader.value == 0)
  }

  @Test func nonEquatableMember_changedByEveryAction() {
    let (_, opaqueReader) = track { store.opaque }
    store.send(.noop)
    #expect(opaqueReader.value == 1)
  }

  @Test func readOutsideObservation_thenObserved_seesLaterChanges() {
    _ = store.count
    store.send(.incrementButtonTapped)
    let (count, countReader) = track { store.count }
    #expect(count == 1)
    store.send(.incrementButtonTapped)
    #expect(countReader.value == 1)
    #expect(store.count == 2)
  }

  @Test func reReadAfterChange_observesAgain() {
    let (_, first) = track { store.count }
    store.send(.incrementButtonTapped)
    let (_, second) = track { store.count }
    store.send(.nameChanged("Blob"))
    #expect(second.value == 0)
    store.send(.incrementButtonTapped)
    #expect(first.value == 1)
    #expect(second.value == 1)
  }

  @Test func storesAreIdentifiedByObject() {
    let child = store.scope(state: \.child, action: \.child)
    #expect(child == store.scope(state: \.child, action: \.child))
    #expect(child.id == ObjectIdentifier(child))
    #expect(Set([child, store.scope(state: \.child, action: \.child)]).count == 1)
  }

  // MARK: - Child stores

  @Test func childScope_isTheSameStore() {
    let child = store.scope(state: \.child, action: \.child)
    #expect(child === store.scope(state: \.child, action: \.child))
    #expect(child === store.scope(\.child, action: \.child))
  }

  @Test func childRead_doesNotRegisterTheParent() {
    let child = store.scope(state: \.child, action: \.child)
    let (_, titleReader) = track { child.title }
    store.send(.incrementButtonTapped)
    store.send(.nameChanged("Blob"))
    #expect(titleReader.value == 0)
    child.send(.titleChanged("Groceries"))
    #expect(titleReader.value == 1)
    #expect(child.title == "Groceries")
  }

  @Test func grandchildAtAnOffset_isComparedWhereItLies() {
    let shelf = Store(initialState: Shelf.State()) { Shelf() }
    let board = shelf.scope(state: \.board, action: \.board)
    let card = board.scope(state: \.child, action: \.child)
    let (_, titleReader) = track { card.title }
    let (_, countReader) = track { board.count }
    shelf.send(.relabeled("Books"))
    board.send(.nameChanged("Blob"))
    card.send(.toggled)
    #expect(titleReader.value == 0)
    #expect(countReader.value == 0)
    card.send(.titleChanged("Milk"))
    board.send(.incrementButtonTapped)
    #expect(titleReader.value == 1)
    #expect(countReader.value == 1)
  }

  @Test func childMutatedInPlace_invalidatesOnlyReadersOfTheChangedField() {
    let child = store.scope(state: \.child, action: \.child)
    let (_, titleReader) = track { child.title }
    let (_, doneReader) = track { child.done }
    child.send(.toggled)
    #expect(titleReader.value == 0)
    #expect(doneReader.value == 1)
  }

  @Test func childReplacedByNewIdentity_invalidatesItsReaders() {
    let child = store.scope(state: \.child, action: \.child)
    let (_, titleReader) = track { child.title }
    store.send(.replaceChild(Card.State(id: 0, title: "")))
    #expect(titleReader.value == 0)
    store.send(.replaceChild(Card.State(id: 7, title: "")))
    #expect(titleReader.value == 1)
  }

  // MARK: - Optional and enum children

  @Test func presentAndDismiss() {
    let (absent, scopeReader) = track { store.scope(state: \.$card, action: \.card) }
    #expect(absent == nil)
    store.send(.setCard(Card.State(id: 1, title: "Milk")))
    #expect(scopeReader.value == 1)

    let (presented, presentedReader) = track { store.scope(state: \.$card, action: \.card) }
    let card = try! #require(presented)
    #expect(card.title == "Milk")
    #expect(card === store.scope(state: \.$card, action: \.card))
    let (_, doneReader) = track { card.done }
    card.send(.toggled)
    #expect(presentedReader.value == 0)
    #expect(doneReader.value == 1)
    #expect(store.card?.done == true)

    store.send(.card(.dismiss))
    #expect(presentedReader.value == 1)
    #expect(store.scope(state: \.$card, action: \.card) == nil)
    #expect(card.done == true)
  }

  @Test func presentedAgain_isANewStore() {
    store.send(.setCard(Card.State(id: 1)))
    let first = store.scope(state: \.$card, action: \.card)
    let (_, scopeReader) = track { store.scope(state: \.$card, action: \.card) }
    store.send(.setCard(nil))
    store.send(.setCard(Card.State(id: 1)))
    #expect(scopeReader.value == 1)
    let second = store.scope(state: \.$card, action: \.card)
    #expect(first != nil && second != nil && first !== second)
  }

  @Test func optionalKeyPathScope_throughAnEnumCase() {
    #expect(store.scope(state: \.destination?.card, action: \.destination.card) == nil)
    store.send(.setDestination(.card(Card.State(id: 3, title: "Card"))))
    let (scoped, scopeReader) = track {
      store.scope(state: \.destination?.card, action: \.destination.card)
    }
    let card = try! #require(scoped)
    #expect(card.title == "Card")
    card.send(.titleChanged("Renamed"))
    #expect(scopeReader.value == 0)
    #expect(store.destination == .card(Card.State(id: 3, title: "Renamed")))

    store.send(.setDestination(.note(Card.State(id: 3, title: "Note"))))
    #expect(scopeReader.value == 1)
    #expect(store.scope(state: \.destination?.card, action: \.destination.card) == nil)
    #expect(store.scope(state: \.destination?.note, action: \.destination.note)?.title == "Note")
    #expect(card.title == "Renamed")
  }

  @Test func optionalChildReplacedByNewIdentity_isANewStore() {
    store.send(.setDestination(.card(Card.State(id: 3))))
    let first = store.scope(state: \.destination?.card, action: \.destination.card)
    let (_, scopeReader) = track {
      store.scope(state: \.destination?.card, action: \.destination.card)
    }
    store.send(.setDestination(.card(Card.State(id: 3, title: "Same card"))))
    #expect(scopeReader.value == 0)
    #expect(first === store.scope(state: \.destination?.card, action: \.destination.card))
    #expect(first?.title == "Same card")
    store.send(.setDestination(.card(Card.State(id: 4))))
    #expect(scopeReader.value == 1)
    #expect(first !== store.scope(state: \.destination?.card, action: \.destination.card))
    #expect(first?.title == "Same card")
  }

  @Test func optionalEnumScopedWhole_newCaseIsANewStore() {
    store.send(.setDestination(.card(Card.State(id: 3))))
    let (scoped, scopeReader) = track {
      store.scope(state: \.destination, action: \.destination)
    }
    let destination = try! #require(scoped)
    store.send(.destination(.card(.toggled)))
    #expect(scopeReader.value == 0)
    #expect(destination === store.scope(state: \.destination, action: \.destination))
    store.send(.setDestination(.note(Card.State(id: 3))))
    #expect(scopeReader.value == 1)
    #expect(destination !== store.scope(state: \.destination, action: \.destination))
  }

  @Test func presentedChild_scopedThroughItsWrappedValue() {
    store.send(.setCard(Card.State(id: 1, title: "Milk")))
    let card = store.scope(state: \.card, action: \.card.presented)
    #expect(card?.title == "Milk")
    card?.send(.toggled)
    #expect(store.card?.done == true)
  }

  @Test func childGoneAndBackWithTheSameIdentity_keepsItsReadersUpToDate() {
    store.send(.setDestination(.card(Card.State(id: 3))))
    let card = try! #require(
      store.scope(state: \.destination?.card, action: \.destination.card))
    let (_, titleReader) = track { card.title }
    store.send(.setDestination(nil))
    store.send(.setDestination(.card(Card.State(id: 3, title: "Back"))))
    #expect(titleReader.value == 0)
    #expect(card === store.scope(state: \.destination?.card, action: \.destination.card))
    let (title, againReader) = track { card.title }
    #expect(title == "Back")
    #expect(titleReader.value == 1)
    card.send(.titleChanged("Again"))
    #expect(againReader.value == 1)
  }

  @Test func enumStateSwitchingCase() {
    let session = Store(initialState: Session.State.loggedOut(Card.State(id: 2))) { Session() }
    let (loggedIn, loggedInReader) = track {
      session.scope(state: \.loggedIn, action: \.loggedIn)
    }
    #expect(loggedIn == nil)
    let loggedOut = try! #require(session.scope(state: \.loggedOut, action: \.loggedOut))
    let (_, loggedOutReader) = track { session.scope(state: \.loggedOut, action: \.loggedOut) }
    loggedOut.send(.toggled)
    #expect(loggedOutReader.value == 0)
    #expect(loggedInReader.value == 0)

    session.send(.logInButtonTapped)
    #expect(loggedInReader.value == 1)
    #expect(loggedOutReader.value == 1)
    #expect(session.scope(state: \.loggedIn, action: \.loggedIn)?.title == "Home")
    #expect(session.scope(state: \.loggedOut, action: \.loggedOut) == nil)
  }

  // MARK: - Collections and stacks

  @Test func identifiedRows_insertRemoveMove() {
    store.send(.rowInserted(Card.State(id: 1, title: "One"), at: 0))
    store.send(.rowInserted(Card.State(id: 2, title: "Two"), at: 1))
    let (rows, rowsReader) = track {
      store.scope(state: \.rows, action: \.rows) as StoreCollection
    }
    #expect(rows.ids == [1, 2])
    #expect(rows.map { $0.title } == ["One", "Two"])
    let (_, twoReader) = track { rows[1].title }

    rows[0].send(.titleChanged("First"))
    #expect(rowsReader.value == 0)
    #expect(twoReader.value == 0)
    rows[1].send(.titleChanged("Second"))
    #expect(twoReader.value == 1)
    #expect(store.rows[id: 2]?.title == "Second")

    store.send(.rowInserted(Card.State(id: 3, title: "Three"), at: 0))
    #expect(rowsReader.value == 1)

    let (inserted, insertedReader) = track {
      store.scope(state: \.rows, action: \.rows) as StoreCollection
    }
    #expect(inserted.ids == [3, 1, 2])
    #expect(inserted[1] === rows[0])
    #expect(inserted[id: 2] === rows[1])
    store.send(.moveRow(from: 0, to: 2))
    #expect(insertedReader.value == 1)

    let (moved, movedReader) = track {
      store.scope(state: \.rows, action: \.rows) as StoreCollection
    }
    #expect(moved.ids == [1, 2, 3])
    store.send(.removeRow(id: 1))
    #expect(movedReader.value == 1)
    let remaining: StoreCollection = store.scope(state: \.rows, action: \.rows)
    #expect(remaining.ids == [2, 3])
    #expect(remaining[0] === rows[1])
    #expect(rows[0].title == "First")
  }

  @Test func stackPushAndPop() {
    let (empty, pathReader) = track {
      store.scope(state: \.path, action: \.path) as StoreCollection
    }
    #expect(empty.isEmpty)
    store.send(.pushButtonTapped(Card.State(id: 1, title: "Detail")))
    #expect(pathReader.value == 1)

    let (path, pushedReader) = track {
      store.scope(state: \.path, action: \.path) as StoreCollection
    }
    #expect(path.count == 1)
    let detail = path[0]
    #expect(detail.title == "Detail")
    let (_, doneReader) = track { detail.done }
    detail.send(.toggled)
    #expect(pushedReader.value == 0)
    #expect(doneReader.value == 1)
    #expect(store.path[id: path.ids[0]]?.done == true)

    let pathStore = store.scope(state: \.path, action: \.path)
    #expect(pathStore.elements()[0] === detail)
    store.send(.popButtonTapped)
    #expect(pushedReader.value == 1)
    #expect((store.scope(state: \.path, action: \.path) as StoreCollection).isEmpty)
    #expect(detail.done == true)
  }

  // MARK: - Bindings

  @Test func bindableFeature_memberIsSettable() {
    let profile = Store(initialState: Profile.State()) { Profile() }
    let (_, nameReader) = track { profile.name }
    let (_, ageReader) = track { profile.age }
    profile.name = "Blob"
    #expect(profile.state.name == "Blob")
    #expect(nameReader.value == 1)
    #expect(ageReader.value == 0)
  }

  @Test func binding_sendsTheAction() {
    let profile = Store(initialState: Profile.State()) { Profile() }
    let age = profile.binding(\.age, send: { .ageChanged($0) })
    let (value, ageReader) = track { age.wrappedValue }
    #expect(value == 0)
    age.wrappedValue = 42
    #expect(profile.age == 42)
    #expect(ageReader.value == 1)
  }

  // MARK: - observe

  @Test func observe_reRunsWhenWhatItReadChanges() {
    var counts: [Int] = []
    let token = observe { counts.append(store.count) }
    #expect(counts == [0])
    store.send(.nameChanged("Blob"))
    #expect(counts == [0])
    store.send(.incrementButtonTapped)
    #expect(counts == [0, 1])
    store.send(.incrementButtonTapped)
    #expect(counts == [0, 1, 2])
    token.cancel()
    store.send(.incrementButtonTapped)
    #expect(counts == [0, 1, 2])
  }

  @Test func observe_releasedToken_stops() {
    var counts: [Int] = []
    var token: ObserveToken? = observe { counts.append(store.count) }
    store.send(.incrementButtonTapped)
    #expect(counts == [0, 1])
    _ = token
    token = nil
    store.send(.incrementButtonTapped)
    #expect(counts == [0, 1])
  }

  @Test func observe_tokensKeptInASet_liveAsLongAsTheSet() {
    var counts: [Int] = []
    var tokens: Set<ObserveToken> = []
    observe { counts.append(store.count) }.store(in: &tokens)
    #expect(tokens.count == 1)
    store.send(.incrementButtonTapped)
    tokens.removeAll()
    store.send(.incrementButtonTapped)
    #expect(counts == [0, 1])
  }

  @Test func storeBinding_readsAndWritesThroughItsClosures() {
    var written: [Int] = []
    let binding = StoreBinding(get: { store.count }, set: { written.append($0) })
    binding.wrappedValue = 7
    #expect(binding.wrappedValue == 0)
    #expect(written == [7])
  }

  @Test func observe_tracksChildStores() {
    let child = store.scope(state: \.child, action: \.child)
    var titles: [String] = []
    let token = observe { titles.append("\(store.count) \(child.title)") }
    child.send(.toggled)
    child.send(.titleChanged("Milk"))
    store.send(.incrementButtonTapped)
    #expect(titles == ["0 ", "0 Milk", "1 Milk"])
    token.cancel()
  }

  @Test func storeObserve_isFieldLevel() {
    var names: [String] = []
    let observation = store.observe { names.append(store.name) }
    store.send(.incrementButtonTapped)
    store.send(.nameChanged("Blob"))
    #expect(names == ["", "Blob"])
    observation.cancel()
    store.send(.nameChanged("Blob Jr."))
    #expect(names == ["", "Blob"])
  }

  @Test func observe_otherObservable_reRunsOnTheNextTurn() async {
    let model = Model()
    var values: [Int] = []
    let token = observe { values.append(model.value) }
    model.value = 1
    #expect(values == [0])
    for _ in 0..<100 where values.count < 2 { await Task.yield() }
    #expect(values == [0, 1])
    token.cancel()
  }
}

/// An `Observable` that is not a store.
@Observable
@MainActor
final class Model {
  var value = 0
}
