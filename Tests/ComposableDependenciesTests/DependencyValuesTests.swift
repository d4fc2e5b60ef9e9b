import ComposableDependencies
import ComposableTesting
import Foundation
import Testing

@Suite struct DependencyValuesTests {
  @Test func presetsSetTheirContextAndStartFresh() {
    #expect(DependencyValues.live.context == .live)
    #expect(DependencyValues.preview.context == .preview)
    #expect(DependencyValues.test.context == .test)
    withDependencies {
      $0 = .live
    } operation: {
      @Dependency(\.liveOnly) var liveOnly
      #expect(liveOnly.fetch() == "live")
    }
  }

  @Test func contextIsTestUnderATestRunner() {
    @Dependency(\.context) var context
    #expect(context == .test)
    withDependencies {
      $0.context = .preview
    } operation: {
      #expect(context == .preview)
    }
  }

  @Test func liveOnlyDependencyInATestReportsHowToOverrideIt() {
    @Dependency(\.liveOnly) var liveOnly
    let line = #line - 1
    let issues = withExpectedIssue { _ = liveOnly.fetch() }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(
      message.hasPrefix(
        "@Dependency(\\.liveOnly) has no test implementation, but was accessed from a test context:"
      ))
    #expect(message.contains("DependencyValuesTests.swift:\(line)"))
    #expect(message.contains("\n    LiveOnlyClient\n"))
    #expect(message.contains("To fix, override 'liveOnly' with a test value."))
    #expect(issues.first?.line == UInt(line))
  }

  @Test func liveOnlyDependencyOverriddenInATestDoesNotReport() {
    withDependencies {
      $0.liveOnly.fetch = { "mock" }
    } operation: {
      @Dependency(\.liveOnly) var liveOnly
      #expect(liveOnly.fetch() == "mock")
    }
  }

