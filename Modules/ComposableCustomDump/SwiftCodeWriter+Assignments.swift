// How `SwiftCodeWriter` writes the change between two snapshots as assignments, and the
// shared state a snapshot holds as statements.

extension SwiftCodeWriter {
  func seed(
    _ node: SwiftCodeSnapshot.Node, at target: String, path: String, into lines: inout [String],
    shared: inout Set<ObjectIdentifier>
  ) throws(SwiftCodeError) {
    switch node {
    case .structure(_, let fields):
      for field in fields {
        let fieldPath = path.isEmpty ? field.label : path + "." + field.label
        switch field.role {
        case .shared:
          if let id = field.referenceID, !shared.insert(id).inserted { continue }
          let value = try code(for: field.node, path: fieldPath, qualified: false)
          lines.append("\(target).$\(field.label).withLock { $0 = \(value) }")
        case .readOnly:
          continue
        case .transparent, nil:
          try seed(
            field.node, at: target + "." + field.label, path: fieldPath, into: &lines,
            shared: &shared)
        }
      }
    case .optional(let wrapped?):
      try seed(wrapped, at: target + "?", path: path, into: &lines, shared: &shared)
    case .keyed(let entries, _):
      for entry in entries {
        guard case .success(let id) = entry.id else { continue }
        try seed(
          entry.node, at: "\(target)[id: \(id)]?", path: path + "[id: \(id)]", into: &lines,
          shared: &shared)
      }
    default:
      return
    }
  }

  func assign(
    from before: SwiftCodeSnapshot.Node, to after: SwiftCodeSnapshot.Node, at target: String,
    path: String, into lines: inout [String], shared: inout Set<ObjectIdentifier>
  ) throws(SwiftCodeError) {
    guard before != after else { return }
    switch (before, after) {
    case (.structure(let beforeType, let beforeFields), .structure(let afterType, let afterFields))
    where beforeType == afterType && beforeFields.map(\.label) == afterFields.map(\.label):
      for (old, new) in zip(beforeFields, afterFields) where old.node != new.node {
        let fieldPath = path.isEmpty ? new.label : path + "." + new.label
        switch new.role {
        case .readOnly:
          continue
        case .shared:
          if let id = new.referenceID, !shared.insert(id).inserted { continue }
          let value = try code(for: new.node, path: fieldPath, qualified: false)
          lines.append("\(target).$\(new.label).withLock { $0 = \(value) }")
        case .transparent, nil:
          try assign(
            from: old.node, to: new.node, at: target + "." + new.label, path: fieldPath,
            into: &lines, shared: &shared)
        }
      }
    case (.optional(let old?), .optional(let new?)):
      switch (old, new) {
      case (.structure, .structure), (.keyed, .keyed):
        try assign(
          from: old, to: new, at: target + "?", path: path, into: &lines, shared: &shared)
      case (.enumeration(_, let oldName, _), .enumeration(_, let newName, let payload?))
      where oldName == newName && Self.isModifiable(payload):
        // NB: `$0.destination?.modify(\.edit) { … }` changes a presented case in place.
        try assign(
          from: old, to: new, at: target + "?", path: path, into: &lines, shared: &shared)
      default:
        try assignWhole(after, at: target, path: path, into: &lines)
      }
    case (
      .enumeration(let beforeType, let beforeName, let old?),
      .enumeration(let afterType, let afterName, let new?)
    )
    where beforeType == afterType && beforeName == afterName && Self.isModifiable(new):
      var inner: [String] = []
      try assign(
        from: old, to: new, at: "$0", path: path + "." + afterName, into: &inner,
        shared: &shared)
      // NB: a payload whose only change is read-only shared state has nothing to write.
      guard !inner.isEmpty else { return }
      let body = inner.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
      lines.append(
        "\(target).modify(\\.\(afterName)) {\n" + body.joined(separator: "\n") + "\n}")
    case (.dictionary(let oldPairs), .dictionary(let newPairs)) where !oldPairs.isEmpty:
      // NB: an entry at a time (`$0.scores["blob"] = 2`), sorted by key, while that is shorter
      // than the dictionary whole.
      var old: [String: SwiftCodeSnapshot.Node] = [:]
      for pair in oldPairs {
        old[try code(for: pair.key, path: path, qualified: false)] = pair.value
      }
      var new: [String: SwiftCodeSnapshot.Node] = [:]
      for pair in newPairs {
        new[try code(for: pair.key, path: path, qualified: false)] = pair.value
      }
      let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
      guard changed.count < max(oldPairs.count, newPairs.count) else {
        return try assignWhole(after, at: target, path: path, into: &lines)
      }
      for key in changed {
        guard let value = new[key] else {
          lines.append("\(target)[\(key)] = nil")
          continue
        }
        let code = try code(for: value, path: path + "[\(key)]", qualified: false)
        lines.append("\(target)[\(key)] = \(code)")
      }
    case (.keyed(let oldEntries, _), .keyed(let newEntries, let idsAreGenerated)):
      // NB: from empty, or to empty, the whole collection reads better than element by element,
      // unless a literal would give the elements new ids.
      guard idsAreGenerated || (!oldEntries.isEmpty && !newEntries.isEmpty),
        let oldIDs = try? oldEntries.map({ try $0.id.get() }),
        let newIDs = try? newEntries.map({ try $0.id.get() })
      else {
        return try assignWhole(after, at: target, path: path, into: &lines)
      }
      let kept = oldIDs.filter(newIDs.contains)
      let added = newIDs.filter { !oldIDs.contains($0) }
      guard newIDs == kept + added else {
        return try assignWhole(after, at: target, path: path, into: &lines)
      }
      for (id, entry) in zip(oldIDs, oldEntries) where !newIDs.contains(id) {
        _ = entry
        lines.append("\(target)[id: \(id)] = nil")
      }
      for (id, new) in zip(newIDs, newEntries) {
        let elementPath = path + "[id: \(id)]"
        if let index = oldIDs.firstIndex(of: id) {
          try assignElement(
            from: oldEntries[index].node, to: new.node, at: "\(target)[id: \(id)]",
            path: elementPath, into: &lines, shared: &shared)
        } else {
          let value = try code(for: new.node, path: elementPath, qualified: false)
          lines.append("\(target)[id: \(id)] = \(value)")
        }
      }
    default:
      try assignWhole(after, at: target, path: path, into: &lines)
    }
  }

  /// Changes an element reached through an optional subscript: its parts when it is a struct,
  /// else the element whole.
  func assignElement(
    from before: SwiftCodeSnapshot.Node, to after: SwiftCodeSnapshot.Node, at target: String,
    path: String, into lines: inout [String], shared: inout Set<ObjectIdentifier>
  ) throws(SwiftCodeError) {
    guard before != after else { return }
    if case .structure = after {
      try assign(
        from: before, to: after, at: target + "?", path: path, into: &lines, shared: &shared)
    } else {
      try assignWhole(after, at: target, path: path, into: &lines)
    }
  }

  func assignWhole(
    _ node: SwiftCodeSnapshot.Node, at target: String, path: String, into lines: inout [String]
  ) throws(SwiftCodeError) {
    // NB: `x?` is not assignable; the optional itself is.
    let target = target.hasSuffix("?") ? String(target.dropLast()) : target
    lines.append("\(target) = \(try code(for: node, path: path, qualified: false))")
  }

  /// Whether a case's payload is changed in place with `modify`: when it is a struct (or a
  /// collection of identified elements) whose parts are assigned.
  static func isModifiable(_ payload: SwiftCodeSnapshot.Node) -> Bool {
    switch payload {
    case .structure, .keyed: true
    default: false
    }
  }
}
