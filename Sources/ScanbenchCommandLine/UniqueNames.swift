/// Every name of a command's options (its own, its groups', the built-in `--help`) once, as
/// swift-argument-parser's `UniqueNamesValidator` holds: two declarations under one name would
/// leave the second unreachable, and a group added to a command could shadow one of its options.
public enum UniqueNames {
  /// `--name (--a, --b)` for each name declared more than once; empty when all are unique.
  public static func duplicates(in command: CommandInfo) -> [String] {
    var owners: [String: [String]] = [:]
    var order: [String] = []
    for definition in command.options + command.builtInOptions {
      for name in definition.names {
        if owners[name] == nil { order.append(name) }
        owners[name, default: []].append(definition.name)
      }
    }
    return order.compactMap { name in
      guard let declared = owners[name], declared.count > 1 else { return nil }
      return "\(name) (declared by \(declared.joined(separator: ", ")))"
    }
  }

  /// Fails on a command whose names are not unique: a mistake of the program, caught before its
  /// command line is read.
  static func check(_ command: any ParsableCommand.Type, parents: [String]) throws {
    let info = CommandInfo(command, parents: parents)
    let repeated = duplicates(in: info)
    guard repeated.isEmpty else {
      throw DeclarationError(
        message: "'\(info.commandName)' declares an option name more than once: "
          + repeated.joined(separator: "; "))
    }
  }
}

/// A command declared wrongly: a programming mistake, never the user's.
public struct DeclarationError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