  @Test func previewContextUsesPreviewValues() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.liveOnly) var liveOnly
      #expect(liveOnly.fetch() == "live")
    }
  }

  @Test func liveContextUsesLiveValues() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.liveOnly) var liveOnly
      #expect(liveOnly.fetch() == "live")
    }
  }

  @Test func defaultValuesAreCachedWithinATest() {
    @Dependency(\.box) var box
    #expect(box === box)
  }

  @Test func freshValuesGetAFreshCache() {
    @Dependency(\.box) var box
    let first = box
    let second = withDependencies {
      $0 = DependencyValues()
    } operation: {
      box
    }
    #expect(first !== second)
  }

  @Test func everyFreshSetOfValuesGetsItsOwnCache() {
    @Dependency(\.box) var box
    // NB: each set of values is released before the next one is made, so the next one may take
    // its place in memory; the boxes are kept, so none of them can take another's place.
    let boxes = (0..<100).map { _ in
      withDependencies {
        $0 = DependencyValues()
      } operation: {
        box
      }
    }
    #expect(Set(boxes.map(ObjectIdentifier.init)).count == 100)
  }

  @Test func uuidIncrementsFromZero() {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      @Dependency(\.uuid) var uuid
      #expect(uuid() == UUID(0))
      #expect(uuid() == UUID(1))
      #expect(uuid() == UUID(2))
    }
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }

  @Test func uuidFromAnIntegerKeepsItsLow32BitsAsTheReferenceDoes() {
    // NB: the reference formats the integer with `%012x`, which reads 32 bits.
    #expect(UUID(0xFFFF_FFFF).uuidString == "00000000-0000-0000-0000-0000FFFFFFFF")
    #expect(UUID(0x1_0000_0001).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(-1).uuidString == "00000000-0000-0000-0000-0000FFFFFFFF")
    // NB: what the reference's `String(format: "%012x", _:)` gives on this platform: the low 32
    // bits, for every integer.
    #expect(UUID(Int.max).uuidString == "00000000-0000-0000-0000-0000FFFFFFFF")
    #expect(UUID(Int.min).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(-2).uuidString == "00000000-0000-0000-0000-0000FFFFFFFE")
    #expect(UUID(0x12_3456_789A).uuidString == "00000000-0000-0000-0000-00003456789A")
  }

  @Test func unoverriddenBuiltinsReportNoTestImplementationOnceAndRunLive() {
    // NB: the location is the declaration's.
    let line = #line + 1
    @Dependency(\.uuid) var uuid
    let issues = withExpectedIssue { _ = uuid() }
    #expect(
      issues.map(\.message) == [
        """
        @Dependency(\\.uuid) has no test implementation, but was accessed from a test context:

          Location:
            ComposableDependenciesTests/DependencyValuesTests.swift:\(line)
          Key:
            DependencyValues.UUIDGeneratorKey
          Value:
            UUIDGenerator

        Dependencies registered with the library are not allowed to use their default, live \
        implementations when run from tests.

        To fix, override 'uuid' with a test value. If you are using the Composable \
        Architecture, mutate the 'dependencies' property on your 'TestStore'. Otherwise, use \
        'withDependencies' to define a scope for the override. If you'd like to provide a \
        default value for all tests, implement the 'testValue' requirement of the \
        'DependencyKey' protocol.
        """
      ])
    // The live generator: random UUIDs, and no second report.
    #expect(uuid() != uuid())
    @Dependency(\.date) var date
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    let more = withExpectedIssue {
      _ = date()
      _ = withRandomNumberGenerator { Int.random(in: 0..<10, using: &$0) }
    }
    #expect(more.count == 2)
    #expect(more.allSatisfy { $0.message.contains("has no test implementation") })
  }

  @Test func dateCanBeConstant() {
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 5))
    } operation: {
      @Dependency(\.date) var date
      #expect(date() == Date(timeIntervalSince1970: 5))
      #expect(date.now == Date(timeIntervalSince1970: 5))
    }
  }

  @Test func foundationValuesHaveNoTestValue() {
    @Dependency(\.calendar) var calendar
    @Dependency(\.locale) var locale
    @Dependency(\.timeZone) var timeZone
    let issues = withExpectedIssue {
      _ = calendar
      _ = locale
      _ = timeZone
    }
    #expect(issues.count == 3)
    #expect(
      issues.first?.message.hasPrefix("@Dependency(\\.calendar) has no test implementation") == true
    )
    withDependencies {
      $0.timeZone = TimeZone(secondsFromGMT: 3600)!
    } operation: {
      #expect(timeZone == TimeZone(secondsFromGMT: 3600)!)
    }
  }

  @Test func seededRandomNumbersAreReproducible() {
    func roll() -> [Int] {
      withDependencies {
        $0.withRandomNumberGenerator = WithRandomNumberGenerator(
          SeededRandomNumberGenerator(seed: 1))
      } operation: {
        @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
        return (0..<5).map { _ in withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) } }
      }
    }
    #expect(roll() == roll())
    @Dependency(\.withRandomNumberGenerator) var unimplemented
    let issues = withExpectedIssue { _ = unimplemented { Bool.random(using: &$0) } }
    #expect(issues.count == 1)
  }

  @Test func readerFromAKeyPathValueReadsLikeALiteral() {
    let keyPath: KeyPath<DependencyValues, UUIDGenerator> & Sendable = \.uuid
    @Dependency(keyPath) var uuid
    withDependencies {
      $0.uuid = .constant(UUID(5))
    } operation: {
      #expect(uuid() == UUID(5))
    }
    let liveOnlyPath: KeyPath<DependencyValues, LiveOnlyClient> & Sendable = \.liveOnly
    @Dependency(liveOnlyPath) var liveOnly
    let issues = withExpectedIssue { _ = liveOnly.fetch() }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("has no test implementation") == true)
    #expect(issues.first?.message.contains("LiveOnlyClient") == true)
  }

  @Test func everyOneOfManyOverridesIsFound() {
    let slots: [any SlotSetting.Type] = [
      Slot<Int>.self, Slot<Int8>.self, Slot<Int16>.self, Slot<Int32>.self, Slot<Int64>.self,
      Slot<UInt>.self, Slot<UInt8>.self, Slot<UInt16>.self, Slot<UInt32>.self,
      Slot<UInt64>.self, Slot<Double>.self, Slot<Float>.self, Slot<Bool>.self,
      Slot<String>.self, Slot<Character>.self, Slot<[Int]>.self, Slot<[String]>.self,
      Slot<Set<Int>>.self, Slot<Date>.self, Slot<UUID>.self,
    ]
    withDependencies {
      for (index, slot) in slots.enumerated() { slot.set(index, in: &$0) }
    } operation: {
      @Dependency(\.self) var outer
      withDependencies {
        Slot<Bool>.set(100, in: &$0)
      } operation: {
        @Dependency(\.self) var values
        for (index, slot) in slots.enumerated() {
          let expected = ObjectIdentifier(slot) == ObjectIdentifier(Slot<Bool>.self) ? 100 : index
          #expect(slot.get(from: values) == expected)
          #expect(slot.get(from: outer) == expected)
        }
      }
      #expect(Slot<Bool>.get(from: outer) == 12)
    }
  }
}

/// A dependency key per type, to override many dependencies at once.
private enum Slot<Tag>: TestDependencyKey, SlotSetting {
  static var testValue: Int { -1 }

  static func set(_ value: Int, in values: inout DependencyValues) { values[Self.self] = value }
  static func get(from values: DependencyValues) -> Int { values[Self.self] }
}

private protocol SlotSetting {
  static func set(_ value: Int, in values: inout DependencyValues)
  static func get(from values: DependencyValues) -> Int
}
